package render

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/chromedp/chromedp/kb"

	"pasyans/corpus"
	"pasyans/engine"
	"pasyans/engine/solve"
)

// playSession is a headless chromium on the built site, with the
// problems it reports (console errors, exceptions, failed requests,
// requests that leave the site's folder).
type playSession struct {
	t       *testing.T
	ctx     context.Context
	fileURL string
	dir     string
	ed      *corpus.Edition
	bad     *problems
}

func newPlaySession(t *testing.T) *playSession {
	t.Helper()
	ctx, dir, ed := siteInBrowser(t)
	s := &playSession{t: t, ctx: ctx, fileURL: "file://" + filepath.ToSlash(dir) + "/", dir: dir, ed: ed}
	s.bad = watchProblems(t, ctx, func() string { return s.fileURL })
	return s
}

// do runs actions with a time limit and reports the problems seen so far.
func (s *playSession) do(name string, actions ...chromedp.Action[chromedp.Void]) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(s.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		s.t.Fatalf("%s: %v", name, err)
	}
	s.check(name)
}

func (s *playSession) check(name string) {
	s.t.Helper()
	for _, p := range s.bad.take() {
		s.t.Errorf("%s: %s", name, p)
	}
}

// playSettled is a JavaScript function that returns a promise which
// resolves once the Play page has no action waiting for the engine (main
// has no data-busy; at once on another page).
const playSettled = `(() => new Promise((ok) => {
	const m = document.querySelector("main[data-game]");
	if (!m || !m.hasAttribute("data-busy")) { ok(); return; }
	const o = new MutationObserver(() => { if (!m.hasAttribute("data-busy")) { o.disconnect(); ok(); } });
	o.observe(m, {attributes: true, attributeFilter: ["data-busy"]});
}))`

// eval evaluates a string-valued expression (a promise is awaited) once
// the page has settled (playSettled): what an earlier evaluation or
// action set going has then been drawn.
func (s *playSession) eval(expr string) string {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(s.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](playSettled+"().then(() => (\n"+expr+"\n))", chromedp.EvalAwaitPromise))
	if err != nil {
		s.t.Fatalf("evaluate %.200s: %v", expr, err)
	}
	return v
}

// open loads a Play page with a fragment as a new document and waits for
// its first drawing. (Navigating to the page already shown with another
// fragment would be a same-document hash change, handled asynchronously
// after Navigate returns: see followHash.)
func (s *playSession) open(page, frag string) {
	s.t.Helper()
	s.do("open "+page+frag, chromedp.Navigate("about:blank"), chromedp.Navigate(s.fileURL+page+frag))
	s.waitDrawn()
}

// followHash changes the fragment of the page shown (a hash change, no
// new document) and waits until the page has replayed it to applied moves.
func (s *playSession) followHash(frag string, applied int) {
	s.t.Helper()
	got := s.eval(`new Promise((ok) => { location.hash = ` + strconv.Quote(frag) + `; const t0 = Date.now(); (function poll() {
		const a = document.querySelector("main[data-game]").getAttribute("data-applied");
		if (a === ` + strconv.Quote(strconv.Itoa(applied)) + ` || Date.now() - t0 > 20000) { ok(a); return; }
		setTimeout(poll, 10); })(); })`)
	if got != strconv.Itoa(applied) {
		s.t.Fatalf("after the hash change to move %d: data-applied %s", applied, got)
	}
	s.check("hash change")
}

// waitDrawn waits until the Play page has drawn its first deal (or failed
// to). It may be called while a navigation is still under way: an
// evaluation cut short by the navigation is tried again in the new page.
func (s *playSession) waitDrawn() {
	s.t.Helper()
	const poll = `new Promise((ok) => { const t0 = Date.now(); (function poll() {
		const m = document.querySelector("main[data-game]");
		if (m && (m.hasAttribute("data-drawn-ms") || m.hasAttribute("data-error"))) { ok(m.getAttribute("data-error") || "drawn"); return; }
		if (Date.now() - t0 > 20000) { ok("timeout"); return; }
		setTimeout(poll, 10); })(); })`
	var got string
	for try := 0; ; try++ {
		ctx, cancel := context.WithTimeout(s.ctx, 60*time.Second)
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](poll, chromedp.EvalAwaitPromise))
		cancel()
		if err == nil {
			got = v
			break
		}
		if try < 5 && strings.Contains(err.Error(), "navigated or closed") {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		s.t.Fatalf("waiting for the Play page to draw: %v", err)
	}
	if got != "drawn" {
		s.t.Fatalf("the Play page did not draw: %s", got)
	}
	s.check("draw")
}

