package check

import "pasyans/engine"

// The mutants of sympathy (see mutant_test.go).
func init() {
	addMutants(mutateCase("pairs cards of the same rank and another suit", "sympathy", CheckProbe, []string{"sympathy/pair"}, nil,
		func(v *engine.Variant, _ func(string) *engine.Rule) {
			d := v.Pile("d")
			v.Game = afterApply{Game: v.Game, after: func(s *engine.State, m engine.Move) {
				if m.From < 0 || s.Piles[m.From].Len() == 0 || !s.Piles[m.From].FaceUpTop() {
					return
				}
				c := s.Piles[m.From].Top()
				side := v.Piles[m.From].ID[0]
				for q := range s.Piles {
					if v.Piles[q].ID[0] != side && v.Piles[q].Role != engine.Discard &&
						s.Piles[q].FaceUpTop() && s.Piles[q].Top().Rank() == c.Rank() {
						s.Move(int(m.From), d, 1)
						s.Move(q, d, 1)
						return
					}
				}
			}}
		}))
}
