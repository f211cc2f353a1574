package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
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
	dir := t.TempDir()
	code := run([]string{"stats", "-game", "la-belle-lucie", "-deals", "3", "-budget", "100ms", "-json", "-write", dir}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
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
