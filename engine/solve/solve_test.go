package solve

import (
	"syscall"
	"testing"
	"time"

	"pasyans/engine"
	"pasyans/engine/enginetest"
	_ "pasyans/engine/variants"
)

// replay plays moves from a fresh deal and reports whether they win.
func replay(t *testing.T, v *engine.Variant, seed uint64, o engine.Options, moves []engine.Move) bool {
	t.Helper()
	s := engine.NewDeal(v, seed, o)
	texts := make([]engine.MoveText, len(moves))
	for i, m := range moves {
		texts[i] = engine.MoveText{Text: v.FormatMove(m)}
	}
	if n, ill := s.Play(texts); ill != nil {
		t.Fatalf("%s seed %d: move %d of the solution: %v", v.ID, seed, n+1, ill)
	}
	return s.Won()
}

// TestWonReplays is the property test: every Won answer replays with
// State.Play to a win, and Solve leaves the position as it found it.
func TestWonReplays(t *testing.T) {
	for _, v := range engine.Variants() {
		sv := New(v)
		for seed := uint64(1); seed <= 6; seed++ {
			s := engine.NewDeal(v, seed, 0)
			before := string(s.Key(nil))
			r := sv.Solve(s, Options{Budget: 150 * time.Millisecond})
			if after := string(s.Key(nil)); after != before {
				t.Fatalf("%s seed %d: Solve changed the position", v.ID, seed)
			}
			if s.Depth() != 0 {
				t.Fatalf("%s seed %d: Solve left %d moves to undo", v.ID, seed, s.Depth())
			}
			if r.Outcome == Won && !replay(t, v, seed, 0, r.Moves) {
				t.Errorf("%s seed %d: the winning line does not win", v.ID, seed)
			}
			if r.OpenCards != v.Hidden {
				t.Errorf("%s: OpenCards %v, Hidden %v", v.ID, r.OpenCards, v.Hidden)
			}
		}
	}
}

// TestProgress checks Result.Progress and Goal: a won deal reports the
// cards its winning position holds on the foundations as both; an
// undecided one reports the most cards seen there among the positions the
// search looked at (the check hook sees them all), more than at the start
// for deals where the search gets going; a game not won on its
// foundations (Sympathy) reports 0.
func TestProgress(t *testing.T) {
	count := func(v *engine.Variant, s *engine.State) int {
		n := 0
		for _, p := range v.PilesOf(engine.Foundation) {
			n += len(s.Piles[p].Cards)
		}
		return n
	}
	for _, v := range engine.Variants() {
		s := engine.NewDeal(v, 1, 0)
		r := New(v).Solve(s, Options{MaxNodes: 300000})
		if v.Spec.Win != "foundations" {
			if r.Goal != 0 || r.Progress != 0 {
				t.Errorf("%s: progress %d of %d, want 0 of 0", v.ID, r.Progress, r.Goal)
			}
			continue
		}
		if r.Outcome == Won {
			w := engine.NewDeal(v, 1, 0)
			for _, m := range r.Moves {
				w.Do(m)
			}
			if n := count(v, w); r.Goal != n || r.Progress != n {
				t.Errorf("%s: won with progress %d of %d, the winning position holds %d", v.ID, r.Progress, r.Goal, n)
			}
		}
	}
	for _, c := range []struct {
		game string
		seed uint64
	}{{"le-cadran", 3}, {"salic-law", 50}} {
		v, _ := engine.Lookup(c.game)
		s := engine.NewDeal(v, c.seed, 0)
		sv := New(v)
		if g, ok := sv.ctx.(*salicLaw); ok {
			g.noEnd = true // check sees the general search's positions only
		}
		most := 0
		sv.check = func(s *engine.State, _ []byte) { most = max(most, count(v, s)) }
		r := sv.Solve(s, Options{MaxNodes: 200000})
		if r.Outcome != Unknown {
			t.Fatalf("%s seed %d: %s, want an undecided deal", c.game, c.seed, r.Outcome)
		}
		if start := count(v, s); r.Progress <= start || r.Progress > most || r.Progress >= r.Goal {
			t.Errorf("%s seed %d: progress %d of %d, at the start %d, most seen %d", c.game, c.seed, r.Progress, r.Goal, start, most)
		}
	}
}

