package check

import "pasyans/engine"

// The mutants of salic-law (see mutant_test.go).
func init() {
	addMutants(
		mutateCase("foundations follow suit", "salic-law", CheckProbe, []string{"salic-law/foundations"}, []string{"foundations.suit"},
			func(v *engine.Variant, rule func(string) *engine.Rule) {
				v.Game = tighten{Game: v.Game, rule: rule("salic-law/foundations"), refuse: func(s *engine.State, m engine.Move) bool {
					return m.Action == 0 && v.Piles[m.To].Role == engine.Foundation && s.Piles[m.To].Len() > 0 &&
						s.Piles[m.From].Top().Suit() != s.Piles[m.To].Top().Suit()
				}}
			}),
		mutateCase("top rank Q instead of J", "salic-law", CheckClaim, []string{"salic-law/foundations"}, []string{"foundations.top"},
			func(v *engine.Variant, _ func(string) *engine.Rule) { v.Spec.Foundations[0].Top = "Q" }),
	)
}
