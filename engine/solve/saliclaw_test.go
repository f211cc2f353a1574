package solve

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"pasyans/engine"
)

// TestSalicLawKnowledge compares answers with and without the safe moves
// under every option (the key merges suits by design, so it is not checked
// against the generic key; TestWonReplays and the corpus deals replay its
// wins).
func TestSalicLawKnowledge(t *testing.T) {
	for _, opts := range [][]string{nil, {"any-time"}, {"once-per-king"}} {
		agreeKnowledge(t, "salic-law", opts, 30, 30000)
		agreeAlongLines(t, "salic-law", opts, 6, 25, 20000)
	}
}

// TestSalicLawDead checks the dead-position bound on made-up positions
// after the deal: the only needed card (a two) lies under two cards, so
// one bare king is not enough and two are.
func TestSalicLawDead(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	g := newSalicLaw(v)
	s := engine.NewDeal(v, 1, 0)
	card := func(x string) engine.Card { c, _ := engine.ParseCard(x); return c }
	lay := func(packets ...string) {
		for i := 0; i < 8; i++ {
			s.Piles[slKings+i].Cards = s.Piles[slKings+i].Cards[:0]
			s.Piles[slFound+i].Cards = append(s.Piles[slFound+i].Cards[:0], card("AS"))
		}
		s.Piles[slStock].Cards = s.Piles[slStock].Cards[:0]
		for i, p := range packets {
			for _, c := range splitCards(p) {
				s.Piles[slKings+i].Cards = append(s.Piles[slKings+i].Cards, card(c))
			}
		}
	}
	lay("KS 5H 7H 9H", "KH", "KD 2C 8C 9C", "KC 3S", "KS 4D", "KH 6D", "KD 7D", "KC 8D")
	if !g.dead(s) {
		t.Error("the two under two cards with one bare king: not dead")
	}
	lay("KS 5H 7H 9H", "KH", "KD 2C 8C 9C", "KC", "KS 4D", "KH 6D", "KD 7D", "KC 8D")
	if g.dead(s) {
		t.Error("the two under two cards with two bare kings: dead")
	}
}

// salicPlain is salic-law's context with the pruning named by the flags
// turned off, and without dead positions and safe moves at all when bare.
func salicPlain(v *engine.Variant, noLazy, noBound, noDom, noChain, noTwin, bareCtx bool) gameCtx {
	g := newSalicLaw(v)
	g.noLazy, g.noBound, g.noDom, g.noChain, g.noTwin = noLazy, noBound, noDom, noChain, noTwin
	if bareCtx {
		return bare{g}
	}
	return g
}

// TestSalicLawPruning compares the answers of the full knowledge with those
// of a search without the lazy rule, the rank bound, the foundation-first
// pruning, the dig-chain rule, the pending flag's dominance, any dead
// position or safe move and the game's move generator (the engine's moves
// instead), on whole deals and on positions along winning lines, under
// every option; and each of the five off alone on whole deals.
func TestSalicLawPruning(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	plain := func(sv *Solver) {
		sv.ctx = salicPlain(v, true, true, true, true, true, true)
		sv.gen = nil
	}
	for _, opts := range [][]string{nil, {"any-time"}, {"once-per-king"}} {
		agreeWith(t, v, opts, 40, 40000, plain)
		agreeLines(t, v, opts, 8, 20, 20000, plain)
	}
	for i, off := range []func(sv *Solver){
		func(sv *Solver) { sv.ctx = salicPlain(v, true, false, false, false, false, false) },
		func(sv *Solver) { sv.ctx = salicPlain(v, false, true, false, false, false, false) },
		func(sv *Solver) { sv.ctx = salicPlain(v, false, false, true, false, false, false) },
		func(sv *Solver) { sv.ctx = salicPlain(v, false, false, false, true, false, false) },
		func(sv *Solver) { sv.ctx = salicPlain(v, false, false, false, false, true, false) },
	} {
		if n := agreeWith(t, v, nil, 40, 40000, off); n < 20 {
			t.Errorf("pruning %d: only %d deals decided both ways", i, n)
		}
	}
}

