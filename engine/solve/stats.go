package solve

import (
	"fmt"
	"hash/fnv"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"pasyans/engine"
)

// StatsResult is the outcome of solving many deals of one game, and the
// one schema of the figures: its json tags are the JSON that 'pasyans
// stats -json' and 'stats merge -json' print and that 'pasyans export'
// gives for each stats file; its yaml tags are corpus/stats/<game>.yaml,
// which the corpus reads (corpus.Stats embeds it) and 'stats -write'
// writes (File gives the figures as the file keeps them). The fields are
// in the file's order, which is also the order of the JSON's keys (a JSON
// object's keys have no order a reader may rely on). What belongs to one
// form only says so: Date is set only in the file's form, and Measured
// (a run's time, positions and memory, which differ from machine to
// machine and are not kept) only in a run's.
type StatsResult struct {
	Game    string   `json:"game" yaml:"game"`
	Options []string `json:"options" yaml:"options"`
	// Date is the day the figures were written (YYYY-MM-DD): the file's
	// alone, empty (and absent from the JSON) in a run's figures.
	Date      string `json:"date,omitempty" yaml:"date"`
	Deals     int    `json:"deals" yaml:"deals"`
	FirstSeed uint64 `json:"first_seed" yaml:"first_seed"`
	// Budget is each deal's, as BudgetString writes it.
	Budget  string `json:"budget" yaml:"budget"`
	Workers int    `json:"workers" yaml:"workers"` // 0 when merged from records
	// Threads is how many searches ran at once on each deal (see
	// Options.Threads): the machine's cores then serve Workers × Threads
	// searches. A run's figures say 1 for one; the file leaves it out (0)
	// unless more than one.
	Threads int `json:"threads,omitempty" yaml:"threads,omitempty"`
	Won     int `json:"won" yaml:"won"`
	Lost    int `json:"lost" yaml:"lost"`
	Unknown int `json:"unknown" yaml:"unknown"`
	// WinRate is won / deals.
	WinRate float64 `json:"win_rate" yaml:"win_rate"`
	// CI95 is the 95% Wilson interval of the win rate in which the
	// unknown deals widen both bounds: the lower bound counts them as
	// losses, the upper bound as wins.
	CI95 [2]float64 `json:"ci95" yaml:"ci95"`
	// UnknownFraction is unknown / deals.
	UnknownFraction float64 `json:"unknown_fraction" yaml:"unknown_fraction"`
	MedianMS        float64 `json:"median_ms" yaml:"median_ms"` // per deal
	P90MS           float64 `json:"p90_ms" yaml:"p90_ms"`       // per deal
	// NodesPerSec is the positions generated per second of search time,
	// per search thread (per core).
	NodesPerSec float64 `json:"nodes_per_sec" yaml:"nodes_per_sec"`
	SeenCapHits int     `json:"seen_cap_hits" yaml:"seen_cap_hits"`
	// OpenCards is set when the solver knew the face-down cards.
	OpenCards bool `json:"open_cards" yaml:"open_cards"`
	// LostSeeds and UnknownSeeds list the deals proved lost and those left
	// undecided, in increasing order, so that each can be looked at again
	// (pasyans solve).
	LostSeeds    []uint64 `json:"lost_seeds" yaml:"lost_seeds"`
	UnknownSeeds []uint64 `json:"unknown_seeds" yaml:"unknown_seeds"`
	// UnknownProgress is, over the undecided deals, the median of the most
	// cards their search saw on the foundations, as a share of the cards a
	// win puts there (0 when no deal is undecided or the game is not won
	// on its foundations): how near the search came where it gave up.
	UnknownProgress float64 `json:"unknown_progress" yaml:"unknown_progress"`
	// Shards is how many shards of the deal range merged figures were put
	// together from (pasyans stats merge); absent (0) for one run or one
	// shard. Retried is how many deals a retry with the larger budget
	// RetryBudget answered.
	Shards      int    `json:"shards,omitempty" yaml:"shards,omitempty"`
	Retried     int    `json:"retried,omitempty" yaml:"retried,omitempty"`
	RetryBudget string `json:"retry_budget,omitempty" yaml:"retry_budget,omitempty"`
	// Measured is what a run measured beyond the file: set in the figures
	// of a run or a merge, nil in those read from a file, so that the
	// JSON of those (the export's) has none of its fields.
	*Measured `yaml:"-"`
}

