package render

import (
	"strings"
	"testing"
)

// TestNumbers: numbers, units, dates and plurals come out in the page's
// language's conventions (x/text), identifiers ungrouped.
func TestNumbers(t *testing.T) {
	msgs := siteMessages(t)
	pcs := map[string]*pageCtx{}
	for _, l := range []string{"ru", "en"} {
		pcs[l] = &pageCtx{s: &siteBuilder{msgs: msgs}, lang: l}
	}
	nb := func(s string) string { return strings.ReplaceAll(s, "~", "\u00a0") }
	tests := []struct {
		name   string
		f      func(pc *pageCtx) string
		ru, en string
	}{
		{"count", func(pc *pageCtx) string { return pc.num(10000) }, "10~000", "10,000"},
		{"percent", func(pc *pageCtx) string { return pc.pct(0.683) }, "68,3~%", "68.3%"},
		{"seconds", func(pc *pageCtx) string { return pc.duration("5s") }, "5 с", "5 s"},
		{"budget in time", func(pc *pageCtx) string { return pc.budget("5s") }, "5 с", "5 s"},
		{"budget in positions", func(pc *pageCtx) string { return pc.budget("3060000 nodes") }, "3~060~000~позиций", "3,060,000 positions"},
		{"budget of one position", func(pc *pageCtx) string { return pc.budget("1 nodes") }, "1 позиция", "1 position"},
		{"budget of 22 positions", func(pc *pageCtx) string { return pc.budget("22 nodes") }, "22 позиции", "22 positions"},
		{"budget in both", func(pc *pageCtx) string { return pc.budget("2s or 500000 nodes") }, "2~с или~500~000~позиций", "2 s or 500,000 positions"},
		{"milliseconds", func(pc *pageCtx) string { return pc.unit("unit.ms", pc.dec(94.2, 0)) }, "94 мс", "94 ms"},
		{"millions", func(pc *pageCtx) string { return pc.unit("unit.mln", pc.dec(0.0912, 2)) }, "0,09 млн", "0.09 M"},
		{"date", func(pc *pageCtx) string { return pc.date("2026-12-06") }, "6 декабря 2026 г.", "6 December 2026"},
		{"seed", func(pc *pageCtx) string { return pc.t("deal.seed", "2015") }, "Расклад № 2015", "Seed 2015"},
		{"one rule", func(pc *pageCtx) string { return pc.t("method.verdicts", 1, 1, 0, 0) }, "Из 1 правила", "Of 1 rule,"},
		{"121 rules", func(pc *pageCtx) string { return pc.t("method.verdicts", 121, 1, 0, 120) }, "Из 121 правила", "Of 121 rules,"},
		{"135 rules", func(pc *pageCtx) string { return pc.t("method.verdicts", 135, 1, 0, 134) }, "Из 135 правил", "Of 135 rules,"},
		{"11 rules", func(pc *pageCtx) string { return pc.t("method.verdicts", 11, 1, 0, 10) }, "Из 11 правил", "Of 11 rules,"},
	}
	for _, tc := range tests {
		for lang, want := range map[string]string{"ru": tc.ru, "en": tc.en} {
			pc := pcs[lang]
			got := strings.ReplaceAll(tc.f(pc), "\u00a0", " ")
			if pc.err != nil {
				t.Fatal(pc.err)
			}
			if !strings.HasPrefix(got, strings.ReplaceAll(want, "~", " ")) {
				t.Errorf("%s, %s: got %q, want %q…", tc.name, lang, got, want)
			}
			if strings.Contains(want, "~") && !strings.HasPrefix(tc.f(pc), nb(want)) {
				t.Errorf("%s, %s: %q has no non-breaking space where %q has", tc.name, lang, tc.f(pc), want)
			}
		}
	}
}
