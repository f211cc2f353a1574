package solve

import (
	"runtime"
	"testing"

	"pasyans/engine"
)

// stackBytes searches deal seed of game exhaustively (no beams, no
// probes, no memory bound) for nodes positions and returns the heap the
// search's stack holds per level of its greatest depth: the live heap
// after the search (the stack's slices stay grown) less the one before
// and less the visited set's memory.
func stackBytes(t *testing.T, game string, seed uint64, nodes int64, maxSeen int) (perLevel float64, depth int) {
	v, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewDeal(v, seed, 0)
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	sv := New(v)
	sv.check = func(s *engine.State, _ []byte) { depth = max(depth, s.Depth()) }
	sv.Solve(s, Options{MaxNodes: nodes, MaxSeen: maxSeen, NoBeam: true, ProbeShare: -1})
	runtime.GC()
	runtime.ReadMemStats(&ms)
	held := int64(ms.HeapAlloc) - int64(before) - sv.seen.Bytes()
	runtime.KeepAlive(sv)
	runtime.KeepAlive(s)
	return float64(held) / float64(max(depth, 1)), depth
}

// TestStackBytesPerLevel checks that stackBytesPerLevel covers what a
// level of the search's stack holds, on searches that go deep.
func TestStackBytesPerLevel(t *testing.T) {
	if testing.Short() {
		t.Skip("deep searches")
	}
	for _, tc := range []struct {
		game  string
		seed  uint64
		nodes int64
	}{
		{"le-cadran", 1, 3_000_000},
	} {
		per, depth := stackBytes(t, tc.game, tc.seed, tc.nodes, 50_000)
		t.Logf("%s deal %d: %.1f bytes a level at depth %d", tc.game, tc.seed, per, depth)
		if depth < 100_000 {
			t.Errorf("%s deal %d: depth %d, too shallow to measure", tc.game, tc.seed, depth)
		}
		if per > stackBytesPerLevel {
			t.Errorf("%s deal %d: %.1f bytes a level, more than the %d charged", tc.game, tc.seed, per, stackBytesPerLevel)
		}
	}
}
