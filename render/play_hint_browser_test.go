package render

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"pasyans/engine"
	"pasyans/engine/solve"
)

// followHints presses Hint and plays the hinted move, again and again,
// until the page says won (or a step fails). It returns the moves played
// and the searches the worker ran: a hint on the kept winning line needs
// none.
const followHints = `(async (maxSteps) => {
	const main = document.querySelector("main[data-game]");
	const solver = document.querySelector(".play-solver");
	const play = ` + clickLine + `;
	const wait = (cond, ms) => new Promise((ok) => { const t0 = Date.now(); (function poll() {
		const v = cond(); if (v) { ok(v); return; } if (Date.now() - t0 > ms) { ok(null); return; } setTimeout(poll, 10); })(); });
	let searches = 0, steps = 0, last = "";
	while (main.getAttribute("data-state") !== "won" && steps < maxSteps) {
		const before = main.getAttribute("data-applied");
		document.querySelector('[data-action="hint"]').click();
		const h = await wait(() => main.getAttribute("data-hint") ||
			(solver.hasAttribute("data-result") && solver.getAttribute("data-result") !== "won" ? "!" + solver.getAttribute("data-result") : ""), 90000);
		if (!h || h[0] === "!") { return JSON.stringify({error: "no hint after move " + before + ": " + h + " " + solver.textContent, steps, searches}); }
		if (main.getAttribute("data-message") !== "hint") { return JSON.stringify({error: "hint " + h + " shown with data-message " + main.getAttribute("data-message")}); }
		if (solver.getAttribute("data-source") === "search") { searches++; }
		const r = JSON.parse(await play([h]));
		if (r.error) { return JSON.stringify({error: r.error + " (after " + last + ")", steps, searches}); }
		if (main.getAttribute("data-hint") !== "") { return JSON.stringify({error: "data-hint " + main.getAttribute("data-hint") + " stays after its move"}); }
		last = h;
		steps++;
	}
	return JSON.stringify({state: main.getAttribute("data-state"), message: main.getAttribute("data-message"), steps, searches});
})`

// hintDeal is a deal whose hints a test follows to the win.
type hintDeal struct {
	game string
	seed uint64
	why  string
}

// hintsPerGame is how many deals of each game the test follows hints on.
const hintsPerGame = 3

// hintNodes bounds the native search that picks the deals: what the
// page's worker searches in a few seconds on a quiet machine, against the
// test's budget of 60 s, the page's largest (under a load of 13 on two
// cores the Zodiac's third deal took more than 20 s: the Equator bound
// makes a position dearer).
const hintNodes = 200000

// hintDeals are the three deals on which hints once looped (issue #48)
// and, for every game, the first deals (hintsPerGame of them, the looped
// ones counted) that the native solver wins within hintNodes positions.
// (In positions, not time: chosen by 0.5 s of search, the deals changed
// with the machine's load, and on a loaded machine a game could have too
// few.)
func hintDeals(t *testing.T) []hintDeal {
	looped := []hintDeal{{"st-helena", 1, "looped"}, {"st-helena", 3, "looped"}, {"new-places", 3, "looped"}}
	ds := slices.Clone(looped)
	for _, v := range engine.Variants() {
		n := 0
		for _, d := range looped {
			if d.game == v.ID {
				n++
			}
		}
		for seed := uint64(1); seed <= 40 && n < hintsPerGame; seed++ {
			if slices.Contains(looped, hintDeal{v.ID, seed, "looped"}) {
				continue
			}
			r := solve.Solve(engine.NewDeal(v, seed, 0), solve.Options{MaxNodes: hintNodes, MaxSeen: 1 << 20})
			if r.Outcome == solve.Won {
				ds = append(ds, hintDeal{v.ID, seed, "won natively in " + strconv.FormatInt(r.Nodes, 10) + " positions"})
				n++
			}
		}
		if n < hintsPerGame {
			t.Errorf("%s: %d deals of 1…40 won natively within %d positions, want %d to follow hints on", v.ID, n, hintNodes, hintsPerGame)
		}
	}
	return ds
}

