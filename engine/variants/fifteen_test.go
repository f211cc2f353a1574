package variants

import (
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// fifLay arranges a position: each listed pile holds exactly the given
// cards (bottom to top); every other card goes to pile rest, aces and kings
// at its bottom, so that its top card can start no foundation; all other
// piles are empty and every card lies face up.
func fifLay(s *engine.State, piles map[string][]string, rest string) {
	pool := map[engine.Card]int{}
	for i := range s.Piles {
		for _, c := range s.Piles[i].Cards {
			pool[c]++
		}
		s.Piles[i].Cards = s.Piles[i].Cards[:0]
		s.Piles[i].Down = 0
	}
	for id, cards := range piles {
		p := s.V.Pile(id)
		for _, text := range cards {
			c, err := engine.ParseCard(text)
			if err != nil || pool[c] == 0 {
				panic("fifLay: no card " + text + " left")
			}
			pool[c]--
			s.Piles[p].Cards = append(s.Piles[p].Cards, c)
		}
	}
	r := s.V.Pile(rest)
	for _, bases := range []bool{true, false} {
		for _, c := range engine.FullDeck(1) {
			isBase := c.Rank() == engine.Ace || c.Rank() == engine.King
			for ; isBase == bases && pool[c] > 0; pool[c]-- {
				s.Piles[r].Cards = append(s.Piles[r].Cards, c)
			}
		}
	}
}

func fifCase(name string, piles map[string][]string, moves []string, try, rule string) enginetest.Case {
	return enginetest.Case{Name: name, Seed: 1, Moves: moves, Try: try, Rule: rule,
		Setup: func(s *engine.State) { fifLay(s, piles, "c15") }}
}

type fifSet = map[string][]string

func TestFifteenRules(t *testing.T) {
	enginetest.Rules(t, "fifteen", []enginetest.Case{
		fifCase("available/legal-lowest-card", fifSet{"c1": {"5C", "AH"}}, nil, "c1>a1", ""),
		fifCase("available/opened-by-ordinary-play", fifSet{"a1": {"AH"}, "c1": {"AS", "5C"}}, nil, "open:c1>a2", "fifteen/available"),
		fifCase("available/ace-can-start", fifSet{"c1": {"AS", "5C"}, "c2": {"AD"}}, nil, "open:c1>a1", "fifteen/available"),
		fifCase("available/king-can-start", fifSet{"c1": {"AS", "5C"}, "c2": {"KD"}}, nil, "open:c1>a1", "fifteen/available"),
		fifCase("opening-exception/ace", fifSet{"c1": {"AH", "5C"}}, nil, "open:c1>a1", ""),
		fifCase("opening-exception/king", fifSet{"c1": {"9D", "KH", "5C"}}, nil, "open:c1>k3", ""),
		fifCase("opening-exception/not-ace", fifSet{"c1": {"7H", "5C"}}, nil, "open:c1>a1", "fifteen/opening-exception"),
		fifCase("opening-exception/king-to-ace-place", fifSet{"c1": {"KH", "5C"}}, nil, "open:c1>a1", "fifteen/opening-exception"),
		fifCase("opening-exception/nothing-above", fifSet{"c1": {"5C"}}, nil, "open:c1>a1", "fifteen/opening-exception"),
		fifCase("opening-exception/to-column", fifSet{"c1": {"AH", "5C"}}, nil, "open:c1>c2", "fifteen/opening-exception"),
		fifCase("opening-once/ace-then-king", fifSet{"c1": {"AH", "5C"}, "c2": {"KS", "6C"}}, []string{"open:c1>a1"}, "open:c2>k1", ""),
		fifCase("opening-once/second-ace", fifSet{"c1": {"AH", "5C"}, "c2": {"AS", "6C"}}, []string{"open:c1>a1"}, "open:c2>a2", "fifteen/opening-once"),
		fifCase("opening-once/window-closes", fifSet{"c1": {"AH", "5C"}, "c2": {"KS", "2H"}}, []string{"open:c1>a1", "c2>a1"}, "open:c2>k1", "fifteen/available"),
		fifCase("foundation-base/king", fifSet{"c1": {"KC"}}, nil, "c1>k2", ""),
		fifCase("foundation-base/king-on-ace-place", fifSet{"c1": {"KC"}}, nil, "c1>a2", "fifteen/foundation-base"),
		fifCase("foundation-base/five", fifSet{"c1": {"5C"}}, nil, "c1>k1", "fifteen/foundation-base"),
		fifCase("foundation-one-per-suit/other-suit", fifSet{"a1": {"AH"}, "c1": {"AS"}}, nil, "c1>a2", ""),
		fifCase("foundation-one-per-suit/same-suit", fifSet{"a1": {"AH"}, "c1": {"AH"}}, nil, "c1>a2", "fifteen/foundation-one-per-suit"),
		fifCase("foundation-one-per-suit/kings", fifSet{"k4": {"KD", "QD"}, "c1": {"KD"}}, nil, "c1>k1", "fifteen/foundation-one-per-suit"),
		fifCase("foundation-suit/follows", fifSet{"a1": {"AH"}, "c1": {"2H"}}, nil, "c1>a1", ""),
		fifCase("foundation-suit/other", fifSet{"a1": {"AH"}, "c1": {"2S"}}, nil, "c1>a1", "fifteen/foundation-suit"),
		fifCase("foundation-order/king-down", fifSet{"k1": {"KH"}, "c1": {"QH"}}, nil, "c1>k1", ""),
		fifCase("foundation-order/skip", fifSet{"a1": {"AH"}, "c1": {"3H"}}, nil, "c1>a1", "fifteen/foundation-order"),
		fifCase("foundation-order/king-up", fifSet{"k1": {"KH", "QH"}, "c1": {"KH"}}, nil, "c1>k1", "fifteen/foundation-order"),
		fifCase("foundation-final/play", fifSet{"a1": {"AH"}, "c1": {"2H"}}, nil, "c1>a1", ""),
		fifCase("foundation-final/take-back", fifSet{"a1": {"AH", "2H"}, "c1": {"3H"}}, nil, "a1>c1", "fifteen/foundation-final"),
		fifCase("marriage/down", fifSet{"c1": {"5H"}, "c2": {"6H"}}, nil, "c1>c2", ""),
		fifCase("marriage/up", fifSet{"c1": {"5H"}, "c2": {"6H"}}, nil, "c2>c1", ""),
		fifCase("marriage/other-suit", fifSet{"c1": {"5H"}, "c2": {"6S"}}, nil, "c1>c2", "fifteen/marriage"),
		fifCase("marriage/two-apart", fifSet{"c1": {"5H"}, "c2": {"7H"}}, nil, "c1>c2", "fifteen/marriage"),
		fifCase("lane/any-card", fifSet{"c2": {"9D"}}, nil, "c2>c1", ""),
		fifCase("lane/foundation-card-stays", fifSet{"a1": {"AH", "2H"}}, nil, "a1>c1", "fifteen/foundation-final"),
		fifCase("empty-source", fifSet{"c2": {"9D"}}, nil, "c1>c2", "play/empty-source"),
	})
}

// TestFifteenOpenApply checks that the opening exception closes the gap
// with the lowest card and that undo restores it.
func TestFifteenOpenApply(t *testing.T) {
	v, _ := engine.Lookup("fifteen")
	s := engine.NewDeal(v, 1, 0)
	fifLay(s, fifSet{"c1": {"9D", "AH", "5C"}}, "c15")
	before := s.Key(nil)
	m, err := v.ParseMove("open:c1>a1")
	if err != nil || s.Check(m) != nil {
		t.Fatalf("open:c1>a1 not legal: %v %v", err, s.Check(m))
	}
	s.Do(m)
	if got := s.Piles[v.Pile("c1")].Cards; len(got) != 2 || got[0].String() != "9D" || got[1].String() != "5C" {
		t.Fatalf("c1 after open = %v, want 9D 5C", got)
	}
	if got := s.Piles[v.Pile("a1")].Top(); got.String() != "AH" {
		t.Fatalf("a1 = %v, want AH", got)
	}
	enginetest.Undone(t, s, before, "open")
}

// TestFifteenDeal pins the shape of the deal: fourteen columns of seven and
// one of six, all face up.
func TestFifteenDeal(t *testing.T) {
	v, _ := engine.Lookup("fifteen")
	s := engine.NewDeal(v, 42, 0)
	for i := 0; i < 15; i++ {
		p := s.Piles[fifCols+i]
		want := 7
		if i == 14 {
			want = 6
		}
		if len(p.Cards) != want || p.Down != 0 {
			t.Fatalf("c%d: %d cards, %d down; want %d face up", i+1, len(p.Cards), p.Down, want)
		}
	}
}

func TestFifteenProperties(t *testing.T) { enginetest.Properties(t, "fifteen", nil, 300) }

func BenchmarkFifteenPlayout(b *testing.B)   { enginetest.BenchPlayouts(b, "fifteen") }
func BenchmarkFifteenApplyUndo(b *testing.B) { enginetest.BenchApplyUndo(b, "fifteen") }
