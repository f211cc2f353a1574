package check

import (
	"testing"

	"pasyans/engine"
)

// The mutants of le-cadran (see mutant_test.go).
func init() {
	addMutants(
		mutantCase{name: "le-cadran building up", game: "le-cadran", check: CheckProbe,
			rules: []string{"le-cadran/marriage"}, facts: []string{"building.dir"},
			variant: func(t *testing.T) *engine.Variant {
				return mutate(t, "le-cadran", func(v *engine.Variant) {
					v.Game = loosen{Game: v.Game, rule: rule(t, v, "le-cadran/marriage"), extra: transfers(v, engine.Tableau, engine.Tableau),
						allow: func(s *engine.State, m engine.Move) bool {
							c, top := s.Piles[m.From].Top(), s.Piles[m.To].Top()
							return top != engine.NoCard && c.Suit() == top.Suit() && step(c, top, 1)
						}}
				})
			}},
	)
}
