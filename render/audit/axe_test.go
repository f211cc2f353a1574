package audit

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"pasyans/render/browsertest"
)

// axeSource reads axe.min.js (browsertest.AxeSource). Without it the
// audit is skipped, except on CI, where it fails.
func axeSource(t *testing.T) string {
	t.Helper()
	src, err := browsertest.AxeSource(t)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("axe-core is missing (%v), and CI=true: .ci/run installs axe-core@%s into .ci/axe", err, browsertest.AxeVersion)
		}
		t.Skipf("axe-core not found (%v): npm install --prefix .ci/axe axe-core@%s; the audit is required on CI", err, browsertest.AxeVersion)
	}
	return src
}

// axeView is one way of looking at the site: a window size and a colour
// scheme.
type axeView struct {
	name          string
	width, height int64
	dark          bool
}

var axeViews = []axeView{
	{"desktop", 1280, 900, false},
	{"phone", 390, 844, false},
	{"dark", 1280, 900, true},
}

// axeResult is what the page script returns for one page.
type axeResult struct {
	Violations []axeRule `json:"violations"`
	Incomplete []axeRule `json:"incomplete"`
	Error      string    `json:"error"`
}

type axeRule struct {
	ID     string    `json:"id"`
	Impact string    `json:"impact"`
	Help   string    `json:"help"`
	Nodes  []axeNode `json:"nodes"`
}

type axeNode struct {
	Target  []any  `json:"target"`
	HTML    string `json:"html"`
	Summary string `json:"failureSummary"`
	Why     string `json:"why,omitempty"` // a check's message key (why a result needs review)
}

// axeTarget is one page view to audit: a page of the site, perhaps with a
// fragment (the search page with a query), and a script that is true once
// the page has drawn what its scripts draw (the Play page's table, the
// search's results).
type axeTarget struct {
	page, ready string
}

// axeTargets lists what TestAxe audits: every page, the Play pages once
// their engine has dealt, and the search page with a query run in either
// language.
func axeTargets(pages []string) []axeTarget {
	var ts []axeTarget
	for _, p := range pages {
		t := axeTarget{page: p}
		if strings.HasSuffix(p, "/play/index.html") {
			t.ready = `(m => !!(m.dataset.state || m.dataset.error))(document.querySelector("main"))`
		}
		ts = append(ts, t)
	}
	for _, q := range []string{"en/search/index.html#q=king", "ru/search/index.html#q=" + url.PathEscape("король")} {
		ts = append(ts, axeTarget{page: q, ready: `document.getElementById("search-results").dataset.query !== undefined`})
	}
	return ts
}

