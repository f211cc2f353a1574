package solve

import (
	"testing"

	"pasyans/engine"
)

// TestSolverReuse: a Solver that searched other deals before answers a
// deal exactly as a new one does (outcome and positions, under a node
// budget). The stats workers keep one Solver for many deals, and their
// records must be the same on any machine and with any -workers. The
// Zodiac's case is the one that once failed: its Equator bound's caches,
// warmed by seeds 1–31, made seed 32 take 4,594 positions instead of
// 4,662 (and over seeds 1–1000, 11 deals' answers changed).
func TestSolverReuse(t *testing.T) {
	type reuse struct {
		game         string
		before, seed uint64 // seeds 1…before searched first, then seed
		nodes        int64
	}
	cases := []reuse{{"zodiac", 31, 32, 3060000}}
	for _, v := range engine.Variants() {
		cases = append(cases, reuse{v.ID, 3, 4, 20000})
	}
	for _, c := range cases {
		if testing.Short() && c.nodes > 20000 {
			continue
		}
		v, err := engine.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		o := Options{MaxNodes: c.nodes}
		sv := New(v)
		for seed := uint64(1); seed <= c.before; seed++ {
			sv.Solve(engine.NewDeal(v, seed, 0), o)
		}
		again := sv.Solve(engine.NewDeal(v, c.seed, 0), o)
		fresh := New(v).Solve(engine.NewDeal(v, c.seed, 0), o)
		if again.Outcome != fresh.Outcome || again.Nodes != fresh.Nodes {
			t.Errorf("%s seed %d: after seeds 1–%d the same Solver answers %s in %d positions, a new one %s in %d",
				c.game, c.seed, c.before, again.Outcome, again.Nodes, fresh.Outcome, fresh.Nodes)
		}
	}
}