// hash waits until the permalink is want (it follows the position within
// 150 ms) and returns it.
func (s *playSession) hash(want string) string {
	s.t.Helper()
	return s.eval(`new Promise((ok) => { const t0 = Date.now(); (function poll() {
		if (location.hash === ` + strconv.Quote(want) + ` || Date.now() - t0 > 3000) { ok(location.hash); return; }
		setTimeout(poll, 20); })(); })`)
}

func (s *playSession) main(attr string) string {
	s.t.Helper()
	return s.eval(`document.querySelector("main[data-game]").getAttribute(` + strconv.Quote(attr) + `) || ""`)
}

// wonLine is a line that wins a deal of v: an example deal stated won,
// else the solver's line for the first deal it wins.
func wonLine(t *testing.T, ed *corpus.Edition, v *engine.Variant) (seed uint64, options, moves []string) {
	t.Helper()
	for _, d := range ed.Deals {
		if d.Game == v.ID && d.Outcome == "won" {
			for _, m := range d.Moves {
				moves = append(moves, m.Text)
			}
			return d.Seed, d.Options, moves
		}
	}
	for seed := uint64(1); seed < 50; seed++ {
		r := solve.Solve(engine.NewDeal(v, seed, 0), solve.Options{Budget: 2 * time.Second})
		if r.Outcome == solve.Won {
			for _, m := range r.Moves {
				moves = append(moves, v.FormatMove(m))
			}
			return seed, nil, moves
		}
	}
	t.Fatalf("%s: no won deal found", v.ID)
	return 0, nil, nil
}

// refusedMove finds a transfer the engine refuses in s, preferring a rule
// the book states (so the refusal quotes a paragraph).
func refusedMove(v *engine.Variant, s *engine.State) (move string, rule *engine.Rule) {
	var fallback string
	var fallbackRule *engine.Rule
	drawn := map[int]bool{}
	for _, sl := range v.Layout.Slots {
		drawn[v.Pile(sl.Pile)] = true
	}
	for from := range v.Piles {
		if s.Piles[from].Len() == 0 || !drawn[from] {
			continue
		}
		for to := range v.Piles {
			if to == from || !drawn[to] {
				continue
			}
			r := s.CheckPlayable(engine.Transfer(from, to))
			if r == nil {
				continue
			}
			m := v.FormatMove(engine.Transfer(from, to))
			if len(r.Book) > 0 {
				return m, r
			}
			if fallback == "" {
				fallback, fallbackRule = m, r
			}
		}
	}
	return fallback, fallbackRule
}

// fragmentOf writes the Play page's permalink fragment.
func fragmentOf(seed uint64, options, moves []string) string {
	f := "#seed=" + strconv.FormatUint(seed, 10)
	if len(options) > 0 {
		f += "&options=" + strings.Join(options, ",")
	}
	if len(moves) > 0 {
		esc := make([]string, len(moves))
		for i, m := range moves {
			esc[i] = url.QueryEscape(m)
		}
		f += "&moves=" + strings.Join(esc, ",")
	}
	return f
}

// clickLine plays moves through the page's interface: a transfer is a
// click on its pile and a click on the destination, a game word a click
// on its button. It returns the milliseconds each move took, redraw
// included (the script's work and a forced layout).
const clickLine = `(async (moves) => {
	const main = document.querySelector("main[data-game]");
	const settled = ` + playSettled + `;
	const click = (el) => el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
	const times = [];
	for (let i = 0; i < moves.length; i++) {
		const m = moves[i];
		const before = main.getAttribute("data-applied");
		const t0 = performance.now();
		const word = document.querySelector('.play-words button[data-move="' + CSS.escape(m) + '"]');
		if (word) {
			word.click();
		} else {
			const [from, to] = m.split(">");
			const a = document.querySelector('g.pile[data-pile="' + CSS.escape(from) + '"]');
			const b = document.querySelector('g.pile[data-pile="' + CSS.escape(to || "") + '"]');
			if (!a || !b) { return JSON.stringify({error: "move " + (i + 1) + " " + m + ": no pile or word button"}); }
			click(a);
			click(document.querySelector('g.pile[data-pile="' + CSS.escape(to) + '"]'));
		}
		await settled();
		document.querySelector(".play-board svg").getBoundingClientRect();
		times.push(performance.now() - t0);
		if (main.getAttribute("data-applied") === before) {
			const r = document.querySelector("[data-refused-rule]");
			return JSON.stringify({error: "move " + (i + 1) + " " + m + " not played: " + (r ? r.getAttribute("data-refused-rule") + " " + r.textContent : "no refusal shown")});
		}
		if (i % 50 === 49) { await new Promise((ok) => setTimeout(ok, 0)); }
	}
	return JSON.stringify({times: times});
})`

