package corpus

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"pasyans/engine/solve"
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

// TestStatsForms: the figures have one schema, solve.StatsResult, in two
// forms. A file read and written again is the same bytes; its JSON (the
// export's) has exactly the file's keys in the file's order and reads
// back into the same figures; a run's figures (with what the file does
// not keep) go through their JSON unchanged, and through the file as
// File rounds them, passing the check.
func TestStatsForms(t *testing.T) {
	for _, tt := range []struct{ old, new string }{
		{"", ""},
		{"workers: 0", "workers: 0\nthreads: 2"},
		{"unknown_progress: 0.5", "unknown_progress: 0.5\nshards: 3\nretried: 2\nretry_budget: 5000 nodes"},
	} {
		file := statsFile(tt.old, tt.new)
		s, ds := ReadStats("stats/fifteen.yaml", file)
		if len(ds) > 0 {
			t.Fatalf("%q: %v", tt.new, ds)
		}
		if again, err := s.Encode(""); err != nil || !bytes.Equal(again, file) {
			t.Errorf("%q: written again as\n%s(%v), want\n%s", tt.new, again, err, file)
		}
		j, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := jsonKeys(t, j), yamlKeys(t, file); !slices.Equal(got, want) {
			t.Errorf("%q: JSON keys %v, want the file's %v", tt.new, got, want)
		}
		var back solve.StatsResult
		if err := json.Unmarshal(j, &back); err != nil || !reflect.DeepEqual(back, s.StatsResult) {
			t.Errorf("%q: JSON read back as %+v (%v), want %+v", tt.new, back, err, s.StatsResult)
		}
	}
	run := solve.Summarize(solve.StatsResult{Game: "fifteen", Options: []string{}, Budget: "2000 nodes", Workers: 2, Threads: 1,
		Measured: &solve.Measured{Elapsed: 12, MemPerWorker: 1 << 20}}, []solve.Record{
		{Seed: 5, Outcome: solve.Won, Nodes: 100, Elapsed: 1234567 * time.Nanosecond},
		{Seed: 6, Outcome: solve.Lost, Nodes: 300, Elapsed: 3 * time.Millisecond},
		{Seed: 7, Outcome: solve.Unknown, Nodes: 2000, Elapsed: 7654321 * time.Nanosecond, Progress: 1, Goal: 3},
	})
	j, err := json.Marshal(run)
	if err != nil {
		t.Fatal(err)
	}
	var back solve.StatsResult
	if err := json.Unmarshal(j, &back); err != nil || !reflect.DeepEqual(back, run) || !bytes.Contains(j, []byte(`"elapsed_ms":12`)) {
		t.Errorf("a run's JSON %s read back as %+v (%v), want %+v", j, back, err, run)
	}
	now := time.Date(2026, 12, 6, 23, 0, 0, 0, time.UTC)
	text, err := NewStats(run, now).Encode("Written by: a test")
	if err != nil {
		t.Fatal(err)
	}
	s, ds := ReadStats("stats/fifteen.yaml", text)
	if want := run.File(now); len(ds) > 0 || !reflect.DeepEqual(s.StatsResult, want) || bytes.Contains(text, []byte("elapsed")) {
		t.Errorf("a run's file\n%s read back as %+v (%v), want %+v", text, s.StatsResult, ds, want)
	}
}

// jsonKeys returns the keys of the JSON object j in their order.
func jsonKeys(t *testing.T, j []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(j))
	if _, err := dec.Token(); err != nil { // {
		t.Fatal(err)
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
	}
	return keys
}

// yamlKeys returns the keys of the YAML mapping y in their order.
func yamlKeys(t *testing.T, y []byte) []string {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal(y, &doc); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for i, n := range doc.Content[0].Content {
		if i%2 == 0 {
			keys = append(keys, n.Value)
		}
	}
	return keys
}
