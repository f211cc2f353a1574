package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"pasyans/corpus"
	"pasyans/engine"
	"pasyans/engine/solve"
	"pasyans/engine/solve/stats"
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
the interval recomputed from the merged counts; the YAML and the JSON
say from how many shards. It refuses, with the file and line, records of another
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
				run := stats.Run{Budget: bo, Workers: sf.workers, Records: *records}
				if *retry != "" {
					err = run.Retry(*retry, sf.game, sf.options)
					if err == nil && *shard != "" {
						err = run.Shard(*shard)
					}
				} else {
					var v *engine.Variant
					var o engine.Options
					if v, o, err = solveVariant(sf.game, sf.options); err == nil {
						err = run.Range(v, o, sf.first, sf.deals, *shard)
					}
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
				r, err := run.Solve(e.stderr)
				if err != nil {
					return err
				}
				// The figures are printed before they are written, so a
				// failed write loses nothing.
				if *asJSON {
					err = writeJSON(e.stdout, r)
				} else {
					stats.Text(e.stdout, r)
				}
				if err == nil && *write != "" {
					err = statsWrite(*write, r, stats.Provenance{}, statsCommand(r, bo))
				}
				return err
			}
		},
	})
}

// statsYAML writes the figures as the YAML of corpus/stats/<game>.yaml
// (corpus.Stats, which reads and writes the file; a merge's figures say
// how they were merged), with the command that wrote them (words for the
// shell; nil for a merge, which names only the number of its files p.Files)
// as its comment.
func statsYAML(r solve.StatsResult, now time.Time, p stats.Provenance, command []string) ([]byte, error) {
	s := corpus.NewStats(r, now)
	words := make([]string, len(command))
	for i, w := range command {
		words[i] = stats.ShellWord(w)
	}
	comment := "Written by: " + strings.Join(words, " ")
	if command == nil {
		comment = fmt.Sprintf("Written by: pasyans stats merge -write DIR, from %d record %s", p.Files, pluralize(p.Files, "file"))
	}
	return s.Encode(comment)
}

// statsCommand is the command line of a stats run that writes r with
// search budget bo to DIR: the flags that give r again.
func statsCommand(r solve.StatsResult, bo solve.Options) []string {
	c := []string{"pasyans", "stats", "-game", r.Game}
	if len(r.Options) > 0 {
		c = append(c, "-options", strings.Join(r.Options, ","))
	}
	c = append(c, "-deals", strconv.Itoa(r.Deals), "-first", strconv.FormatUint(r.FirstSeed, 10))
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

// statsWrite writes the YAML of r to dir/<game>.yaml through a temporary
// file beside it, renamed over the old one when complete, so that the old
// file stays whole until the new one is.
func statsWrite(dir string, r solve.StatsResult, p stats.Provenance, command []string) error {
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
	err = corpus.WriteStats(dir, r.Game, text)
	var ce *corpus.CreateError
	switch {
	case errors.As(err, &ce):
		return usageError("writing stats: %v", err)
	case err != nil:
		return failure("writing stats: %v", err)
	}
	return nil
}

// statsMerge runs 'pasyans stats merge [-json] [-write DIR] FILE…'.
func statsMerge(e *env, args []string) error {
	fs := flag.NewFlagSet("pasyans stats merge", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	write := fs.String("write", "", "write the figures to `DIR`/<game>.yaml")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageError("stats merge: %v", err)
	}
	if fs.NArg() == 0 {
		return usageError("stats merge needs record files (pasyans stats -records FILE)")
	}
	r, prov, err := stats.Merge(fs.Args())
	if err != nil {
		return err
	}
	if *write != "" {
		if err := os.MkdirAll(*write, 0o755); err != nil {
			return usageError("-write: %v", err)
		}
	}
	if *asJSON {
		err = writeJSON(e.stdout, r)
	} else {
		stats.Text(e.stdout, r)
		stats.MergeText(e.stdout, prov)
	}
	if err == nil && *write != "" {
		err = statsWrite(*write, r, prov, nil)
	}
	return err
}

// statsPlan runs 'pasyans stats plan -runner parallel|slurm|k8s -shards N
// -game ID -deals D …': it prints a job that runs the shards on that
// engine, then the merge. The flags of stats are checked as stats checks
// them, and every value reaches a script or manifest through the one
// quoting function of its target (see stats.Plan.Write), the
// environment for GNU parallel's command, the YAML library for k8s.
func statsPlan(e *env, args []string) error {
	fs := flag.NewFlagSet("pasyans stats plan", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	runner := fs.String("runner", "", "the engine: parallel (GNU parallel), slurm (a job array) or k8s (an Indexed Job)")
	shards := fs.Int("shards", 0, "`number` of shards")
	bin := fs.String("bin", "pasyans", "the pasyans `program` as the jobs run it")
	dir := fs.String("dir", "stats-run", "`directory` of the records, shared by every host (k8s: the volume's mount path, /records by default)")
	out := fs.String("out", "corpus/stats", "`directory` the merge writes <game>.yaml to")
	hosts := fs.String("hosts", "", "parallel: comma-separated ssh `logins` (--sshlogin; ':' is this machine)")
	cpus := fs.Int("cpus", 2, "slurm, k8s: `CPUs` of each shard's task")
	image := fs.String("image", "pasyans:latest", "k8s: the container `image` holding the program")
	claim := fs.String("claim", "pasyans-stats", "k8s: the PersistentVolumeClaim `name` of the records volume")
	parallelism := fs.Int("parallelism", 0, "k8s: shards at once (0: all)")
	var sf statsFlags
	sf.register(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageError("stats plan: %v", err)
	}
	if fs.NArg() > 0 {
		return usageError("stats plan takes no arguments, got %q", fs.Arg(0))
	}
	set := map[string]string{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = f.Value.String() })
	if set["game"] == "" || set["deals"] == "" {
		return usageError("stats plan needs -game and -deals")
	}
	if _, err := sf.check(fs); err != nil {
		return err
	}
	if *shards < 1 || *shards > sf.deals {
		return usageError("-shards must be from 1 to the deals (%d), got %d", sf.deals, *shards)
	}
	if *runner == "k8s" && set["dir"] == "" {
		*dir = "/records"
	}
	p := stats.Plan{Game: sf.game, Shards: *shards, Bin: *bin, Dir: *dir, Out: *out, Args: []string{"stats"}}
	for _, name := range statsFlagNames {
		if v, ok := set[name]; ok {
			p.Args = append(p.Args, "-"+name, v)
		}
	}
	return p.Write(e.stdout, stats.Job{Runner: *runner, Hosts: *hosts, CPUs: *cpus, Image: *image, Claim: *claim, Parallelism: *parallelism})
}