// TestPlayBrowser plays every game on its Play page from disk, through
// the page's interface: a refused move with its rule, statement and
// paragraph link; a won line to data-state="won"; undo to the start and
// redo; the permalink reloaded to the same position; a hint and a
// winnability answer from the worker. It logs the figures of the issue:
// the time to the first drawn deal, the time per move and the worker's
// solver speed against the native solver's.
func TestPlayBrowser(t *testing.T) {
	s := newPlaySession(t)
	shots := artifacts(t)
	var drawMS, moveMS []float64
	for i, v := range engine.Variants() {
		lang := []string{"en", "ru"}[i%2]
		page := playPath(lang, v.ID)
		seed, options, moves := wonLine(t, s.ed, v)
		t.Run(v.ID, func(t *testing.T) {
			s.t = t
			s.open(page, fragmentOf(seed, options, nil))
			if got := s.main("data-game") + "/" + s.main("data-seed") + "/" + s.main("data-state") + "/" + s.main("data-applied"); got != fmt.Sprintf("%s/%d/playing/0", v.ID, seed) {
				t.Fatalf("main's contract attributes: %s", got)
			}
			ms, _ := strconv.ParseFloat(s.main("data-drawn-ms"), 64)
			drawMS = append(drawMS, ms)
			startKey := s.main("data-key")

			// A refused move: the rule, its statement, the paragraph.
			o, err := v.ParseOptions(options)
			if err != nil {
				t.Fatal(err)
			}
			st := engine.NewDeal(v, seed, o)
			bad, rule := refusedMove(v, st)
			if bad == "" {
				t.Fatal("no refused transfer found at the start")
			}
			from, to, _ := strings.Cut(bad, ">")
			s.do("refused "+bad, chromedp.Click(chromedp.CSS(`g.pile[data-pile="`+from+`"]`)), chromedp.Click(chromedp.CSS(`g.pile[data-pile="`+to+`"]`)))
			if got := s.eval(`(document.querySelector("[data-refused-rule]") || {getAttribute: () => "none"}).getAttribute("data-refused-rule")`); got != rule.ID {
				t.Errorf("refused %s: data-refused-rule %q, want %q", bad, got, rule.ID)
			}
			text := s.eval(`document.querySelector("[data-refused-rule]") ? document.querySelector("[data-refused-rule]").textContent : ""`)
			want := rule.EN
			if lang == "ru" {
				want = rule.RU
			}
			if !strings.Contains(text, want) {
				t.Errorf("refusal %q does not state the rule %q", text, want)
			}
			if len(rule.Book) > 0 {
				href := s.eval(`(document.querySelector("[data-refused-rule] .pref a") || {getAttribute: () => ""}).getAttribute("href")`)
				if want := "../index.html#p-" + anchorID(rule.Book[0]); href != want {
					t.Errorf("refusal's paragraph link %q, want %q", href, want)
				}
			} else if why := map[bool]string{false: rule.Reconstructed, true: rule.ReconstructedRU}[lang == "ru"]; !strings.Contains(text, why) {
				t.Errorf("refusal of the reconstructed rule %s does not say why: %q", rule.ID, text)
			}
			if lang == "ru" && strings.Contains(text, rule.EN) {
				t.Errorf("the Russian refusal of %s says the rule in English too: %q", rule.ID, text)
			}
			if got := s.main("data-applied"); got != "0" {
				t.Errorf("a refused move changed data-applied to %s", got)
			}
			if i == 0 {
				_, _ = chromedp.Run(s.ctx, chromedp.ScrollIntoView(chromedp.CSS(".play-refusal")))
				saveShot(t, s.ctx, filepath.Join(shots, "play-01-refused.png"), chromedp.CaptureScreenshot())
			}

			// The first move by the keyboard where it is a transfer:
			// focus the pile, Enter, arrow-free focus on the destination, Space.
			rest := moves
			if a, b, ok := strings.Cut(moves[0], ">"); ok && !strings.Contains(moves[0], ":") {
				s.do("keyboard move "+moves[0], chromedp.Focus(chromedp.CSS(`g.pile[data-pile="`+a+`"]`)), chromedp.KeyEvent(kb.Enter),
					chromedp.Focus(chromedp.CSS(`g.pile[data-pile="`+b+`"]`)), chromedp.KeyEvent(" "))
				if got := s.main("data-applied"); got != "1" {
					t.Fatalf("the keyboard move %s was not played: data-applied %s", moves[0], got)
				}
				rest = moves[1:]
				// An arrow key moves the focus to another pile.
				s.do("arrow", chromedp.KeyEvent(kb.ArrowRight))
				if got := s.eval(`(document.activeElement.getAttribute("data-pile") || "none") + "/" + document.activeElement.getAttribute("tabindex")`); got == b+"/0" || !strings.HasSuffix(got, "/0") {
					t.Errorf("after → on pile %s the focus is on %s, want another pile with tabindex 0", b, got)
				}
			}
			// The next move by dragging its card, where it is a transfer:
			// pointer events at the cards' places on the screen, computed
			// when they are sent.
			if len(rest) > 0 && !strings.Contains(rest[0], ":") && strings.Contains(rest[0], ">") {
				a, b, _ := strings.Cut(rest[0], ">")
				n, _ := strconv.Atoi(s.main("data-applied"))
				got := s.eval(`(async () => {
					const top = (id) => { const g = document.querySelector('g.pile[data-pile="' + id + '"]'); const c = g.querySelectorAll("g.card, rect.back, rect.hl"); return [g, c[c.length - 1].getBoundingClientRect()]; };
					const [ga, r1] = top(` + strconv.Quote(a) + `);
					ga.scrollIntoView({block: "center"});
					const [, ra] = top(` + strconv.Quote(a) + `), [, rb] = top(` + strconv.Quote(b) + `);
					const at = (r) => ({clientX: r.x + r.width / 2, clientY: r.y + 10, bubbles: true, pointerId: 1, pointerType: "mouse", button: 0, isPrimary: true});
					const src = document.elementFromPoint(at(ra).clientX, at(ra).clientY);
					src.dispatchEvent(new PointerEvent("pointerdown", at(ra)));
					src.dispatchEvent(new PointerEvent("pointermove", {...at(ra), clientY: at(ra).clientY + 30}));
					src.dispatchEvent(new PointerEvent("pointermove", at(rb)));
					src.dispatchEvent(new PointerEvent("pointerup", at(rb)));
					await ` + playSettled + `();
					return document.querySelector("main").getAttribute("data-applied");
				})()`)
				if got != strconv.Itoa(n+1) {
					t.Errorf("dragging %s: data-applied %s, want %d; status %q", rest[0], got, n+1, s.eval(`document.querySelector(".play-status").textContent`))
					s.do("escape", chromedp.KeyEvent(kb.Escape))
				} else {
					rest = rest[1:]
				}
			}
			// The rest of the line by clicks.
			list, _ := json.Marshal(rest)
			var res struct {
				Times []float64
				Error string
			}
			if err := json.Unmarshal([]byte(s.eval(clickLine+"("+string(list)+")")), &res); err != nil {
				t.Fatal(err)
			}
			if res.Error != "" {
				t.Fatal(res.Error)
			}
			moveMS = append(moveMS, res.Times...)
			if s.eval(`document.querySelector("[data-refused-rule]") === null ? "hidden" : "shown"`) != "hidden" {
				t.Error("the refusal stays shown after legal moves")
			}
			s.check("won line")
			if got := s.main("data-state") + "/" + s.main("data-applied"); got != fmt.Sprintf("won/%d", len(moves)) {
				t.Fatalf("after the won line: state/applied %s, want won/%d", got, len(moves))
			}
			wonKey := s.main("data-key")
			frag := s.hash(fragmentOf(seed, options, moves))
			if want := fragmentOf(seed, options, moves); frag != want {
				t.Errorf("permalink %.80q…, want %.80q…", frag, want)
			}
			if i == 0 {
				saveShot(t, s.ctx, filepath.Join(shots, "play-02-won.png"), chromedp.CaptureScreenshot())
			}

			// Undo to the start, redo to the end.
			s.eval(`(async () => { const b = document.querySelector('[data-action="undo"]'); let n = 0; while (!b.disabled && n < 5000) { b.click(); n++; await ` + playSettled + `(); } return String(n); })()`)
			if got := s.main("data-applied") + "/" + s.main("data-state"); got != "0/playing" || s.main("data-key") != startKey {
				t.Errorf("after undoing everything: applied/state %s, key equal to the start's: %v", got, s.main("data-key") == startKey)
			}
			s.eval(`(async () => { const b = document.querySelector('[data-action="redo"]'); let n = 0; while (!b.disabled && n < 5000) { b.click(); n++; await ` + playSettled + `(); } return String(n); })()`)
			if got := s.main("data-applied") + "/" + s.main("data-state"); got != fmt.Sprintf("%d/won", len(moves)) || s.main("data-key") != wonKey {
				t.Errorf("after redoing everything: applied/state %s, key equal to the won one: %v", got, s.main("data-key") == wonKey)
			}
			s.check("undo/redo")

			// The permalink reloads to the same position.
			s.hash(fragmentOf(seed, options, moves))
			s.do("reload", chromedp.Reload())
			s.waitDrawn()
			if got := s.main("data-applied") + "/" + s.main("data-state"); got != fmt.Sprintf("%d/won", len(moves)) || s.main("data-key") != wonKey {
				t.Errorf("after reloading the permalink: applied/state %s, same key: %v; refusal %q; hash %.300s", got, s.main("data-key") == wonKey,
					s.eval(`(document.querySelector("[data-refused-rule]") || {textContent: ""}).textContent`), s.eval("location.hash"))
			}

			// Hint and winnability a few moves before the end.
			// (The same page with another fragment: the page follows
			// the hash change.)
			near := moves[:max(0, len(moves)-6)]
			s.followHash(fragmentOf(seed, options, near), len(near))
			for _, kind := range []string{"hint", "winnable"} {
				s.do(kind, chromedp.Click(chromedp.CSS(`[data-action="`+kind+`"]`)))
				got := s.eval(`new Promise((ok) => { const t0 = Date.now(); (function poll() {
					const e = document.querySelector(".play-solver");
					if (e.hasAttribute("data-result")) { ok(e.getAttribute("data-result") + "|" + (e.getAttribute("data-next") || "") + "|" + e.textContent); return; }
					if (Date.now() - t0 > 20000) { ok("timeout|" + e.textContent); return; }
					setTimeout(poll, 20); })(); })`)
				parts := strings.SplitN(got, "|", 3)
				if parts[0] != "won" || parts[1] == "" {
					t.Errorf("%s near the end of a won line: %q, want won with a next move", kind, got)
					continue
				}
				if kind == "hint" && s.eval(`String(document.querySelectorAll("g.pile.hinted, .play-words button.hinted").length)`) == "0" {
					t.Errorf("the hint %s is not highlighted", parts[1])
				}
				if v.Hidden && !strings.Contains(parts[2], s.eval(`JSON.parse(document.getElementById("play-data").textContent).strings.openCardsYes`)) {
					t.Errorf("a hidden-card game's answer lacks the open-card caveat: %q", parts[2])
				}
			}
			if i == 0 {
				saveShot(t, s.ctx, filepath.Join(shots, "play-03-hint.png"), chromedp.CaptureScreenshot())
			}
			s.check("solver")
		})
	}
	s.t = t
	sort.Float64s(drawMS)
	sort.Float64s(moveMS)
	if len(drawMS) > 0 && len(moveMS) > 0 {
		t.Logf("first drawn deal from file://: median %.0f ms, max %.0f ms over %d pages", drawMS[len(drawMS)/2], drawMS[len(drawMS)-1], len(drawMS))
		t.Logf("time per move through the UI, redraw included: median %.2f ms, p90 %.2f ms over %d moves", moveMS[len(moveMS)/2], moveMS[len(moveMS)*9/10], len(moveMS))
		// The targets (1 s, 16 ms) are reported, not asserted: a timed
		// assertion fails on a loaded machine for reasons that are not
		// the page's (the project measures speed, it does not test it).
		if drawMS[len(drawMS)/2] > 1000 || moveMS[len(moveMS)/2] > 16 {
			t.Logf("over target: median first draw %.0f ms (target 1000), median move %.2f ms (target 16)", drawMS[len(drawMS)/2], moveMS[len(moveMS)/2])
		}
	}
	playCancel(t, s)
	playOpenFromDeal(t, s)
	playMotion(t, s)
	playPhone(t, s, shots)
}

