package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"pasyans/corpus"
	"pasyans/engine/solve"
	"pasyans/internal/atomicfile"
)

func init() {
	register(&command{
		name:  "stats",
		usage: "-game ID -deals N [-options a,b] [-first S] [-budget 2s] [-nodes N] [-workers K] [-threads T] [-mem SIZE] [-shard K/N] [-records FILE] [-retry FILE] [-json] [-write DIR]\n       pasyans stats merge [-json] [-write DIR] FILE…\n       pasyans stats plan -runner parallel|slurm|k8s -shards N -game ID -deals D [flags of stats] [-bin P] [-dir D] [-out DIR] …",
		short: "solve many deals and report the win rate",
		long: `Stats solves deals S, S+1, …, S+N-1 of a game (S is 1 by default), each
within the budget, in parallel on K workers (default: one per CPU, or
one per T CPUs with -threads T), and reports how many were won, proved
lost and left undecided (JSON: unknown), the win rate with a 95% Wilson interval in which
the undecided deals widen both bounds (the lower bound counts them as lost,
the upper as won), the median and 90th-percentile time per deal and the
positions searched per second.
A progress bar is drawn on standard error when it is a terminal.
-write DIR writes DIR/<game>.yaml with the figures, the budget and the date
(this is how corpus/stats is regenerated). -nodes caps each search at N
positions as well, a budget that does not depend on the machine or its
load; with -nodes alone there is no time limit. The deals proved lost and
those left undecided are listed (JSON and the YAML of -write:
lost_seeds, unknown_seeds). -threads 2 runs two searches at once on each
deal, the exhaustive search beside the beams and probes, each with the
whole budget (see 'pasyans solve'); the figures record it (threads).
-mem bounds the memory of the process (default: half the memory
available), shared equally among the workers; -max-seen caps each
visited set in positions as well. The deals whose visited set filled up
can no longer be proved lost; their count is reported. A run whose
figures alone would take more than half the memory budget, or whose
seeds would pass the largest seed, is refused before it starts.

Beyond one machine. -records FILE writes one JSON line per deal, in seed
order: seed, result (won, lost, unknown), positions searched, line (the
winning line's moves), the settings (game, options, budget: the time,
nodes: the cap on positions, threads, engine: the solver's Version and
a hash of the game's rule registry) and ms, the time taken. With -nodes
alone every field but ms is the same on any machine and with any
-workers. The lines go to FILE.part, renamed FILE when every deal is
done; run again, stats keeps the whole lines of FILE.part and solves
only the deals after them, and over a complete FILE it solves nothing.
A line that cannot be written (a full disk) stops the run.
-shard K/N solves only part K (from 1) of N contiguous, nearly equal
parts of the deals; a runner's 0-based task index i is shard i+1.
-retry FILE solves again, with the larger budget given, only the deals
that FILE left unknown (game, options and threads are FILE's).
'stats merge FILE…' puts record files together into the figures (and
with -write the <game>.yaml) that one run of all their deals gives,
the interval recomputed from the merged counts; the YAML says from how
many shards. It refuses, with the file and line, records of another
game, options, threads or engine version, a deal answered twice
differently at one budget, a deal won at one budget and lost at
another, and gaps in the seed range (listed). Records with a larger
budget than the run's are retries: a deal keeps the answer of the
largest budget that decided it, never an unknown one over a decided.
'stats plan' prints a ready job for -runner parallel (a GNU parallel
command line, with --joblog and --resume so that a killed run goes on
where it stopped; -hosts h1,h2 becomes --sshlogin, and the hosts must
share -dir), slurm (an array batch script, task i running shard i+1
from SLURM_ARRAY_TASK_ID) or k8s (an Indexed Job manifest, pod i
running shard i+1 from JOB_COMPLETION_INDEX, with -image holding -bin
and the records on the PersistentVolumeClaim -claim mounted at -dir),
each with the merge (after the shards for parallel; 'bash SCRIPT merge'
for slurm; the Job's annotation pasyans/merge for k8s). Any value may be
given to any flag: each reaches the job quoted for its target (shell
words; the environment of GNU parallel's jobs; double-quoted YAML
scalars), never in a comment, and the plan refuses the flags stats
refuses. 'pasyans stats plan -h' lists its flags.`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			var sf statsFlags
			sf.register(fs)
			asJSON := fs.Bool("json", false, "print JSON")
			write := fs.String("write", "", "write the figures to `DIR`/<game>.yaml")
			shard := fs.String("shard", "", "solve only part `K/N` of the deals (K from 1 to N)")
			records := fs.String("records", "", "write one JSON line per deal to `FILE` (resumed if stopped)")
			retry := fs.String("retry", "", "solve again the unknown deals of the records `FILE`")
			return func(e *env, args []string) error {
				if len(args) > 0 {
					switch args[0] {
					case "merge":
						return statsMerge(e, args[1:])
					case "plan":
						return statsPlan(e, args[1:])
					}
					return usageError("stats takes no arguments, got %q", args[0])
				}
				bo, err := sf.check(fs)
				if err != nil {
					return err
				}
				if bo.MaxMem, err = sf.mem.budget(); err != nil {
					return err
				}
				run := statsRun{bo: bo, workers: sf.workers, records: *records}
				if *retry != "" {
					err = run.retrySeeds(*retry, sf.game, sf.options)
					if err == nil && *shard != "" {
						run.seeds, err = shardOf(run.seeds, *shard)
					}
				} else {
					err = run.rangeSeeds(sf.game, sf.options, sf.first, sf.deals, *shard)
				}
				if err != nil {
					return err
				}
				if *write != "" {
					// Fail before the run, not after it.
					if err := os.MkdirAll(*write, 0o755); err != nil {
						return usageError("-write: %v", err)
					}
				}
				r, err := run.run(e)
				if err != nil {
					return err
				}
				// The figures are printed before they are written, so a
				// failed write loses nothing.
				if *asJSON {
					err = solveWriteJSON(e.stdout, r)
				} else {
					statsText(e.stdout, r)
				}
				if err == nil && *write != "" {
					err = statsWrite(*write, r, statsProvenance{}, statsCommand(r, bo))
				}
				return err
			}
		},
	})
}

