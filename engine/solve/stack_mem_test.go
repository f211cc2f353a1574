package solve

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// stackBytes searches deal seed of game exhaustively (no beams, no
// probes, no memory bound) for nodes positions and returns the heap the
// search's stack holds per level of its greatest depth: the live heap
// after the search (the stack's slices stay grown) less the one before
// and less the visited set's memory.
func stackBytes(t *testing.T, game string, seed uint64, nodes int64, maxSeen int) (perLevel float64, depth int) {
	v := enginetest.Lookup(t, game)
	s := engine.NewDeal(v, seed, 0)
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	sv := New(v)
	sv.check = func(s *engine.State, _ []byte) { depth = max(depth, s.Depth()) }
	sv.solveOne(s, Options{MaxNodes: nodes, MaxSeen: maxSeen, NoBeam: true, ProbeShare: -1}) // not Solve, which drops the stack
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

// TestMaxMemHeapTwoThreads searches le-cadran deal 1, which a short
// search does not decide, on two threads under a memory budget of 64 MiB,
// long enough for both threads' visited sets to fill (and the exhaustive
// search, recording no more positions, to wander ever deeper in cycles),
// sampling the live heap as it goes: it must stay within the budget. (Its
// stack uncounted, the search held 2.0 GB live under a budget of 1 GiB.)
func TestMaxMemHeapTwoThreads(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of millions of positions")
	}
	const budget = 64 << 20
	v, _ := engine.Lookup("le-cadran")
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	live := func() int64 {
		metrics.Read(sample)
		return int64(sample[0].Value.Uint64())
	}
	runtime.GC()
	base := live()
	var peak int64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				peak = max(peak, live()-base)
			}
		}
	}()
	r := New(v).Solve(engine.NewDeal(v, 1, 0), Options{MaxNodes: 6_000_000, MaxMem: budget, Threads: 2})
	runtime.GC()
	close(done)
	wg.Wait()
	peak = max(peak, live()-base)
	t.Logf("%s after %d positions: live heap at most %.1f MiB (budget %d MiB), pools at most %.1f MiB",
		r.Outcome, r.Nodes, float64(peak)/(1<<20), budget>>20, float64(r.SeenBytes)/(1<<20))
	if !r.MemFull {
		t.Errorf("the memory budget did not fill: the test does not test it")
	}
	if peak > budget {
		t.Errorf("live heap %.1f MiB, more than the budget of %d MiB", float64(peak)/(1<<20), budget>>20)
	}
}

// TestPoolBytesPerPosition checks what the pool counts for a position the
// exhaustive search stores (le-cadran deal 1, 200 000 positions): the
// memory the visited set holds, its table and its arena's chunks, and
// nothing of the stack of a search that stays shallow.
func TestPoolBytesPerPosition(t *testing.T) {
	v, _ := engine.Lookup("le-cadran")
	sv := New(v)
	sv.Solve(engine.NewDeal(v, 1, 0), Options{MaxNodes: 200_000, NoBeam: true, ProbeShare: -1})
	n := sv.seen.Len()
	per := float64(sv.pool.used) / float64(n)
	t.Logf("%d positions: %d bytes counted, %.1f a position; the set holds %d", n, sv.pool.used, per, sv.seen.Bytes())
	if sv.pool.used != sv.seen.Bytes() {
		t.Errorf("the pool counts %d bytes, the visited set holds %d", sv.pool.used, sv.seen.Bytes())
	}
	if per > 110 {
		t.Errorf("%.1f bytes counted a position, want at most 110", per)
	}
}

// TestReleaseStack checks that Solve gives back the memory it charged for
// a deep stack (see deeper), so that the solver's next search has it.
func TestReleaseStack(t *testing.T) {
	v, _ := engine.Lookup("le-cadran")
	sv := New(v)
	sv.Solve(engine.NewDeal(v, 1, 0), Options{MaxNodes: 300_000, MaxSeen: 20_000, NoBeam: true, ProbeShare: -1})
	if sv.stackLevels != 0 || sv.frames != nil {
		t.Errorf("after Solve: %d levels charged, %d frames kept", sv.stackLevels, cap(sv.frames))
	}
	if sv.pool.used != sv.seen.Bytes() {
		t.Errorf("after Solve the pool counts %d bytes, the visited set holds %d", sv.pool.used, sv.seen.Bytes())
	}
	// The search went deep enough to be charged: the same search without
	// Solve's release holds its levels.
	sv2 := New(v)
	sv2.solveOne(engine.NewDeal(v, 1, 0), Options{MaxNodes: 300_000, MaxSeen: 20_000, NoBeam: true, ProbeShare: -1})
	if sv2.stackLevels <= stackFree {
		t.Errorf("the search went %d levels deep, not past the %d free: the test does not test the release", sv2.stackLevels, stackFree)
	}
}