// TestPlayHints follows the page's hints from the deal to the win: the
// winning line the worker found is kept and replayed while the player
// follows it, so the hints end (they once looped between a move and its
// reverse, each computed afresh).
func TestPlayHints(t *testing.T) {
	if testing.Short() {
		t.Skip("follows hints to the win in a browser")
	}
	s := newPlaySession(t)
	for i, d := range hintDeals(t) {
		t.Run(fmt.Sprintf("%s-%d", d.game, d.seed), func(t *testing.T) {
			s.t = t
			s.open(playPath([]string{"en", "ru"}[i%2], d.game), fragmentOf(d.seed, nil, nil))
			s.do("budget", chromedp.SetValue(chromedp.CSS("#play-budget"), "60"))
			t0 := time.Now()
			var res struct {
				State, Message, Error string
				Steps, Searches       int
			}
			if err := json.Unmarshal([]byte(s.eval(followHints+"(2000)")), &res); err != nil {
				t.Fatal(err)
			}
			if res.Error != "" {
				t.Fatalf("%s (%s): %s", d.game, d.why, res.Error)
			}
			if res.State != "won" || res.Message != "won" {
				t.Fatalf("after %d hinted moves: data-state %q, data-message %q; want won", res.Steps, res.State, res.Message)
			}
			t.Logf("%s seed %d (%s): won by following %d hints, %d searches, %v", d.game, d.seed, d.why, res.Steps, res.Searches, time.Since(t0).Round(time.Millisecond))
			s.check("hints")
		})
	}
	// On a device with two cores or more two workers search each
	// question; the page takes the first decided answer. Shown here by a
	// page that reports two cores (as this machine has).
	t.Run("two-workers", func(t *testing.T) {
		s.t = t
		added, err := chromedp.Call(s.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `Object.defineProperty(navigator, "hardwareConcurrency", {get: () => 2})`})
		if err != nil {
			t.Fatal(err)
		}
		defer chromedp.Call(s.ctx, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: added.Identifier})
		s.open(playPath("en", "new-places"), fragmentOf(3, nil, nil))
		s.do("budget", chromedp.SetValue(chromedp.CSS("#play-budget"), "60"))
		if got := s.eval(`document.querySelector(".play-solver").getAttribute("data-workers")`); got != "2" {
			t.Fatalf("a page on two cores runs %s workers, want 2", got)
		}
		var res struct {
			State, Error    string
			Steps, Searches int
		}
		if err := json.Unmarshal([]byte(s.eval(followHints+"(2000)")), &res); err != nil {
			t.Fatal(err)
		}
		if res.Error != "" || res.State != "won" {
			t.Fatalf("with two workers: %s, state %q", res.Error, res.State)
		}
		t.Logf("new-places seed 3 with two workers: won by following %d hints, %d searches", res.Steps, res.Searches)
		s.check("two workers")
		// While both workers search a question they do not decide, the
		// page's own thread keeps answering: a 10 ms timer is never late
		// by a second.
		s.open(playPath("en", "zodiac"), fragmentOf(2, nil, nil))
		s.do("budget", chromedp.SetValue(chromedp.CSS("#play-budget"), "2"))
		var busy struct {
			Gap     float64
			Answers string
		}
		if err := json.Unmarshal([]byte(s.eval(mainThreadGap)), &busy); err != nil {
			t.Fatal(err)
		}
		if busy.Gap > 1000 {
			t.Errorf("while two workers searched, the page's thread stalled for %.0f ms", busy.Gap)
		}
		t.Logf("zodiac seed 2, two workers searching (%s answered): the page's thread at most %.0f ms late", busy.Answers, busy.Gap)
	})
}

// mainThreadGap asks the page's solver a question and returns, as JSON,
// the longest gap (ms) between the runs of a 10 ms timer on the page's
// thread while the workers search, and how many of them answered.
const mainThreadGap = `new Promise((ok) => {
	const e = document.querySelector(".play-solver");
	e.removeAttribute("data-result");
	document.querySelector('[data-action="winnable"]').click();
	let last = performance.now(), gap = 0;
	(function tick() {
		const now = performance.now();
		gap = Math.max(gap, now - last - 10);
		last = now;
		if (e.hasAttribute("data-result")) { ok(JSON.stringify({Gap: gap, Answers: e.getAttribute("data-answers")})); return; }
		setTimeout(tick, 10); })(); })`

