package solve

import (
	"testing"

	"pasyans/engine"
)

// zoRandomFirst builds a first-phase zodiac position near the end of the
// first phase from r: in two suits the foundations hold all but a few
// cards, in the other two about half (the bound reads the heights; the
// old search must be able to decide the position), the others lie in
// packets of their suit (walks from a random card, one rank a step, so
// that they look like the game's), on the Equator (full) and in the pack
// and the talon.
func zoRandomFirst(v *engine.Variant, r *engine.Rand) *engine.State {
	s := zoEmpty(v)
	var out []engine.Card
	for su := engine.Spades; su <= engine.Clubs; su++ {
		// Two suits nearly done, two open.
		u := engine.Rank(10 + r.Intn(4)) // ace foundation up to u
		d := engine.Rank(2 + r.Intn(3))  // king foundation down to d
		if su >= engine.Hearts {
			u = engine.Rank(5 + r.Intn(3))
			d = u + 1 + engine.Rank(r.Intn(2))
		}
		out = zoBuildTo(s, su, u, d, out)
	}
	engine.Shuffle(out, r)
	// Packets: walks of one suit, one rank apart, from the first cards.
	n := 0
	for i := 0; i < len(out) && n < 24; i++ {
		c := out[i]
		if c == engine.NoCard || r.Intn(3) == 0 {
			continue
		}
		p := &s.Piles[zoZodiac+n].Cards
		*p = append(*p, c)
		out[i] = engine.NoCard
		n++
		for k := 0; k < 3 && r.Intn(2) == 0; k++ {
			want := c + 4
			if r.Intn(2) == 0 {
				want = c - 4
			}
			j := indexCard(out, want)
			if !want.Valid() || want.Suit() != c.Suit() || j < 0 {
				break
			}
			*p = append(*p, want)
			out[j] = engine.NoCard
			c = want
		}
	}
	eq := 0
	for _, c := range out {
		if c == engine.NoCard {
			continue
		}
		if eq < 8 {
			s.Piles[zoEq+eq].Cards = append(s.Piles[zoEq+eq].Cards, c)
			eq++
			continue
		}
		p := zoStock + r.Intn(2)
		s.Piles[p].Cards = append(s.Piles[p].Cards, c)
	}
	if len(s.Piles[zoStock].Cards)+len(s.Piles[zoTalon].Cards) == 0 {
		s.Piles[zoStock].Cards = append(s.Piles[zoStock].Cards, s.Piles[zoEq].Cards...)
		s.Piles[zoEq].Cards = s.Piles[zoEq].Cards[:0]
	}
	s.Vars[zoVarPlaced] = int32(r.Intn(2))
	return s
}

func indexCard(cs []engine.Card, c engine.Card) int {
	for i, x := range cs {
		if x == c {
			return i
		}
	}
	return -1
}

// TestZodiacPlanSound holds the Equator bound (zoPlan) to its claim on
// random first-phase positions small enough for the old exhaustive search
// (the zodiac's search without the Equator bound, probes off, whose
// bounds TestZodiacBoundSound holds to the generic search): no position
// that the old search wins is called lost, every position that the
// Equator bound alone calls lost (the old bounds let it live) and the old
// search decides is lost, and at least five such new losses are re-proved
// (the positions are drawn until there are six).
func TestZodiacPlanSound(t *testing.T) {
	t.Parallel()
	v, err := engine.Lookup("zodiac")
	if err != nil {
		t.Fatal(err)
	}
	old := newZodiac(v)
	old.noPlan = true
	gen := &Solver{v: v, ctx: old, seen: newSeenSet(DefaultMaxSeen)}
	r := engine.NewRand(7)
	counts := map[string]int{}
	for i := 0; i < 12000 && counts["new/"+Lost] < 6; i++ {
		s := zoRandomFirst(v, r)
		g := newZodiac(v)
		g.start(s)
		old.start(s)
		if g.dead(s) == old.dead(s) && (counts["won"] >= 10 || r.Intn(10) > 0) {
			continue
		}
		want := gen.Solve(s, Options{MaxNodes: 1_000_000, ProbeShare: -1})
		switch {
		case g.dead(s) && want.Outcome == Won:
			t.Fatalf("position %d: the Equator bound says lost, the old search wins:\n%v", i, s)
		case g.dead(s) && !old.dead(s):
			counts["new/"+want.Outcome]++
		default:
			counts[want.Outcome]++
		}
	}
	t.Logf("positions: %v", counts)
	if counts["new/"+Lost] < 5 {
		t.Errorf("%d positions that only the Equator bound calls lost were re-proved lost: the test tests too little", counts["new/"+Lost])
	}
}