func TestWilson(t *testing.T) {
	lo, hi := Wilson(50, 100)
	if lo < 0.40 || lo > 0.41 || hi < 0.59 || hi > 0.60 {
		t.Errorf("Wilson(50,100) = %v %v, want about 0.404 0.596", lo, hi)
	}
	if lo, hi := Wilson(0, 10); lo != 0 || hi < 0.27 || hi > 0.28 {
		t.Errorf("Wilson(0,10) = %v %v", lo, hi)
	}
}

func TestSeenSetFullKeys(t *testing.T) {
	st := newSeenSet(3)
	for i, k := range []string{"a", "b", "a", "c", "d", "b"} {
		added, full := st.Add([]byte(k))
		want := map[int]bool{0: true, 1: true, 3: true, 4: true}[i]
		if added != want {
			t.Errorf("Add(%q) #%d = %v, want %v", k, i, added, want)
		}
		if full != (i == 4) {
			t.Errorf("Add(%q) #%d full = %v", k, i, full)
		}
	}
	// Many keys: growth keeps every key findable.
	st = newSeenSet(1 << 20)
	for i := 0; i < 100000; i++ {
		st.Add([]byte{byte(i), byte(i >> 8), byte(i >> 16)})
	}
	for i := 0; i < 100000; i++ {
		if added, _ := st.Add([]byte{byte(i), byte(i >> 8), byte(i >> 16)}); added {
			t.Fatalf("key %d lost after growth", i)
		}
	}
}

// TestSeenSetEpochs empties a set 600 times (the epochs wrap around twice)
// with rounds of keys of varying counts, so that the table grows in some:
// after each reset no key of the rounds before is found, and every key of
// the round is found once recorded.
func TestSeenSetEpochs(t *testing.T) {
	st := newSeenSet(1 << 20)
	key := func(round, i int) []byte {
		return []byte{byte(i), byte(i >> 8), byte(round % 3)}
	}
	for round := 0; round < 600; round++ {
		st.reset(1 << 20)
		n := 1 + (round*37)%3000
		for i := 0; i < n; i++ {
			if added, _ := st.Add(key(round, i)); !added {
				t.Fatalf("round %d: key %d found after the reset", round, i)
			}
		}
		for i := 0; i < n; i++ {
			if added, _ := st.Add(key(round, i)); added {
				t.Fatalf("round %d: key %d lost", round, i)
			}
		}
		if st.Len() != n {
			t.Fatalf("round %d: %d keys, want %d", round, st.Len(), n)
		}
	}
}

// TestSeenSetChunks fills several arena chunks with long keys (which
// never span two chunks), finds them all, and after a reset finds none and
// stores them again in the kept chunks; a key longer than a chunk is
// reported as not recorded.
func TestSeenSetChunks(t *testing.T) {
	st := newSeenSet(1 << 20)
	key := func(i, n int) []byte {
		k := make([]byte, n)
		for j := range k {
			k[j] = byte(i*7 + j)
		}
		k[0], k[1], k[2] = byte(i), byte(i>>8), byte(n)
		return k
	}
	const keys = 6000 // about 5.7 MiB of keys of 900 to 1099 bytes
	for round := 0; round < 2; round++ {
		for i := 0; i < keys; i++ {
			if added, full := st.Add(key(i, 900+i%200)); !added || full {
				t.Fatalf("round %d: key %d: added %v, full %v", round, i, added, full)
			}
		}
		if len(st.chunks) < 5 {
			t.Fatalf("round %d: %d chunks for %d keys", round, len(st.chunks), keys)
		}
		for i := 0; i < keys; i++ {
			if added, _ := st.Add(key(i, 900+i%200)); added {
				t.Fatalf("round %d: key %d not found", round, i)
			}
		}
		chunks := len(st.chunks)
		st.reset(1 << 20)
		if st.Len() != 0 || len(st.chunks) != chunks {
			t.Fatalf("reset: %d keys, %d chunks (had %d)", st.Len(), len(st.chunks), chunks)
		}
	}
	if added, full := st.Add(make([]byte, 1<<seenChunkBits+1)); !added || !full {
		t.Errorf("a key longer than a chunk: added %v, full %v", added, full)
	}
}

