package solve

import (
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// TestFixtures pins the solver's answers on known deals of the three large
// two-pack games: a won deal must be won again (and its line must replay
// to a win), a lost deal proved lost again, within a budget of positions
// (not of time, so that the answer does not depend on the machine), on one
// thread and on two (Options.Threads: the exhaustive search beside the
// others).
func TestFixtures(t *testing.T) {
	t.Parallel()
	for _, f := range []struct {
		game    string
		seed    uint64
		outcome string
		nodes   int64
	}{
		{"le-cadran", 22, Won, 200_000},
		{"le-cadran", 93, Lost, 2_000_000}, // the exhaustive search ends after about 290 000 positions
		{"fifteen", 1, Won, 100_000},
		{"fifteen", 13, Lost, 100_000}, // no card can ever be played: the game cannot be opened
		{"zodiac", 12, Won, 200_000},
		{"zodiac", 15, Won, 200_000},
	} {
		v := enginetest.Lookup(t, f.game)
		for threads := 1; threads <= 2; threads++ {
			s := engine.NewDeal(v, f.seed, 0)
			r := Solve(s, Options{MaxNodes: f.nodes, Threads: threads})
			if r.Outcome != f.outcome {
				t.Errorf("%s seed %d, %d threads: %s after %d positions, want %s", f.game, f.seed, threads, r.Outcome, r.Nodes, f.outcome)
				continue
			}
			if r.Outcome == Won && !replay(t, v, f.seed, 0, r.Moves) {
				t.Errorf("%s seed %d, %d threads: the winning line does not win", f.game, f.seed, threads)
			}
			t.Logf("%s seed %d, %d threads: %s, %d positions, %d probes, %v", f.game, f.seed, threads, r.Outcome, r.Nodes, r.Probes, r.Elapsed)
		}
	}
}
