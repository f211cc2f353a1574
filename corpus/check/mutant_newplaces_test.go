package check

import "pasyans/engine"

// The mutants of new-places (see mutant_test.go).
func init() {
	addMutants(
		loosenCase("an emptied place filled", "new-places", "new-places/no-empty-fill", []string{"building.empty"},
			engine.Tableau, engine.Tableau, anyMove),
		loosenCase("building regardless of suit", "new-places", "new-places/build-suit", []string{"building.suit"},
			engine.Tableau, engine.Tableau, func(_ *engine.Variant, s *engine.State, m engine.Move) bool {
				top := s.Piles[m.To].Top()
				return top != engine.NoCard && step(s.Piles[m.From].Top(), top, 0)
			}),
	)
}
