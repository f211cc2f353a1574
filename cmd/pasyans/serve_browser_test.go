package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"pasyans/render/browsertest"
	"pasyans/site/preview"
)

// The browser tests of serve: the site's pages under the server's
// Content-Security-Policy, and the live preview's reload and panel. They
// drive Debian's chromium as render's browser test does.

// browser starts headless chromium and returns a tab, or skips the test
// when chromium is missing (except on CI, where it fails).
func browser(t *testing.T) context.Context {
	t.Helper()
	return browsertest.Start(t)
}

// cspWatch records what the browser reports about the policy: the
// securitypolicyviolation events of every document (kept in
// window.__cspViolations by a script that runs before the page's own)
// and the console and log lines that name the policy.
type cspWatch struct {
	mu   sync.Mutex
	list []string
}

const cspRecorder = `window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(e.violatedDirective + " blocked " + (e.blockedURI || "inline") + " at " + e.sourceFile + ":" + e.lineNumber);
});`

func watchCSP(t *testing.T, ctx context.Context) *cspWatch {
	t.Helper()
	w := &cspWatch{}
	chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *log.EventEntryAdded:
			if strings.Contains(ev.Entry.Text, "Content Security Policy") {
				w.add("log: " + ev.Entry.Text)
			}
		case *runtime.EventConsoleAPICalled:
			for _, a := range ev.Args {
				if strings.Contains(string(a.Value), "Content Security Policy") {
					w.add("console: " + string(a.Value))
				}
			}
		case *runtime.EventExceptionThrown:
			w.add("exception: " + ev.ExceptionDetails.Text)
		}
	})
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: cspRecorder})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *cspWatch) add(s string) {
	w.mu.Lock()
	w.list = append(w.list, s)
	w.mu.Unlock()
}

