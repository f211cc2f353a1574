package stats

import (
	"fmt"
	"io"
	"math/bits"
	"os"
	"strconv"
	"strings"

	"pasyans/engine"
	"pasyans/engine/solve"
	"pasyans/source"
)

// Run is one run of pasyans stats: the deals to solve (chosen by Range
// or Retry, then maybe Shard), how (Budget, with the memory budget
// MaxMem, and Workers as solve.StatsSeeds takes them), and the records
// file to write (Records, "" for none).
type Run struct {
	Budget  solve.Options
	Workers int
	Records string
	v       *engine.Variant
	o       engine.Options
	set     recordSettings
	seeds   []uint64
}

// Range selects deals first, …, first+deals-1 of variant v with options
// o, or only part spec ("K/N") of them when spec is set. It refuses,
// before allocating them, more deals than the memory budget holds.
func (s *Run) Range(v *engine.Variant, o engine.Options, first uint64, deals int, spec string) error {
	var err error
	lo, hi := 0, deals
	if spec != "" {
		if lo, hi, err = shardRange(deals, spec); err != nil {
			return err
		}
	}
	if err := checkDealsFit(hi-lo, s.Budget.MaxMem); err != nil {
		return err
	}
	s.v, s.o, s.set = v, o, settingsOf(v, o, s.Budget)
	s.seeds = make([]uint64, hi-lo)
	for i := range s.seeds {
		s.seeds[i] = first + uint64(lo+i)
	}
	return nil
}

// Retry selects the deals that the records file name left unknown, to be
// solved again with a larger budget and the file's other settings; game
// and options, when given, must be the file's.
func (s *Run) Retry(name, game, options string) error {
	recs, _, err := readRecords(name, false)
	if err != nil {
		return err
	}
	if len(recs) == 0 {
		return usageError("-retry: %s holds no records", name)
	}
	old := recs[0].settings()
	if game != "" && game != old.Game {
		return usageError("-retry: %s holds deals of %s, not %s", name, old.Game, game)
	}
	if options != "" && options != old.Options {
		return usageError("-retry: %s holds deals with options [%s], not [%s]", name, old.Options, options)
	}
	v, err := engine.Lookup(old.Game)
	if err != nil {
		return err
	}
	o, err := v.ParseOptions(strings.Split(old.Options, ","))
	if err != nil {
		return err
	}
	s.v, s.o, s.set = v, o, settingsOf(v, o, s.Budget)
	s.set.Threads = old.Threads
	s.Budget.Threads = old.Threads
	if d := old.sameBut(s.set); d != "" {
		return usageError("-retry: %s: %s", recs[0].where, d)
	}
	if budgetCmp(s.set, old) <= 0 {
		return usageError("-retry: the budget %s is not larger than the budget %s of %s", s.set.budgetText(), old.budgetText(), name)
	}
	for _, r := range recs {
		if d := old.sameBut(r.settings()); d != "" {
			return usageError("%s: %s", r.where, d)
		}
		if r.Result == "unknown" {
			s.seeds = append(s.seeds, r.Seed)
		}
	}
	if len(s.seeds) == 0 {
		return usageError("-retry: %s leaves no deal unknown", name)
	}
	return nil
}

// budgetCmp compares the budgets of a and b: -1 when a is smaller (no
// larger in time or in positions, where 0 is no limit, and not equal), 1
// when larger, 0 when equal, 2 when neither is larger (more time but fewer
// positions).
func budgetCmp(a, b recordSettings) int {
	le := func(x, y int64) bool { return y == 0 || (x != 0 && x <= y) }
	aLE := le(int64(a.Budget), int64(b.Budget)) && le(a.Nodes, b.Nodes)
	bLE := le(int64(b.Budget), int64(a.Budget)) && le(b.Nodes, a.Nodes)
	switch {
	case aLE && bLE:
		return 0
	case aLE:
		return -1
	case bLE:
		return 1
	}
	return 2
}

// Shard keeps only part K of N (spec "K/N") of the deals selected (see
// shardRange).
func (s *Run) Shard(spec string) error {
	lo, hi, err := shardRange(len(s.seeds), spec)
	if err != nil {
		return err
	}
	s.seeds = s.seeds[lo:hi]
	return nil
}

// shardRange returns the bounds of part K of N (spec "K/N") of n deals:
// N contiguous parts as nearly equal as can be, part K holding the deals
// from (K-1)·n/N up to K·n/N.
func shardRange(n int, spec string) (lo, hi int, err error) {
	ks, ns, ok := strings.Cut(spec, "/")
	k, err1 := strconv.Atoi(ks)
	parts, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || parts < 1 || k < 1 || k > parts {
		return 0, 0, usageError("-shard must be K/N with 1 ≤ K ≤ N, got %q", spec)
	}
	if parts > n {
		return 0, 0, usageError("-shard %s: %d shards of %d deals", spec, parts, n)
	}
	at := func(k int) int {
		hi, lo := bits.Mul64(uint64(k), uint64(n))
		q, _ := bits.Div64(hi, lo, uint64(parts)) // at most n: no overflow
		return int(q)
	}
	return at(k - 1), at(k), nil
}

