package check

import (
	"testing"

	"pasyans/engine"
)

// The mutants of st-helena (see mutant_test.go).
func init() {
	addMutants(
		mutantCase{name: "st-helena rows feed any foundation during the deal", game: "st-helena", check: CheckProbe,
			rules: []string{"st-helena/row-to-row"},
			variant: func(t *testing.T) *engine.Variant {
				return mutate(t, "st-helena", func(v *engine.Variant) {
					v.Game = loosen{Game: v.Game, rule: rule(t, v, "st-helena/row-to-row"), extra: transfers(v, engine.Tableau, engine.Foundation),
						allow: func(s *engine.State, m engine.Move) bool { return true }}
				})
			}},
	)
}
