package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"pasyans/engine"
	"pasyans/engine/solve"
	"pasyans/engine/solve/stats"
	_ "pasyans/engine/variants" // the games register themselves
)

// solveVariant looks up a game id and its comma-separated options for the
// solve and stats commands, as a usage error naming the valid ids.
func solveVariant(game, options string) (*engine.Variant, engine.Options, error) {
	if game == "" {
		return nil, 0, usageError("-game is required; valid games: %s", strings.Join(engine.IDs(), ", "))
	}
	v, err := engine.Lookup(game)
	if err != nil {
		return nil, 0, usageError("%v", err)
	}
	o, err := v.ParseOptions(strings.Split(options, ","))
	if err != nil {
		return nil, 0, usageError("%v", err)
	}
	return v, o, nil
}

func init() {
	register(&command{
		name:  "solve",
		usage: "-game ID -seed N [-options a,b] [-budget 2s] [-nodes N] [-threads T] [-mem SIZE] [-json]",
		short: "search a deal for a win or prove it lost",
		long: `Solve searches deal N of a game for a winning line: depth-first over
every legal move, with a visited set of canonical positions, the game's
proven safe moves and move ordering. The result is won (with the moves,
which 'pasyans play' replays to a win), lost (every reachable position was
visited: no win exists) or unknown (the budget ran out). For games with
face-down cards the solver knows the hidden cards: it answers the
open-card problem. -nodes caps the search at N positions, a budget that
does not depend on the machine; with -nodes alone there is no time limit.
-threads 2 runs the exhaustive search on a second core from the start,
beside the beams and probes (the games that have them), each with the
whole budget, and stops both when one decides; its answer may then
depend on which finishes first. -mem bounds the memory of the process
(default: half the memory available): when the visited set has used its
share, the search says so and goes on without recording new positions,
so it can still win but no longer prove a loss (unknown). Exit status 0
whatever the result.`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			game := fs.String("game", "", "variant `id` (see 'pasyans games')")
			var seedF seedFlag
			registerSeed(fs, &seedF)
			options := fs.String("options", "", "comma-separated option `ids` of the variant")
			budget := fs.Duration("budget", 2*time.Second, "time `budget` of the search")
			nodes := fs.Int64("nodes", 0, "positions to search at most (0: no node cap)")
			maxSeen := fs.Int("max-seen", 0, "cap on the visited set (`positions`; 0: the memory budget alone)")
			var mem memFlag
			mem.register(fs)
			threads := fs.Int("threads", 1, "searches at once on the deal (1 or 2)")
			asJSON := fs.Bool("json", false, "print JSON")
			memProfile := fs.String("memprofile", "", "write a heap profile to `file`.1, .2, … every 30 s of the search (for finding where the memory goes)")
			return func(e *env, args []string) (err error) {
				if len(args) > 0 {
					return usageError("solve takes no arguments, got %q", args[0])
				}
				if *memProfile != "" {
					if st, err := os.Stat(filepath.Dir(*memProfile)); err != nil || !st.IsDir() {
						return usageError("-memprofile %s: no folder %s to write the profiles into", *memProfile, filepath.Dir(*memProfile))
					}
					stop := stats.HeapProfiles(*memProfile, 30*time.Second)
					defer func() {
						if perr := stop(); perr != nil && err == nil {
							err = failure("-memprofile: %v", perr)
						}
					}()
				}
				bo, err := solveBudget(fs, *budget, *nodes, *threads)
				if err != nil {
					return err
				}
				if *maxSeen < 0 {
					return usageError("-max-seen must not be negative, got %d", *maxSeen)
				}
				bo.MaxSeen = *maxSeen
				if bo.MaxMem, err = mem.budget(); err != nil {
					return err
				}
				v, o, err := solveVariant(*game, *options)
				if err != nil {
					return err
				}
				seed, err := seedF.value()
				if err != nil {
					return err
				}
				s := engine.NewDeal(v, seed, o)
				r := solve.Solve(s, bo)
				out := r.Answer(v)
				if *asJSON {
					return writeJSON(e.stdout, out)
				}
				onThreads := ""
				if *threads > 1 {
					onThreads = fmt.Sprintf(" on %d threads", *threads)
				}
				fmt.Fprintf(e.stdout, "%s seed %d: %s (%d positions in %v%s, %.2f M/s)\n", v.ID, seed, r.Outcome,
					r.Nodes, r.Elapsed.Round(time.Millisecond), onThreads, float64(r.Nodes)/max(r.Elapsed.Seconds(), 1e-9)/1e6)
				if r.Outcome == solve.Unknown && r.Goal > 0 {
					fmt.Fprintf(e.stdout, "the search came as near as %d of the %d cards on the foundations\n", r.Progress, r.Goal)
				}
				if r.SeenCapHit {
					fmt.Fprintln(e.stdout, seenCapText(r, *maxSeen, bo.MaxMem))
				}
				if r.OpenCards {
					fmt.Fprintln(e.stdout, "open-card problem: the solver knows the face-down cards")
				}
				if len(out.Moves) > 0 {
					fmt.Fprintf(e.stdout, "%d moves:\n", len(out.Moves))
					for i := 0; i < len(out.Moves); i += 12 {
						fmt.Fprintln(e.stdout, strings.Join(out.Moves[i:min(i+12, len(out.Moves))], " "))
					}
				}
				return nil
			}
		},
	})
}

// solveBudget checks the -budget, -nodes and -threads flags and returns
// the search budget they give: the time, the node cap, or both when both
// are set (with -nodes alone, -budget left at its default, there is no
// time limit), and the searches at once on a deal.
func solveBudget(fs *flag.FlagSet, budget time.Duration, nodes int64, threads int) (solve.Options, error) {
	if threads < 1 || threads > 2 {
		return solve.Options{}, usageError("-threads must be 1 or 2, got %d", threads)
	}
	if budget <= 0 {
		return solve.Options{}, usageError("-budget must be positive, got %v", budget)
	}
	if nodes < 0 {
		return solve.Options{}, usageError("-nodes must not be negative, got %d", nodes)
	}
	if nodes == 0 {
		return solve.Options{Budget: budget, Threads: threads}, nil
	}
	timed := false
	fs.Visit(func(f *flag.Flag) { timed = timed || f.Name == "budget" })
	if !timed {
		budget = 0
	}
	return solve.Options{Budget: budget, MaxNodes: nodes, Threads: threads}, nil
}

// seenCapText says why the visited set of a search filled up: the memory
// budget mem, or the cap of maxSeen positions.
func seenCapText(r solve.Result, maxSeen int, mem int64) string {
	if r.MemFull {
		return fmt.Sprintf("the visited set filled its share of the memory budget (-mem %s): no loss could be proved after that", stats.SizeText(mem))
	}
	return fmt.Sprintf("the visited set reached its cap of %d positions: no loss could be proved after that", maxSeen)
}
