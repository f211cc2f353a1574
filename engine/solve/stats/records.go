package stats

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"pasyans/engine"
	"pasyans/engine/solve"
	"pasyans/source"
)

// record is one line of a records file (pasyans stats -records): one
// deal's answer and the settings that produced it. With a budget of
// positions alone (-nodes) every field but MS is the same on any machine
// and with any number of workers.
type record struct {
	Seed      uint64   `json:"seed"`
	Result    string   `json:"result"`    // won, lost or unknown
	Positions int64    `json:"positions"` // searched
	Line      int      `json:"line"`      // moves of the winning line; 0 unless won
	Game      string   `json:"game"`
	Options   []string `json:"options"`
	Budget    string   `json:"budget"` // time per deal, a Go duration; "0s" for none
	Nodes     int64    `json:"nodes"`  // positions per deal at most; 0 for no cap
	Threads   int      `json:"threads"`
	Engine    string   `json:"engine"` // solve.EngineVersion
	SeenCap   bool     `json:"seen_cap,omitempty"`
	MemFull   bool     `json:"mem_full,omitempty"`
	Progress  int      `json:"progress,omitempty"`
	Goal      int      `json:"goal,omitempty"`
	MS        float64  `json:"ms"` // time taken, to the microsecond
	// where is the file and line the record was read from.
	where string
}

// recordSettings are the settings every record of one run shares.
type recordSettings struct {
	Game    string
	Options string // comma-separated
	Budget  time.Duration
	Nodes   int64
	Threads int
	Engine  string
}

// settingsOf returns the settings of a run of variant v.
func settingsOf(v *engine.Variant, o engine.Options, bo solve.Options) recordSettings {
	return recordSettings{Game: v.ID, Options: strings.Join(v.OptionIDs(o), ","), Budget: bo.Budget, Nodes: bo.MaxNodes,
		Threads: max(bo.Threads, 1), Engine: solve.EngineVersion(v)}
}

// settings returns the settings of a record.
func (r *record) settings() recordSettings {
	b, _ := time.ParseDuration(r.Budget)
	return recordSettings{Game: r.Game, Options: strings.Join(r.Options, ","), Budget: b, Nodes: r.Nodes, Threads: r.Threads, Engine: r.Engine}
}

// budgetText is the budget of s as the stats files write it.
func (s recordSettings) budgetText() string {
	return solve.BudgetString(solve.Options{Budget: s.Budget, MaxNodes: s.Nodes})
}

// sameBut names the first setting in which s and t differ other than the
// budget ("" when none).
func (s recordSettings) sameBut(t recordSettings) string {
	switch {
	case s.Game != t.Game:
		return fmt.Sprintf("game %s, not %s", t.Game, s.Game)
	case s.Options != t.Options:
		return fmt.Sprintf("options [%s], not [%s]", t.Options, s.Options)
	case s.Threads != t.Threads:
		return fmt.Sprintf("threads %d, not %d", t.Threads, s.Threads)
	case s.Engine != t.Engine:
		return fmt.Sprintf("engine version %s, not %s", t.Engine, s.Engine)
	}
	return ""
}

// newRecord makes the record of a deal solved with settings s.
func newRecord(s recordSettings, r solve.Record) record {
	opts := []string{}
	if s.Options != "" {
		opts = strings.Split(s.Options, ",")
	}
	rec := record{Seed: r.Seed, Result: strings.ToLower(r.Outcome), Positions: r.Nodes, Game: s.Game, Options: opts,
		Budget: s.Budget.String(), Nodes: s.Nodes, Threads: s.Threads, Engine: s.Engine, SeenCap: r.SeenCapHit,
		MemFull: r.MemFull, Progress: r.Progress, Goal: r.Goal, MS: float64(r.Elapsed.Microseconds()) / 1000}
	if r.Outcome == solve.Won {
		rec.Line = r.Line
	}
	return rec
}

// solveRecord is the record as the figures count it.
func (r *record) solveRecord() solve.Record {
	out := map[string]string{"won": solve.Won, "lost": solve.Lost, "unknown": solve.Unknown}[r.Result]
	return solve.Record{Seed: r.Seed, Outcome: out, Nodes: r.Positions, Line: r.Line,
		Elapsed: time.Duration(r.MS * float64(time.Millisecond)), SeenCapHit: r.SeenCap, MemFull: r.MemFull,
		Progress: r.Progress, Goal: r.Goal}
}