// sitePages lists every HTML page of the built site, sorted.
func sitePages(t *testing.T, dir string) []string {
	t.Helper()
	var pages []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".html") {
			rel, _ := filepath.Rel(dir, p)
			pages = append(pages, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(pages)
	return pages
}

// TestAxe audits every page of the built site, in both languages (the
// Play pages once dealt, and the search page also with a query run), with
// axe-core in headless Chromium: at a desktop width, at a phone's width and
// in dark mode. Any violation of browsertest.AxeTags fails the test, naming the rule,
// the page, the view and the element; the "needs review" results are
// counted by rule and logged, and the whole report is written to the
// artifacts folder (axe-report.json).
func TestAxe(t *testing.T) {
	browser := browsertest.Start(t, backgroundFlags...)
	axe := axeSource(t)
	dir := builtSite(t)
	pages := sitePages(t, dir)
	if len(pages) < 20 {
		t.Fatalf("only %d pages in the built site", len(pages))
	}
	if err := chromedp.Do(browser); err != nil {
		t.Fatal(err)
	}

	targets := axeTargets(pages)
	if f := os.Getenv("PASYANS_AXE_PAGES"); f != "" { // a developer's shortcut: audit only the matching pages
		re, err := regexp.Compile(f)
		if err != nil {
			t.Fatalf("PASYANS_AXE_PAGES: %v", err)
		}
		targets = slices.DeleteFunc(targets, func(a axeTarget) bool { return !re.MatchString(a.page) })
		t.Logf("PASYANS_AXE_PAGES=%s: %d of the page views", f, len(targets))
	}
	targetsCh := make(chan axeTarget)
	var mu sync.Mutex
	review := map[string]int{}    // rule id → needs-review results
	reviewWhy := map[string]int{} // rule id and the check's message key → results
	report := map[string]axeResult{}
	took := map[string]time.Duration{}
	audited := 0
	fileURL := "file://" + filepath.ToSlash(dir) + "/"
	start := time.Now()

	var wg sync.WaitGroup
	for range axeTabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for target := range targetsCh {
				page := target.page
				t0 := time.Now()
				// A fresh tab for each page: a tab reused after a Play
				// page could hang on its next page.
				tab, cancelT := chromedp.NewContext(browser)
				results, err := auditPage(tab, fileURL, target, axe)
				cancelT()
				mu.Lock()
				took[page] = time.Since(t0)
				if err != nil {
					t.Errorf("%s: %v", page, err)
				}
				for i, res := range results {
					view := axeViews[i].name
					audited++
					if res.Error != "" {
						t.Errorf("%s [%s]: axe failed: %s", page, view, res.Error)
						continue
					}
					report[view+" "+page] = res
					for _, v := range res.Violations {
						for _, n := range v.Nodes {
							t.Errorf("axe %s (%s) on %s [%s]: %s\n\t%s\n\t%s", v.ID, v.Impact, page, view, v.Help, fmt.Sprint(n.Target...), n.HTML)
						}
					}
					for _, r := range res.Incomplete {
						review[r.ID] += len(r.Nodes)
						for _, n := range r.Nodes {
							reviewWhy[r.ID+" "+n.Why]++
						}
					}
				}
				mu.Unlock()
			}
		}()
	}
	for _, a := range targets {
		targetsCh <- a
	}
	close(targetsCh)
	wg.Wait()

	slow := slices.Collect(maps.Keys(took))
	slices.SortFunc(slow, func(a, b string) int { return cmp.Compare(took[b], took[a]) })
	for _, p := range slow[:min(5, len(slow))] {
		t.Logf("slowest: %s in %s", p, took[p].Round(100*time.Millisecond))
	}
	whys := slices.Sorted(maps.Keys(reviewWhy))
	for _, w := range whys {
		t.Logf("needs review: %s: %d", w, reviewWhy[w])
	}
	ids := make([]string, 0, len(review))
	for id := range review {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var lines []string
	for _, id := range ids {
		lines = append(lines, fmt.Sprintf("%s: %d", id, review[id]))
	}
	t.Logf("axe-core %s: %d page views audited (%d pages and queries × %d views) in %s; needs review by rule: %s",
		browsertest.AxeVersion, audited, len(targets), len(axeViews), time.Since(start).Round(time.Second), strings.Join(lines, ", "))
	if b, err := json.MarshalIndent(report, "", " "); err == nil {
		path := filepath.Join(browsertest.Artifacts(t), "axe-report.json")
		if err := os.WriteFile(path, b, 0o644); err == nil {
			t.Logf("report: %s", path)
		}
	}
}

// setView sets a tab's window size and colour scheme.
func setView(v axeView) chromedp.Action[chromedp.Void] {
	scheme := "light"
	if v.dark {
		scheme = "dark"
	}
	return chromedp.Steps(
		chromedp.EmulateViewport(v.width, v.height),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
			})
			return err
		}),
	)
}

// axeTabs is how many pages are audited at once.
const axeTabs = 2

