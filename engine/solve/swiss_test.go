package solve

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"pasyans/engine"
)

// TestTwelveKnowledge compares answers with and without the safe moves of
// the twelve-pile games (swiss, st-helena, new-places), and checks their
// keys against the generic key, under the options that change what the
// knowledge may assume.
func TestTwelveKnowledge(t *testing.T) {
	for _, c := range []struct {
		id   string
		opts []string
	}{
		{"swiss", nil}, {"swiss", []string{"foundation-to-foundation"}}, {"swiss", []string{"free-foundations", "adjacent-only"}},
		{"st-helena", nil}, {"st-helena", []string{"same-column"}},
		{"new-places", nil},
	} {
		agreeKnowledge(t, c.id, c.opts, 12, 30000)
		agreeAlongLines(t, c.id, c.opts, 8, 10, 20000)
		// In the endgame the piles, the ace places and the king places are
		// interchangeable (see swiss.go): the reference key then writes the
		// foundations in the per-suit form (the top of each run), the
		// whole pack, the piles sorted and the counters.
		v, _ := engine.Lookup(c.id)
		plain := newKeyer(v)
		g := newTwelve(v)
		o, _ := v.ParseOptions(c.opts)
		g.start(engine.NewDeal(v, 1, o))
		keyInjectiveRef(t, c.id, c.opts, 3, 20000, func(s *engine.State) []byte {
			if !g.endgame(s) {
				return plain.key(s, nil)
			}
			k := g.suitRuns(s, nil)
			k = pileBytes(k, &s.Piles[twStock])
			segs := make([][]byte, 12)
			for p := range segs {
				segs[p] = pileBytes(nil, &s.Piles[twTab+p])
			}
			slices.SortFunc(segs, bytes.Compare)
			for _, sg := range segs {
				k = append(k, sg...)
			}
			for _, x := range s.Vars {
				k = append(k, byte(x), byte(x>>8))
			}
			return k
		})
	}
}

func indexes(first, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = first + i
	}
	return out
}

// TestTwelvePassNeeded pins a new-places endgame that only a move between
// foundations wins: spades have their ace run A..6 and king run K..7, and
// the one pile left holds, from the bottom, K♠ … 6♠ then A♠ … 5♠. The 5♠
// on top fits neither run until the 6♠ passes from the ace run to the king
// run; then 5♠ … A♠ go down on the king run and 6♠ … K♠ up on the ace run.
// (A key that wrote one form for every split of adjacent runs turned that
// pass away as a position already seen, and answered lost.)
func TestTwelvePassNeeded(t *testing.T) {
	v, _ := engine.Lookup("new-places")
	s := engine.NewDeal(v, 1, 0)
	for p := range s.Piles {
		s.Piles[p].Cards = s.Piles[p].Cards[:0]
	}
	s.Vars[twVarDeal] = 3
	for su := engine.Spades; su <= engine.Clubs; su++ {
		up, down := &s.Piles[twFound+int(su)], &s.Piles[twFound+4+int(su)]
		for r := engine.Ace; r <= engine.King; r++ {
			if su != engine.Spades || r <= 6 {
				up.Cards = append(up.Cards, engine.NewCard(r, su))
			}
			if k := engine.King + engine.Ace - r; su != engine.Spades || k >= 7 {
				down.Cards = append(down.Cards, engine.NewCard(k, su))
			}
		}
	}
	pile := &s.Piles[twTab]
	for r := engine.King; r >= 6; r-- {
		pile.Cards = append(pile.Cards, engine.NewCard(r, engine.Spades))
	}
	for r := engine.Ace; r <= 5; r++ {
		pile.Cards = append(pile.Cards, engine.NewCard(r, engine.Spades))
	}
	if n := s.CardCount(); n != 104 {
		t.Fatalf("%d cards, want 104", n)
	}
	r := Solve(s, Options{MaxNodes: 100000})
	if r.Outcome != Won {
		t.Fatalf("%s, want won", r.Outcome)
	}
	for _, m := range r.Moves {
		if rule := s.Check(m); rule != nil {
			t.Fatalf("%s refused: %s", v.FormatMove(m), rule.ID)
		}
		s.Do(m)
	}
	if !s.Won() {
		t.Error("the line does not win")
	}
}

// TestTwelveLoneBuild compares answers with and without the endgame
// pruning of builds that move a pile's last card (loneBuild in swiss.go).
func TestTwelveLoneBuild(t *testing.T) {
	for _, c := range []struct {
		id    string
		seeds []uint64 // deals the solver wins quickly
	}{{"swiss", []uint64{1, 5}}, {"st-helena", []uint64{1, 2}}, {"new-places", []uint64{1}}} {
		v, _ := engine.Lookup(c.id)
		g := newTwelve(v)
		g.keepLone = true
		compareOnEndgames(t, v, c.seeds, g, "loneBuild")
	}
}

