package check

import (
	"testing"

	"pasyans/engine"
)

// The mutants of salic-law (see mutant_test.go).
func init() {
	addMutants(
		mutantCase{name: "salic-law foundations follow suit", game: "salic-law", check: CheckProbe,
			rules: []string{"salic-law/foundations"}, facts: []string{"foundations.suit"},
			variant: func(t *testing.T) *engine.Variant {
				return mutate(t, "salic-law", func(v *engine.Variant) {
					v.Game = tighten{Game: v.Game, rule: rule(t, v, "salic-law/foundations"), refuse: func(s *engine.State, m engine.Move) bool {
						return m.Action == 0 && v.Piles[m.To].Role == engine.Foundation && s.Piles[m.To].Len() > 0 &&
							s.Piles[m.From].Top().Suit() != s.Piles[m.To].Top().Suit()
					}}
				})
			}},
		mutantCase{name: "salic-law top rank Q instead of J", game: "salic-law", check: CheckClaim,
			rules: []string{"salic-law/foundations"}, facts: []string{"foundations.top"},
			variant: func(t *testing.T) *engine.Variant {
				return mutate(t, "salic-law", func(v *engine.Variant) { v.Spec.Foundations[0].Top = "Q" })
			}},
	)
}