// playMotion checks the animation switch: on by default, so a move slides
// its cards; off under prefers-reduced-motion, so they jump.
func playMotion(t *testing.T, s *playSession) {
	v, _ := engine.Lookup("la-belle-lucie")
	seed, options, moves := wonLine(t, s.ed, v)
	moved := func() string {
		list, _ := json.Marshal(moves[:1])
		s.eval(clickLine + "(" + string(list) + ")")
		return s.eval(`String(document.querySelector("#play-animate").checked) + "/" + String([...document.querySelectorAll(".play-board g.card")].some((g) => g.style.transition !== ""))`)
	}
	s.open(playPath("en", v.ID), fragmentOf(seed, options, nil))
	if got := moved(); got != "true/true" {
		t.Errorf("default motion: switch/sliding %s, want true/true", got)
	}
	if _, err := chromedp.Call(s.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}}); err != nil {
		t.Fatal(err)
	}
	s.do("leave", chromedp.Navigate("about:blank")) // a new document, not a hash change
	s.open(playPath("en", v.ID), fragmentOf(seed, options, nil))
	if got := moved(); got != "false/false" {
		t.Errorf("under prefers-reduced-motion: switch/sliding %s, want false/false", got)
	}
	if _, err := chromedp.Call(s.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}); err != nil {
		t.Fatal(err)
	}
	s.check("motion")
}

