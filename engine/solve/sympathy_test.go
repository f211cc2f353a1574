package solve

import (
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// TestSympathyConfluent checks the theorem of sympathy.go: the solver, which
// plays one line, decides every deal, and random playouts of the same deal
// (other orders of play) reach the same outcome, under every option.
func TestSympathyConfluent(t *testing.T) {
	v := enginetest.Lookup(t, "sympathy")
	sv := New(v)
	var w engine.Walker
	won := 0
	for _, opts := range [][]string{nil, {"grace-spare"}, {"card-turns"}, {"grace-spare", "card-turns"}} {
		o := mustOptions(t, v, opts)
		for seed := uint64(1); seed <= 150; seed++ {
			s := engine.NewDeal(v, seed, o)
			r := sv.Solve(s, Options{MaxNodes: 10000})
			if r.Outcome == Unknown {
				t.Fatalf("%v seed %d: unknown after %d nodes", opts, seed, r.Nodes)
			}
			if r.Outcome == Won {
				won++
				if !replay(t, v, seed, o, r.Moves) {
					t.Fatalf("%v seed %d: the line does not win", opts, seed)
				}
			}
			for k := uint64(0); k < 3; k++ {
				n, pw := w.Playout(s, engine.NewRand(seed*7+k), 1000)
				if pw != (r.Outcome == Won) || (!pw && len(s.Moves()) != 0) {
					t.Fatalf("%v seed %d: solver %s, random playout %d won %v", opts, seed, r.Outcome, k, pw)
				}
				for ; n > 0; n-- {
					s.Undo()
				}
			}
		}
	}
	t.Logf("%d of 600 deals won", won)
}
