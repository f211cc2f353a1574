package check

import "pasyans/engine"

// The mutants of st-helena (see mutant_test.go).
func init() {
	addMutants(loosenCase("rows feed any foundation during the deal", "st-helena", "st-helena/row-to-row", nil,
		engine.Tableau, engine.Foundation, anyMove))
}