// playCancel asks a long question and cancels it: the page says so and
// shows no answer.
func playCancel(t *testing.T, s *playSession) {
	s.open(playPath("en", "new-places"), fragmentOf(3, nil, nil))
	s.do("ask and cancel", chromedp.SetValue(chromedp.CSS("#play-budget"), "10"),
		chromedp.Click(chromedp.CSS(`[data-action="winnable"]`)), chromedp.Click(chromedp.CSS(`[data-action="cancel"]`)))
	got := s.eval(`new Promise((ok) => setTimeout(() => { const e = document.querySelector(".play-solver");
		ok((e.getAttribute("data-result") || "none") + "|" + e.textContent + "|" + document.querySelector('[data-action="cancel"]').hidden + "|" + document.querySelector('[data-action="hint"]').disabled); }, 500))`)
	want := "none|" + s.eval(`JSON.parse(document.getElementById("play-data").textContent).strings.cancelled`) + "|true|false"
	if got != want {
		t.Errorf("after cancelling the solver: %q, want %q", got, want)
	}
	s.check("cancel")
}

// playOpenFromDeal steps an example deal on its game page and follows its
// "Open in Play" link: the Play page opens at that step.
func playOpenFromDeal(t *testing.T, s *playSession) {
	s.do("game page", chromedp.Navigate(s.fileURL+gamePath("en", "salic-law")), chromedp.WaitVisible(chromedp.CSS(".player.ready")),
		chromedp.Click(chromedp.CSS(`[data-go="forward"]`)), chromedp.Click(chromedp.CSS(`[data-go="forward"]`)), chromedp.Click(chromedp.CSS(`[data-go="forward"]`)))
	href := s.eval(`document.querySelector(".player a.open-play").href`)
	if !strings.Contains(href, "/play/index.html#seed=") || !strings.Contains(href, "&moves=") {
		t.Fatalf("Open in Play link at step 3: %s", href)
	}
	s.do("open in play", chromedp.Click(chromedp.CSS(".player a.open-play")))
	s.waitDrawn()
	if got := s.main("data-applied"); got != "3" {
		t.Errorf("the Play page opened from step 3 of a deal has data-applied %s", got)
	}
}