// Measured is what a run measured that its file does not keep: the time,
// the positions and the memory, which differ from machine to machine.
// Its fields are part of StatsResult's JSON.
type Measured struct {
	Elapsed int64 `json:"elapsed_ms"` // of the whole run
	Nodes   int64 `json:"nodes"`
	// MemPerWorker is each worker's share of Options.MaxMem (0: none),
	// MemFullHits the deals whose visited set filled that share (of
	// SeenCapHits), SeenBytesMax the most memory a worker's visited sets
	// held at once.
	MemPerWorker int64 `json:"mem_per_worker,omitempty"`
	MemFullHits  int   `json:"mem_full_hits"`
	SeenBytesMax int64 `json:"seen_bytes_max"`
}

// File returns the figures r as stats/<game>.yaml keeps them, written on
// the date of now: rounded (rates and the interval to 4 places, times to
// 0.1 ms, positions per second to whole ones), the threads given only when
// more than one, empty lists as empty (not absent), without Measured.
func (r StatsResult) File(now time.Time) StatsResult {
	round := func(x float64, places int) float64 {
		f := math.Pow10(places)
		return math.Round(x*f) / f
	}
	f := r
	f.Measured = nil
	f.Date = now.UTC().Format(time.DateOnly)
	f.Options = append([]string{}, r.Options...)
	f.LostSeeds = append([]uint64{}, r.LostSeeds...)
	f.UnknownSeeds = append([]uint64{}, r.UnknownSeeds...)
	f.WinRate, f.UnknownFraction = round(r.WinRate, 4), round(r.UnknownFraction, 4)
	f.CI95 = [2]float64{round(r.CI95[0], 4), round(r.CI95[1], 4)}
	f.MedianMS, f.P90MS, f.NodesPerSec = round(r.MedianMS, 1), round(r.P90MS, 1), round(r.NodesPerSec, 0)
	f.UnknownProgress = round(r.UnknownProgress, 4)
	if f.Threads <= 1 {
		f.Threads = 0
	}
	return f
}

// Progress reports how far a Stats run has got.
type Progress struct {
	Done, Total  int
	Won, Lost    int
	Elapsed      time.Duration
	Remaining    time.Duration // an estimate
	WinRateSoFar float64
	DecidedSoFar int
}

// Stats solves deals deals of variant v with options o, seeds first,
// first+1, …, each with the budget of bo (time and/or nodes; bo.Threads
// searches at once on each deal), on workers goroutines (0: one per CPU
// for each of a deal's threads), calling progress (if not nil) after each
// deal from one goroutine at a time. bo.MaxMem is the memory of the whole
// run: each worker's searches get an equal share of it.
func Stats(v *engine.Variant, o engine.Options, deals int, first uint64, bo Options, workers int, progress func(Progress)) StatsResult {
	seeds := make([]uint64, max(deals, 0))
	for i := range seeds {
		seeds[i] = first + uint64(i)
	}
	var recs []Record
	res := StatsSeeds(v, o, seeds, bo, workers, progress, func(r Record) bool { recs = append(recs, r); return true })
	return Summarize(res, recs)
}

// Record is one deal's answer in a Stats run: what the figures are made
// of, and what 'pasyans stats -records' writes, one line per deal.
type Record struct {
	Seed    uint64
	Outcome string // Won, Lost or Unknown
	Nodes   int64  // positions generated
	Line    int    // moves of the winning line (Won)
	Elapsed time.Duration
	// SeenCapHit and MemFull are those of Result.
	SeenCapHit, MemFull bool
	SeenBytes           int64
	// Progress and Goal are those of Result (how near an undecided deal
	// came to a win).
	Progress, Goal int
}

