package check

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"pasyans/corpus"
)

// TestProbeCache: a run with the cache writes one entry per variant and a
// second run reads them, with the same report and verdicts as a run
// without the cache; an entry is really read (a doctored one shows in the
// report), but only under its own salt; an entry that does not decode is
// computed again and rewritten.
func TestProbeCache(t *testing.T) {
	ed := embedded(t)
	const probes = 25
	run := func(c *ProbeCache) (string, map[string]string) {
		t.Helper()
		r := Run(ed, Options{Probes: probes, Cache: c})
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		return string(b), Verdicts(r)
	}
	want, wantVerdicts := run(nil)
	cache := &ProbeCache{Dir: filepath.Join(t.TempDir(), "probes"), Salt: "build-1"}
	for i, what := range []string{"computed", "read"} {
		got, verdicts := run(cache)
		if got != want || !reflect.DeepEqual(verdicts, wantVerdicts) {
			t.Fatalf("run %d (results %s): the report differs from a run without the cache", i+1, what)
		}
	}
	entries, _ := filepath.Glob(filepath.Join(cache.Dir, "*.json"))
	variants := 0
	for _, g := range ed.Games {
		if g.Variant != nil {
			variants++
		}
	}
	if len(entries) != variants {
		t.Fatalf("%d entries for %d variants", len(entries), variants)
	}

	// Doctor salic-law's entry: the report must show it.
	var salic *corpus.Game
	for _, g := range ed.Games {
		if g.ID == "salic-law" {
			salic = g
		}
	}
	name := cache.path(salic.Variant, planFor(probes))
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var e probeEntry
	if err := json.Unmarshal(data, &e); err != nil {
		t.Fatal(err)
	}
	e.SolverWins = 0
	doctored, _ := json.Marshal(e)
	if err := os.WriteFile(name, doctored, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := run(cache); got == want || !strings.Contains(got, `"solver_won":0`) {
		t.Error("a doctored entry does not show in the report: the cache is not read")
	}
	if got, _ := run(&ProbeCache{Dir: cache.Dir, Salt: "build-2"}); got != want {
		t.Error("another build read this build's entry")
	}

	// An entry that does not decode is computed again and rewritten.
	if err := os.WriteFile(name, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := run(cache); got != want {
		t.Error("a broken entry changed the report")
	}
	if b, _ := os.ReadFile(name); string(b) != string(data) {
		t.Error("a broken entry was not rewritten with the computed result")
	}
}

// TestProbeCacheTrim: beyond probeCacheKeep entries the oldest go.
func TestProbeCacheTrim(t *testing.T) {
	c := &ProbeCache{Dir: t.TempDir()}
	old := time.Now().Add(-48 * time.Hour)
	for i := range probeCacheKeep + 5 {
		name := filepath.Join(c.Dir, fmt.Sprintf("e%03d.json", i))
		if err := os.WriteFile(name, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
		if i < 5 {
			os.Chtimes(name, old, old)
		}
	}
	c.trim()
	left, _ := filepath.Glob(filepath.Join(c.Dir, "*.json"))
	if len(left) != probeCacheKeep {
		t.Fatalf("%d entries left, want %d", len(left), probeCacheKeep)
	}
	for i := range 5 {
		if _, err := os.Stat(filepath.Join(c.Dir, fmt.Sprintf("e%03d.json", i))); err == nil {
			t.Errorf("old entry e%03d kept", i)
		}
	}
}