// axeRun is the page script that runs axe once. It returns only what the
// report keeps (the answer crosses into Go three times per page, and a
// long page has thousands of results that need review).
const axeRun = `axe.run(document, {runOnly: {type: "tag", values: TAGS}, resultTypes: ["violations", "incomplete"]})
	.then(r => {
		const why = n => { const c = n.any.concat(n.all, n.none)[0]; return c ? (c.data && c.data.messageKey) || c.id : ""; };
		const slim = rules => rules.map(r => ({id: r.id, impact: r.impact, help: r.help,
			nodes: r.nodes.map(n => ({target: n.target, html: n.html, failureSummary: n.failureSummary, why: why(n)}))}));
		return JSON.stringify({violations: slim(r.violations), incomplete: slim(r.incomplete)});
	})
	.catch(e => JSON.stringify({error: String(e)}))`

// boardsSynced is true when every board that overflows its box is a tab
// stop and no other is (what site.js's initScrollBoxes keeps so).
const boardsSynced = `[...document.querySelectorAll(".board")].every(b => (b.scrollWidth > b.clientWidth + 1) === b.hasAttribute("tabindex"))`

// auditPage opens a target, waits until it is ready, injects axe and runs
// it once in each of axeViews, in order; it returns the results it got
// before any error.
func auditPage(tab context.Context, fileURL string, target axeTarget, axe string) ([]axeResult, error) {
	ctx, cancel := context.WithTimeout(tab, 4*time.Minute) // a loaded machine; a quiet one takes seconds
	defer cancel()
	steps := []chromedp.Action[chromedp.Void]{setView(axeViews[0])}
	if strings.Contains(target.page, "#") { // not a fragment's move within the page open before
		steps = append(steps, chromedp.Navigate("about:blank"))
	}
	steps = append(steps, chromedp.Navigate(fileURL+target.page), chromedp.WaitReady(chromedp.CSS("body")))
	if target.ready != "" {
		steps = append(steps, chromedp.Poll[chromedp.Void](target.ready, chromedp.WithPollingTimeout(3*time.Minute)))
	}
	if err := chromedp.Do(ctx, steps...); err != nil {
		return nil, err
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](axe+";true")); err != nil {
		return nil, fmt.Errorf("inject axe: %w", err)
	}
	tags, _ := json.Marshal(browsertest.AxeTags())
	script := strings.Replace(axeRun, "TAGS", string(tags), 1)
	var results []axeResult
	for i, v := range axeViews {
		if i > 0 {
			if err := chromedp.Do(ctx, setView(v)); err != nil {
				return results, fmt.Errorf("%s: %w", v.name, err)
			}
		}
		// site.js makes a board wider than its box a tab stop when it
		// loads and on resize; on a loaded machine axe could run before the
		// resize was handled. Wait for that (for at most 10 s: a page
		// that never makes it so is then reported by axe).
		_ = chromedp.Do(ctx, chromedp.Poll[chromedp.Void](boardsSynced, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)))
		out, err := chromedp.Run(ctx, chromedp.Evaluate[string](script, chromedp.EvalAwaitPromise))
		if err != nil {
			return results, fmt.Errorf("%s: run axe: %w", v.name, err)
		}
		var res axeResult
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			return results, fmt.Errorf("%s: axe's answer: %w", v.name, err)
		}
		results = append(results, res)
	}
	return results, nil
}

// backgroundFlags are three flags beyond the shared ones: tabs audited
// side by side are background tabs, and without these flags Chromium
// throttles their timers (axe runs on them) and they crawl.
var backgroundFlags = []chromedp.ExecAllocatorOption{
	chromedp.Flag("disable-background-timer-throttling", true),
	chromedp.Flag("disable-backgrounding-occluded-windows", true),
	chromedp.Flag("disable-renderer-backgrounding", true),
}

