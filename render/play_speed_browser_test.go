package render

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pasyans/engine"
	"pasyans/engine/solve"
)

// askWorker asks the page's solver whether the position can still be
// won and returns "result nodes ms" of the answer.
const askWorker = `new Promise((ok) => {
	const e = document.querySelector(".play-solver");
	e.removeAttribute("data-result");
	document.querySelector('[data-action="winnable"]').click();
	const t0 = Date.now();
	(function poll() {
		if (e.hasAttribute("data-result")) { ok(e.getAttribute("data-result") + " " + e.getAttribute("data-nodes") + " " + e.getAttribute("data-ms")); return; }
		if (Date.now() - t0 > 30000) { ok("timeout"); return; }
		setTimeout(poll, 20); })(); })`

// TestPlaySolverSpeed reports, per game, the page's solver speed as a
// ratio of one native thread's: positions per second on the first
// question (the worker warmed when the page opened) and on a later one,
// against the same search natively (the worker's bounds, one thread).
// The figures are reported, not asserted (they measure a loaded machine
// as much as the code).
func TestPlaySolverSpeed(t *testing.T) {
	if testing.Short() {
		t.Skip("times the solver in a browser")
	}
	s := newPlaySession(t)
	const budget = 2 * time.Second
	var rows []string
	for _, v := range engine.Variants() {
		seed := searchedDeal(v)
		s.open(playPath("en", v.ID), fragmentOf(seed, nil, nil))
		s.do("budget", chromedp.SetValue(chromedp.CSS("#play-budget"), "2"))
		s.eval(`new Promise((ok) => setTimeout(() => ok(""), 800))`) // the warm-up's short search
		var rates [2]float64
		var visited int64
		var results [2]string
		for q := 0; q < 2; q++ {
			var n int64
			var ms float64
			got := s.eval(askWorker)
			if _, err := fmt.Sscan(got, &results[q], &n, &ms); err != nil || n == 0 || ms == 0 {
				t.Fatalf("%s: worker answer %q", v.ID, got)
			}
			rates[q] = float64(n) / (ms / 1000)
			visited = n
		}
		// The same search natively: the solver is deterministic on one
		// thread, so the first n positions are the page's.
		start := time.Now()
		r := solve.Solve(engine.NewDeal(v, seed, 0), solve.Options{Budget: budget, MaxNodes: visited, MaxSeen: 1 << 20, MaxMem: 256 << 20})
		native := float64(r.Nodes) / time.Since(start).Seconds()
		rows = append(rows, fmt.Sprintf("%-15s seed %2d native %9.0f/s (%s, %d)  page first %8.0f/s = %.2f×  later %8.0f/s = %.2f×  (%s)",
			v.ID, seed, native, r.Outcome, r.Nodes, rates[0], rates[0]/native, rates[1], rates[1]/native, results[1]))
	}
	s.check("solver speed")
	t.Logf("positions per second, page ÷ one native thread, budget %v:\n%s", budget, strings.Join(rows, "\n"))
}

// searchedDeal is a deal of v whose question takes the solver long enough
// to be timed: the first of deals 1…12 on which 0.3 s of native search
// visits 20,000 positions or more, else the one it visits most on.
func searchedDeal(v *engine.Variant) uint64 {
	best, most := uint64(1), int64(-1)
	for seed := uint64(1); seed <= 12; seed++ {
		r := solve.Solve(engine.NewDeal(v, seed, 0), solve.Options{Budget: 300 * time.Millisecond, MaxSeen: 1 << 20})
		if r.Nodes >= 20000 {
			return seed
		}
		if r.Nodes > most {
			best, most = seed, r.Nodes
		}
	}
	return best
}
