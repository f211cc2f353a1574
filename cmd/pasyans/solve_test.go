package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"pasyans/corpus"
)

func TestSolveCommand(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"solve", "-game", "la-belle-lucie", "-seed", "1", "-budget", "3s", "-json"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var r struct {
		Result    string   `json:"result"`
		Moves     []string `json:"moves"`
		Nodes     int64    `json:"nodes"`
		ElapsedMS int64    `json:"elapsed_ms"`
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Result != "won" || len(r.Moves) == 0 {
		t.Errorf("la-belle-lucie seed 1: %s with %d moves, want won", r.Result, len(r.Moves))
	}
}

func TestSolveUsage(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "-game", "nope", "-seed", "1"},
		{"solve", "-seed", "1"},
		{"solve", "-game", "le-cadran", "-budget", "0s"},
		{"stats", "-game", "nope", "-deals", "1"},
		{"stats", "-game", "le-cadran", "-deals", "0"},
		{"stats", "-game", "le-cadran", "-deals", "1", "-threads", "3"},
		{"solve", "-game", "le-cadran", "-seed", "1", "-threads", "0"},
	} {
		var out, errb bytes.Buffer
		if code := run(args, nil, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if strings.Contains(args[2], "nope") && !strings.Contains(errb.String(), "le-cadran") {
			t.Errorf("%v: error does not list the valid games: %s", args, errb.String())
		}
	}
}

func TestStatsCommand(t *testing.T) {
	var out, errb bytes.Buffer
	dir := filepath.Join(t.TempDir(), "new", "stats") // -write creates it
	code := run([]string{"stats", "-game", "la-belle-lucie", "-deals", "3", "-budget", "100ms", "-json", "-write", dir}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if data, err := os.ReadFile(filepath.Join(dir, "la-belle-lucie.yaml")); err != nil {
		t.Errorf("-write: %v", err)
	} else {
		// The file is what the corpus loader takes: every key known.
		var st corpus.Stats
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := dec.Decode(&st); err != nil {
			t.Errorf("-write: the YAML does not load as corpus stats: %v\n%s", err, data)
		}
		if st.Deals != 3 || st.LostSeeds == nil || st.UnknownSeeds == nil || len(st.LostSeeds) != st.Lost || len(st.UnknownSeeds) != st.Unknown {
			t.Errorf("-write: %+v: want 3 deals and the lists of lost and unknown seeds", st)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".build-*")); len(left) > 0 {
		t.Errorf("-write left its staging folder: %v", left)
	}
	var r map[string]any
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"game", "deals", "won", "lost", "unknown", "win_rate", "ci95", "elapsed_ms"} {
		if _, ok := r[k]; !ok {
			t.Errorf("stats JSON lacks %q", k)
		}
	}
	if errb.Len() != 0 {
		t.Errorf("progress written to a non-terminal stderr: %q", errb.String())
	}
}

// TestStatsThreadsCommand: stats -threads 2 records its threads in the
// YAML of -write (and in its first line, the command that wrote it), and
// solve -threads 2 says it ran on two threads. Deal 169 is proved lost.
func TestStatsThreadsCommand(t *testing.T) {
	var out, errb bytes.Buffer
	dir := t.TempDir()
	code := run([]string{"stats", "-game", "le-cadran", "-first", "169", "-deals", "1", "-nodes", "2000000", "-threads", "2", "-write", dir}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("stats: exit %d: %s", code, errb.String())
	}
	data, err := os.ReadFile(filepath.Join(dir, "le-cadran.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var st corpus.Stats
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&st); err != nil {
		t.Fatalf("the YAML does not load as corpus stats: %v\n%s", err, data)
	}
	if st.Threads != 2 || st.Workers != 1 || st.Lost != 1 || !strings.Contains(string(data), " -threads 2 -write DIR\n") {
		t.Errorf("stats -threads 2: threads %d, workers %d, lost %d, want 2, 1 (one deal), 1:\n%s", st.Threads, st.Workers, st.Lost, data)
	}
	out.Reset()
	if code := run([]string{"solve", "-game", "le-cadran", "-seed", "169", "-nodes", "2000000", "-threads", "2"}, nil, &out, &errb); code != 0 {
		t.Fatalf("solve: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), ": lost (") || !strings.Contains(out.String(), " on 2 threads, ") {
		t.Errorf("solve -threads 2: %q, want lost on 2 threads", out.String())
	}
}

// TestStatsNear: on deals left undecided, stats reports how near the
// search came (unknown_progress, a share strictly between 0 and 1 for
// le-cadran deals 2 and 3 at 20 000 positions) and solve the cards
// themselves (progress of goal 104).
func TestStatsNear(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"stats", "-game", "le-cadran", "-first", "2", "-deals", "2", "-nodes", "20000", "-json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("stats: exit %d: %s", code, errb.String())
	}
	var st struct {
		Unknown int     `json:"unknown"`
		Near    float64 `json:"unknown_progress"`
	}
	if err := json.Unmarshal(out.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	if st.Unknown != 2 || st.Near <= 0 || st.Near >= 1 {
		t.Errorf("stats: %d unknown, unknown_progress %g: want 2 and a share between 0 and 1", st.Unknown, st.Near)
	}
	out.Reset()
	if code := run([]string{"solve", "-game", "le-cadran", "-seed", "3", "-nodes", "20000", "-json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("solve: exit %d: %s", code, errb.String())
	}
	var r struct {
		Result         string
		Progress, Goal int
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Result != "unknown" || r.Goal != 104 || r.Progress <= 0 || r.Progress >= 104 {
		t.Errorf("solve: %+v: want unknown, progress between 0 and 104 of goal 104", r)
	}
}

// TestStatsWriteFailsFirst: a -write folder that cannot be made is refused
// before any deal is searched (exit 2), not after the run.
func TestStatsWriteFailsFirst(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	writeTestFile(t, file, "")
	var out, errb bytes.Buffer
	code := run([]string{"stats", "-game", "la-belle-lucie", "-deals", "1000", "-budget", "10s", "-write", filepath.Join(file, "sub")}, nil, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "-write") || out.Len() != 0 {
		t.Errorf("exit %d, stdout %q, stderr %q: want exit 2, a -write error and no figures", code, out.String(), errb.String())
	}
}

// TestMemprofileNoFolder: -memprofile into a folder that does not exist
// is refused before the search (it used to print an error and exit 0).
func TestMemprofileNoFolder(t *testing.T) {
	_, errs, code := cli(t, "", "solve", "-game", "fifteen", "-seed", "1", "-nodes", "100", "-memprofile", "/no/such/dir/x")
	if code != 2 || !strings.Contains(errs, "-memprofile /no/such/dir/x: no folder /no/such/dir") {
		t.Errorf("exit %d, %q; want 2 and the missing folder", code, errs)
	}
}
