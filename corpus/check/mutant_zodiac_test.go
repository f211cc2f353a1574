package check

import (
	"testing"

	"pasyans/engine"
)

// The mutants of zodiac (see mutant_test.go).
func init() {
	addMutants(
		mutantCase{name: "zodiac Zodiac-to-Zodiac marriage", game: "zodiac", check: CheckProbe,
			rules: []string{"zodiac/marriage-sources"},
			variant: func(t *testing.T) *engine.Variant {
				return mutate(t, "zodiac", func(v *engine.Variant) {
					v.Game = loosen{Game: v.Game, rule: rule(t, v, "zodiac/marriage-sources"), extra: transfers(v, engine.Tableau, engine.Tableau),
						allow: func(s *engine.State, m engine.Move) bool {
							c, top := s.Piles[m.From].Top(), s.Piles[m.To].Top()
							return top != engine.NoCard && c.Suit() == top.Suit() && step(c, top, 0)
						}}
				})
			}},
	)
}
