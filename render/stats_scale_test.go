package render

import (
	"os"
	"pasyans/render/typo"
	"path/filepath"
	"strings"
	"testing"

	"pasyans/corpus"
	"pasyans/engine/solve"
)

// TestStatRowsShards: the statistics say when they were merged from
// shards (how many) and how many deals a retry answered, in both
// languages, and say nothing of it for one run.
func TestStatRowsShards(t *testing.T) {
	msgs := siteMessages(t)
	base := corpus.Stats{StatsResult: solve.StatsResult{Game: "fifteen", Deals: 10000, FirstSeed: 1, Budget: "5s", Won: 9562, Lost: 426, Unknown: 12, CI95: [2]float64{0.952, 0.9612}}}
	tests := []struct {
		lang             string
		shards, retried  int
		wantIn, wantNout []string
	}{
		{"en", 10, 12, []string{"Merged from shards (pasyans stats merge)=10", "Undecided deals solved again=12, with a budget of 30 s", "Deals played=10,000 (1–10000)", "95% interval=95.2% – 96.1%"}, nil},
		{"ru", 10, 0, []string{"Сведено из частей (pasyans stats merge)=10", "Сыграно раскладов=10\u00a0000 (1–10000)", "доверительный интервал=95,2\u00a0%", "96,1\u00a0%", "Предел поиска на расклад=5\u00a0с"}, []string{"повторно"}},
		{"en", 1, 0, []string{"Deals played=10,000 (1–10000)"}, []string{"Merged", "again"}},
		{"en", 0, 0, nil, []string{"Merged", "again"}},
	}
	for _, tt := range tests {
		st := base
		st.Shards, st.Retried, st.RetryBudget = tt.shards, tt.retried, "30s"
		pc := &pageCtx{s: &siteBuilder{msgs: msgs}, lang: tt.lang}
		var rows []string
		for _, r := range pc.statRows(&st) {
			rows = append(rows, r.Key+"="+r.Value)
		}
		if pc.err != nil {
			t.Fatal(pc.err)
		}
		all := strings.Join(rows, "\n")
		for _, w := range tt.wantIn {
			if tt.lang == "ru" {
				w = typo.Text(w)
			}
			if !strings.Contains(all, w) {
				t.Errorf("%s, %d shards, %d retried: no row %q in\n%s", tt.lang, tt.shards, tt.retried, w, all)
			}
		}
		for _, w := range tt.wantNout {
			if strings.Contains(all, w) {
				t.Errorf("%s, %d shards, %d retried: a row says %q:\n%s", tt.lang, tt.shards, tt.retried, w, all)
			}
		}
	}
}

// TestStatsShardsPage: each game's page shows the shards row exactly when
// its statistics were merged from shards.
func TestStatsShardsPage(t *testing.T) {
	dir, ed := builtSite(t)
	merged := 0
	for _, st := range ed.Stats {
		page, err := os.ReadFile(filepath.Join(dir, "en", "games", st.Game, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		shown := strings.Contains(string(page), "<dt>Merged from shards (pasyans stats merge)</dt><dd>"+itoa(st.Shards)+"</dd>")
		if shown != (st.Shards > 1) {
			t.Errorf("%s: %d shards, row shown %v", st.Game, st.Shards, shown)
		}
		if st.Shards > 1 {
			merged++
		}
	}
	if merged == 0 {
		t.Log("no statistics of the corpus were merged from shards")
	}
}
