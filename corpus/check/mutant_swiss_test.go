package check

import "pasyans/engine"

// The mutants of swiss (see mutant_test.go).
func init() {
	addMutants(loosenCase("side cards to any foundation during the deal", "swiss", "swiss/side-row", nil,
		engine.Tableau, engine.Foundation, anyMove))
}