// TestSalicLawBoundOnWins checks that no position along a winning line is
// called dead, over the deals the solver wins.
func TestSalicLawBoundOnWins(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	for _, opts := range [][]string{nil, {"any-time"}, {"once-per-king"}} {
		o, _ := v.ParseOptions(opts)
		sv := New(v)
		g := newSalicLaw(v)
		wins := 0
		for seed := uint64(1); seed <= 60; seed++ {
			s := engine.NewDeal(v, seed, o)
			r := sv.Solve(s, Options{MaxNodes: 100000})
			if r.Outcome != Won {
				continue
			}
			wins++
			g.start(s)
			for i, m := range r.Moves {
				if g.dead(s) {
					t.Fatalf("%v seed %d: dead before move %d of a winning line", opts, seed, i+1)
				}
				s.Do(m)
			}
		}
		t.Logf("%v: %d winning lines", opts, wins)
	}
}

// TestSalicLawLateDeal compares answers with and without the pruning on
// positions late in the deal and after it, reached by random play (most of
// them lost, so that the dead positions are put to the test).
func TestSalicLawLateDeal(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	for _, opts := range [][]string{nil, {"any-time"}, {"once-per-king"}} {
		o, _ := v.ParseOptions(opts)
		with, without := New(v), New(v)
		without.ctx = salicPlain(v, true, true, true, true, true, true)
		without.gen = nil
		decided, lost := 0, 0
		for seed := uint64(1); seed <= 120; seed++ {
			s := engine.NewDeal(v, seed, o)
			rng := engine.NewRand(seed)
			stop := int(seed % 12)
			for len(s.Piles[slStock].Cards) > stop {
				ms := s.Moves()
				m := ms[0] // the deal
				if len(ms) > 1 && rng.Intn(4) != 0 {
					m = ms[1+rng.Intn(len(ms)-1)]
				}
				s.Do(m)
			}
			a := with.Solve(s, Options{MaxNodes: 20000, ProbeShare: -1})
			b := without.Solve(s, Options{MaxNodes: 20000, ProbeShare: -1})
			if a.Outcome != Unknown && b.Outcome != Unknown {
				decided++
				if a.Outcome == Lost {
					lost++
				}
				if a.Outcome != b.Outcome {
					t.Errorf("%v seed %d: %s with the pruning, %s without", opts, seed, a.Outcome, b.Outcome)
				}
			}
		}
		t.Logf("%v: %d positions decided both ways, %d lost", opts, decided, lost)
	}
}

// TestSalicLawChain compares answers with and without the dig-chain rule
// (everything else on) on positions after the deal, reached by random
// play, without and with any-time; the wins found are replayed.
func TestSalicLawChain(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	for _, opts := range [][]string{nil, {"any-time"}} {
		afterDeal(t, v, opts, 150, "the dig-chain rule", func(sv *Solver) {
			sv.ctx = salicPlain(v, false, false, false, true, false, false)
		})
	}
}

// TestSalicLawOnceLone compares answers with and without the
// foundation-first pruning and the lone-card safe move under
// once-per-king, on positions after the deal reached by random play. (The
// lone-card safe move is not sound there and is off: with it, a position
// of deal 8 was called lost that the search without it wins.)
func TestSalicLawOnceLone(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	afterDeal(t, v, []string{"once-per-king"}, 150, "once-per-king, noDom", func(sv *Solver) {
		sv.ctx = salicPlain(v, false, false, true, false, false, false)
	})
}