// TestSeenSetGenerations checks that a new generation forgets the keys of
// the last but those marked lost, which stay lost, and that a rebuild of a
// half-full set keeps exactly the lost keys.
// TestSeenSetLookup checks that lookup answers as visit would, for keys
// absent, recorded in this generation, forgotten and marked lost, and
// records nothing.
func TestSeenSetLookup(t *testing.T) {
	st := newSeenSet(100)
	a, b, c := []byte("a"), []byte("b"), []byte("c")
	if got := st.lookup(a); got != visitNew || st.Len() != 0 {
		t.Fatalf("absent key: %d with %d keys, want %d and none recorded", got, st.Len(), visitNew)
	}
	st.visit(a)
	_, off := st.visit(b)
	st.markLost(off)
	st.visit(c)
	st.nextGen()
	st.visit(a)
	for _, tc := range []struct {
		key  []byte
		want int
	}{{a, visitSeen}, {b, visitLost}, {c, visitNew}, {[]byte("d"), visitNew}} {
		if got := st.lookup(tc.key); got != tc.want {
			t.Errorf("lookup(%s) = %d, want %d", tc.key, got, tc.want)
		}
	}
	if st.Len() != 3 {
		t.Errorf("%d keys after the lookups, want 3", st.Len())
	}
}

func TestSeenSetGenerations(t *testing.T) {
	st := newSeenSet(1000)
	key := func(i int) []byte { return []byte{byte(i), byte(i >> 8), 'k'} }
	offs := map[int]uint32{}
	for i := 0; i < 100; i++ {
		r, off := st.visit(key(i))
		if r != visitNew {
			t.Fatalf("key %d: %d, want new", i, r)
		}
		offs[i] = off
	}
	for i := 0; i < 100; i += 3 {
		st.markLost(offs[i])
	}
	for gen := 0; gen < 2; gen++ {
		st.nextGen()
		for i := 0; i < 100; i++ {
			want := visitNew
			if i%3 == 0 {
				want = visitLost
			}
			if r, _ := st.visit(key(i)); r != want {
				t.Fatalf("generation %d, key %d: %d, want %d", gen+2, i, r, want)
			}
			if r, _ := st.visit(key(i)); i%3 != 0 && r != visitSeen {
				t.Fatalf("generation %d, key %d again: %d, want seen", gen+2, i, r)
			}
		}
	}
	// Half full: the next generation rebuilds the set with the lost keys.
	for i := 100; i < 600; i++ {
		st.visit(key(i))
	}
	st.nextGen()
	if st.Len() != 34 {
		t.Fatalf("after the rebuild: %d keys, want the 34 lost ones", st.Len())
	}
	for i := 0; i < 600; i++ {
		want := visitNew
		if i < 100 && i%3 == 0 {
			want = visitLost
		}
		if r, _ := st.visit(key(i)); r != want {
			t.Fatalf("after the rebuild, key %d: %d, want %d", i, r, want)
		}
	}
	// When the lost keys alone fill more than half the set, the next
	// rebuild waits for half the room left after this one.
	st = newSeenSet(1000)
	for i := 0; i < 600; i++ {
		_, off := st.visit(key(i))
		st.markLost(off)
	}
	st.nextGen() // a rebuild: 600 keys, the next at 600+200
	for gen := 0; gen < 3; gen++ {
		for i := 600; i < 660; i++ {
			st.visit(key(i))
		}
		st.nextGen()
		if want := 660 + 60*gen; st.Len() != want {
			t.Fatalf("generation %d: %d keys, want %d (no rebuild yet)", gen, st.Len(), want)
		}
		for i := 660 + 60*gen; i < 720+60*gen; i++ {
			st.visit(key(i))
		}
	}
	st.nextGen()
	if st.Len() != 600 {
		t.Fatalf("after the rebuild: %d keys, want the 600 lost ones", st.Len())
	}
}

func BenchmarkSolveLeCadran(b *testing.B) { benchSolve(b, "le-cadran", nil, Options{}) }

// BenchmarkSolveLeCadranDepthFirst is BenchmarkSolveLeCadran without the
// beam search: the speed of the probes and the exhaustive search alone.
func BenchmarkSolveLeCadranDepthFirst(b *testing.B) {
	benchSolve(b, "le-cadran", nil, Options{NoBeam: true})
}