// StatsSeeds solves the given deals of variant v as Stats does, calling
// emit with each deal's record in the order of seeds (from one goroutine
// at a time, after the deals before it), and returns the run's settings
// and elapsed time; Summarize fills in the figures from the records.
// When emit returns false (it could not keep the record), no deal is
// started after it and none is emitted any more.
func StatsSeeds(v *engine.Variant, o engine.Options, seeds []uint64, bo Options, workers int, progress func(Progress), emit func(Record) bool) StatsResult {
	threads := max(bo.Threads, 1)
	if workers <= 0 {
		workers = max(runtime.GOMAXPROCS(0)/threads, 1)
	}
	if workers > len(seeds) && len(seeds) > 0 {
		workers = len(seeds)
	}
	bo.MaxMem /= int64(workers)
	res := StatsResult{Game: v.ID, Options: v.OptionIDs(o), Budget: budgetString(bo), Workers: workers, Threads: threads,
		OpenCards: v.Hidden, Measured: &Measured{MemPerWorker: bo.MaxMem}}
	start := time.Now()
	type job struct {
		i    int
		seed uint64
	}
	type answer struct {
		i int
		Record
	}
	jobs := make(chan job)
	answers := make(chan answer)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sv := New(v)
			for j := range jobs {
				r := sv.Solve(engine.NewDeal(v, j.seed, o), bo)
				answers <- answer{j.i, recordOf(j.seed, r)}
			}
		}()
	}
	stop := make(chan struct{})
	go func() {
		defer func() {
			close(jobs)
			wg.Wait()
			close(answers)
		}()
		for i, s := range seeds {
			select {
			case jobs <- job{i, s}:
			case <-stop:
				return
			}
		}
	}()
	// The answers come in any order; they are emitted in the order of
	// the seeds, each once all before it have been.
	pending := map[int]Record{}
	next, won, lost := 0, 0, 0
	stopped := false
	for a := range answers {
		// After a stop, the deals under way end; none is emitted.
		pending[a.i] = a.Record
		switch a.Outcome {
		case Won:
			won++
		case Lost:
			lost++
		}
		for r, ok := pending[next]; ok && !stopped; r, ok = pending[next] {
			delete(pending, next)
			next++
			if !emit(r) {
				stopped = true
				close(stop)
			}
		}
		if progress != nil {
			done := len(pending) + next
			el := time.Since(start)
			progress(Progress{Done: done, Total: len(seeds), Won: won, Lost: lost, Elapsed: el,
				Remaining:    time.Duration(float64(el) / float64(done) * float64(len(seeds)-done)),
				WinRateSoFar: float64(won) / float64(done), DecidedSoFar: won + lost})
		}
	}
	res.Elapsed = time.Since(start).Milliseconds()
	return res
}

// recordOf is the record of deal seed solved with the result r.
func recordOf(seed uint64, r Result) Record {
	return Record{Seed: seed, Outcome: r.Outcome, Nodes: r.Nodes, Line: len(r.Moves), Elapsed: r.Elapsed,
		SeenCapHit: r.SeenCapHit, MemFull: r.MemFull, SeenBytes: r.SeenBytes, Progress: r.Progress, Goal: r.Goal}
}

// Summarize returns res (its settings: game, options, budget, workers,
// threads, elapsed time) with the figures of the records recs, which are
// in increasing order of seed: the counts, the win rate and its interval,
// the times, the seeds lost and undecided, the positions and memory
// (Measured, a copy of res's, whose Elapsed it keeps). The figures depend
// on the records alone, so records put together from several runs give
// the figures one run of them all would.
func Summarize(res StatsResult, recs []Record) StatsResult {
	m := Measured{}
	if res.Measured != nil {
		m = *res.Measured
	}
	res.Measured = &m
	res.Deals = len(recs)
	if len(recs) > 0 {
		res.FirstSeed = recs[0].Seed
	}
	res.Won, res.Lost, res.Unknown, res.Nodes = 0, 0, 0, 0
	res.LostSeeds, res.UnknownSeeds = nil, nil
	times := make([]float64, 0, len(recs))
	var near []float64 // Progress/Goal of the undecided deals
	var searchTime time.Duration
	for _, r := range recs {
		switch r.Outcome {
		case Won:
			res.Won++
		case Lost:
			res.Lost++
			res.LostSeeds = append(res.LostSeeds, r.Seed)
		default:
			res.Unknown++
			res.UnknownSeeds = append(res.UnknownSeeds, r.Seed)
			if r.Goal > 0 {
				near = append(near, float64(r.Progress)/float64(r.Goal))
			}
		}
		if r.SeenCapHit {
			res.SeenCapHits++
			if r.MemFull {
				res.MemFullHits++
			}
		}
		res.SeenBytesMax = max(res.SeenBytesMax, r.SeenBytes)
		res.Nodes += r.Nodes
		searchTime += r.Elapsed
		times = append(times, float64(r.Elapsed)/float64(time.Millisecond))
	}
	if res.Deals > 0 {
		res.WinRate = float64(res.Won) / float64(res.Deals)
		res.UnknownFraction = float64(res.Unknown) / float64(res.Deals)
		lo, _ := Wilson(res.Won, res.Deals)
		_, hi := Wilson(res.Won+res.Unknown, res.Deals)
		res.CI95 = [2]float64{lo, hi}
	}
	slices.Sort(times)
	slices.Sort(res.LostSeeds)
	slices.Sort(res.UnknownSeeds)
	slices.Sort(near)
	res.UnknownProgress = Percentile(near, 0.5)
	res.MedianMS = Percentile(times, 0.5)
	res.P90MS = Percentile(times, 0.9)
	if searchTime > 0 {
		res.NodesPerSec = float64(res.Nodes) / searchTime.Seconds() / float64(max(res.Threads, 1))
	}
	return res
}

