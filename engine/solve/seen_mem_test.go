package solve

import (
	"testing"
	"unsafe"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// seenBytesPerKey searches le-cadran deal 1 exhaustively (no beams, no
// probes) for nodes positions and returns what its visited set holds per
// key: the table at half load (two slots a key, as at the cap, when the
// table is largest for its keys), the arena's bytes in use, and the mean
// key length.
func seenBytesPerKey(t testing.TB, nodes int64) (table, arena, key float64, n int) {
	v := enginetest.Lookup(t, "le-cadran")
	sv := New(v)
	var keyBytes, keys int64
	sv.check = func(_ *engine.State, k []byte) { keyBytes += int64(len(k)); keys++ }
	sv.Solve(engine.NewDeal(v, 1, 0), Options{MaxNodes: nodes, NoBeam: true, ProbeShare: -1})
	st := sv.seen
	used := 0
	for _, c := range st.chunks {
		used += len(c)
	}
	n = st.Len()
	slot := float64(unsafe.Sizeof(st.table[0]))
	return 2 * slot, float64(used) / float64(n), float64(keyBytes) / float64(keys), n
}

// TestSeenSetBytesPerKey checks the memory a le-cadran position costs in
// the visited set (its entry at half load, its record and key in the
// arena) on 200 000 positions of deal 1: 73.3 bytes (16 of table, 57.3 of
// arena, keys of 56.1 bytes). Before the compact entries, records
// without a generation and le-cadran's packed columns it was 107.0 (32 of
// table, 75.0 of arena, keys of 70.8 bytes).
func TestSeenSetBytesPerKey(t *testing.T) {
	table, arena, key, n := seenBytesPerKey(t, 200_000)
	t.Logf("%d keys: %.1f bytes of table + %.1f of arena = %.1f bytes a key (keys of %.1f bytes)", n, table, arena, table+arena, key)
	if table+arena > 76 {
		t.Errorf("%.1f bytes a position, want at most 76", table+arena)
	}
	if over := table + arena - key; over > 18 {
		t.Errorf("%.1f bytes a position beyond its key, want at most 18", over)
	}
}

// TestMaxMem solves le-cadran deals within a memory budget: deal 9, lost,
// is still proved lost with room enough (the budget changes no decided
// answer), and unknown, its set full by the memory budget, with too
// little; deal 1 in a long search on one and two threads keeps its sets
// within the budget's share and says the memory filled them.
func TestMaxMem(t *testing.T) {
	v, _ := engine.Lookup("le-cadran")
	for _, tc := range []struct {
		name    string
		seed    uint64
		o       Options
		want    string // "" for not Lost
		memFull bool
	}{
		{"deal 9, room", 9, Options{MaxNodes: 200_000, MaxMem: 256 << 20}, Lost, false},
		{"deal 9, no room", 9, Options{MaxNodes: 200_000, MaxMem: 1 << 20}, Unknown, true},
		{"deal 1, one thread", 1, Options{MaxNodes: 1_500_000, MaxMem: 16 << 20}, "", true},
		{"deal 1, two threads", 1, Options{MaxNodes: 1_500_000, MaxMem: 16 << 20, Threads: 2}, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := New(v).Solve(engine.NewDeal(v, tc.seed, 0), tc.o)
			t.Logf("%s after %d positions, visited sets at most %d bytes", r.Outcome, r.Nodes, r.SeenBytes)
			if tc.want != "" && r.Outcome != tc.want {
				t.Errorf("outcome %s, want %s", r.Outcome, tc.want)
			}
			if r.Outcome == Lost && r.SeenCapHit {
				t.Errorf("lost with a full visited set")
			}
			if r.MemFull != tc.memFull {
				t.Errorf("MemFull %v, want %v", r.MemFull, tc.memFull)
			}
			if limit := int64(float64(tc.o.MaxMem) * seenMemShare); r.SeenBytes > limit || r.SeenBytes == 0 {
				t.Errorf("visited sets held %d bytes, want some and at most %d", r.SeenBytes, limit)
			}
		})
	}
}
