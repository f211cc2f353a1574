package check

import (
	"testing"

	"pasyans/engine"
)

// The mutants of fifteen (see mutant_test.go).
func init() {
	addMutants(
		mutantCase{name: "fifteen foundations ignore suit", game: "fifteen", check: CheckProbe,
			rules: []string{"fifteen/foundation-suit"}, facts: []string{"foundations.suit"},
			variant: func(t *testing.T) *engine.Variant {
				return mutate(t, "fifteen", func(v *engine.Variant) {
					v.Game = loosen{Game: v.Game, rule: rule(t, v, "fifteen/foundation-suit"), extra: transfers(v, engine.Tableau, engine.Foundation),
						allow: func(s *engine.State, m engine.Move) bool { _, _, ok := onFoundation(v, s, m); return ok }}
				})
			}},
	)
}
