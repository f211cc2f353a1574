package solve

import (
	"testing"

	"pasyans/engine"
)

// noEnd makes a Solver play salic-law's endgame with the general search.
func noEnd(v *engine.Variant) func(*Solver) {
	return func(sv *Solver) {
		g := newSalicLaw(v)
		g.noEnd = true
		sv.ctx = g
	}
}

// TestSalicLawEndgame compares the answers of the endgame search (see
// slEnd) with those of the general search after the deal, on whole deals
// and on positions after the deal reached by random play, with and
// without any-time; the wins found are replayed (compare, agreeWith).
func TestSalicLawEndgame(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	for _, opts := range [][]string{nil, {"any-time"}} {
		if n := agreeWith(t, v, opts, 40, 40000, noEnd(v)); n < 20 {
			t.Errorf("%v: only %d deals decided both ways", opts, n)
		}
		afterDeal(t, v, opts, 150, "the endgame search", noEnd(v))
	}
}

// TestSalicLawEndgameSleep compares the answers of the endgame search
// with and without its sleep sets (see wake) on positions after the deal
// reached by random play, and on whole deals.
func TestSalicLawEndgameSleep(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	noSleep := func(sv *Solver) { sv.ctx.(*salicLaw).end.noSleep = true }
	for _, opts := range [][]string{nil, {"any-time"}} {
		if n := agreeWith(t, v, opts, 40, 40000, noSleep); n < 20 {
			t.Errorf("%v: only %d deals decided both ways", opts, n)
		}
		afterDeal(t, v, opts, 150, "the sleep sets", noSleep)
	}
}

// TestSalicLawEndgameTakesOver checks that the endgame search is used
// where it should be and nowhere else: after the deal (not during it), not
// under once-per-king, and not once its trie is full, where the general
// search answers alike.
func TestSalicLawEndgameTakesOver(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	deal := func(opts []string) *engine.State {
		s := engine.NewDeal(v, 3, mustOptions(t, v, opts))
		for len(s.Piles[slStock].Cards) > 0 {
			s.Do(s.Moves()[0]) // the deal
		}
		return s
	}
	g := newSalicLaw(v)
	start := engine.NewDeal(v, 3, 0)
	g.start(start)
	if g.takes(start) {
		t.Error("taken over during the deal")
	}
	if s := deal(nil); !g.takes(s) {
		t.Error("not taken over after the deal")
	}
	if s := deal([]string{"once-per-king"}); g.takes(s) {
		t.Error("taken over under once-per-king")
	}
	// A trie too small for any layout: every endgame is the general
	// search's, with the same answers.
	small := func(sv *Solver) { sv.ctx.(*salicLaw).end.nodeCap = 20 }
	p := &pair{with: New(v), without: New(v), o: Options{MaxNodes: 30000, ProbeShare: -1}}
	small(p.with)
	noEnd(v)(p.without)
	for seed := uint64(1); seed <= 30; seed++ {
		s := engine.NewDeal(v, seed, 0)
		r := p.with.Solve(s, p.o)
		if e := &p.with.ctx.(*salicLaw).end; e.lost.n != 0 {
			t.Fatalf("seed %d: %d positions recorded by the endgame search past its trie's cap", seed, e.lost.n)
		}
		if r.Outcome != Unknown {
			p.compare(t, s, "a full trie")
		}
	}
	if p.decided < 10 {
		t.Errorf("only %d deals decided both ways", p.decided)
	}
}

// TestSlLostSet checks the lost set: a key is held once added, a place
// found before other keys were added (or before the table grew) still
// records the key where find will look for it, and the cap stops it.
func TestSlLostSet(t *testing.T) {
	var ls slLostSet
	ls.reset()
	key := func(i int) slEndKey { return slEndKey{uint64(i)*0x10001 + 1, uint64(i % 7)} }
	const n = 5000
	var at [n]slot
	for i := 0; i < n; i++ {
		k := key(i)
		var ok bool
		if at[i], ok = ls.find(&k); ok {
			t.Fatalf("key %d held before it was added", i)
		}
	}
	for i := n - 1; i >= 0; i-- { // the places, found first, are stale now
		k := key(i)
		if !ls.addAt(&k, at[i], 0, nil) {
			t.Fatalf("key %d: set full", i)
		}
	}
	if ls.n != n || ls.grown == 0 {
		t.Fatalf("%d keys after %d growths, want %d and some", ls.n, ls.grown, n)
	}
	for i := 0; i < n; i++ {
		if k := key(i); !held(&ls, k) {
			t.Fatalf("key %d lost", i)
		}
	}
	if k := key(n); held(&ls, k) {
		t.Fatal("a key never added is held")
	}
	k := key(n)
	at0, _ := ls.find(&k)
	if ls.addAt(&k, at0, n, nil) || held(&ls, k) {
		t.Fatal("a key recorded past the cap")
	}
}

func held(ls *slLostSet, k slEndKey) bool {
	_, ok := ls.find(&k)
	return ok
}