// encode writes the record as one line of JSON.
func (r *record) encode(w io.Writer) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// recordLineMax is the longest record line read: a record is a few
// hundred bytes.
const recordLineMax = 64 << 10

// readRecords reads a records file, a regular file (see openInput). A
// last line without its newline (a run killed while writing it) is an
// error unless partial is set, when it is dropped with the offset at
// which the whole lines end.
func readRecords(name string, partial bool) (recs []record, whole int64, err error) {
	f, err := source.OpenRegular(name, "a records file")
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	return parseRecords(name, f, partial)
}

// parseRecords parses the records file name, read from r, as readRecords
// does: line by line, none longer than recordLineMax, each one record
// and nothing else.
func parseRecords(name string, r io.Reader, partial bool) (recs []record, whole int64, err error) {
	br := bufio.NewReaderSize(r, recordLineMax)
	for n := 1; ; n++ {
		where := fmt.Sprintf("%s:%d", name, n)
		line, err := br.ReadSlice('\n')
		switch {
		case err == bufio.ErrBufferFull:
			return nil, 0, usageError("%s: a line longer than %d bytes is not a record", where, recordLineMax)
		case err == io.EOF && len(line) == 0:
			return recs, whole, nil
		case err == io.EOF && partial:
			return recs, whole, nil
		case err == io.EOF:
			return nil, 0, usageError("%s: the line is cut short (a run stopped while writing it?)", where)
		case err != nil:
			return nil, 0, usageError("%s: %v", where, err)
		}
		rec, err := parseRecord(line)
		if err != nil {
			return nil, 0, usageError("%s: %v", where, err)
		}
		rec.where = where
		recs = append(recs, rec)
		whole += int64(len(line))
	}
}

// parseRecord reads one line of a records file: one JSON object with
// the record's fields and no other, nothing after it, every value in
// range.
func parseRecord(line []byte) (record, error) {
	var r record
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return r, fmt.Errorf("not a record: %v", err)
	}
	if rest := bytes.TrimSpace(line[dec.InputOffset():]); len(rest) > 0 {
		return r, fmt.Errorf("not a record: %q after it on the line", truncate(string(rest), 40))
	}
	return r, r.check()
}

// truncate shortens s to at most n bytes of whole runes, with "…" when cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// Bounds of a record's values: no search of ours comes near them, and
// sums of them over any number of deals a machine can hold stay exact.
const (
	recordPositionsMax = 1 << 40
	recordMSMax        = 1e9 // eleven days
	recordLineLenMax   = 1 << 20
	recordGoalMax      = 1 << 10
)

// check reports a record whose fields cannot be right.
func (r *record) check() error {
	if !slices.Contains([]string{"won", "lost", "unknown"}, r.Result) {
		return fmt.Errorf("result %q is not won, lost or unknown", r.Result)
	}
	v, err := engine.Lookup(r.Game)
	if err != nil {
		return err
	}
	if err := v.CheckOptionIDs(r.Options); err != nil {
		return err
	}
	b, err := time.ParseDuration(r.Budget)
	if err != nil || b < 0 || b.String() != r.Budget {
		return fmt.Errorf("budget %q: want a Go duration such as 2s, or 0s for none", r.Budget)
	}
	if b == 0 && r.Nodes == 0 {
		return fmt.Errorf("budget 0s and nodes 0: a search without any budget")
	}
	if r.Threads < 1 || r.Threads > 2 {
		return fmt.Errorf("threads %d: want 1 or 2", r.Threads)
	}
	if r.Nodes < 0 || r.Positions < 0 || r.Positions > recordPositionsMax || r.MS < 0 || r.MS > recordMSMax ||
		r.Line < 0 || r.Line > recordLineLenMax || r.Goal < 0 || r.Goal > recordGoalMax || r.Progress < 0 || r.Progress > r.Goal {
		return fmt.Errorf("nodes %d, positions %d, ms %g, line %d, progress %d of goal %d: out of range", r.Nodes, r.Positions, r.MS, r.Line, r.Progress, r.Goal)
	}
	if r.Result != "won" && r.Line != 0 {
		return fmt.Errorf("a winning line of %d moves in a deal %s", r.Line, r.Result)
	}
	if r.Engine == "" {
		return fmt.Errorf("no engine version")
	}
	return nil
}
