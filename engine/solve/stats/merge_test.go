package stats

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pasyans/engine"
	"pasyans/engine/solve"
	_ "pasyans/engine/variants" // the games register themselves
)

// recLine is a record line of fifteen at a node budget, changed by edit.
func recLine(seed uint64, result string, nodes int64, edit func(*record)) string {
	v, _ := engine.Lookup("fifteen")
	r := record{Seed: seed, Result: result, Positions: 100, Game: "fifteen", Options: []string{}, Budget: "0s", Nodes: nodes,
		Threads: 1, Engine: solve.EngineVersion(v), MS: 1.5}
	if edit != nil {
		edit(&r)
	}
	var b strings.Builder
	r.encode(&b)
	return b.String()
}

// recFiles writes record files (their lines) into a temporary folder.
func recFiles(t *testing.T, files ...[]string) []string {
	dir := t.TempDir()
	var names []string
	for i, lines := range files {
		name := filepath.Join(dir, fmt.Sprintf("f%d.jsonl", i+1))
		if err := os.WriteFile(name, []byte(strings.Join(lines, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	return names
}

// TestMergeRefuses: each refusal of Merge, with its file, line and
// message.
func TestMergeRefuses(t *testing.T) {
	ok := func(s uint64) string { return recLine(s, "won", 1000, nil) }
	tests := []struct {
		name  string
		files [][]string
		want  string
	}{
		{"game", [][]string{{ok(1), ok(2)}, {recLine(3, "won", 1000, func(r *record) { r.Game = "swiss" })}},
			"f2.jsonl:1: records of game swiss, not fifteen ("},
		{"options", [][]string{{ok(1)}, {ok(2), recLine(3, "won", 1000, func(r *record) { r.Options = []string{"x"} })}},
			`f2.jsonl:2: fifteen has no option "x"`},
		{"threads", [][]string{{ok(1), recLine(2, "won", 1000, func(r *record) { r.Threads = 2 })}},
			"f1.jsonl:2: records of threads 2, not 1"},
		{"engine", [][]string{{ok(1), recLine(2, "won", 1000, func(r *record) { r.Engine = "s0-000000000000" })}},
			"f1.jsonl:2: records of engine version s0-000000000000, not"},
		{"budget neither larger nor smaller", [][]string{{ok(1), recLine(2, "won", 0, func(r *record) { r.Budget = "5s" })}},
			"f1.jsonl:2: budget 5s is neither the run's budget 1000 nodes nor larger"},
		{"a deal twice, two answers", [][]string{{ok(1), ok(2)}, {ok(2), recLine(2, "unknown", 1000, nil)}},
			"f2.jsonl:2: deal 2 given twice with different answers: unknown after 100 positions here, won after 100 positions at "},
		{"a deal twice, other positions", [][]string{{ok(1), ok(2)}, {recLine(2, "won", 1000, func(r *record) { r.Positions = 99 })}},
			"f2.jsonl:1: deal 2 given twice with different answers"},
		{"won and lost", [][]string{{ok(1), recLine(2, "lost", 1000, nil)}, {recLine(2, "won", 5000, nil)}},
			"f2.jsonl:1: deal 2 won, but lost at "},
		{"gaps", [][]string{{ok(1), ok(2)}, {ok(5), ok(9)}},
			"stats merge: 5 deals missing from the range 1-9: 3-4, 6-8"},
		{"only a retry", [][]string{{ok(1), ok(2)}, {recLine(3, "won", 5000, nil)}},
			"f2.jsonl:1: deal 3 has no answer at the run's budget 1000 nodes, only at 5000 nodes"},
		{"cut line", [][]string{{ok(1), strings.TrimSuffix(ok(2), "\n")}},
			"f1.jsonl:2: the line is cut short"},
		{"not a record", [][]string{{ok(1), "{\"seed\": 2, \"colour\": 1}\n"}},
			"f1.jsonl:2: not a record: json: unknown field \"colour\""},
		{"bad result", [][]string{{recLine(1, "maybe", 1000, nil)}},
			"f1.jsonl:1: result \"maybe\" is not won, lost or unknown"},
		{"text after the record", [][]string{{ok(1), strings.TrimSuffix(ok(2), "\n") + " x\n"}},
			`f1.jsonl:2: not a record: "x" after it on the line`},
		{"two records on a line", [][]string{{strings.TrimSuffix(ok(1), "\n") + ok(2)}},
			`f1.jsonl:1: not a record: "{\"seed\":2,`},
		{"positions overflow", [][]string{{ok(1), recLine(2, "won", 1000, func(r *record) { r.Positions = 1<<63 - 1 })}},
			"f1.jsonl:2: nodes 1000, positions 9223372036854775807"},
		{"ms 1e300", [][]string{{recLine(1, "won", 1000, func(r *record) { r.MS = 1e300 })}},
			"f1.jsonl:1: nodes 1000, positions 100, ms 1e+300"},
		{"threads 1000000", [][]string{{recLine(1, "won", 1000, func(r *record) { r.Threads = 1000000 })}},
			"f1.jsonl:1: threads 1000000: want 1 or 2"},
		{"progress -5", [][]string{{recLine(1, "unknown", 1000, func(r *record) { r.Progress = -5 })}},
			"progress -5 of goal 0: out of range"},
		{"budget -5s", [][]string{{recLine(1, "won", 1000, func(r *record) { r.Budget = "-5s" })}},
			`f1.jsonl:1: budget "-5s": want a Go duration`},
		{"no budget at all", [][]string{{recLine(1, "won", 0, nil)}},
			"f1.jsonl:1: budget 0s and nodes 0"},
		{"invalid UTF-8 in options", [][]string{{recLine(1, "won", 1000, func(r *record) { r.Game, r.Options = "swiss", []string{"\xff"} })}},
			"f1.jsonl:1: swiss has no option"},
		{"a forged option", [][]string{{recLine(1, "won", 1000, func(r *record) { r.Options = []string{"x]\n...\nwin_rate: 1\n"} })}},
			"f1.jsonl:1: fifteen has no option"},
		{"options out of order", [][]string{{recLine(1, "won", 1000, func(r *record) {
			r.Game, r.Options = "swiss", []string{"strict-deal", "adjacent-only"}
		})}}, `want them as ["adjacent-only" "strict-deal"]`},
		{"a foreign engine version alone", [][]string{{recLine(1, "won", 1000, func(r *record) { r.Engine = "s0-000000000000" }),
			recLine(2, "won", 1000, func(r *record) { r.Engine = "s0-000000000000" })}},
			"f1.jsonl:1: records of engine version s0-000000000000, but this pasyans is"},
		{"a line of 10 MB", [][]string{{ok(1), strings.Repeat(" ", 10<<20) + "\n"}},
			"f1.jsonl:2: a line longer than 65536 bytes is not a record"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			names := recFiles(t, tt.files...)
			_, _, err := Merge(names)
			var ex interface{ ExitStatus() int }
			if err == nil || errors.As(err, &ex) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one of the input (exit status 2) with %q", err, tt.want)
			}
		})
	}
}

// TestMergeRetry: a merge keeps the answer of the largest budget that
// decided each deal, and never an unknown over a decided answer.
func TestMergeRetry(t *testing.T) {
	base := []string{recLine(1, "won", 1000, nil), recLine(2, "unknown", 1000, nil), recLine(3, "unknown", 1000, nil),
		recLine(4, "lost", 1000, nil), recLine(5, "unknown", 1000, nil)}
	retry := []string{recLine(2, "won", 5000, nil), recLine(3, "lost", 5000, nil), recLine(5, "unknown", 5000, nil),
		recLine(4, "unknown", 5000, nil)}
	r, prov, err := Merge(recFiles(t, base, retry))
	if err != nil {
		t.Fatal(err)
	}
	if r.Won != 2 || r.Lost != 2 || r.Unknown != 1 || fmt.Sprint(r.UnknownSeeds) != "[5]" || fmt.Sprint(r.LostSeeds) != "[3 4]" {
		t.Errorf("won %d lost %d unknown %d %v, want 2 2 1 [5] (lost %v)", r.Won, r.Lost, r.Unknown, r.UnknownSeeds, r.LostSeeds)
	}
	// 2 and 3 were decided by the retry; 5 stays unknown at the larger
	// budget, its newest answer; 4 keeps its decided answer.
	if prov.Retried != 3 || prov.RetryBudget != "5000 nodes" || prov.Shards != 1 || r.Budget != "1000 nodes" {
		t.Errorf("provenance %+v, budget %s", prov, r.Budget)
	}
	if lo, hi := r.CI95[0], r.CI95[1]; lo >= hi || r.WinRate != 0.4 {
		t.Errorf("interval [%v, %v], rate %v", lo, hi, r.WinRate)
	}
}

func TestShardOf(t *testing.T) {
	seeds := make([]uint64, 10)
	for i := range seeds {
		seeds[i] = uint64(i + 1)
	}
	tests := []struct {
		spec, want string
	}{
		{"1/1", "[1 2 3 4 5 6 7 8 9 10]"},
		{"1/3", "[1 2 3]"}, {"2/3", "[4 5 6]"}, {"3/3", "[7 8 9 10]"},
		{"4/4", "[8 9 10]"}, {"10/10", "[10]"},
		{"0/3", "error"}, {"4/3", "error"}, {"1/11", "error"}, {"x", "error"}, {"1/0", "error"},
	}
	for _, tt := range tests {
		run := Run{seeds: slices.Clone(seeds)}
		err := run.Shard(tt.spec)
		s := fmt.Sprint(run.seeds)
		if err != nil {
			s = "error"
		}
		if s != tt.want {
			t.Errorf("Shard(%s) = %s, want %s", tt.spec, s, tt.want)
		}
	}
}

// FuzzReadRecords: the records parser returns records or an error, never
// panics, and a record it reads writes back the same.
func FuzzReadRecords(f *testing.F) {
	f.Add(recLine(1, "won", 1000, nil) + recLine(2, "unknown", 1000, nil))
	f.Add("{}\n")
	f.Add(recLine(1, "lost", 0, nil)[:40])
	f.Fuzz(func(t *testing.T, data string) {
		recs, whole, err := parseRecords("r.jsonl", strings.NewReader(data), true)
		if err != nil {
			return
		}
		if whole > int64(len(data)) {
			t.Fatalf("whole lines end at %d of %d", whole, len(data))
		}
		for _, r := range recs {
			var b strings.Builder
			r.encode(&b)
			again, _, err := parseRecords("again.jsonl", strings.NewReader(b.String()), false)
			if err != nil || len(again) != 1 || again[0].settings() != r.settings() || again[0].Seed != r.Seed {
				t.Fatalf("%q does not read back: %v", b.String(), err)
			}
		}
	})
}
