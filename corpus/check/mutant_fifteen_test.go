package check

import "pasyans/engine"

// The mutants of fifteen (see mutant_test.go).
func init() {
	addMutants(loosenCase("foundations ignore suit", "fifteen", "fifteen/foundation-suit", []string{"foundations.suit"},
		engine.Tableau, engine.Foundation, func(v *engine.Variant, s *engine.State, m engine.Move) bool {
			_, _, ok := onFoundation(v, s, m)
			return ok
		}))
}