// TestPlayBadLinks opens the Play page on hostile fragments: each gives a
// message beside a playable board, whose controls still work, and the
// permalink and the printed command agree on the deal.
func TestPlayBadLinks(t *testing.T) {
	s := newPlaySession(t)
	v, _ := engine.Lookup("st-helena")
	long := strings.Repeat("t1>t2", 2000)
	for _, c := range []struct {
		frag, seed, message string
	}{
		{"#seed=99999999999999999999", "", "bad-link"},
		{"#seed=18446744073709551617", "", "bad-link"},
		{"#seed=1&options=bogus", "1", "bad-link"},
		{"#seed=1.5", "", "bad-link"},
		{"#seed=1e3", "", "bad-link"},
		{"#seed=0x1F", "", "bad-link"},
		{"#seed=-5", "", "bad-link"},
		{"#seed=010", "", "bad-link"},
		{"#garbage", "", "bad-link"},
		{"#seed=9007199254740993", "9007199254740993", ""},
		{"#seed=18446744073709551615", "18446744073709551615", ""},
		{"#seed=2&moves=" + long, "2", "refused"},
	} {
		name := c.frag
		if len(name) > 40 {
			name = name[:40]
		}
		t.Run(name, func(t *testing.T) {
			s.t = t
			s.do("phone", chromedp.EmulateViewport(390, 844))
			s.open(playPath("en", v.ID), c.frag)
			got := s.main("data-seed")
			if c.seed != "" && got != c.seed {
				t.Errorf("data-seed %q, want %q", got, c.seed)
			}
			if msg := s.main("data-message"); msg != c.message {
				t.Errorf("data-message %q, want %q (notice %q)", msg, c.message, s.eval(`document.querySelector(".play-notice").textContent`))
			}
			if c.message == "bad-link" && s.eval(`document.querySelector(".play-notice").textContent`) == "" {
				t.Error("a bad link is refused without a word")
			}
			if c.seed != "" {
				n, _ := strconv.ParseUint(c.seed, 10, 64)
				o, _ := v.ParseOptions(nil)
				want := fmt.Sprintf("%x", engine.NewDeal(v, n, o).Key(nil))
				if key := s.main("data-key"); key != want && c.message != "refused" {
					t.Errorf("seed %s: the page's deal differs from the engine's", c.seed)
				}
			}
			// The permalink and the printed command name the same deal.
			frag := s.eval(`new Promise((ok) => setTimeout(() => ok(location.hash), 300))`)
			cmd := s.eval(`document.querySelector(".play-command").textContent`)
			if !strings.HasPrefix(frag, "#seed="+got) || !strings.Contains(cmd, " -seed "+got+" ") {
				t.Errorf("permalink %.60q and command %.80q disagree with data-seed %s", frag, cmd, got)
			}
			if w := s.eval(`String(document.documentElement.scrollWidth)`); w != "390" {
				t.Errorf("the page is %s px wide at 390 px", w)
			}
			// Every control works: New deal deals, Deal this seed deals the typed seed.
			s.do("new deal", chromedp.Click(chromedp.CSS(`[data-action="new-deal"]`)))
			if s.main("data-message") == "bad-link" || s.eval(`String(document.querySelectorAll("g.pile").length > 0)`) != "true" {
				t.Error("New deal does not deal after the bad link")
			}
			s.do("deal seed", chromedp.SetValue(chromedp.CSS("#play-seed"), "12345678901234567890"), chromedp.Click(chromedp.CSS(`[data-action="deal-seed"]`)))
			if got := s.main("data-seed"); got != "12345678901234567890" {
				t.Errorf("Deal this seed: data-seed %q", got)
			}
			if got := s.eval(`document.activeElement.getAttribute("data-action") || document.activeElement.tagName`); got != "deal-seed" {
				t.Errorf("after Deal this seed the focus is on %s", got)
			}
			s.do("deal bad seed", chromedp.SetValue(chromedp.CSS("#play-seed"), "1e3"), chromedp.Click(chromedp.CSS(`[data-action="deal-seed"]`)))
			if got := s.main("data-seed") + "/" + s.main("data-message"); got != "12345678901234567890/bad-link" {
				t.Errorf("a typed bad seed: data-seed/data-message %q", got)
			}
			s.check("bad link")
		})
	}
	s.do("desktop", chromedp.EmulateViewport(1280, 800))
}
