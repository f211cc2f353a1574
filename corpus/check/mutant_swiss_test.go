package check

import (
	"testing"

	"pasyans/engine"
)

// The mutants of swiss (see mutant_test.go).
func init() {
	addMutants(
		mutantCase{name: "swiss side cards to any foundation during the deal", game: "swiss", check: CheckProbe,
			rules: []string{"swiss/side-row"},
			variant: func(t *testing.T) *engine.Variant {
				return mutate(t, "swiss", func(v *engine.Variant) {
					v.Game = loosen{Game: v.Game, rule: rule(t, v, "swiss/side-row"), extra: transfers(v, engine.Tableau, engine.Foundation),
						allow: func(s *engine.State, m engine.Move) bool { return true }}
				})
			}},
	)
}