// BenchmarkSolveSalicLaw solves four deals that 2 s leave undecided.
func BenchmarkSolveSalicLaw(b *testing.B) {
	benchSolve(b, "salic-law", []uint64{50, 51, 53, 61}, Options{})
}

// benchSolve solves deals of a game in turn (seeds, or deals 1–8 when nil)
// at 1 M positions each (the beams and probes included, as the stats run
// does, unless o turns them off) and reports positions per second of
// search and per second of CPU time.
func benchSolve(b *testing.B, game string, seeds []uint64, o Options) {
	v := enginetest.Lookup(b, game)
	if seeds == nil {
		seeds = []uint64{1, 2, 3, 4, 5, 6, 7, 8}
	}
	sv := New(v)
	var nodes int64
	var el time.Duration
	cpu0 := cpuTime()
	for i := 0; b.Loop(); i++ {
		s := engine.NewDeal(v, seeds[i%len(seeds)], 0)
		o.MaxNodes = 1 << 20
		r := sv.Solve(s, o)
		nodes += r.Nodes
		el += r.Elapsed
	}
	b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
	// Per second of CPU time of the process (GC included): the figure
	// that does not depend on the machine's load.
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
	}
}

// TestSafeMovesAgree compares answers with and without the safe automatic
// moves over many deals of the games that have them: a deal decided both
// ways must get the same answer.
func TestSafeMovesAgree(t *testing.T) {
	for _, id := range []string{"le-cadran", "salic-law", "fifteen", "zodiac"} {
		v := enginetest.Lookup(t, id)
		with, without := New(v), New(v)
		decided := 0
		seeds := uint64(30)
		switch id {
		case "fifteen":
			seeds = 12
		case "zodiac":
			seeds = 6
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			s := engine.NewDeal(v, seed, 0)
			a := with.Solve(s, Options{MaxNodes: 40000})
			b := without.Solve(s, Options{MaxNodes: 40000, NoSafe: true})
			if a.Outcome != Unknown && b.Outcome != Unknown {
				decided++
				if a.Outcome != b.Outcome {
					t.Errorf("%s seed %d: %s with safe moves, %s without", id, seed, a.Outcome, b.Outcome)
				}
			}
		}
		t.Logf("%s: %d deals decided both ways", id, decided)
	}
}

// TestLeCadranNoCounters guards the le-cadran key, which leaves out the
// game counters and face-down counts: random playouts must never set them.
func TestLeCadranNoCounters(t *testing.T) {
	v := enginetest.Lookup(t, "le-cadran")
	var w engine.Walker
	for seed := uint64(1); seed <= 20; seed++ {
		s := engine.NewDeal(v, seed, 0)
		n, _ := w.Playout(s, engine.NewRand(seed), 2000)
		for ; n >= 0; n-- {
			if s.Vars != [engine.NumVars]int32{} {
				t.Fatalf("seed %d: le-cadran sets a counter", seed)
			}
			for _, p := range s.Piles {
				if p.Down != 0 {
					t.Fatalf("seed %d: le-cadran has face-down cards", seed)
				}
			}
			if n > 0 {
				s.Undo()
			}
		}
	}
}

// cpuTime returns the user and system CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestPerturbShiftOne: perturb with k = 1 reorders exactly as it did before
// k was added (the other games' probes, and their figures, are unchanged),
// and with k = 2 it keeps every move.
func TestPerturbShiftOne(t *testing.T) {
	ref := func(ms []engine.Move, rng *engine.Rand) {
		bits, nb := uint64(0), 0
		for i := 0; i < len(ms)-1; i++ {
			j := i
			for j < len(ms)-1 {
				if nb == 0 {
					bits, nb = rng.Uint64(), 64
				}
				b := bits & 1
				bits >>= 1
				nb--
				if b == 0 {
					break
				}
				j++
			}
			bringForward(ms, i, j)
		}
	}
	r1, r2 := engine.NewRand(7), engine.NewRand(7)
	r3 := engine.NewRand(8)
	for n := 0; n < 2000; n++ {
		a := make([]engine.Move, n%23)
		for i := range a {
			a[i] = engine.Transfer(i, i+1)
		}
		b := append([]engine.Move(nil), a...)
		c := append([]engine.Move(nil), a...)
		ref(a, r1)
		perturb(b, r2, 1)
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("k = 1 reorders %d moves differently", len(a))
			}
		}
		perturb(c, r3, 2)
		seen := map[engine.Move]bool{}
		for _, m := range c {
			seen[m] = true
		}
		if len(seen) != len(c) {
			t.Fatalf("k = 2 loses a move of %d", len(c))
		}
	}
}

