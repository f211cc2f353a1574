package check

import (
	"testing"

	"pasyans/engine"
)

// The mutants of constitution (see mutant_test.go).
func init() {
	addMutants(
		mutantCase{name: "constitution foundation moves from the House of Lords", game: "constitution", check: CheckProbe,
			rules: []string{"constitution/foundation-from-privy-council"},
			variant: func(t *testing.T) *engine.Variant {
				return mutate(t, "constitution", func(v *engine.Variant) {
					v.Game = loosen{Game: v.Game, rule: rule(t, v, "constitution/foundation-from-privy-council"),
						extra: transfers(v, engine.Tableau, engine.Foundation),
						allow: func(s *engine.State, m engine.Move) bool {
							c, top, ok := onFoundation(v, s, m)
							row, _ := pileNo(v.Piles[m.From].ID)
							return ok && row == "l" && c.Suit() == top.Suit()
						}}
				})
			}},
	)
}