// playPhone checks a Play page at phone width: no sideways scroll, the
// table within the page.
func playPhone(t *testing.T, s *playSession, shots string) {
	s.do("phone", chromedp.EmulateViewport(390, 844))
	for _, id := range []string{"constitution", "sympathy"} {
		s.open(playPath("ru", id), fragmentOf(1, nil, nil))
		if got := s.eval(`String(document.documentElement.scrollWidth <= window.innerWidth + 1)`); got != "true" {
			t.Errorf("%s's Play page scrolls sideways on a phone: %s px wide", id, s.eval(`String(document.documentElement.scrollWidth)`))
		}
		// A table wider than the phone scrolls sideways in its box, which
		// is then a tab stop (play.js keeps the card indices readable).
		if got := s.eval(`(() => { const b = document.querySelector(".play-board"), r = b.getBoundingClientRect();
			return String(r.right <= window.innerWidth + 1 && (b.scrollWidth <= b.clientWidth + 1 || b.getAttribute("tabindex") === "0")); })()`); got != "true" {
			t.Errorf("%s's table box is wider than the phone, or scrolls without being a tab stop", id)
		}
		saveShot(t, s.ctx, filepath.Join(shots, "play-04-phone-"+id+".png"), chromedp.CaptureScreenshot())
		pileCounts(t, s, "ru")
	}
	s.open(playPath("en", "constitution"), fragmentOf(1, nil, nil))
	pileCounts(t, s, "en")
	s.check("phone")
}

// pileCounts checks the piles' accessible names count their cards in the
// language's grammar: 1 card, 2 cards; 1 карта, 3 карты, 5 карт, 21 карта.
func pileCounts(t *testing.T, s *playSession, lang string) {
	t.Helper()
	var labels []string
	if err := json.Unmarshal([]byte(s.eval(`JSON.stringify([...document.querySelectorAll(".play-board g.pile")].map((g) => g.getAttribute("aria-label")))`)), &labels); err != nil {
		t.Fatal(err)
	}
	count := regexp.MustCompile(`: (\d+) (\pL+),`)
	seen := 0
	for _, l := range labels {
		m := count.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		if want := cardsWord(lang, n); m[2] != want {
			t.Errorf("%s pile label %q: want %q after %d", lang, l, want, n)
		}
		seen++
	}
	if seen == 0 {
		t.Errorf("no %s pile label counts its cards: %q", lang, labels)
	}
}

// cardsWord is the word "cards" for n in lang (Russian: one, few, many).
func cardsWord(lang string, n int) string {
	if lang != "ru" {
		if n == 1 {
			return "card"
		}
		return "cards"
	}
	switch d, dd := n%10, n%100; {
	case d == 1 && dd != 11:
		return "карта"
	case d >= 2 && d <= 4 && (dd < 12 || dd > 14):
		return "карты"
	}
	return "карт"
}