// BudgetString writes a budget as the stats files record it: the time,
// the node count, or both ("2s", "500000 nodes", "2s or 500000 nodes").
func BudgetString(o Options) string { return budgetString(o) }

// budgetString writes a budget as the stats files record it: the time,
// the node count, or both ("2s", "500000 nodes", "2s or 500000 nodes").
func budgetString(o Options) string {
	switch {
	case o.MaxNodes > 0 && o.Budget > 0:
		return fmt.Sprintf("%s or %d nodes", o.Budget, o.MaxNodes)
	case o.MaxNodes > 0:
		return fmt.Sprintf("%d nodes", o.MaxNodes)
	}
	return o.Budget.String()
}

// Wilson returns the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	mid := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}

// Percentile returns the q-quantile (0 ≤ q ≤ 1) of sorted values by the
// nearest-rank method, or 0 for none.
func Percentile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	if i < 0 {
		i = 0
	}
	return sorted[i]
}

// Version is the solver's version. It is raised with every change that
// can alter the answer to a deal, or the positions searched or the line
// found under a node budget (the search, the move order, the deals'
// shuffle), so that records of different solvers are never merged.
const Version = 4

// EngineVersion names the engine a record was made with: "s" and Version,
// then the first 12 hex digits of the 128-bit FNV-1a hash of variant v's rule
// registry as the solver sees it (the variant's id, packs, piles with
// their roles, rules with their options, and options with their
// defaults; not the rules' wording). A change to the rules of a game
// changes it, and 'pasyans stats merge' refuses to merge records of two.
// (FNV, not SHA-256: the hash guards against mixing, not against forgery,
// and crypto/sha256 would add 160 KB to the browser's engine, which links
// this package.)
func EngineVersion(v *engine.Variant) string {
	h := fnv.New128a()
	fmt.Fprintf(h, "%s\x00%d\x00", v.ID, v.Packs)
	for _, p := range v.Piles {
		fmt.Fprintf(h, "pile %s %v\x00", p.ID, p.Role)
	}
	for _, r := range v.Rules {
		fmt.Fprintf(h, "rule %s %s\x00", r.ID, r.Option)
	}
	for _, o := range v.Options {
		fmt.Fprintf(h, "option %s %t\x00", o.ID, o.Default)
	}
	return fmt.Sprintf("s%d-%x", Version, h.Sum(nil)[:6])
}

// ParseBudget reads a budget as BudgetString writes it: a positive Go
// duration, "N nodes" or "D or N nodes" (N positive). It is the one
// reader of the budgets that stats files and records hold.
func ParseBudget(s string) (Options, error) {
	d, n, nodes := s, "", false
	if rest, ok := strings.CutSuffix(s, " nodes"); ok {
		nodes = true
		if a, b, ok := strings.Cut(rest, " or "); ok {
			d, n = a, b
		} else {
			d, n = "", rest
		}
	}
	var o Options
	if d != "" || !nodes {
		t, err := time.ParseDuration(d)
		if err != nil || t <= 0 || BudgetString(Options{Budget: t}) != d {
			return Options{}, fmt.Errorf("budget %q: want a positive duration such as 2s, N nodes, or 2s or N nodes", s)
		}
		o.Budget = t
	}
	if nodes {
		k, err := strconv.ParseInt(n, 10, 64)
		if err != nil || k <= 0 || strconv.FormatInt(k, 10) != n {
			return Options{}, fmt.Errorf("budget %q: want a positive duration such as 2s, N nodes, or 2s or N nodes", s)
		}
		o.MaxNodes = k
	}
	return o, nil
}
