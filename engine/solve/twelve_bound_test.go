package solve

import (
	"testing"

	"pasyans/engine"
)

// TestTwelveLocked checks the dead test of the twelve-pile games
// (twelve_bound.go) on positions of the last deal, with the pack out or
// not, reached by random play: a locked
// set stays locked after every legal move (the heart of the proof), and no
// position it calls dead is won by a search without the game's knowledge
// (small budgets), nor ever won by the random play that follows it.
func TestTwelveLocked(t *testing.T) {
	for _, c := range []struct {
		id   string
		opts []string
	}{
		{"new-places", nil}, {"swiss", nil}, {"swiss", []string{"foundation-to-foundation"}}, {"st-helena", nil},
	} {
		v, _ := engine.Lookup(c.id)
		o := mustOptions(t, v, c.opts)
		g := newTwelve(v)
		plain := New(v)
		plain.ctx = bare{newCtx(v)}
		endgames, deadN, deadPack, checked, passes := 0, 0, 0, 0, 0
		// dead without its skip after a pass
		dead := func(s *engine.State) bool { return s.Vars[twVarDeal] >= g.deals && g.locked(s) }
		for seed := uint64(1); seed <= 60; seed++ {
			s := engine.NewDeal(v, seed, o)
			g.start(s)
			rng := engine.NewRand(seed)
			// Stop in the last deal, at the end of the pack or before.
			for n := 0; n < 3000 && !g.endgame(s) && (s.Vars[twVarDeal] < g.deals || len(s.Piles[twStock].Cards) > 30 || rng.Intn(6) != 0); n++ {
				ms := s.Moves()
				if len(ms) == 0 {
					break
				}
				// Prefer foundation moves, so that endgames are not all
				// hopeless at once.
				m := ms[rng.Intn(len(ms))]
				for _, x := range ms {
					if x.Action == 0 && x.To >= twFound && x.From < twFound && rng.Intn(2) == 0 {
						m = x
						break
					}
				}
				s.Do(m)
			}
			if s.Vars[twVarDeal] < g.deals {
				continue
			}
			endgames++
			for step := 0; step < 40 && !s.Won(); step++ {
				ms := s.Moves()
				// A move between foundations leaves the answer as it was
				// (dead skips the test after one, swiss.go).
				for _, m := range ms {
					if m.Action == 0 && m.From >= twFound {
						was := g.locked(s)
						s.Do(m)
						if g.locked(s) != was {
							t.Fatalf("%s %v seed %d: the pass %v changes the dead test", c.id, c.opts, seed, m)
						}
						passes++
						s.Undo()
					}
				}
				if dead(s) {
					deadN++
					if len(s.Piles[twStock].Cards) > 0 {
						deadPack++
					}
					for _, m := range ms {
						s.Do(m)
						if !dead(s) {
							t.Fatalf("%s %v seed %d: a legal move %v unlocks a locked set", c.id, c.opts, seed, m)
						}
						s.Undo()
					}
					if !g.lockedRef(s) {
						t.Fatalf("%s %v seed %d: dead, but not by the reference test", c.id, c.opts, seed)
					}
					if checked < 40 {
						checked++
						if r := plain.Solve(s.Clone(), Options{MaxNodes: 50000}); r.Outcome == Won {
							t.Fatalf("%s %v seed %d: called dead, won without the knowledge", c.id, c.opts, seed)
						}
					}
				}
				if !dead(s) && g.lockedRef(s) {
					t.Fatalf("%s %v seed %d: dead by the reference test only", c.id, c.opts, seed)
				}
				if len(ms) == 0 {
					break
				}
				s.Do(ms[rng.Intn(len(ms))])
			}
			if s.Won() && dead(s) {
				t.Fatalf("%s %v seed %d: a won position called dead", c.id, c.opts, seed)
			}
		}
		t.Logf("%s %v: %d last deals, %d dead positions (%d with cards in the pack), %d solved without knowledge, %d passes", c.id, c.opts, endgames, deadN, deadPack, checked, passes)
		if endgames == 0 || deadN == 0 {
			t.Errorf("%s: %d last deals reached, %d dead positions", c.id, endgames, deadN)
		}
	}
}

