package stats

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Plan is a sharded stats run: Shards shards of the deals of Game, each
// run by the program Bin with Args ('stats' and its flags, but the
// shard's) and writing its records into Dir, then merged into Out.
type Plan struct {
	Game     string
	Shards   int
	Bin, Dir string
	Out      string
	Args     []string
}

// Job is how a plan runs: the Runner (parallel, slurm or k8s) and its
// settings. Hosts are GNU parallel's ssh logins; CPUs each shard's
// (slurm, k8s); Image, Claim and Parallelism the Kubernetes Job's.
type Job struct {
	Runner      string
	Hosts       string
	CPUs        int
	Image       string
	Claim       string
	Parallelism int
}

// Write checks the plan and its job and writes the job: a bash script
// for parallel and slurm, a manifest for k8s. Every value reaches it
// through the one quoting function of its target: ShellWord for the
// shell, the environment for GNU parallel's command, the YAML library for
// k8s.
func (p Plan) Write(w io.Writer, j Job) error {
	if err := p.check(j.Runner, j.CPUs, j.Parallelism); err != nil {
		return err
	}
	switch j.Runner {
	case "parallel":
		if err := checkHosts(j.Hosts); err != nil {
			return err
		}
		p.parallel(w, j.Hosts)
	case "slurm":
		p.slurm(w, j.CPUs)
	case "k8s":
		return p.k8s(w, j.CPUs, j.Image, j.Claim, j.Parallelism)
	}
	return nil
}

// check refuses a runner it does not know, counts out of range and
// values no command line can carry (a NUL byte) or that a program would
// read as something else (an empty program, directory or output).
func (p Plan) check(runner string, cpus, parallelism int) error {
	switch runner {
	case "parallel", "slurm", "k8s":
	default:
		return usageError("-runner must be parallel, slurm or k8s, got %q", runner)
	}
	if cpus < 1 || parallelism < 0 {
		return usageError("-cpus must be positive and -parallelism not negative, got %d and %d", cpus, parallelism)
	}
	for name, v := range map[string]string{"bin": p.Bin, "dir": p.Dir, "out": p.Out} {
		if v == "" {
			return usageError("-%s must not be empty", name)
		}
	}
	if strings.HasPrefix(p.Bin, "-") {
		return usageError("-bin %q: a program name cannot start with - (exec would read it as an option); give its path, such as ./%s", p.Bin, p.Bin)
	}
	for _, v := range append([]string{p.Bin, p.Dir, p.Out}, p.Args...) {
		if strings.ContainsRune(v, 0) {
			return usageError("stats plan: %q holds a NUL byte, which no command line can carry", v)
		}
	}
	if runner == "k8s" && !strings.HasPrefix(p.Dir, "/") {
		return usageError("-dir must be an absolute path for k8s (the volume's mount path), got %q", p.Dir)
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
func (p Plan) shardWords(k string) string {
	words := []string{ShellWord(p.Bin)}
	for _, a := range p.Args {
		words = append(words, ShellWord(a))
	}
	return strings.Join(words, " ") + fmt.Sprintf(" -shard %s/%d -records %s/shard-%s.jsonl", k, p.Shards, ShellWord(p.Dir), k)
}

// merge is the shell command that merges the shards.
func (p Plan) merge() string {
	return fmt.Sprintf("%s stats merge -write %s -- %s/shard-*.jsonl", ShellWord(p.Bin), ShellWord(p.Out), ShellWord(p.Dir))
}

// parallelVars names the environment variables through which the
// parallel plan hands every value to its jobs: GNU parallel runs its
// command through a second shell (on another host with --sshlogin, given
// the variables by --env), so the command holds only their names.
func (p Plan) parallelVars() (names, values []string) {
	names, values = []string{"PASYANS_BIN"}, []string{p.Bin}
	for i, a := range p.Args {
		names, values = append(names, "PASYANS_ARG"+strconv.Itoa(i+1)), append(values, a)
	}
	return append(names, "PASYANS_DIR"), append(values, p.Dir)
}

// parallel prints a bash script that runs the shards with GNU parallel,
// then the merge.
func (p Plan) parallel(w io.Writer, hosts string) {
	names, values := p.parallelVars()
	var assign, refs, env strings.Builder
	for i, n := range names {
		fmt.Fprintf(&assign, "export %s=%s\n", n, ShellWord(values[i]))
		if n != "PASYANS_DIR" {
			fmt.Fprintf(&refs, `"$%s" `, n)
		}
		fmt.Fprintf(&env, " --env %s", n)
	}
	cmd := refs.String() + fmt.Sprintf(`-shard {}/%d -records "$PASYANS_DIR"/shard-{}.jsonl`, p.Shards)
	ssh := ""
	if hosts != "" {
		ssh = " --sshlogin " + ShellWord(hosts) + " --workdir ." + env.String()
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
`, p.Shards, assign.String(), ShellWord(localPath(p.Dir)+"/joblog"), ssh, ShellWord(cmd), p.Shards, p.merge())
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
func (p Plan) slurm(w io.Writer, cpus int) {
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
`, p.Shards, p.Game, p.Shards-1, cpus, p.merge(), ShellWord(p.Dir), p.shardWords(`"$k"`))
}

// K8sMergeKey is the annotation of the k8s plan's Job that holds the
// merge command.
const K8sMergeKey = "pasyans/merge"

// k8s prints a Kubernetes Indexed Job manifest, written by the YAML
// library with every value a double-quoted scalar; the merge command is
// its annotation K8sMergeKey.
func (p Plan) k8s(w io.Writer, cpus int, image, claim string, parallelism int) error {
	if parallelism <= 0 {
		parallelism = p.Shards
	}
	script := fmt.Sprintf(`k=$((JOB_COMPLETION_INDEX + 1)); mkdir -p -- %s && exec %s`, ShellWord(p.Dir), p.shardWords(`"$k"`))
	container := yMap("name", "stats", "image", image, "command", ySeq("/bin/sh", "-c", script),
		"resources", yMap("requests", yMap("cpu", strconv.Itoa(cpus))),
		"volumeMounts", ySeq(yMap("name", "records", "mountPath", p.Dir)))
	job := yMap("apiVersion", "batch/v1", "kind", "Job",
		"metadata", yMap("name", "pasyans-stats-"+p.Game, "annotations", yMap(K8sMergeKey, p.merge())),
		"spec", yMap("completionMode", "Indexed", "completions", p.Shards, "parallelism", parallelism,
			"backoffLimit", 6*p.Shards,
			"template", yMap("spec", yMap("restartPolicy", "OnFailure", "containers", ySeq(container),
				"volumes", ySeq(yMap("name", "records", "persistentVolumeClaim", yMap("claimName", claim)))))))
	job.HeadComment = fmt.Sprintf(`Kubernetes Indexed Job: %d shards. The pod of index i (from 0) runs
shard i+1 and writes its records to the volume; a pod started again
resumes its shard (a finished shard solves nothing). When the Job is
complete (kubectl wait --for=condition=complete job/NAME), run the
command of the annotation %s in a pod that mounts the same volume.`, p.Shards, K8sMergeKey)
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
