package render

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"pasyans/corpus"
	"pasyans/render/browsertest"
)

// siteInBrowser starts headless Chromium for the test (browsertest.Start)
// and builds the site (builtSite): the browser's context, the site's
// folder and its edition.
func siteInBrowser(t *testing.T) (context.Context, string, *corpus.Edition) {
	t.Helper()
	ctx := browsertest.Start(t)
	dir, ed := builtSite(t)
	return ctx, dir, ed
}

// artifacts is the folder for the test's screenshots (browsertest.Artifacts).
func artifacts(t *testing.T) string { t.Helper(); return browsertest.Artifacts(t) }

// problems collects what the browser reports that a page must never do:
// console errors, exceptions, failed requests, requests to another host.
type problems struct {
	mu   sync.Mutex
	list []string
}

func (p *problems) add(format string, args ...any) {
	p.mu.Lock()
	p.list = append(p.list, fmt.Sprintf(format, args...))
	p.mu.Unlock()
}

func (p *problems) take() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	l := p.list
	p.list = nil
	return l
}

// watchProblems has the browser of ctx report what a page of the site
// must never do (see problems) and returns where it collects it. site
// gives the address the site is read from at the moment of a request (a
// test that starts on file:// may go on to serve the same pages over
// HTTP).
func watchProblems(t *testing.T, ctx context.Context, site func() string) *problems {
	t.Helper()
	bad := &problems{}
	if err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				bad.add("console.%s: %s", ev.Type, strings.Join(args, " "))
			}
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			bad.add("exception: %s (%s:%d)", msg, d.URL, d.LineNumber)
		case *log.EventEntryAdded:
			if ev.Entry.Level == log.EntryLevelError {
				bad.add("browser log (%s): %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL)
			}
		case *network.EventLoadingFailed:
			bad.add("request failed: %s (%s)", ev.ErrorText, ev.Type)
		case *network.EventRequestWillBeSent:
			// blob: is the engine's compiling worker, made from the
			// page's own script (site/static/wasm.js).
			if u := ev.Request.URL; !strings.HasPrefix(u, site()) && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") {
				bad.add("request outside the site: %s", u)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	return bad
}

// stepper returns a function that runs actions with a time limit, failing
// the test on an error, and reports the problems bad has collected so far.
func stepper(t *testing.T, ctx context.Context, bad *problems) func(name string, actions ...chromedp.Action[chromedp.Void]) {
	return func(name string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		sctx, scancel := context.WithTimeout(ctx, 30*time.Second)
		defer scancel()
		if err := chromedp.Do(sctx, actions...); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, p := range bad.take() {
			t.Errorf("%s: %s", name, p)
		}
	}
}