// randomLines makes n random move lines of v, each with random options:
// mostly legal moves, sometimes a move written at random (often refused).
func randomLines(v *engine.Variant, n int, r *engine.Rand) []playLine {
	out := make([]playLine, n)
	for i := range out {
		var opts []string
		for _, o := range v.Options {
			if r.Intn(3) == 0 {
				opts = append(opts, o.ID)
			}
		}
		o, _ := v.ParseOptions(opts)
		seed := uint64(r.Intn(1000))
		s := engine.NewDeal(v, seed, o)
		var moves []string
		for len(moves) < 40 {
			legal := s.Moves()
			if len(legal) == 0 || r.Intn(8) == 0 {
				moves = append(moves, randomWritten(v, r))
				break // the line stops here if it is refused; keep it short
			}
			m := legal[r.Intn(len(legal))]
			moves = append(moves, v.FormatMove(m))
			s.Do(m)
		}
		out[i] = playLine{Seed: seed, Options: opts, Moves: moves}
	}
	return out
}

// randomWritten writes a move at random: a transfer between two piles, a
// game word, or nonsense.
func randomWritten(v *engine.Variant, r *engine.Rand) string {
	switch r.Intn(6) {
	case 0:
		return "nonsense"
	case 1:
		if len(v.Actions) > 0 {
			return v.Actions[r.Intn(len(v.Actions))]
		}
	}
	return v.Piles[r.Intn(len(v.Piles))].ID + ">" + v.Piles[r.Intn(len(v.Piles))].ID
}

type playLine struct {
	Seed    uint64   `json:"seed,string"` // the engine takes a seed as its decimal string
	Options []string `json:"options"`
	Moves   []string `json:"moves"`
}

// nativeReplay is what the native engine says of a line: the key after
// every applied move, and the refusal.
func nativeReplay(v *engine.Variant, l playLine) (keys []string, illegal *engine.Illegal, final engine.StateView) {
	o, _ := v.ParseOptions(l.Options)
	s := engine.NewDeal(v, l.Seed, o)
	for i, text := range l.Moves {
		m, err := v.ParseMove(text)
		if err != nil {
			illegal = &engine.Illegal{Index: i + 1, Move: text, Rule: engine.RuleSyntax.ID}
			break
		}
		if r := s.CheckPlayable(m); r != nil {
			illegal = &engine.Illegal{Index: i + 1, Move: text, Rule: r.ID}
			break
		}
		s.Do(m)
		keys = append(keys, fmt.Sprintf("%x", s.Key(nil)))
	}
	return keys, illegal, s.View(false)
}

// TestPlayAgreement replays the same random lines (300 per game, with
// random options) in the browser's WebAssembly engine and in the native
// one: the same key after every move, the same refusal (move number and
// rule), the same final state. Each line is asked for twice in the
// browser, once traced from the deal and once after a jump from the
// previous line, so the page's cached position is checked too.
func TestPlayAgreement(t *testing.T) {
	s := newPlaySession(t)
	r := engine.NewRand(2026)
	total, moves := 0, 0
	for _, v := range engine.Variants() {
		t.Run(v.ID, func(t *testing.T) {
			s.t = t
			s.open(playPath("en", v.ID), fragmentOf(1, nil, nil))
			lines := randomLines(v, 300, r)
			req, _ := json.Marshal(lines)
			// The page's engine, in its worker (pasyansWasm.engine).
			out := s.eval(`(async () => {
				const lines = ` + string(req) + `;
				const res = [];
				const eng = await pasyansWasm.engine();
				for (const l of lines) {
					const a = await eng.call("position", {game: ` + strconv.Quote(v.ID) + `, seed: l.seed, options: l.options || [], moves: l.moves, trace: true});
					const b = await eng.call("position", {game: ` + strconv.Quote(v.ID) + `, seed: l.seed, options: l.options || [], moves: l.moves});
					if (a.error || b.error) { res.push({error: a.error || b.error}); continue; }
					res.push({keys: a.ok.keys, illegal: a.ok.illegal, applied: a.ok.applied, key: b.ok.key, applied2: b.ok.applied, state: JSON.stringify(a.ok.state)});
				}
				return JSON.stringify(res);
			})()`)
			var got []struct {
				Error    string
				Keys     []string
				Illegal  *engine.Illegal
				Applied  int
				Key      string
				Applied2 int
				State    string
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			for i, l := range lines {
				g := got[i]
				if g.Error != "" {
					t.Fatalf("line %d %+v: %s", i, l, g.Error)
				}
				keys, ill, final := nativeReplay(v, l)
				total++
				moves += len(keys)
				if !slices.Equal(g.Keys, keys) && !(len(g.Keys) == 0 && len(keys) == 0) {
					t.Fatalf("line %d %+v: keys differ after move %d", i, l, firstKeyDiff(g.Keys, keys)+1)
				}
				if (ill == nil) != (g.Illegal == nil) || ill != nil && (ill.Index != g.Illegal.Index || ill.Rule != g.Illegal.Rule) {
					t.Fatalf("line %d %+v: refusal %+v in the browser, %+v natively", i, l, g.Illegal, ill)
				}
				if g.Applied != len(keys) || g.Applied2 != len(keys) {
					t.Fatalf("line %d: applied %d / %d in the browser, %d natively", i, g.Applied, g.Applied2, len(keys))
				}
				if len(keys) > 0 && g.Key != keys[len(keys)-1] {
					t.Fatalf("line %d: the cached position's key differs from the traced one", i)
				}
				if !sameState(t, g.State, final) {
					t.Fatalf("line %d %+v: final states differ:\nbrowser %s", i, l, g.State)
				}
			}
			s.check("agreement")
		})
	}
	s.t = t
	t.Logf("agreement: %d lines, %d moves, all equal in the browser and natively", total, moves)
}

func firstKeyDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// sameState compares the browser's state (JSON) with the native view.
func sameState(t *testing.T, browser string, native engine.StateView) bool {
	t.Helper()
	var b engine.StateView
	if err := json.Unmarshal([]byte(browser), &b); err != nil {
		t.Fatal(err)
	}
	norm := func(v *engine.StateView) string {
		if len(v.Options) == 0 {
			v.Options = nil
		}
		for i := range v.Piles {
			if len(v.Piles[i].Cards) == 0 {
				v.Piles[i].Cards = nil
			}
		}
		j, _ := json.Marshal(v)
		return string(j)
	}
	return norm(&b) == norm(&native)
}

// playCSP is the Content-Security-Policy pasyans serve sends.
const playCSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// serveCSP serves the session's site over HTTP under playCSP, as pasyans
// serve does, until the test ends, and makes the session open its pages
// from there.
func (s *playSession) serveCSP() {
	files := http.FileServer(http.Dir(s.dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", playCSP)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if r.URL.Path == "/favicon.ico" { // the browser's own request; the site has none
			w.WriteHeader(http.StatusNoContent)
			return
		}
		files.ServeHTTP(w, r)
	}))
	s.t.Cleanup(srv.Close)
	s.fileURL = srv.URL + "/"
}