// solveWriteJSON writes v as indented JSON.
func solveWriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// statsIsTerminal reports whether w is a character device (a terminal).
func statsIsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// statsBar redraws the progress line.
func statsBar(w io.Writer, p solve.Progress) {
	const width = 30
	n := width * p.Done / max(p.Total, 1)
	fmt.Fprintf(w, "\r[%s%s] %d/%d deals, won %.1f%%, decided %d, about %v left   ",
		strings.Repeat("#", n), strings.Repeat(".", width-n), p.Done, p.Total,
		100*p.WinRateSoFar, p.DecidedSoFar, p.Remaining.Round(time.Second))
}

// statsText prints the figures for a reader.
func statsText(w io.Writer, r solve.StatsResult) {
	fmt.Fprintf(w, "%s: %d deals from seed %d, budget %s per deal", r.Game, r.Deals, r.First, r.Budget)
	if r.Workers > 0 { // 0: merged
		fmt.Fprintf(w, ", %d %s", r.Workers, pluralize(r.Workers, "worker"))
	}
	if r.Threads > 1 {
		fmt.Fprintf(w, " of %d threads", r.Threads)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "won %d, lost %d, undecided %d (%.1f%% undecided)\n", r.Won, r.Lost, r.Unknown, 100*float64(r.Unknown)/float64(max(r.Deals, 1)))
	fmt.Fprintf(w, "win rate %.1f%%, 95%% interval [%.1f%%, %.1f%%] (undecided deals widen both bounds)\n", 100*r.WinRate, 100*r.CI95[0], 100*r.CI95[1])
	fmt.Fprintf(w, "time per deal: median %.0f ms, 90th percentile %.0f ms; %.2f M positions/s per thread\n", r.MedianMS, r.P90MS, r.NodesPerSec/1e6)
	if r.SeenCapHits > 0 {
		fmt.Fprintf(w, "the visited set reached its cap in %d deals (%d of them by the memory budget)\n", r.SeenCapHits, r.MemFullHits)
	}
	if r.MemPerWorker > 0 {
		fmt.Fprintf(w, "memory: %s per worker, of which the visited sets held at most %s\n", sizeText(r.MemPerWorker), sizeText(r.SeenBytesMax))
	}
	if r.OpenCards {
		fmt.Fprintln(w, "open-card problem: the solver knows the face-down cards")
	}
	if len(r.LostSeeds) > 0 {
		fmt.Fprintf(w, "lost deals: %s\n", seedList(r.LostSeeds, 40))
	}
	if len(r.UnknownSeeds) > 0 {
		fmt.Fprintf(w, "undecided deals: %s\n", seedList(r.UnknownSeeds, 40))
		if r.UnknownProgress > 0 {
			fmt.Fprintf(w, "on the undecided deals the search came, in the median, as near as %.0f%% of the cards on the foundations\n", 100*r.UnknownProgress)
		}
	}
	fmt.Fprintf(w, "elapsed %v\n", time.Duration(r.Elapsed)*time.Millisecond)
}

