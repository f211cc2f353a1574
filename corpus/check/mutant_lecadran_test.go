package check

import "pasyans/engine"

// The mutants of le-cadran (see mutant_test.go).
func init() {
	addMutants(loosenCase("building up", "le-cadran", "le-cadran/marriage", []string{"building.dir"},
		engine.Tableau, engine.Tableau, sameSuitStep(1)))
}
