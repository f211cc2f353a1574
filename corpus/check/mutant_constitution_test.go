package check

import "pasyans/engine"

// The mutants of constitution (see mutant_test.go).
func init() {
	addMutants(loosenCase("foundation moves from the House of Lords", "constitution", "constitution/foundation-from-privy-council", nil,
		engine.Tableau, engine.Foundation, func(v *engine.Variant, s *engine.State, m engine.Move) bool {
			c, top, ok := onFoundation(v, s, m)
			row, _ := pileNo(v.Piles[m.From].ID)
			return ok && row == "l" && c.Suit() == top.Suit()
		}))
}
