package main

import (
	"flag"
	"math"
	"time"

	"pasyans/engine/solve"
)

// statsFlags are the flags that say what a stats run solves and how: the
// flags 'stats' takes and 'stats plan' passes on to every shard. Both
// check them with check, so that a plan never prints a job its shards
// would refuse.
type statsFlags struct {
	game, options string
	deals         int
	first         uint64
	budget        time.Duration
	nodes         int64
	workers       int
	threads       int
	maxSeen       int
	mem           memFlag
}

// statsFlagNames are the names of statsFlags' flags, in the order a plan
// passes them on.
var statsFlagNames = []string{"game", "options", "first", "deals", "budget", "nodes", "threads", "workers", "mem", "max-seen"}

// register adds the flags to fs.
func (s *statsFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.game, "game", "", "variant `id` (see 'pasyans games')")
	fs.StringVar(&s.options, "options", "", "comma-separated option `ids` of the variant")
	fs.IntVar(&s.deals, "deals", 100, "`number` of deals")
	fs.Uint64Var(&s.first, "first", 1, "`seed` of the first deal")
	fs.DurationVar(&s.budget, "budget", 2*time.Second, "time `budget` per deal")
	fs.Int64Var(&s.nodes, "nodes", 0, "positions per deal at most (0: no node cap)")
	fs.IntVar(&s.workers, "workers", 0, "deals solved at once (0: one per CPU, or per T CPUs with -threads T)")
	fs.IntVar(&s.threads, "threads", 1, "searches at once on each deal (1 or 2)")
	fs.IntVar(&s.maxSeen, "max-seen", 0, "cap on each visited set (`positions`; 0: the memory budget alone)")
	s.mem.register(fs)
}

// check refuses flags a run cannot take and returns the search budget
// they give (without the memory budget, which the run sizes from the
// machine it runs on). fs is the parsed flag set, which says whether
// -budget was given.
func (s *statsFlags) check(fs *flag.FlagSet) (solve.Options, error) {
	if s.game != "" || s.options != "" {
		if _, _, err := solveVariant(s.game, s.options); err != nil {
			return solve.Options{}, err
		}
	}
	if s.deals <= 0 {
		return solve.Options{}, usageError("-deals must be positive, got %d", s.deals)
	}
	if s.first > math.MaxUint64-uint64(s.deals-1) {
		return solve.Options{}, usageError("-first %d -deals %d: the seeds would pass %d, the largest seed", s.first, s.deals, uint64(math.MaxUint64))
	}
	bo, err := solveBudget(fs, s.budget, s.nodes, s.threads)
	if err != nil {
		return solve.Options{}, err
	}
	if s.workers < 0 {
		return solve.Options{}, usageError("-workers must not be negative, got %d", s.workers)
	}
	if s.maxSeen < 0 {
		return solve.Options{}, usageError("-max-seen must not be negative, got %d", s.maxSeen)
	}
	if err := s.mem.check(); err != nil {
		return solve.Options{}, err
	}
	bo.MaxSeen = s.maxSeen
	return bo, nil
}