// TestPlayServedCSP opens a Play page over HTTP under the site's
// Content-Security-Policy, as pasyans serve shows it: the engine loads,
// a move is played, the worker answers, and nothing breaks the policy.
func TestPlayServedCSP(t *testing.T) {
	s := newPlaySession(t)
	s.serveCSP()
	v, _ := engine.Lookup("la-belle-lucie")
	seed, options, moves := wonLine(t, s.ed, v)
	s.open(playPath("en", v.ID), fragmentOf(seed, options, moves[:len(moves)-3]))
	if got := s.main("data-applied"); got != strconv.Itoa(len(moves)-3) {
		t.Fatalf("served Play page: data-applied %s, want %d", got, len(moves)-3)
	}
	// Served, the page's thread never loads the engine's script: a worker
	// loads, decodes and compiles it (site/static/wasm.js).
	if got := s.eval(`String(typeof globalThis.pasyansEngine) + " " + document.querySelectorAll('script[src*="engine."]').length`); got != "undefined 0" {
		t.Errorf("served Play page: the engine's script on the page's thread (typeof pasyansEngine, script tags): %s", got)
	}
	list, _ := json.Marshal(moves[len(moves)-3 : len(moves)-2])
	if out := s.eval(clickLine + "(" + string(list) + ")"); strings.Contains(out, "error") {
		t.Fatal(out)
	}
	s.do("winnable", chromedp.Click(chromedp.CSS(`[data-action="winnable"]`)))
	got := s.eval(`new Promise((ok) => { const t0 = Date.now(); (function poll() {
		const e = document.querySelector(".play-solver");
		if (e.hasAttribute("data-result")) { ok(e.getAttribute("data-result")); return; }
		if (Date.now() - t0 > 20000) { ok("timeout: " + e.textContent); return; }
		setTimeout(poll, 20); })(); })`)
	if got != "won" {
		t.Errorf("served Play page, winnability two moves from a win: %s", got)
	}
	// The game page's deal player loads the engine when stepped.
	s.do("served game page", chromedp.Navigate(s.fileURL+gamePath("en", v.ID)), chromedp.WaitVisible(chromedp.CSS(".player.ready")),
		chromedp.Click(chromedp.CSS(`[data-go="forward"]`)))
	if got := s.eval(`new Promise((ok) => { const t0 = Date.now(); (function poll() { const d = document.querySelector(".player").getAttribute("data-drawn");
		if (d === "1" || Date.now() - t0 > 20000) { ok(d + "|" + document.querySelectorAll(".player .board svg g.card").length); return; } setTimeout(poll, 20); })(); })`); !strings.HasPrefix(got, "1|") || strings.HasSuffix(got, "|0") {
		t.Errorf("served game page: the deal player's step 1 drawn/cards %q", got)
	}
	s.check("served under the CSP")
}