// seedList writes up to n seeds separated by spaces, then how many more.
func seedList(seeds []uint64, n int) string {
	var b strings.Builder
	for i, s := range seeds {
		if i == n {
			fmt.Fprintf(&b, " … and %d more", len(seeds)-n)
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprint(&b, s)
	}
	return b.String()
}

// statsYAML writes the figures as the YAML of corpus/stats/<game>.yaml
// through the YAML library and the loader's own type (corpus.Stats), with
// the command that wrote them (words for the shell; nil for a merge,
// which names only the number of its files) as its comment.
func statsYAML(r solve.StatsResult, now time.Time, p statsProvenance, command []string) ([]byte, error) {
	round := func(x float64, places int) float64 {
		f := math.Pow10(places)
		return math.Round(x*f) / f
	}
	s := corpus.Stats{Game: r.Game, Options: append([]string{}, r.Options...), Date: now.UTC().Format(time.DateOnly),
		Deals: r.Deals, FirstSeed: r.First, Budget: r.Budget, Workers: r.Workers,
		Won: r.Won, Lost: r.Lost, Unknown: r.Unknown, WinRate: round(r.WinRate, 4),
		CI95:            [2]float64{round(r.CI95[0], 4), round(r.CI95[1], 4)},
		UnknownFraction: round(float64(r.Unknown)/float64(max(r.Deals, 1)), 4),
		MedianMS:        round(r.MedianMS, 1), P90MS: round(r.P90MS, 1), NodesPerSec: round(r.NodesPerSec, 0),
		SeenCapHits: r.SeenCapHits, OpenCards: r.OpenCards,
		LostSeeds: append([]uint64{}, r.LostSeeds...), UnknownSeeds: append([]uint64{}, r.UnknownSeeds...),
		UnknownProgress: round(r.UnknownProgress, 4), Retried: p.retried, RetryBudget: p.retryBudget}
	if r.Threads > 1 {
		s.Threads = r.Threads
	}
	if p.shards > 1 {
		s.Shards = p.shards
	}
	var doc yaml.Node
	if err := doc.Encode(&s); err != nil {
		return nil, err
	}
	for _, n := range doc.Content {
		switch {
		case n.Kind == yaml.SequenceNode:
			n.Style = yaml.FlowStyle // lists of numbers on one line
		case n.Tag == "!!float":
			f, _ := strconv.ParseFloat(n.Value, 64)
			n.Value = strconv.FormatFloat(f, 'f', -1, 64) // no exponent
		}
	}
	words := make([]string, len(command))
	for i, w := range command {
		words[i] = shellWord(w)
	}
	doc.HeadComment = "Written by: " + strings.Join(words, " ")
	if command == nil {
		doc.HeadComment = fmt.Sprintf("Written by: pasyans stats merge -write DIR, from %d record %s", p.files, pluralize(p.files, "file"))
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// statsCommand is the command line of a stats run that writes r with
// search budget bo to DIR: the flags that give r again.
func statsCommand(r solve.StatsResult, bo solve.Options) []string {
	c := []string{"pasyans", "stats", "-game", r.Game}
	if len(r.Options) > 0 {
		c = append(c, "-options", strings.Join(r.Options, ","))
	}
	c = append(c, "-deals", strconv.Itoa(r.Deals), "-first", strconv.FormatUint(r.First, 10))
	if bo.Budget > 0 {
		c = append(c, "-budget", bo.Budget.String())
	}
	if bo.MaxNodes > 0 {
		c = append(c, "-nodes", strconv.FormatInt(bo.MaxNodes, 10))
	}
	c = append(c, "-workers", strconv.Itoa(r.Workers))
	if r.Threads > 1 {
		c = append(c, "-threads", strconv.Itoa(r.Threads))
	}
	return append(c, "-write", "DIR")
}

// statsProvenance says how merged figures were put together: from how
// many record files, how many of them shards of the deal range (files
// holding deals at the run's budget), and how many deals were answered
// by a retry with the larger budget retryBudget. It is zero for one run.
type statsProvenance struct {
	files, shards, retried int
	retryBudget            string
}

// seedsYAML writes seeds as the items of a YAML flow list.
func seedsYAML(seeds []uint64) string {
	items := make([]string, len(seeds))
	for i, s := range seeds {
		items[i] = strconv.FormatUint(s, 10)
	}
	return strings.Join(items, ", ")
}

// statsWrite writes the YAML of r to dir/<game>.yaml through a temporary
// file beside it, renamed over the old one when complete, so that the old
// file stays whole until the new one is.
func statsWrite(dir string, r solve.StatsResult, p statsProvenance, command []string) error {
	text, err := statsYAML(r, time.Now(), p, command)
	if err != nil {
		return failure("writing stats: %v", err)
	}
	// What is written must pass the checker; a run that cannot be
	// written so is a bug, not a file.
	if _, ds := corpus.ReadStats("stats/"+r.Game+".yaml", text); len(ds) > 0 {
		return failure("writing stats: the file would not pass the check: %v", ds[0])
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return usageError("create %s: %v", dir, err)
	}
	err = atomicfile.Write(dir, r.Game+".yaml", text)
	var ce *atomicfile.CreateError
	switch {
	case errors.As(err, &ce):
		return usageError("writing stats: %v", err)
	case err != nil:
		return failure("writing stats: %v", err)
	}
	return nil
}
