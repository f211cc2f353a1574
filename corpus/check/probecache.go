package check

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"pasyans/corpus/internal/atomicfile"
	"pasyans/engine"
)

// ProbeCache keeps the behaviour probes' results between runs. A
// variant's probes depend on nothing but the variant and the probe plan:
// not on the corpus, which the editor changes from build to build. So
// with the same engine (Salt: something that changes whenever the
// program's code does, such as the executable's build ID) and the same
// plan, a run reads each variant's result from Dir instead of playing the
// probes again, and writes the results it had to compute. The verdicts
// and diagnostics are the same either way; an entry that cannot be read
// or decoded is computed again and rewritten. An entry names its variant
// by id, so a cache is for the engine's registered variants only (a
// test's mutant of a variant would read the original's results).
type ProbeCache struct {
	Dir  string
	Salt string
}

// probeCacheFormat changes whenever the encoding of an entry does.
const probeCacheFormat = "pasyans probes 1"

// probeCacheKeep is how many entries the cache keeps (a few kilobytes
// each; ten per program and probe count): the least recently used go
// first.
const probeCacheKeep = 200

// entry returns the file name of variant v's probes under plan.
func (c *ProbeCache) entry(v *engine.Variant, plan probePlan) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%d %d %d %d %d %d", probeCacheFormat, c.Salt, v.ID,
		plan.random, plan.perOption, plan.solver, maxPlayout, solverNodes, solverSeen)
	return hex.EncodeToString(h.Sum(nil))[:32] + ".json"
}

// path returns the entry's path.
func (c *ProbeCache) path(v *engine.Variant, plan probePlan) string {
	return filepath.Join(c.Dir, c.entry(v, plan))
}

// load returns the cached result of v's probes under plan, if any.
func (c *ProbeCache) load(v *engine.Variant, plan probePlan) (*probeResult, bool) {
	if c == nil {
		return nil, false
	}
	name := c.path(v, plan)
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, false
	}
	if st, err := os.Stat(name); err == nil && time.Since(st.ModTime()) > time.Hour {
		now := time.Now()
		os.Chtimes(name, now, now) // used: the last to be trimmed
	}
	var e probeEntry
	if json.Unmarshal(data, &e) != nil || e.Format != probeCacheFormat || e.Variant != v.ID {
		return nil, false
	}
	return e.result(), true
}

// save writes the result of v's probes under plan (to a temporary file
// renamed into place, so that a reader never sees half an entry). A
// cache that cannot be written is no error: the next run computes again.
func (c *ProbeCache) save(v *engine.Variant, plan probePlan, r *probeResult) {
	if c == nil {
		return
	}
	data, err := json.Marshal(newProbeEntry(v.ID, r))
	if err == nil && os.MkdirAll(c.Dir, 0o755) == nil {
		atomicfile.Write(c.Dir, c.entry(v, plan), data)
	}
}

// trim removes the least recently used entries beyond probeCacheKeep.
func (c *ProbeCache) trim() {
	if c == nil {
		return
	}
	entries, err := os.ReadDir(c.Dir)
	if err != nil || len(entries) <= probeCacheKeep {
		return
	}
	type aged struct {
		name string
		t    time.Time
	}
	var all []aged
	for _, e := range entries {
		if info, err := e.Info(); err == nil && !e.IsDir() {
			all = append(all, aged{e.Name(), info.ModTime()})
		}
	}
	slices.SortFunc(all, func(a, b aged) int { return b.t.Compare(a.t) })
	for _, e := range all[min(probeCacheKeep, len(all)):] {
		os.Remove(filepath.Join(c.Dir, e.name))
	}
}

// probeEntry is a probeResult as the cache stores it.
type probeEntry struct {
	Format      string            `json:"format"`
	Variant     string            `json:"variant"`
	Games       int               `json:"games"`
	Moves       int               `json:"moves"`
	SolverGames int               `json:"solver_games"`
	SolverWins  int               `json:"solver_wins"`
	Violations  []violationEntry  `json:"violations"`
	Permissions []permissionEntry `json:"permissions"`
	Refused     map[string]int    `json:"refused"`
	Exercised   map[string]bool   `json:"exercised"`
}

type violationEntry struct {
	Key, Rule, What, Deal, Move string
	N, Count                    int
}

type permissionEntry struct {
	Key, Rule, What string
	Seen            bool
}

func newProbeEntry(variant string, r *probeResult) probeEntry {
	e := probeEntry{Format: probeCacheFormat, Variant: variant, Games: r.games, Moves: r.moves,
		SolverGames: r.solverGames, SolverWins: r.solverWins, Refused: r.refused, Exercised: r.exercised}
	for _, v := range r.viol {
		e.Violations = append(e.Violations, violationEntry{v.key, v.rule, v.what, v.deal, v.move, v.n, v.count})
	}
	for _, p := range r.perms {
		e.Permissions = append(e.Permissions, permissionEntry{p.key, p.rule, p.what, p.seen})
	}
	return e
}

func (e *probeEntry) result() *probeResult {
	r := &probeResult{games: e.Games, moves: e.Moves, solverGames: e.SolverGames, solverWins: e.SolverWins,
		refused: e.Refused, exercised: e.Exercised}
	if r.refused == nil {
		r.refused = map[string]int{}
	}
	if r.exercised == nil {
		r.exercised = map[string]bool{}
	}
	for _, v := range e.Violations {
		r.viol = append(r.viol, &violation{key: v.Key, rule: v.Rule, what: v.What, deal: v.Deal, move: v.Move, n: v.N, count: v.Count})
	}
	for _, p := range e.Permissions {
		r.perms = append(r.perms, &permission{key: p.Key, rule: p.Rule, what: p.What, seen: p.Seen})
	}
	return r
}
