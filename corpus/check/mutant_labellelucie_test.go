package check

import (
	"testing"

	"pasyans/engine"
)

// The mutants of la-belle-lucie (see mutant_test.go).
func init() {
	addMutants(
		mutantCase{name: "la-belle-lucie one redeal more", game: "la-belle-lucie", check: CheckProbe,
			rules: []string{"la-belle-lucie/redeals"}, facts: []string{"deals"},
			variant: func(t *testing.T) *engine.Variant {
				return mutate(t, "la-belle-lucie", func(v *engine.Variant) {
					redeal := v.Action("redeal")
					v.Game = loosen{Game: v.Game, rule: rule(t, v, "la-belle-lucie/redeals"),
						extra: func(s *engine.State, dst []engine.Move) []engine.Move {
							return append(dst, engine.ActionMove(redeal, -1, -1))
						},
						allow: func(s *engine.State, m engine.Move) bool { return int(m.Action) == redeal && !s.Won() }}
				})
			}},
		mutantCase{name: "la-belle-lucie ascending marriage", game: "la-belle-lucie", check: CheckProbe,
			rules: []string{"la-belle-lucie/marriage", "la-belle-lucie/free-ace"}, facts: []string{"building.dir"},
			variant: func(t *testing.T) *engine.Variant {
				return mutate(t, "la-belle-lucie", func(v *engine.Variant) {
					marriage := rule(t, v, "la-belle-lucie/marriage")
					free := rule(t, v, "la-belle-lucie/free-ace")
					inner := loosen{Game: v.Game, rule: marriage, extra: transfers(v, engine.Tableau, engine.Tableau),
						allow: func(s *engine.State, m engine.Move) bool {
							c, top := s.Piles[m.From].Top(), s.Piles[m.To].Top()
							return top != engine.NoCard && c.Suit() == top.Suit() && step(c, top, 1)
						}}
					v.Game = loosen{Game: inner, rule: free, extra: inner.extra, allow: inner.allow}
				})
			}},
	)
}
