package corpus

import (
	"strings"
	"testing"
)

// statsFile is a statistics file of fifteen, 3 won of 10, edited by
// replacing old with new.
func statsFile(old, new string) []byte {
	s := `game: fifteen
options: []
date: "2026-12-06"
deals: 10
first_seed: 1
budget: 2000 nodes
workers: 0
won: 3
lost: 2
unknown: 5
win_rate: 0.3
ci95: [0.1078, 0.9433]
unknown_fraction: 0.5
median_ms: 1
p90_ms: 2
nodes_per_sec: 1000
seen_cap_hits: 0
open_cards: false
lost_seeds: [4, 5]
unknown_seeds: [6, 7, 8, 9, 10]
unknown_progress: 0.5
`
	return []byte(strings.Replace(s, old, new, 1))
}

// TestReadStats: a statistics file whose figures are not those of its
// counts, with options not of its game or a budget not as stats writes
// it, fails the check (finding: forged figures reached the site); one
// with a budget of nodes passes (finding: "2000 nodes" was refused).
func TestReadStats(t *testing.T) {
	for _, tt := range []struct{ old, new, want string }{
		{"", "", ""},
		{"budget: 2000 nodes", "budget: 2s or 2000 nodes", ""},
		{"win_rate: 0.3", "win_rate: 1", "win_rate 1, ci95"},
		{"ci95: [0.1078, 0.9433]", "ci95: [0.9, 1]", "ci95 [0.9, 1]"},
		{"options: []", `options: ["x\n...\nwin_rate: 1"]`, `fifteen has no option "x\n...`},
		{"budget: 2000 nodes", `budget: "-5s"`, `budget "-5s"`},
		{"budget: 2000 nodes", `budget: 0 nodes`, `budget "0 nodes"`},
		{"first_seed: 1", "first_seed: 18446744073709551615", "the seeds would pass"},
	} {
		_, ds := ReadStats("stats/fifteen.yaml", statsFile(tt.old, tt.new))
		got := ""
		if len(ds) > 0 {
			got = ds.Error()
		}
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("%q → %q: %q, want %q", tt.old, tt.new, got, tt.want)
		}
	}
}
