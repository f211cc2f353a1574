package solve

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"time"

	"pasyans/engine"
)

// StatsResult is the outcome of solving many deals of one game.
type StatsResult struct {
	Game    string   `json:"game"`
	Options []string `json:"options"`
	Deals   int      `json:"deals"`
	First   uint64   `json:"first_seed"`
	Won     int      `json:"won"`
	Lost    int      `json:"lost"`
	Unknown int      `json:"unknown"`
	// WinRate is won / deals.
	WinRate float64 `json:"win_rate"`
	// CI95 is the 95% Wilson interval of the win rate in which the
	// unknown deals widen both bounds: the lower bound counts them as
	// losses, the upper bound as wins.
	CI95    [2]float64 `json:"ci95"`
	Budget  string     `json:"budget"`
	Workers int        `json:"workers"`
	// Threads is how many searches ran at once on each deal (see
	// Options.Threads): the machine's cores then serve Workers × Threads
	// searches.
	Threads  int     `json:"threads"`
	Elapsed  int64   `json:"elapsed_ms"`
	MedianMS float64 `json:"median_ms"` // per deal
	P90MS    float64 `json:"p90_ms"`    // per deal
	Nodes    int64   `json:"nodes"`
	// NodesPerSec is the positions generated per second of search time,
	// per search thread (per core).
	NodesPerSec float64 `json:"nodes_per_sec"`
	SeenCapHits int     `json:"seen_cap_hits"`
	// MemPerWorker is each worker's share of Options.MaxMem (0: none),
	// MemFullHits the deals whose visited set filled that share (of
	// SeenCapHits), SeenBytesMax the most memory a worker's visited sets
	// held at once.
	MemPerWorker int64 `json:"mem_per_worker,omitempty"`
	MemFullHits  int   `json:"mem_full_hits"`
	SeenBytesMax int64 `json:"seen_bytes_max"`
	OpenCards    bool  `json:"open_cards"`
	// LostSeeds and UnknownSeeds list the deals proved lost and those left
	// undecided, in increasing order.
	LostSeeds    []uint64 `json:"lost_seeds"`
	UnknownSeeds []uint64 `json:"unknown_seeds"`
	// UnknownProgress is, over the undecided deals, the median of the most
	// cards their search saw on the foundations, as a share of the cards a
	// win puts there (0 when no deal is undecided or the game is not won
	// on its foundations): how near the search came where it gave up.
	UnknownProgress float64 `json:"unknown_progress"`
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
	threads := max(bo.Threads, 1)
	if workers <= 0 {
		workers = max(runtime.GOMAXPROCS(0)/threads, 1)
	}
	if workers > deals && deals > 0 {
		workers = deals
	}
	bo.MaxMem /= int64(workers)
	start := time.Now()
	seeds := make(chan uint64)
	type answer struct {
		seed uint64
		Result
	}
	answers := make(chan answer)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sv := New(v)
			for seed := range seeds {
				s := engine.NewDeal(v, seed, o)
				answers <- answer{seed, sv.Solve(s, bo)}
			}
		}()
	}
	go func() {
		for i := 0; i < deals; i++ {
			seeds <- first + uint64(i)
		}
		close(seeds)
		wg.Wait()
		close(answers)
	}()
	res := StatsResult{Game: v.ID, Options: v.OptionIDs(o), Deals: deals, First: first, Budget: budgetString(bo), Workers: workers, Threads: threads, OpenCards: v.Hidden,
		MemPerWorker: bo.MaxMem}
	times := make([]float64, 0, deals)
	var near []float64 // Progress/Goal of the undecided deals
	var searchTime time.Duration
	for r := range answers {
		switch r.Outcome {
		case Won:
			res.Won++
		case Lost:
			res.Lost++
			res.LostSeeds = append(res.LostSeeds, r.seed)
		default:
			res.Unknown++
			res.UnknownSeeds = append(res.UnknownSeeds, r.seed)
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
		if progress != nil {
			done := len(times)
			el := time.Since(start)
			progress(Progress{Done: done, Total: deals, Won: res.Won, Lost: res.Lost, Elapsed: el,
				Remaining:    time.Duration(float64(el) / float64(done) * float64(deals-done)),
				WinRateSoFar: float64(res.Won) / float64(done), DecidedSoFar: res.Won + res.Lost})
		}
	}
	res.Elapsed = time.Since(start).Milliseconds()
	if deals > 0 {
		res.WinRate = float64(res.Won) / float64(deals)
		lo, _ := Wilson(res.Won, deals)
		_, hi := Wilson(res.Won+res.Unknown, deals)
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
		res.NodesPerSec = float64(res.Nodes) / searchTime.Seconds() / float64(threads)
	}
	return res
}

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
