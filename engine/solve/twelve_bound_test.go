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
		o, err := v.ParseOptions(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		g := newTwelve(v)
		plain := New(v)
		plain.ctx = bare{newCtx(v)}
		endgames, deadN, deadPack, checked := 0, 0, 0, 0
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
				if g.dead(s) {
					deadN++
					if len(s.Piles[twStock].Cards) > 0 {
						deadPack++
					}
					for _, m := range ms {
						s.Do(m)
						if !g.dead(s) {
							t.Fatalf("%s %v seed %d: a legal move %v unlocks a locked set", c.id, c.opts, seed, m)
						}
						s.Undo()
					}
					if checked < 40 {
						checked++
						if r := plain.Solve(s.Clone(), Options{MaxNodes: 50000}); r.Outcome == Won {
							t.Fatalf("%s %v seed %d: called dead, won without the knowledge", c.id, c.opts, seed)
						}
					}
				}
				if len(ms) == 0 {
					break
				}
				s.Do(ms[rng.Intn(len(ms))])
			}
			if s.Won() && g.dead(s) {
				t.Fatalf("%s %v seed %d: a won position called dead", c.id, c.opts, seed)
			}
		}
		t.Logf("%s %v: %d last deals, %d dead positions (%d with cards in the pack), %d solved without knowledge", c.id, c.opts, endgames, deadN, deadPack, checked)
		if endgames == 0 || deadN == 0 {
			t.Errorf("%s: %d last deals reached, %d dead positions", c.id, endgames, deadN)
		}
	}
}
