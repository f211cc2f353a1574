package check

import "pasyans/engine"

// The mutants of zodiac (see mutant_test.go).
func init() {
	addMutants(loosenCase("Zodiac-to-Zodiac marriage", "zodiac", "zodiac/marriage-sources", nil,
		engine.Tableau, engine.Tableau, sameSuitStep(0)))
}