// TestTwelveDeadInSearch checks the dead test as the search calls it,
// cut short after a build (lockedAfter) or skipped after a pass, against
// the plain test (and, at some positions, the reference one) at every
// position of searches of the twelve-pile games.
func TestTwelveDeadInSearch(t *testing.T) {
	for _, c := range []struct {
		id   string
		opts []string
	}{
		{"new-places", nil}, {"swiss", nil}, {"swiss", []string{"foundation-to-foundation"}},
		{"swiss", []string{"build-each-round"}}, {"st-helena", nil},
	} {
		v, _ := engine.Lookup(c.id)
		o := mustOptions(t, v, c.opts)
		sv := New(v)
		g := newTwelve(v)
		n, deadN := 0, 0
		sv.check = func(s *engine.State, _ []byte) {
			n++
			want := s.Vars[twVarDeal] >= g.deals && g.locked(s)
			if n%5 == 0 && want != (s.Vars[twVarDeal] >= g.deals && g.lockedRef(s)) {
				t.Fatalf("%s %v: locked and lockedRef differ", c.id, c.opts)
			}
			if g.dead(s) != want {
				t.Fatalf("%s %v: dead says %v, locked %v, after %v", c.id, c.opts, !want, want, s.LastMove())
			}
			if want {
				deadN++
			}
		}
		for seed := uint64(1); seed <= 4; seed++ {
			s := engine.NewDeal(v, seed, o)
			g.start(s)
			sv.Solve(s, Options{MaxNodes: 20000, NoSafe: seed%2 == 0})
		}
		t.Logf("%s %v: %d positions, %d dead", c.id, c.opts, n, deadN)
		if deadN == 0 {
			t.Errorf("%s %v: no dead position met", c.id, c.opts)
		}
	}
}

// lockedRef is the dead test of twelve_bound.go written plainly, each
// condition recomputed from the piles every time, as a reference for the
// incremental one.
func (g *twelveCtx) lockedRef(s *engine.State) bool {
	var b twBoundRef
	b.init(g, s)
	for changed := true; changed; {
		changed = false
		for p := 0; p < 12; p++ {
			cs := s.Piles[twTab+p].Cards
			for b.h[p] >= 0 && !b.stuck(g, cs[b.h[p]]) {
				b.h[p]--
				changed = true
			}
		}
	}
	for p := range b.h {
		if b.h[p] >= 0 {
			return true
		}
	}
	return false
}

// twBoundRef is the working state of locked: the runs' tops, where the pile
// copies of each card lie, and the height of D in each pile.
type twBoundRef struct {
	a, k       [4]int
	nloc       [64]int8
	locP, locI [64][2]int8
	inPack     [64]bool // some copy is still in the pack
	h          [12]int
}

func (b *twBoundRef) init(g *twelveCtx, s *engine.State) {
	for su := range b.k {
		b.k[su] = 14
	}
	for f := 0; f < 8; f++ {
		if t := s.Piles[twFound+f].Top(); t != engine.NoCard {
			if f < 4 {
				b.a[t.Suit()] = int(t.Rank())
			} else {
				b.k[t.Suit()] = int(t.Rank())
			}
		}
	}
	for _, c := range s.Piles[twStock].Cards {
		b.inPack[c] = true
	}
	for p := 0; p < 12; p++ {
		cs := s.Piles[twTab+p].Cards
		b.h[p] = len(cs) - 1
		for i, c := range cs {
			if n := b.nloc[c]; n < 2 {
				b.locP[c][n], b.locI[c][n] = int8(p), int8(i)
				b.nloc[c] = n + 1
			}
		}
	}
}

// covered: every copy of c off the foundations is a pile card under a
// card of D.
func (b *twBoundRef) covered(c engine.Card) bool {
	if b.inPack[c] {
		return false
	}
	for j := int8(0); j < b.nloc[c]; j++ {
		if b.h[b.locP[c][j]] <= int(b.locI[c][j]) {
			return false
		}
	}
	return true
}

// inD: every copy of c off the foundations is a pile card in D.
func (b *twBoundRef) inD(c engine.Card) bool {
	if b.inPack[c] {
		return false
	}
	for j := int8(0); j < b.nloc[c]; j++ {
		if b.h[b.locP[c][j]] < int(b.locI[c][j]) {
			return false
		}
	}
	return true
}

// blocked reports whether some rank q in lo < q < hi of suit su has every
// pile copy in D (a blocking rank).
func (b *twBoundRef) blocked(g *twelveCtx, su, lo, hi int) bool {
	for q := lo + 1; q < hi; q++ {
		if b.inD(engine.NewCard(engine.Rank(q), engine.Suit(su))) {
			return true
		}
	}
	return false
}

// stuck reports whether x meets (N) for the current D.
func (b *twBoundRef) stuck(g *twelveCtx, x engine.Card) bool {
	su, r := int(x.Suit()), int(x.Rank())
	A, K := b.a[su], b.k[su]
	if g.f2f && A < K && !b.blocked(g, su, A, K) {
		return false // the runs may yet meet, and then take any card of s
	}
	if r > A && !b.blocked(g, su, A, r) {
		return false
	}
	if r < K && !b.blocked(g, su, r, K) {
		return false
	}
	for _, rr := range [2]int{r - 1, r + 1} {
		if rr < 1 || rr > 13 {
			continue
		}
		for t := 0; t < 4; t++ {
			if g.inSuit && t != su {
				continue
			}
			if !b.covered(engine.NewCard(engine.Rank(rr), engine.Suit(t))) {
				return false
			}
		}
	}
	return true
}

// BenchmarkSolveNewPlaces solves deals 1–8 of new-places at 1 M positions
// each (the probes included, as the stats run does).
func BenchmarkSolveNewPlaces(b *testing.B) { benchSolve(b, "new-places", nil, Options{}) }
