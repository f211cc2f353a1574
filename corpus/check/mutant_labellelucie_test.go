package check

import "pasyans/engine"

// The mutants of la-belle-lucie (see mutant_test.go).
func init() {
	addMutants(
		mutateCase("one redeal more", "la-belle-lucie", CheckProbe, []string{"la-belle-lucie/redeals"}, []string{"deals"},
			func(v *engine.Variant, rule func(string) *engine.Rule) {
				redeal := v.Action("redeal")
				v.Game = loosen{Game: v.Game, rule: rule("la-belle-lucie/redeals"),
					extra: func(s *engine.State, dst []engine.Move) []engine.Move {
						return append(dst, engine.ActionMove(redeal, -1, -1))
					},
					allow: func(s *engine.State, m engine.Move) bool { return int(m.Action) == redeal && !s.Won() }}
			}),
		mutateCase("ascending marriage", "la-belle-lucie", CheckProbe,
			[]string{"la-belle-lucie/marriage", "la-belle-lucie/free-ace"}, []string{"building.dir"},
			func(v *engine.Variant, rule func(string) *engine.Rule) {
				allow := sameSuitStep(1)
				inner := loosen{Game: v.Game, rule: rule("la-belle-lucie/marriage"), extra: transfers(v, engine.Tableau, engine.Tableau),
					allow: func(s *engine.State, m engine.Move) bool { return allow(v, s, m) }}
				v.Game = loosen{Game: inner, rule: rule("la-belle-lucie/free-ace"), extra: inner.extra, allow: inner.allow}
			}),
	)
}
