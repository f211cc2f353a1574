package solve

import (
	"slices"
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// zoBuildTo lays suit su's ace foundation up to u and its king foundation
// down to d, and returns out with the suit's other cards appended.
func zoBuildTo(s *engine.State, su engine.Suit, u, d engine.Rank, out []engine.Card) []engine.Card {
	a, k := &s.Piles[zoAces+int(su)], &s.Piles[zoKings+int(su)]
	for rk := engine.Ace; rk <= u; rk++ {
		a.Cards = append(a.Cards, engine.NewCard(rk, su))
	}
	for rk := engine.King; rk >= d; rk-- {
		k.Cards = append(k.Cards, engine.NewCard(rk, su))
	}
	for rk := u + 1; rk <= engine.King; rk++ {
		out = append(out, engine.NewCard(rk, su))
	}
	for rk := engine.Ace; rk < d; rk++ {
		out = append(out, engine.NewCard(rk, su))
	}
	return out
}

// zoEmpty is a zodiac position with every pile empty, to be filled by
// a test.
func zoEmpty(v *engine.Variant) *engine.State {
	s := engine.NewDeal(v, 1, 0)
	for i := range s.Piles {
		s.Piles[i].Cards = s.Piles[i].Cards[:0]
	}
	return s
}

// zoRandomEnd builds a zodiac position near the end of the game from r:
// per suit the foundations already hold all but a few cards; the others
// lie in packets of their suit (in random order), on the Equator and, for
// the first phase (pack > 0), in the pack and the talon.
func zoRandomEnd(v *engine.Variant, r *engine.Rand, pack int) *engine.State {
	s := zoEmpty(v)
	var out []engine.Card
	for su := engine.Spades; su <= engine.Clubs; su++ {
		u := engine.Rank(9 + r.Intn(5)) // ace foundation up to u
		d := engine.Rank(2 + r.Intn(4)) // king foundation down to d
		out = zoBuildTo(s, su, u, d, out)
	}
	engine.Shuffle(out, r)
	eq := 0
	for _, c := range out {
		switch x := r.Intn(10); {
		case pack > 0 && x < 2:
			pack--
			p := zoStock + r.Intn(2)
			s.Piles[p].Cards = append(s.Piles[p].Cards, c)
		case x < 3 && eq < 8:
			s.Piles[zoEq+eq].Cards = append(s.Piles[zoEq+eq].Cards, c)
			eq++
		default:
			// A packet of the card's suit: packets 6su..6su+2.
			p := 6*int(c.Suit()) + r.Intn(3)
			s.Piles[p].Cards = append(s.Piles[p].Cards, c)
		}
	}
	s.Vars[zoVarPlaced] = int32(r.Intn(2))
	return s
}

// TestZodiacBoundSound compares the zodiac's knowledge (the stranded-card
// and per-suit bounds, the second phase's safe moves, the key) with a
// search that uses none of it (the generic context: every card of every
// pile in the key, no pruning) on random positions near the end of the
// game: in the second phase the bound must say lost exactly when the
// generic search proves it; in the first phase a position the bounds call
// dead must be lost; the two searches must agree.
func TestZodiacBoundSound(t *testing.T) {
	t.Parallel()
	v := enginetest.Lookup(t, "zodiac")
	zo := New(v)
	gen := &Solver{v: v, ctx: newGeneric(v), seen: newSeenSet(DefaultMaxSeen)}
	r := engine.NewRand(5)
	counts := map[string]int{}
	for i := 0; i < 120; i++ {
		pack := 0
		if i%2 == 1 {
			pack = 1 + r.Intn(6)
		}
		s := zoRandomEnd(v, r, pack)
		want := gen.Solve(s, Options{MaxNodes: 2_000_000, ProbeShare: -1})
		if want.Outcome == Unknown {
			continue
		}
		zo.ctx.start(s)
		dead := zo.ctx.dead(s)
		got := zo.Solve(s, Options{MaxNodes: 2_000_000, ProbeShare: -1})
		phase := "second"
		if zoFirstPhase(s) {
			phase = "first"
		}
		counts[phase+"/"+want.Outcome]++
		if dead && want.Outcome != Lost {
			t.Fatalf("position %d (%s phase): the bound says dead, the generic search %s", i, phase, want.Outcome)
		}
		if phase == "second" && dead != (want.Outcome == Lost) {
			t.Fatalf("position %d: second phase bound %v, generic %s", i, dead, want.Outcome)
		}
		if got.Outcome != want.Outcome {
			t.Fatalf("position %d (%s phase): zodiac search %s, generic %s", i, phase, got.Outcome, want.Outcome)
		}
	}
	t.Logf("decided positions: %v", counts)
	for _, k := range []string{"second/won", "second/lost", "first/won", "first/lost"} {
		if counts[k] == 0 {
			t.Errorf("no %s position among the random ones: the test tests too little", k)
		}
	}
}

// BenchmarkSolveZodiac solves zodiac deals 1–8 at 1 M positions each (as
// BenchmarkSolveLeCadran does): the check's solver-guided probe games are
// zodiac's slowest part of the build.
func BenchmarkSolveZodiac(b *testing.B) { benchSolve(b, "zodiac", nil, Options{}) }

// TestZodiacSuitAliveKey holds suitAlive's cache to its claim: the 2-SAT
// bound and the per-suit search give the same answer for positions of
// the same key (heights and sorted packets of two cards or more). Each
// random position is rearranged in ways that keep the key (packets moved
// to other places, cards out of packets moved between the Equator, the
// pack and the talon, the piles' cards of other suits left alone), and
// the uncached answers must agree; the cached answer must be the
// uncached one.
func TestZodiacSuitAliveKey(t *testing.T) {
	t.Parallel()
	v := enginetest.Lookup(t, "zodiac")
	r := engine.NewRand(11)
	direct := func(s *engine.State, su engine.Suit) (string, bool) {
		var q suitSearch
		var sat twoSAT
		q.load(s, su)
		return string(q.key(nil)), sat.satisfiable(s, su) && q.feasible()
	}
	seen := map[string]bool{}
	agreed, dead := 0, 0
	for i := 0; i < 300; i++ {
		s := zoRandomEnd(v, r, i%3*2)
		g := newZodiac(v)
		for k := 0; k < 4; k++ {
			if k > 0 {
				s = zoRearranged(s, r)
			}
			for su := engine.Spades; su <= engine.Clubs; su++ {
				key, want := direct(s, su)
				if got := g.suitAlive(s, su); got != want {
					t.Fatalf("position %d/%d suit %d: cached %v, uncached %v", i, k, su, got, want)
				}
				prev, ok := seen[key]
				switch {
				case !ok:
					seen[key] = want
				case prev != want:
					t.Fatalf("position %d/%d suit %d: key %x answered %v and %v", i, k, su, key, prev, want)
				default:
					agreed++
				}
				if !want {
					dead++
				}
			}
		}
	}
	if agreed < 1000 || dead == 0 {
		t.Fatalf("%d answers met a key seen before, %d dead: the test tests too little", agreed, dead)
	}
}

// zoRearranged returns s with its packets moved to other packet places
// and the cards of the Equator, the pack and the talon dealt among them
// again (each pile keeping its number of cards): the same key for every
// suit.
func zoRearranged(s *engine.State, r *engine.Rand) *engine.State {
	c := s.Clone()
	perm := make([]int, 24)
	for i := range perm {
		perm[i] = i
	}
	for i := len(perm) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		perm[i], perm[j] = perm[j], perm[i]
	}
	for i := range 24 {
		c.Piles[zoZodiac+perm[i]].Cards = slices.Clone(s.Piles[zoZodiac+i].Cards)
	}
	var loose []engine.Card
	piles := []int{zoEq, zoEq + 1, zoEq + 2, zoEq + 3, zoEq + 4, zoEq + 5, zoEq + 6, zoEq + 7, zoStock, zoTalon}
	for _, p := range piles {
		loose = append(loose, s.Piles[p].Cards...)
	}
	engine.Shuffle(loose, r)
	for _, p := range piles {
		n := len(s.Piles[p].Cards)
		c.Piles[p].Cards = slices.Clone(loose[:n])
		loose = loose[n:]
	}
	return c
}