// take returns what was recorded since the last call, with the page's
// own record.
func (w *cspWatch) take(t *testing.T, ctx context.Context) []string {
	t.Helper()
	js, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(window.__cspViolations || [])`))
	if err != nil {
		t.Fatalf("read the violations: %v", err)
	}
	var inPage []string
	json.Unmarshal([]byte(js), &inPage)
	w.mu.Lock()
	defer w.mu.Unlock()
	out := append(w.list, inPage...)
	w.list = nil
	return out
}

// visit loads url in the tab and waits for its load event.
func visit(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	vctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Run(vctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
}

// TestServeCSPBrowser opens every page of the built site through the
// server and checks that the browser reports no violation of the
// Content-Security-Policy the server sends. A page with inline script and
// style shows that the test sees violations.
func TestServeCSPBrowser(t *testing.T) {
	ctx := browser(t)
	out := t.TempDir()
	if err := build(&env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}, &corpusFlags{}, out, "a4", 0); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(out, "site")
	bad := `<!DOCTYPE html><html lang="en"><head><title>bad</title><style>p{}</style></head><body><p style="color:red">x</p><script>document.title="y"</script></body></html>`
	writeTestFile(t, filepath.Join(dir, "csp-control.html"), bad)
	h, err := preview.SiteHandler(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	w := watchCSP(t, ctx)

	visit(t, ctx, srv.URL+"/csp-control.html")
	if got := w.take(t, ctx); len(got) < 3 {
		t.Errorf("the control page with an inline style, style attribute and script raised %d violations (%q), want 3: the test cannot see them", len(got), got)
	}
	os.Remove(filepath.Join(dir, "csp-control.html"))

	var pages []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".html") {
			rel, _ := filepath.Rel(dir, p)
			pages = append(pages, filepath.ToSlash(rel))
		}
		return err
	})
	start := time.Now()
	for _, p := range pages {
		visit(t, ctx, srv.URL+"/"+p)
		for _, v := range w.take(t, ctx) {
			t.Errorf("%s: %s", p, v)
		}
	}
	t.Logf("%d pages opened under the policy in %v", len(pages), time.Since(start).Round(time.Millisecond))
}

// TestWatchBrowser opens a page of the live preview and edits the corpus:
// the page reloads by itself after a translation edit, shows the
// diagnostics panel after a claim the engine contradicts, and loses it
// after the fix. It prints the time from each save to the page showing
// it, and audits the panel with axe-core when axe.min.js is at hand.
func TestWatchBrowser(t *testing.T) {
	ctx := browser(t)
	s := startLive(t)
	w := watchCSP(t, ctx)
	url := s.url + "/en/games/salic-law/index.html"
	visit(t, ctx, url)
	// The reload script connects at the load event; give it a moment.
	time.Sleep(500 * time.Millisecond)
	audit(t, ctx, "#pasyans-watch")

	// change saves a corpus edit and waits until cond holds in a page
	// that has reloaded (the mark set before the save is gone).
	change := func(name, old, new, cond string) time.Duration {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__before = true`)); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		s.edit(name, old, new)
		limit := 20 * s.limit()
		for {
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!window.__before && document.readyState === "complete" && (`+cond+`)`))
			if err == nil && ok {
				return time.Since(start)
			}
			if time.Since(start) > limit {
				t.Fatalf("after %v the page has not reloaded to show %s", limit, cond)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	took := change(salic, "in a horizontal line", "in a horizontal line (EDITED)", `document.body.innerText.includes("(EDITED)")`)
	t.Logf("translation edit: saved to reloaded page in %v", took.Round(time.Millisecond))
	if took > s.limit() {
		t.Errorf("the translation edit took %v to show, more than %v", took, s.limit())
	}

	claim := "foundations: {count: 8, base: A, dir: up, top: J}"
	wrong := "foundations: {count: 8, base: A, dir: up, top: Q}"
	took = change(salic, claim, wrong, `!!document.getElementById("pasyans-diagnostics")`)
	t.Logf("engine-claim edit (contradicted): saved to the page with the diagnostics in %v", took.Round(time.Millisecond))
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("pasyans-diagnostics").innerText`))
	if err != nil || !strings.Contains(text, "salic-law.md:") {
		t.Errorf("the panel's text %q (%v) names no file:line", text, err)
	}
	audit(t, ctx, "#pasyans-diagnostics")
	took = change(salic, wrong, claim, `!document.getElementById("pasyans-diagnostics")`)
	t.Logf("engine-claim edit (fixed): saved to the page without the diagnostics in %v", took.Round(time.Millisecond))

	for _, v := range w.take(t, ctx) {
		t.Errorf("the live preview's page: %s", v)
	}
	if !strings.Contains(s.log.String(), "a page reloaded") {
		t.Errorf("the terminal did not print the reload time:\n%s", s.log.String())
	}
	t.Logf("terminal:\n%s", s.log.String())
}

// audit runs axe-core on the element sel of the open page, if
// axe.min.js is found (browsertest.AxeSource), and fails on any violation
// of browsertest.AxeTags.
func audit(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	src, err := browsertest.AxeSource(t)
	if err != nil {
		t.Logf("axe-core not found (%v): the panel is not audited", err)
		return
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](src+";0")); err != nil {
		t.Fatalf("load axe: %v", err)
	}
	tags, _ := json.Marshal(browsertest.AxeTags())
	js := `axe.run({include: [["` + sel + `"]]}, {runOnly: {type: "tag", values: ` + string(tags) + `}})
	  .then(r => JSON.stringify(r.violations.map(v => v.id + ": " + v.help + " (" + v.nodes.map(n => n.target.join(" ")).join(", ") + ")")))`
	res, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe on %s: %v", sel, err)
	}
	var vs []string
	json.Unmarshal([]byte(res), &vs)
	for _, v := range vs {
		t.Errorf("axe, %s: %s", sel, v)
	}
	t.Logf("axe audited %s: %d violations", sel, len(vs))
}
