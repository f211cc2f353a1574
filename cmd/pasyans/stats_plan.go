package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"
)

// planFlags are the flags of 'pasyans stats' that 'stats plan' passes on
// to every shard, in this order, when they are given.
var planFlags = []string{"game", "options", "first", "deals", "budget", "nodes", "threads", "workers", "mem", "max-seen"}

// statsPlan runs 'pasyans stats plan -runner parallel|slurm|k8s -shards N
// -game ID -deals D …': it prints a job that runs the shards on that
// engine, then the merge.
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
	fs.String("game", "", "variant `id`")
	fs.String("options", "", "option `ids` of the variant")
	fs.Int("deals", 0, "`number` of deals in all")
	fs.Uint64("first", 1, "`seed` of the first deal")
	fs.Duration("budget", 2*time.Second, "time `budget` per deal")
	fs.Int64("nodes", 0, "positions per deal at most")
	fs.Int("threads", 1, "searches at once on each deal")
	fs.Int("workers", 0, "deals at once in each shard (0: one per CPU)")
	fs.String("mem", "", "memory `size` of each shard")
	fs.Int("max-seen", 0, "cap on each visited set (`positions`)")
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
	if _, _, err := solveVariant(set["game"], set["options"]); err != nil {
		return err
	}
	deals := fs.Lookup("deals").Value.(flag.Getter).Get().(int)
	if *shards < 1 || *shards > deals {
		return usageError("-shards must be from 1 to the deals (%d), got %d", deals, *shards)
	}
	if *runner == "k8s" {
		if set["dir"] == "" {
			*dir = "/records"
		}
		if !strings.HasPrefix(*dir, "/") {
			return usageError("-dir must be an absolute path for k8s (the volume's mount path), got %q", *dir)
		}
	}
	p := plan{game: set["game"], shards: *shards, bin: *bin, dir: *dir, out: *out}
	p.args = append(p.args, "stats")
	for _, name := range planFlags {
		if v, ok := set[name]; ok {
			p.args = append(p.args, "-"+name, v)
		}
	}
	switch *runner {
	case "parallel":
		p.parallel(e.stdout, *hosts)
	case "slurm":
		p.slurm(e.stdout, *cpus)
	case "k8s":
		p.k8s(e.stdout, *cpus, *image, *claim, *parallelism)
	default:
		return usageError("-runner must be parallel, slurm or k8s, got %q", *runner)
	}
	return nil
}

// plan is a sharded stats run.
type plan struct {
	game     string
	shards   int
	bin, dir string
	out      string
	args     []string // 'pasyans stats' and its flags, but the shard's
}

// shardCmd is the command of shard k (a shell word or expression).
func (p plan) shardCmd(k string) string {
	words := []string{shellQuote(p.bin)}
	for _, a := range p.args {
		words = append(words, shellQuote(a))
	}
	return strings.Join(words, " ") + fmt.Sprintf(" -shard %s/%d -records %s", k, p.shards, shellQuote(p.dir)+"/shard-"+k+".jsonl")
}

// merge is the command that merges the shards.
func (p plan) merge() string {
	return fmt.Sprintf("%s stats merge -write %s %s/shard-*.jsonl", shellQuote(p.bin), shellQuote(p.out), shellQuote(p.dir))
}

// parallel prints a GNU parallel command line, then the merge.
func (p plan) parallel(w io.Writer, hosts string) {
	ssh := ""
	if hosts != "" {
		ssh = " --sshlogin " + shellQuote(hosts) + " --workdir ."
	}
	fmt.Fprintf(w, `# GNU parallel: %d shards of %s, one at a time on each host (each shard
# uses every CPU of its host). Run again after an interruption: --resume
# skips the shards the joblog records as done, and a shard cut short
# keeps the deals of its .part file and solves only the rest. The merge
# runs only when every shard has succeeded.
# With -hosts (--sshlogin), every host needs the program and the
# directory %s at the same path under its home (a shared file system).
mkdir -p %s
parallel --jobs 1 --joblog %s/joblog --resume%s %s ::: $(seq 1 %d) &&
  %s
`, p.shards, p.game, p.dir, shellQuote(p.dir), shellQuote(p.dir), ssh, p.shardCmd("{}"), p.shards, p.merge())
}

// slurm prints a Slurm array batch script whose comment gives the merge.
func (p plan) slurm(w io.Writer, cpus int) {
	fmt.Fprintf(w, `#!/bin/bash
# Slurm job array: %d shards of %s (submit with sbatch). Task i (from 0)
# runs shard i+1. Submitted again after an interruption, a finished shard
# solves nothing and a shard cut short resumes from its .part file.
#SBATCH --job-name=pasyans-%s
#SBATCH --array=0-%d
#SBATCH --cpus-per-task=%d
set -eu
k=$((SLURM_ARRAY_TASK_ID + 1))
mkdir -p %s
%s
# When every task has finished (sbatch --dependency=afterok:JOBID), merge:
#   %s
`, p.shards, p.game, p.game, p.shards-1, cpus, shellQuote(p.dir), p.shardCmd(`"$k"`), p.merge())
}

// k8s prints a Kubernetes Indexed Job manifest whose comment gives the
// merge.
func (p plan) k8s(w io.Writer, cpus int, image, claim string, parallelism int) {
	if parallelism <= 0 {
		parallelism = p.shards
	}
	cmd, _ := json.Marshal(fmt.Sprintf(`k=$((JOB_COMPLETION_INDEX + 1)); mkdir -p %s; exec %s`, shellQuote(p.dir), p.shardCmd(`"$k"`)))
	img, _ := json.Marshal(image)
	cl, _ := json.Marshal(claim)
	mount, _ := json.Marshal(p.dir)
	fmt.Fprintf(w, `# Kubernetes Indexed Job: %d shards of %s. The pod of index i (from 0)
# runs shard i+1 and writes its records to the volume at %s; a pod started
# again resumes its shard (a finished shard solves nothing).
apiVersion: batch/v1
kind: Job
metadata:
  name: pasyans-stats-%s
spec:
  completionMode: Indexed
  completions: %d
  parallelism: %d
  backoffLimit: %d
  template:
    spec:
      restartPolicy: OnFailure
      containers:
        - name: stats
          image: %s
          command: ["/bin/sh", "-c", %s]
          resources:
            requests:
              cpu: "%d"
          volumeMounts:
            - name: records
              mountPath: %s
      volumes:
        - name: records
          persistentVolumeClaim:
            claimName: %s
# When the Job is complete (kubectl wait --for=condition=complete
# job/pasyans-stats-%s), merge in a pod that mounts the same volume:
#   %s
`, p.shards, p.game, p.dir, p.game, p.shards, parallelism, 6*p.shards, img, cmd, cpus, mount, cl, p.game, p.merge())
}

var shellSafe = regexp.MustCompile(`^[A-Za-z0-9_./:,=@%+{}-]+$`)

// shellQuote quotes s as one word for the shell, when it must be.
func shellQuote(s string) string {
	if shellSafe.MatchString(s) || strings.HasPrefix(s, `"$`) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
