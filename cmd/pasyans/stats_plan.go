package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// statsPlan runs 'pasyans stats plan -runner parallel|slurm|k8s -shards N
// -game ID -deals D …': it prints a job that runs the shards on that
// engine, then the merge. The flags of stats are checked as stats checks
// them, and every value reaches a script or manifest through the one
// quoting function of its target: shellWord for the shell, the
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
	p := plan{game: sf.game, shards: *shards, bin: *bin, dir: *dir, out: *out}
	p.args = append(p.args, "stats")
	for _, name := range statsFlagNames {
		if v, ok := set[name]; ok {
			p.args = append(p.args, "-"+name, v)
		}
	}
	if err := p.check(*runner, *cpus, *parallelism); err != nil {
		return err
	}
	switch *runner {
	case "parallel":
		if err := checkHosts(*hosts); err != nil {
			return err
		}
		p.parallel(e.stdout, *hosts)
	case "slurm":
		p.slurm(e.stdout, *cpus)
	case "k8s":
		return p.k8s(e.stdout, *cpus, *image, *claim, *parallelism)
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

// check refuses a runner it does not know, counts out of range and
// values no command line can carry (a NUL byte) or that a program would
// read as something else (an empty program, directory or output).
func (p plan) check(runner string, cpus, parallelism int) error {
	switch runner {
	case "parallel", "slurm", "k8s":
	default:
		return usageError("-runner must be parallel, slurm or k8s, got %q", runner)
	}
	if cpus < 1 || parallelism < 0 {
		return usageError("-cpus must be positive and -parallelism not negative, got %d and %d", cpus, parallelism)
	}
	for name, v := range map[string]string{"bin": p.bin, "dir": p.dir, "out": p.out} {
		if v == "" {
			return usageError("-%s must not be empty", name)
		}
	}
	if strings.HasPrefix(p.bin, "-") {
		return usageError("-bin %q: a program name cannot start with - (exec would read it as an option); give its path, such as ./%s", p.bin, p.bin)
	}
	for _, v := range append([]string{p.bin, p.dir, p.out}, p.args...) {
		if strings.ContainsRune(v, 0) {
			return usageError("stats plan: %q holds a NUL byte, which no command line can carry", v)
		}
	}
	if runner == "k8s" && !strings.HasPrefix(p.dir, "/") {
		return usageError("-dir must be an absolute path for k8s (the volume's mount path), got %q", p.dir)
	}
	return nil
}

// sshLogin is one login of -hosts as GNU parallel reads --sshlogin: an
// optional job count, an optional user, a host and an optional port.
var sshLogin = regexp.MustCompile(`^(?:[0-9]+/)?(?:[A-Za-z0-9_][A-Za-z0-9_.-]*@)?(?:[A-Za-z0-9_][A-Za-z0-9_.-]*|\[[0-9A-Fa-f:.]+\])(?::[0-9]+)?$|^:$`)

// checkHosts refuses -hosts that are not comma-separated ssh logins:
// GNU parallel reads an --sshlogin with spaces as an ssh command line.
func checkHosts(hosts string) error {
	if hosts == "" {
		return nil
	}
	for _, h := range strings.Split(hosts, ",") {
		if !sshLogin.MatchString(h) {
			return usageError("-hosts: %q is not an ssh login (want [N/][user@]host[:port], or ':' for this machine)", h)
		}
	}
	return nil
}

// shardWords are the words of shard k's command for the shell: the
// program and its arguments as shell words, the shard's number given by
// the shell expression k.
func (p plan) shardWords(k string) string {
	words := []string{shellWord(p.bin)}
	for _, a := range p.args {
		words = append(words, shellWord(a))
	}
	return strings.Join(words, " ") + fmt.Sprintf(" -shard %s/%d -records %s/shard-%s.jsonl", k, p.shards, shellWord(p.dir), k)
}

// merge is the shell command that merges the shards.
func (p plan) merge() string {
	return fmt.Sprintf("%s stats merge -write %s -- %s/shard-*.jsonl", shellWord(p.bin), shellWord(p.out), shellWord(p.dir))
}

// parallelVars names the environment variables through which the
// parallel plan hands every value to its jobs: GNU parallel runs its
// command through a second shell (on another host with --sshlogin, given
// the variables by --env), so the command holds only their names.
func (p plan) parallelVars() (names, values []string) {
	names, values = []string{"PASYANS_BIN"}, []string{p.bin}
	for i, a := range p.args {
		names, values = append(names, "PASYANS_ARG"+strconv.Itoa(i+1)), append(values, a)
	}
	return append(names, "PASYANS_DIR"), append(values, p.dir)
}

// parallel prints a bash script that runs the shards with GNU parallel,
// then the merge.
func (p plan) parallel(w io.Writer, hosts string) {
	names, values := p.parallelVars()
	var assign, refs, env strings.Builder
	for i, n := range names {
		fmt.Fprintf(&assign, "export %s=%s\n", n, shellWord(values[i]))
		if n != "PASYANS_DIR" {
			fmt.Fprintf(&refs, `"$%s" `, n)
		}
		fmt.Fprintf(&env, " --env %s", n)
	}
	cmd := refs.String() + fmt.Sprintf(`-shard {}/%d -records "$PASYANS_DIR"/shard-{}.jsonl`, p.shards)
	ssh := ""
	if hosts != "" {
		ssh = " --sshlogin " + shellWord(hosts) + " --workdir ." + env.String()
	}
	fmt.Fprintf(w, `#!/bin/bash
# GNU parallel: %d shards, one at a time on each host (each shard uses
# every CPU of its host). Run again after an interruption: --resume skips
# the shards the joblog records as done, and a shard cut short keeps the
# deals of its .part file and solves only the rest. The merge runs only
# when every shard has succeeded. The values below reach each shard in
# its environment. With -hosts (--sshlogin), every host needs the program
# and the records directory at the same path under its home (a shared
# file system).
set -eu
%smkdir -p -- "$PASYANS_DIR"
# The command is for the shell of each job, which expands the variables:
# shellcheck disable=SC2016
parallel --jobs 1 --joblog %s --resume%s %s ::: $(seq 1 %d) &&
  %s
`, p.shards, assign.String(), shellWord(localPath(p.dir)+"/joblog"), ssh, shellWord(cmd), p.shards, p.merge())
}

// localPath makes a relative path start with "./", so that no program
// reads its first character as an option or a mode ("-x", "+x").
func localPath(name string) string {
	if strings.HasPrefix(name, "/") || strings.HasPrefix(name, "./") {
		return name
	}
	return "./" + name
}

// slurm prints a Slurm array batch script; run with the argument merge,
// it merges the shards.
func (p plan) slurm(w io.Writer, cpus int) {
	fmt.Fprintf(w, `#!/bin/bash
# Slurm job array: %d shards (submit with sbatch). Task i (from 0) runs
# shard i+1. Submitted again after an interruption, a finished shard
# solves nothing and a shard cut short resumes from its .part file.
# When every task has finished (sbatch --dependency=afterok:JOBID),
# merge: bash THIS-SCRIPT merge
#SBATCH --job-name=pasyans-%s
#SBATCH --array=0-%d
#SBATCH --cpus-per-task=%d
set -eu
if [ "${1-}" = merge ]; then
  exec %s
fi
k=$((SLURM_ARRAY_TASK_ID + 1))
mkdir -p -- %s
exec %s
`, p.shards, p.game, p.shards-1, cpus, p.merge(), shellWord(p.dir), p.shardWords(`"$k"`))
}

// k8sMergeKey is the annotation of the k8s plan's Job that holds the
// merge command.
const k8sMergeKey = "pasyans/merge"

// k8s prints a Kubernetes Indexed Job manifest, written by the YAML
// library with every value a double-quoted scalar; the merge command is
// its annotation k8sMergeKey.
func (p plan) k8s(w io.Writer, cpus int, image, claim string, parallelism int) error {
	if parallelism <= 0 {
		parallelism = p.shards
	}
	script := fmt.Sprintf(`k=$((JOB_COMPLETION_INDEX + 1)); mkdir -p -- %s && exec %s`, shellWord(p.dir), p.shardWords(`"$k"`))
	container := yMap("name", "stats", "image", image, "command", ySeq("/bin/sh", "-c", script),
		"resources", yMap("requests", yMap("cpu", strconv.Itoa(cpus))),
		"volumeMounts", ySeq(yMap("name", "records", "mountPath", p.dir)))
	job := yMap("apiVersion", "batch/v1", "kind", "Job",
		"metadata", yMap("name", "pasyans-stats-"+p.game, "annotations", yMap(k8sMergeKey, p.merge())),
		"spec", yMap("completionMode", "Indexed", "completions", p.shards, "parallelism", parallelism,
			"backoffLimit", 6*p.shards,
			"template", yMap("spec", yMap("restartPolicy", "OnFailure", "containers", ySeq(container),
				"volumes", ySeq(yMap("name", "records", "persistentVolumeClaim", yMap("claimName", claim)))))))
	job.HeadComment = fmt.Sprintf(`Kubernetes Indexed Job: %d shards. The pod of index i (from 0) runs
shard i+1 and writes its records to the volume; a pod started again
resumes its shard (a finished shard solves nothing). When the Job is
complete (kubectl wait --for=condition=complete job/NAME), run the
command of the annotation %s in a pod that mounts the same volume.`, p.shards, k8sMergeKey)
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	err := enc.Encode(job)
	if err == nil {
		err = enc.Close()
	}
	if err != nil {
		return failure("stats plan: %v", err)
	}
	return nil
}

// yNode is a YAML node of v: a double-quoted string, an integer, or a
// node itself.
func yNode(v any) *yaml.Node {
	switch v := v.(type) {
	case *yaml.Node:
		return v
	case int:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(v)}
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v.(string), Style: yaml.DoubleQuotedStyle}
}