// Solve solves the deals and returns the figures. It tells stderr how
// much of an earlier run it keeps, and draws a progress bar there when it
// is a terminal. With a records file it
// writes each deal's record, in seed order, to FILE.part as soon as the
// deals before it are done, and renames FILE.part to FILE when all are;
// a run started again over a FILE.part keeps its whole lines and solves
// only the deals after them, and one over a complete FILE solves nothing.
func (s *Run) Solve(stderr io.Writer) (solve.StatsResult, error) {
	var done []record
	todo := s.seeds
	var out *os.File
	if s.Records != "" {
		var err error
		if done, out, err = s.resume(); err != nil {
			return solve.StatsResult{}, err
		}
		todo = s.seeds[len(done):]
		if len(done) > 0 {
			fmt.Fprintf(stderr, "pasyans: -records %s: %d deals kept from before, %d to solve\n", s.Records, len(done), len(todo))
		}
	}
	var progress func(solve.Progress)
	if isTerminal(stderr) && len(todo) > 0 {
		progress = func(p solve.Progress) { progressBar(stderr, p) }
	}
	recs := make([]solve.Record, 0, len(s.seeds))
	for i := range done {
		recs = append(recs, done[i].solveRecord())
	}
	var werr error
	res := solve.StatsSeeds(s.v, s.o, todo, s.Budget, s.Workers, progress, func(r solve.Record) bool {
		recs = append(recs, r)
		if out != nil {
			rec := newRecord(s.set, r)
			werr = rec.encode(out)
		}
		return werr == nil // a record that cannot be kept stops the run
	})
	if progress != nil {
		fmt.Fprintln(stderr)
	}
	if out != nil {
		// Renamed while still locked, then closed.
		if werr == nil {
			werr = os.Rename(s.Records+".part", s.Records)
		}
		if err := out.Close(); werr == nil {
			werr = err
		}
		if werr != nil {
			return solve.StatsResult{}, failure("writing records: %v", werr)
		}
	}
	res.Threads = s.set.Threads
	return solve.Summarize(res, recs), nil
}

// resume reads what an earlier run left of the records file: the records
// of a complete file (nothing more to solve, out nil), or the whole lines
// of FILE.part, opened to append the rest. It refuses files of other
// settings or deals.
func (s *Run) resume() ([]record, *os.File, error) {
	if _, err := os.Stat(s.Records); err == nil {
		recs, _, err := readRecords(s.Records, false)
		if err != nil {
			return nil, nil, err
		}
		if err := s.sameRun(recs, len(s.seeds)); err != nil {
			return nil, nil, usageError("-records %s is complete, but %v; remove it to start again", s.Records, err)
		}
		return recs, nil, nil
	}
	part := s.Records + ".part"
	// A FIFO or a device would block or never end: refused before
	// it is opened, as every input is.
	if st, err := os.Stat(part); err == nil {
		if err := source.CheckRegular(part, st, "the records of a run cut short"); err != nil {
			return nil, nil, err
		}
	}
	f, err := os.OpenFile(part, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, usageError("-records: %v", err)
	}
	if err := lockRecords(f); err != nil {
		f.Close()
		return nil, nil, failure("-records: another run is writing %s (%v)", part, err)
	}
	recs, whole, err := parseRecords(part, f, true)
	if err == nil {
		if err = s.sameRun(recs, len(recs)); err != nil {
			err = usageError("%s was left by another run: %v; remove it to start again", part, err)
		}
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	err = f.Truncate(whole)
	if err == nil {
		_, err = f.Seek(whole, 0)
	}
	if err != nil {
		return nil, nil, failure("-records: %v", err)
	}
	return recs, f, nil
}

// sameRun reports how recs differ from the first n deals of this run with
// its settings, or nil.
func (s *Run) sameRun(recs []record, n int) error {
	if len(recs) != n || n > len(s.seeds) {
		return fmt.Errorf("it holds %d deals, not %d", len(recs), min(n, len(s.seeds)))
	}
	for i, r := range recs {
		if d := s.set.sameBut(r.settings()); d != "" {
			return fmt.Errorf("%s: %s", r.where, d)
		}
		if budgetCmp(s.set, r.settings()) != 0 {
			return fmt.Errorf("%s: budget %s, not %s", r.where, r.settings().budgetText(), s.set.budgetText())
		}
		if r.Seed != s.seeds[i] {
			return fmt.Errorf("%s: deal %d, not %d", r.where, r.Seed, s.seeds[i])
		}
	}
	return nil
}
