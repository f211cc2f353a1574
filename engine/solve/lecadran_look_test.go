package solve

import (
	"testing"

	"pasyans/engine"
)

// TestLeCadranLookPlayouts checks the look-ahead on the unfrozen column
// (leCadran.cantEmpty) where it fires on the positions of random
// playouts: the search without any dead test must never win such a
// position, and must prove some of them lost (a new "lost" re-proved by
// the old exhaustive search).
func TestLeCadranLookPlayouts(t *testing.T) {
	t.Parallel()
	v, _ := engine.Lookup("le-cadran")
	old := New(v)
	old.ctx.(*leCadran).noBound = true
	g := New(v).ctx.(*leCadran)
	fired, lost := 0, 0
	onPlayouts(t, v, nil, 60, func(s *engine.State) {
		if fired >= 200 {
			return
		}
		g.start(s)
		if g.bound.stuck(s) || g.bound.free == 0 || !g.cantEmpty(s) {
			return
		}
		fired++
		r := old.Solve(s, Options{MaxNodes: 20000, ProbeShare: -1})
		switch r.Outcome {
		case Won:
			t.Fatalf("seed %d: the look-ahead calls a won position dead:\n%s", s.Seed, s.Text(true))
		case Lost:
			lost++
		}
	})
	t.Logf("the look-ahead fired on %d positions, %d of them proved lost without the bounds", fired, lost)
	if fired == 0 || lost < 5 {
		t.Errorf("the look-ahead was not checked: fired %d, re-proved lost %d (want at least 5)", fired, lost)
	}
}