// focusProbe is the page script that tabs through a page: it reports each
// focused element that is hidden or has no accessible name.
const focusProbe = `(() => {
	const el = document.activeElement;
	if (!el || el === document.body) return "";
	const r = el.getBoundingClientRect();
	const cs = getComputedStyle(el);
	const hidden = (r.width === 0 && r.height === 0) || cs.visibility === "hidden" || el.closest("[hidden],[inert],[aria-hidden=true]") !== null;
	const byIds = (el.getAttribute("aria-labelledby") || "").split(/\s+/).filter(Boolean)
		.map(id => (document.getElementById(id) || {}).textContent || "").join(" ");
	const label = el.labels && el.labels.length ? el.labels[0].textContent : "";
	const img = el.querySelector && el.querySelector("img[alt],svg[aria-label]");
	const name = (el.getAttribute("aria-label") || byIds || label || el.getAttribute("title") ||
		(el.matches("input[type=button],input[type=submit]") ? el.value : "") || el.textContent ||
		(img ? img.getAttribute("alt") || img.getAttribute("aria-label") : "")).trim();
	const what = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "");
	if (hidden) return "hidden: " + what;
	if (!name) return "no name: " + what;
	return "";
})()`

// axeKind names a page's kind: en/games/zodiac/index.html → en/games,
// en/games/zodiac/play/index.html → en/games/play, en/rules/r/x/… →
// en/rules; any other page is a kind of its own.
func axeKind(p string) string {
	parts := strings.Split(p, "/")
	switch {
	case len(parts) > 2 && parts[1] == "rules":
		return parts[0] + "/rules"
	case len(parts) == 5 && parts[1] == "games" && parts[3] == "play":
		return parts[0] + "/games/play"
	case len(parts) == 4 && parts[1] == "games":
		return parts[0] + "/games"
	}
	return p
}

// TestKeyboardFocus tabs through one page of each kind, in both
// languages, and fails when focus lands on a hidden element or on one
// without an accessible name.
func TestKeyboardFocus(t *testing.T) {
	browser := browsertest.Start(t, backgroundFlags...)
	dir := builtSite(t)
	var pages []string
	kinds := map[string]bool{}
	for _, p := range sitePages(t, dir) {
		// one page of each kind in each language: a game page, a Play
		// page, a rule page, and each page that stands alone.
		kind := axeKind(p)
		if !kinds[kind] {
			kinds[kind] = true
			pages = append(pages, p)
		}
	}
	if err := chromedp.Do(browser); err != nil {
		t.Fatal(err)
	}
	fileURL := "file://" + filepath.ToSlash(dir) + "/"
	for _, p := range pages {
		// A fresh tab for each page (the first call on a tab's context
		// owns the tab: a time limit on it would close the tab).
		ctx, cancelT := chromedp.NewContext(browser)
		if err := chromedp.Do(ctx); err != nil {
			t.Fatal(err)
		}
		sctx, scancel := context.WithTimeout(ctx, 3*time.Minute)
		scancel0 := scancel
		scancel = func() { scancel0(); cancelT() }
		steps := []chromedp.Action[chromedp.Void]{chromedp.Navigate(fileURL + p), chromedp.WaitReady(chromedp.CSS("body"))}
		for _, a := range axeTargets([]string{p}) {
			if a.page == p && a.ready != "" { // the Play page: tab through the dealt table
				steps = append(steps, chromedp.Poll[chromedp.Void](a.ready, chromedp.WithPollingTimeout(50*time.Second)))
			}
		}
		if err := chromedp.Do(sctx, steps...); err != nil {
			scancel()
			t.Fatalf("%s: %v", p, err)
		}
		n, err := chromedp.Run(sctx, chromedp.Evaluate[int](`document.querySelectorAll("a[href],button,input,select,textarea,[tabindex]:not([tabindex='-1'])").length`))
		if err != nil {
			scancel()
			t.Fatalf("%s: %v", p, err)
		}
		seen := map[string]bool{}
		for i := 0; i < min(n+1, 400); i++ {
			if err := chromedp.Do(sctx, chromedp.KeyEvent(kb.Tab)); err != nil {
				t.Fatalf("%s: Tab: %v", p, err)
			}
			msg, err := chromedp.Run(sctx, chromedp.Evaluate[string](focusProbe))
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if msg != "" && !seen[msg] {
				seen[msg] = true
				t.Errorf("%s: focus after %d Tab presses: %s", p, i+1, msg)
			}
		}
		scancel()
	}
	t.Logf("tabbed through %d pages: %s", len(pages), strings.Join(pages, " "))
}