// TestTwelveOverlapSafe compares answers with and without the safe move of
// overlapping runs of new-places (swiss.go).
func TestTwelveOverlapSafe(t *testing.T) {
	v, _ := engine.Lookup("new-places")
	g := newTwelve(v)
	g.noOverlap = true
	compareOnEndgames(t, v, []uint64{1, 3}, g, "the overlap safe move")
}

// TestTwelveDirectedPasses compares answers with and without the endgame
// pruning of moves between foundations (passWanted in swiss.go) in
// new-places (TestTwelveKnowledge covers swiss with its option
// foundation-to-foundation).
func TestTwelveDirectedPasses(t *testing.T) {
	v, _ := engine.Lookup("new-places")
	g := newTwelve(v)
	g.keepPasses = true
	compareOnEndgames(t, v, []uint64{1, 3}, g, "passWanted")
}

// compareOnEndgames solves endgame positions of v with the full knowledge
// and with the context without (lacking the piece of knowledge what), and
// fails when they disagree. The positions are of two kinds: positions of
// the winning lines of the given deals pushed off them by a few random
// moves (mostly won), and positions reached by random play (foundation
// moves taken when there are some; mostly lost).
func compareOnEndgames(t *testing.T, v *engine.Variant, seeds []uint64, without *twelveCtx, what string) {
	t.Helper()
	full, less := New(v), New(v)
	less.ctx = without
	g := newTwelve(v)
	won, lost := 0, 0
	compare := func(s *engine.State, where string) {
		a := full.Solve(s, Options{MaxNodes: 20000, ProbeShare: -1})
		b := less.Solve(s, Options{MaxNodes: 20000, ProbeShare: -1})
		if a.Outcome == Unknown || b.Outcome == Unknown {
			return
		}
		if a.Outcome != b.Outcome {
			t.Errorf("%s %s: %s with %s, %s without", v.ID, where, a.Outcome, what, b.Outcome)
		}
		if a.Outcome == Won {
			won++
		} else {
			lost++
		}
	}
	for _, seed := range seeds {
		s := engine.NewDeal(v, seed, 0)
		r := full.Solve(s, Options{MaxNodes: 3000000})
		if r.Outcome != Won {
			t.Fatalf("%s seed %d: %s, want won", v.ID, seed, r.Outcome)
		}
		rng := engine.NewRand(seed)
		for i, m := range r.Moves {
			s.Do(m)
			if !g.endgame(s) || (len(r.Moves)-i)%3 != 0 {
				continue
			}
			extra := randomMoves(s, rng, rng.Intn(5), nil)
			compare(s, fmt.Sprintf("seed %d move %d+%d", seed, i+1, extra))
			for ; extra > 0; extra-- {
				s.Undo()
			}
		}
	}
	for seed := uint64(1); seed <= 60; seed++ {
		s := engine.NewDeal(v, seed, 0)
		rng := engine.NewRand(seed)
		n := randomMoves(s, rng, 2000, func(s *engine.State) bool { return g.endgame(s) && rng.Intn(3) == 0 })
		if g.endgame(s) {
			compare(s, fmt.Sprintf("seed %d after %d random moves", seed, n))
		}
	}
	t.Logf("%s, %s: %d endgame positions decided both ways, %d won, %d lost", v.ID, what, won+lost, won, lost)
	if won < 5 || lost < 5 {
		t.Errorf("%s, %s: %d won and %d lost positions decided both ways: the test proves little", v.ID, what, won, lost)
	}
}

// randomMoves plays up to n random moves on s (a move onto a foundation
// when there is one), stopping early when stop (if not nil) says so, and
// returns how many it played.
func randomMoves(s *engine.State, rng *engine.Rand, n int, stop func(*engine.State) bool) int {
	played := 0
	for ; played < n && !s.Won(); played++ {
		ms := s.Moves()
		if len(ms) == 0 || (stop != nil && stop(s)) {
			break
		}
		s.Do(preferFoundation(ms, rng))
	}
	return played
}

// preferFoundation picks a move onto a foundation when there is one (at
// random among them), else any move at random.
func preferFoundation(ms []engine.Move, rng *engine.Rand) engine.Move {
	var up []engine.Move
	for _, m := range ms {
		if m.Action == 0 && m.To >= twFound && m.From < twFound {
			up = append(up, m)
		}
	}
	if len(up) > 0 {
		return up[rng.Intn(len(up))]
	}
	return ms[rng.Intn(len(ms))]
}