// yMap is a YAML mapping of keys and values in turn, in that order.
func yMap(kv ...any) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for i := 0; i < len(kv); i += 2 {
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: kv[i].(string)}, yNode(kv[i+1]))
	}
	return n
}

// ySeq is a YAML sequence of items.
func ySeq(items ...any) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for _, it := range items {
		n.Content = append(n.Content, yNode(it))
	}
	return n
}

// shellSafe matches the words no POSIX shell changes: no quote, space,
// expansion, glob, brace or operator character, and no "=" (a first word
// NAME=value would be an assignment, not the program).
var shellSafe = regexp.MustCompile(`^[A-Za-z0-9_./:,@%+-]+$`)

// shellReserved are the words a shell reads as its syntax where a
// command name stands.
var shellReserved = map[string]bool{"if": true, "then": true, "else": true, "elif": true, "fi": true, "do": true,
	"done": true, "case": true, "esac": true, "while": true, "until": true, "for": true, "in": true,
	"function": true, "select": true, "time": true, "coproc": true}

// shellWord quotes s as one word for a POSIX shell: unchanged when it
// holds only characters no shell treats specially and is not one of its
// reserved words, otherwise between
// single quotes, within which a single quote is written as a closing
// quote, a backslash-escaped quote and an opening quote.
func shellWord(s string) string {
	if shellSafe.MatchString(s) && !shellReserved[s] {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
