package check

import (
	"testing"

	"pasyans/engine"
)

// The mutants of new-places (see mutant_test.go).
func init() {
	addMutants(
		mutantCase{name: "new-places an emptied place filled", game: "new-places", check: CheckProbe,
			rules: []string{"new-places/no-empty-fill"}, facts: []string{"building.empty"},
			variant: func(t *testing.T) *engine.Variant {
				return mutate(t, "new-places", func(v *engine.Variant) {
					v.Game = loosen{Game: v.Game, rule: rule(t, v, "new-places/no-empty-fill"), extra: transfers(v, engine.Tableau, engine.Tableau),
						allow: func(s *engine.State, m engine.Move) bool { return true }}
				})
			}},
		mutantCase{name: "new-places building regardless of suit", game: "new-places", check: CheckProbe,
			rules: []string{"new-places/build-suit"}, facts: []string{"building.suit"},
			variant: func(t *testing.T) *engine.Variant {
				return mutate(t, "new-places", func(v *engine.Variant) {
					v.Game = loosen{Game: v.Game, rule: rule(t, v, "new-places/build-suit"), extra: transfers(v, engine.Tableau, engine.Tableau),
						allow: func(s *engine.State, m engine.Move) bool {
							top := s.Piles[m.To].Top()
							return top != engine.NoCard && step(s.Piles[m.From].Top(), top, 0)
						}}
				})
			}},
	)
}
