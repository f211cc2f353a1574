package solve

import (
	"testing"

	"pasyans/engine"
)

// TestLeCadranOrderKeepsMoves checks, at the positions of bounded
// searches, that le-cadran's move order lists every generated move once,
// except a column's only card moved to a lane (the same key as before).
func TestLeCadranOrderKeepsMoves(t *testing.T) {
	t.Parallel()
	v, err := engine.Lookup("le-cadran")
	if err != nil {
		t.Fatal(err)
	}
	sv := New(v)
	g := sv.ctx.(*leCadran)
	var bad string
	sv.check = func(s *engine.State, _ []byte) {
		if bad != "" {
			return
		}
		moves := g.moves(s, nil)
		out := g.order(s, moves, nil)
		count := map[engine.Move]int{}
		for _, m := range out {
			count[m]++
		}
		for _, m := range moves {
			lone := m.Action == 0 && int(m.To) < lcFound && m.From != lcTalon &&
				len(s.Piles[m.To].Cards) == 0 && len(s.Piles[m.From].Cards) == 1
			switch {
			case lone && count[m] != 0:
				bad = "a lone card moved to a lane is listed"
			case !lone && count[m] != 1:
				bad = "a move is left out or listed twice"
			}
		}
		if len(out) > len(moves) {
			bad = "the order lists more moves than generated"
		}
	}
	for seed := uint64(1); seed <= 3; seed++ {
		sv.Solve(engine.NewDeal(v, seed, 0), Options{MaxNodes: 20000})
		if bad != "" {
			t.Fatalf("seed %d: %s", seed, bad)
		}
	}
}