// afterDeal compares the full knowledge with the one mod makes on
// positions after the deal of seeds 1..deals, reached by random play (now
// and then a move other than the deal, then a few random moves after it);
// it fails unless at least 100 are decided both ways, 10 of them lost.
func afterDeal(t *testing.T, v *engine.Variant, opts []string, deals int, what string, mod func(*Solver)) {
	t.Helper()
	o := mustOptions(t, v, opts)
	p := &pair{with: New(v), without: New(v), o: Options{MaxNodes: 30000, ProbeShare: -1}}
	mod(p.without)
	for seed := uint64(1); seed <= uint64(deals); seed++ {
		s := engine.NewDeal(v, seed, o)
		rng := engine.NewRand(seed)
		extra := int(seed % 5)
		for len(s.Piles[slStock].Cards) > 0 || extra > 0 {
			ms := s.Moves()
			if len(ms) == 0 {
				break
			}
			m := ms[rng.Intn(len(ms))]
			if len(s.Piles[slStock].Cards) > 0 {
				m = ms[0] // the deal, but now and then another move
				if len(ms) > 1 && rng.Intn(3) != 0 {
					m = ms[1+rng.Intn(len(ms)-1)]
				}
			} else {
				extra--
			}
			s.Do(m)
		}
		p.compare(t, s, fmt.Sprintf("%v seed %d (%s)", opts, seed, what))
	}
	if p.decided < 100 || p.lost < 10 {
		t.Errorf("%v: only %d positions decided both ways, %d lost", opts, p.decided, p.lost)
	}
	t.Logf("%v: %d positions decided both ways, %d lost", opts, p.decided, p.lost)
}

// TestSalicLawTransient checks, on positions of the deal reached by random
// play, that a position called transient has the deal as the only move its
// order lists and no safe move, and that some are transient and some not.
func TestSalicLawTransient(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	g := newSalicLaw(v)
	seen := map[bool]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		s := engine.NewDeal(v, seed, 0)
		g.start(s)
		rng := engine.NewRand(seed)
		for len(s.Piles[slStock].Cards) > 0 {
			ms := s.Moves()
			tr := g.transient(s)
			seen[tr]++
			if tr {
				listed := g.order(s, ms, nil)
				if len(listed) != 1 || listed[0].Action == 0 {
					t.Fatalf("seed %d: transient position lists %v", seed, listed)
				}
				if m, ok := g.safe(s, ms); ok {
					t.Fatalf("seed %d: transient position has the safe move %v", seed, m)
				}
			}
			m := ms[0]
			if len(ms) > 1 && rng.Intn(3) == 0 {
				m = ms[1+rng.Intn(len(ms)-1)]
			}
			s.Do(m)
		}
	}
	if seen[true] < 100 || seen[false] < 100 {
		t.Errorf("transient %d, not transient %d positions", seen[true], seen[false])
	}
}

// TestSalicLawKeepLost compares the answers of the search that keeps the
// positions proved lost from one probe to the next (see acyclicer) with
// those of the search that forgets them, on whole deals and on positions
// along and off winning lines, under the options where it is used.
func TestSalicLawKeepLost(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	forget := func(sv *Solver) { sv.noLost = true }
	for _, c := range []struct {
		opts  []string
		deals int // deals decided both ways at least
		lines int // positions along the lines decided both ways at least
	}{{nil, 40, 20}, {[]string{"once-per-king"}, 8, 12}} {
		opts := c.opts
		if n := agreeWith(t, v, opts, 60, 40000, forget); n < c.deals {
			t.Errorf("%v: only %d of 60 deals decided both ways", opts, n)
		}
		decided, lost := agreeLines(t, v, opts, 6, 20, 20000, forget)
		if decided < c.lines || lost == 0 {
			t.Errorf("%v: along the lines %d positions decided both ways, %d of them lost", opts, decided, lost)
		}
	}
}

// TestSortSegs checks the keys' sort of segments (the generic keyer's
// piles, salic-law's packets) against a plain sort, on random byte strings
// of a small alphabet (short ones, equal prefixes and zero bytes included:
// the prefix number pads with zeros).
func TestSortSegs(t *testing.T) {
	rng := engine.NewRand(7)
	var pre [8]uint64
	for trial := 0; trial < 2000; trial++ {
		segs := make([][]byte, 8)
		for i := range segs {
			n := rng.Intn(14)
			for j := 0; j < n; j++ {
				segs[i] = append(segs[i], byte(rng.Intn(4)))
			}
		}
		want := slices.Clone(segs)
		slices.SortFunc(want, bytes.Compare)
		sortSegs(segs, pre[:])
		for i := range segs {
			if !bytes.Equal(segs[i], want[i]) {
				t.Fatalf("trial %d: got %x, want %x", trial, segs, want)
			}
		}
	}
}