// TestBrowser opens the site from disk in headless chromium and uses it
// as a reader would: the root page's language link, the reading switch
// (and its memory across pages), the apparatus tooltip on keyboard focus,
// a rule badge's popover, the language switch, and the deal player with
// its buttons and arrow keys. It fails on any console error, exception,
// failed request or request that is not for a file of the site, and
// saves screenshots (the path is logged).
func TestBrowser(t *testing.T) {
	ctx, dir, _ := siteInBrowser(t)
	shots := artifacts(t)
	t.Logf("screenshots in %s", shots)

	fileURL := "file://" + filepath.ToSlash(dir) + "/"
	bad := watchProblems(t, ctx, func() string { return fileURL })

	step := stepper(t, ctx, bad)
	eval := func(expr string) string {
		t.Helper()
		sctx, scancel := context.WithTimeout(ctx, 30*time.Second)
		defer scancel()
		v, err := chromedp.Run(sctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatalf("evaluate %s: %v", expr, err)
		}
		return v
	}
	shot := func(name string) {
		t.Helper()
		saveShot(t, ctx, filepath.Join(shots, name+".png"), chromedp.CaptureScreenshot())
	}
	shotOf := func(name, sel string) {
		t.Helper()
		saveShot(t, ctx, filepath.Join(shots, name+".png"), chromedp.Screenshot(chromedp.CSS(sel)))
	}
	location := func() string {
		return strings.TrimPrefix(eval(`location.href`), fileURL)
	}
	// The font must be loaded: a pre-reform letter drawn in DejaVu.
	fontsLoaded := `document.fonts.ready.then(() => document.fonts.check('16px "Edition Serif"', 'ѣ') ? "yes" : "no")`

	// The root page leads to a language by a plain link.
	step("root", chromedp.Navigate(fileURL+"index.html"))
	shot("01-root")
	step("root → en", chromedp.Click(chromedp.CSS(`a[href="en/index.html"]`)), chromedp.WaitVisible(chromedp.CSS("#games")))
	if got := location(); got != "en/index.html" {
		t.Errorf("the root's English link led to %s", got)
	}
	if got := evalAwait(t, ctx, fontsLoaded); got != "yes" {
		t.Errorf("the serif font with ѣ is not loaded: %s", got)
	}
	shot("02-home-en")

	// A game page with an example deal.
	game := "en/games/salic-law/index.html"
	step("game", chromedp.Navigate(fileURL+game), chromedp.WaitVisible(chromedp.CSS("#text")))
	if got := eval(`localStorage.removeItem("pasyans.reading"), getComputedStyle(document.querySelector(".rd-c")).display + "/" + getComputedStyle(document.querySelector(".rd-d")).display`); got != "block/none" {
		t.Errorf("default reading: corrected/diplomatic display = %s, want block/none", got)
	}
	shot("03-game-en")

	// The reading switch: diplomatic, then modern; remembered on another page.
	step("diplomatic", chromedp.Click(chromedp.CSS(`input[value="diplomatic"]`)))
	if got := eval(`getComputedStyle(document.querySelector(".rd-c")).display + "/" + getComputedStyle(document.querySelector(".rd-d")).display + "/" + localStorage.getItem("pasyans.reading")`); got != "none/block/diplomatic" {
		t.Errorf("after choosing the diplomatic reading: %s, want none/block/diplomatic", got)
	}
	shot("04-game-diplomatic")
	step("modern", chromedp.Click(chromedp.CSS(`input[value="modern"]`)))
	if got := eval(`getComputedStyle(document.querySelector(".rd-m")).display + "/" + localStorage.getItem("pasyans.reading")`); got != "block/modern" {
		t.Errorf("after choosing the modern reading: %s", got)
	}
	step("another game", chromedp.Navigate(fileURL+"en/games/zodiac/index.html"), chromedp.WaitVisible(chromedp.CSS("#text")))
	if got := eval(`document.querySelector('input[name="reading"]:checked').value + "/" + getComputedStyle(document.querySelector(".rd-m")).display`); got != "modern/block" {
		t.Errorf("the reading was not remembered on another page: %s", got)
	}
	step("back to corrected", chromedp.Click(chromedp.CSS(`input[value="corrected"]`)), chromedp.Navigate(fileURL+game), chromedp.WaitVisible(chromedp.CSS("#text")))

	// The apparatus: a mark shows its tooltip on keyboard focus.
	step("focus a mark", chromedp.Focus(chromedp.CSS(".rd-c mark")))
	tip := eval(`(() => { const m = document.activeElement; return m.tagName + "|" + getComputedStyle(m, "::after").content + "|" + (m.getAttribute("aria-description") || "") })()`)
	if parts := strings.SplitN(tip, "|", 3); len(parts) != 3 || parts[0] != "MARK" || !strings.Contains(parts[1], "OCR") || !strings.Contains(parts[2], "OCR") {
		t.Errorf("focused mark: %q, want a MARK whose ::after and description show the OCR form", tip)
	}
	shotOf("05-mark-tooltip", ".para:has(.rd-c mark:focus)")

	// A rule badge opens the rule's statement.
	if eval(`String(document.querySelectorAll("button.badge").length > 0)`) == "true" {
		step("badge", chromedp.Click(chromedp.CSS("button.badge")))
		if got := eval(`String(document.querySelector(".rule-pop:popover-open") !== null)`); got != "true" {
			t.Error("clicking a rule badge opened no popover")
		}
		shot("06-rule-popover")
		step("close popover", chromedp.KeyEvent(kb.Escape))
	} else {
		t.Error("the game page has no rule badge")
	}

	// The deal player: buttons and keys.
	if eval(`String(document.querySelector(".player") !== null)`) != "true" {
		t.Fatalf("%s has no deal player", game)
	}
	total := eval(`String(JSON.parse(document.getElementById(document.querySelector(".player").dataset.deal).textContent).steps.length)`)
	stepNo := func() string { return eval(`document.querySelector(".player").getAttribute("data-step")`) }
	step("scroll to the deal", chromedp.ScrollIntoView(chromedp.CSS(".player")))
	step("forward ×3", chromedp.Click(chromedp.CSS(`[data-go="forward"]`)), chromedp.Click(chromedp.CSS(`[data-go="forward"]`)), chromedp.Click(chromedp.CSS(`[data-go="forward"]`)))
	if got := stepNo(); got != "3" {
		t.Errorf("after three clicks on forward: step %s, want 3", got)
	}
	if got := eval(`document.querySelector(".player .status").textContent`); !strings.Contains(got, "3") {
		t.Errorf("status after three moves: %q", got)
	}
	shotOf("07-deal-step3", ".player")
	step("back", chromedp.Click(chromedp.CSS(`[data-go="back"]`)))
	if got := stepNo(); got != "2" {
		t.Errorf("after back: step %s, want 2", got)
	}
	step("arrow keys", chromedp.Focus(chromedp.CSS(".player")), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	if got := stepNo(); got != "4" {
		t.Errorf("after two → keys: step %s, want 4", got)
	}
	step("left", chromedp.KeyEvent(kb.ArrowLeft))
	if got := stepNo(); got != "3" {
		t.Errorf("after ←: step %s, want 3", got)
	}
	step("end", chromedp.KeyEvent(kb.End))
	if got := stepNo(); got != total {
		t.Errorf("after End: step %s, want %s", got, total)
	}
	shotOf("08-deal-last", ".player")
	step("first", chromedp.Click(chromedp.CSS(`[data-go="first"]`)))
	if got := stepNo(); got != "0" {
		t.Errorf("after first: step %s, want 0", got)
	}
	step("last", chromedp.Click(chromedp.CSS(`[data-go="last"]`)))
	if got := stepNo(); got != total {
		t.Errorf("after last: step %s, want %s", got, total)
	}
	step("home key", chromedp.Focus(chromedp.CSS(".player")), chromedp.KeyEvent(kb.Home))
	if got := stepNo(); got != "0" {
		t.Errorf("after Home: step %s, want 0", got)
	}

	// The language switch stays on the same page.
	step("to Russian", chromedp.Click(chromedp.CSS(".lang-switch a")), chromedp.WaitVisible(chromedp.CSS("#text")))
	if got := location(); got != "ru/games/salic-law/index.html" {
		t.Errorf("the language switch led to %s", got)
	}
	if got := eval(`document.documentElement.lang + "/" + document.querySelector(".ru").lang`); got != "ru/ru" {
		t.Errorf("lang attributes on the Russian page: %s", got)
	}
	shot("09-game-ru")
	step("to English", chromedp.Click(chromedp.CSS(".lang-switch a")), chromedp.WaitVisible(chromedp.CSS("#text")))
	if got := location(); got != game {
		t.Errorf("the language switch back led to %s", got)
	}

	// Other pages load cleanly too.
	for _, p := range []string{"ru/index.html", "en/glossary/index.html", "ru/sources/index.html", "en/method/index.html", "en/rules/salic-law/foundations/index.html"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			continue // a rule may be renamed; the link checker covers the rest
		}
		step(p, chromedp.Navigate(fileURL+p), chromedp.WaitVisible(chromedp.CSS("main")))
		shot("10-" + strings.NewReplacer("/", "-", ".html", "").Replace(p))
	}

	// A phone.
	step("phone", chromedp.EmulateViewport(390, 844), chromedp.Navigate(fileURL+game), chromedp.WaitVisible(chromedp.CSS("#text")))
	if got := eval(`String(document.documentElement.scrollWidth <= window.innerWidth + 1)`); got != "true" {
		t.Errorf("the game page scrolls sideways on a phone: %s wide", eval(`String(document.documentElement.scrollWidth)`))
	}
	shot("11-game-phone")
	for _, p := range bad.take() {
		t.Error(p)
	}
}

// saveShot saves as path the screenshot that shoot takes:
// chromedp.CaptureScreenshot() for the viewport, chromedp.Screenshot for
// an element.
func saveShot(t *testing.T, ctx context.Context, path string, shoot chromedp.Action[[]byte]) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(sctx, shoot)
	if err == nil {
		err = os.WriteFile(path, png, 0o644)
	}
	if err != nil {
		t.Fatalf("screenshot %s: %v", path, err)
	}
}

// evalAwait evaluates a promise-valued expression.
func evalAwait(t *testing.T, ctx context.Context, expr string) string {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(sctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}