// notFirstKing is salic-law's game with one rule more: a card never goes
// on the first bare king (a copy of the variant, as the checker's mutants
// are). The game's move generator lists only that king.
type notFirstKing struct{ engine.Game }

func (g notFirstKing) refuses(s *engine.State, m engine.Move) bool {
	if m.Action != 0 || m.To >= slFound {
		return false
	}
	for k := slKings; k < int(m.To); k++ {
		if len(s.Piles[k].Cards) == 1 {
			return false
		}
	}
	return true
}

func (g notFirstKing) Check(s *engine.State, m engine.Move) *engine.Rule {
	if r := g.Game.Check(s, m); r != nil || !g.refuses(s, m) {
		return r
	}
	return s.V.Rules[0]
}

func (g notFirstKing) Moves(s *engine.State, dst []engine.Move) []engine.Move {
	for _, m := range g.Game.Moves(s, nil) {
		if !g.refuses(s, m) {
			dst = append(dst, m)
		}
	}
	return dst
}

// TestCopyUsesEngineMoves checks that a copy of a registered variant with
// other rules is searched with its own engine's moves, not the game's move
// generator (which knows the registered rules only): every move of every
// line found is legal under the copy's rules.
func TestCopyUsesEngineMoves(t *testing.T) {
	reg, _ := engine.Lookup("salic-law")
	v := *reg
	v.Game = notFirstKing{reg.Game}
	sv := New(&v)
	if sv.gen != nil {
		t.Fatal("the copy is searched with the game's move generator")
	}
	if New(reg).gen == nil {
		t.Fatal("the registered variant is searched without its move generator")
	}
	lines, kings := 0, 0
	for seed := uint64(1); seed <= 60; seed++ {
		s := engine.NewDeal(&v, seed, 0)
		r := sv.Solve(s, Options{MaxNodes: 50000})
		if r.Outcome != Won {
			continue
		}
		lines++
		for i, m := range r.Moves {
			if rule := s.Check(m); rule != nil {
				t.Fatalf("seed %d: move %d (%s) of the line breaks %s", seed, i+1, v.FormatMove(m), rule.ID)
			}
			if m.Action == 0 && m.To < slFound {
				kings++
			}
			s.Do(m)
		}
	}
	if lines == 0 || kings == 0 {
		t.Fatalf("%d lines found on deals 1-60, %d cards put on kings: nothing tested", lines, kings)
	}
	t.Logf("%d lines replayed, %d cards put on kings", lines, kings)
}

// TestSolveBesideStops: on two threads (Options.Threads) the thread that
// decides stops the other. Deal 169 is proved lost by the exhaustive
// search alone after about 280 000 positions; without the stop the beams
// and probes would go on to their 2 000 000. (TestFixtures checks the
// answers on two threads.)
func TestSolveBesideStops(t *testing.T) {
	t.Parallel()
	v, _ := engine.Lookup("le-cadran")
	r := Solve(engine.NewDeal(v, 169, 0), Options{MaxNodes: 2_000_000, Threads: 2})
	if r.Outcome != Lost || r.Nodes > 1_200_000 {
		t.Errorf("le-cadran seed 169 on two threads: %s after %d positions, want lost after at most 1 200 000 (the other thread did not stop)", r.Outcome, r.Nodes)
	}
	// Without a budget there is no second thread: the search runs alone.
	v, _ = engine.Lookup("fifteen")
	if r := Solve(engine.NewDeal(v, 13, 0), Options{Threads: 2}); r.Outcome != Lost {
		t.Errorf("fifteen seed 13 without a budget: %s, want lost", r.Outcome)
	}
}
