package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"pasyans/engine/solve/stats"
)

// The sharded runs of these tests: a fast game, and a node budget small
// enough to leave deals of all three answers.
var scaleRun = []string{"-game", "fifteen", "-deals", "800", "-nodes", "1000"}

// cliBin writes a program named pasyans into dir that runs this test
// binary as pasyans, for the scripts of 'stats plan' to call.
func cliBin(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "pasyans")
	script := fmt.Sprintf("#!/bin/sh\nPASYANS_AS_CLI=1 exec %q \"$@\"\n", os.Args[0])
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin
}

// oneRun runs the deals of scaleRun in one run and returns its YAML and
// records.
func oneRun(t *testing.T) (string, []byte) {
	t.Helper()
	dir := t.TempDir()
	args := append([]string{"stats"}, scaleRun...)
	args = append(args, "-workers", "2", "-records", filepath.Join(dir, "all.jsonl"), "-write", dir)
	if _, errs, code := cli(t, "", args...); code != 0 {
		t.Fatalf("stats: exit %d: %s", code, errs)
	}
	return string(readTestFile(t, filepath.Join(dir, "fifteen.yaml"))), readTestFile(t, filepath.Join(dir, "all.jsonl"))
}

// sameFigures compares the YAML of one run with that of a merge, every line
// but the timings, the worker count, the date and the provenance (the
// comment that says which command wrote it, the number of shards).
func sameFigures(t *testing.T, one, merged string, shards int) {
	t.Helper()
	skip := []string{"# Written by:", "workers:", "date:", "median_ms:", "p90_ms:", "nodes_per_sec:", "shards:"}
	keep := func(s string) []string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			drop := false
			for _, p := range skip {
				drop = drop || strings.HasPrefix(l, p)
			}
			if !drop {
				out = append(out, l)
			}
		}
		return out
	}
	a, b := keep(one), keep(merged)
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("merged figures differ from one run's:\none run:\n%s\nmerged:\n%s", one, merged)
	}
	if want := fmt.Sprintf("\nshards: %d\n", shards); shards > 0 && !strings.Contains(merged, want) {
		t.Errorf("merged YAML does not say %q:\n%s", want, merged)
	}
}

// withoutMS drops the ms field of each record line.
func withoutMS(recs []byte) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(string(recs)), "\n") {
		if i := strings.LastIndex(l, `,"ms":`); i >= 0 {
			l = l[:i]
		}
		b.WriteString(l + "\n")
	}
	return b.String()
}

// shardRecords concatenates the records of shards 1…n in dir.
func shardRecords(t *testing.T, dir string, n int) []byte {
	var all []byte
	for k := 1; k <= n; k++ {
		all = append(all, readTestFile(t, filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", k)))...)
	}
	return all
}

// plan prints the plan of a sharded run of scaleRun.
func planOf(t *testing.T, runner string, extra ...string) string {
	t.Helper()
	args := append([]string{"stats", "plan", "-runner", runner, "-shards", "4"}, scaleRun...)
	args = append(args, extra...)
	out, errs, code := cli(t, "", args...)
	if code != 0 {
		t.Fatalf("stats plan: exit %d: %s", code, errs)
	}
	return out
}

// TestStatsParallel: 4 shards of 200 deals under GNU parallel, merged,
// give the figures and the records of one run of 800 deals; a run killed
// and started again gives them too, keeping what it had done.
func TestStatsParallel(t *testing.T) {
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not installed (.ci/run installs it)")
	}
	one, oneRecs := oneRun(t)
	for _, kill := range []bool{false, true} {
		t.Run(fmt.Sprintf("killed=%v", kill), func(t *testing.T) {
			dir := t.TempDir()
			bin := cliBin(t, dir)
			runs, out := filepath.Join(dir, "runs"), filepath.Join(dir, "out")
			script := planOf(t, "parallel", "-workers", "1", "-bin", bin, "-dir", runs, "-out", out)
			if !strings.Contains(script, "--joblog") || !strings.Contains(script, "--resume") {
				t.Fatalf("the plan has no --joblog or --resume:\n%s", script)
			}
			shellcheck(t, script)
			var kept string
			if kill {
				kept = killMidway(t, script, runs)
			}
			cmd := exec.Command("bash", "-c", script)
			cmd.Dir = dir
			log, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("the plan failed: %v\n%s", err, log)
			}
			sameFigures(t, one, string(readTestFile(t, filepath.Join(out, "fifteen.yaml"))), 4)
			recs := shardRecords(t, runs, 4)
			if withoutMS(recs) != withoutMS(oneRecs) {
				t.Errorf("the shards' records differ from one run's in more than ms")
			}
			if kill {
				// The deals done before the kill were kept, not solved again.
				if !strings.Contains(string(log), "deals kept from before") || !bytes.Contains(recs, []byte(kept)) {
					t.Errorf("the resumed run did not keep the deals of before:\n%s", log)
				}
			}
		})
	}
}

// killMidway runs script until a shard is complete and another has done
// some deals, interrupts it (SIGTERM to the shell and GNU parallel, which
// passes it on to its jobs), and returns the whole lines of the
// unfinished shard.
func killMidway(t *testing.T, script, runs string) string {
	t.Helper()
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = filepath.Dir(runs)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		parts, _ := filepath.Glob(filepath.Join(runs, "*.part"))
		whole, _ := filepath.Glob(filepath.Join(runs, "shard-*.jsonl"))
		if len(parts) == 1 && len(whole) >= 1 {
			b, _ := os.ReadFile(parts[0])
			if n := bytes.Count(b, []byte("\n")); n >= 2 {
				syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
				<-done
				b, _ = os.ReadFile(parts[0])
				return string(b[:bytes.LastIndexByte(b, '\n')+1])
			}
		}
		select {
		case err := <-done:
			t.Skipf("the run ended (%v) before it could be killed midway", err)
		default:
		}
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	t.Fatal("no shard got under way in 2 minutes")
	return ""
}

// TestStatsSlurm: the Slurm script passes shellcheck, and run with each
// SLURM_ARRAY_TASK_ID and then merged gives one run's figures.
func TestStatsSlurm(t *testing.T) {
	one, _ := oneRun(t)
	dir := t.TempDir()
	bin := cliBin(t, dir)
	runs, out := filepath.Join(dir, "runs"), filepath.Join(dir, "out")
	script := planOf(t, "slurm", "-bin", bin, "-dir", runs, "-out", out)
	name := filepath.Join(dir, "job.sh")
	if err := os.WriteFile(name, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	shellcheck(t, script)
	for i := 0; i < 4; i++ {
		cmd := exec.Command("bash", name)
		cmd.Env = append(os.Environ(), fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i))
		if log, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("task %d: %v\n%s", i, err, log)
		}
	}
	if log, err := exec.Command("bash", name, "merge").CombinedOutput(); err != nil {
		t.Fatalf("bash job.sh merge: %v\n%s", err, log)
	}
	sameFigures(t, one, string(readTestFile(t, filepath.Join(out, "fifteen.yaml"))), 4)
}

// TestStatsK8s: the manifest is an Indexed Job, and its container's
// command, run here with each JOB_COMPLETION_INDEX, then merged gives one
// run's figures.
func TestStatsK8s(t *testing.T) {
	one, _ := oneRun(t)
	dir := t.TempDir()
	bin := cliBin(t, dir)
	runs, out := filepath.Join(dir, "runs"), filepath.Join(dir, "out")
	manifest := planOf(t, "k8s", "-bin", bin, "-dir", runs, "-out", out, "-image", "registry.example/pasyans:1", "-claim", "stats")
	var job k8sJob
	if err := yaml.Unmarshal([]byte(manifest), &job); err != nil {
		t.Fatalf("the manifest is not YAML: %v\n%s", err, manifest)
	}
	spec := job.Spec
	if job.Kind != "Job" || spec.CompletionMode != "Indexed" || spec.Completions != 4 || len(spec.Template.Spec.Containers) != 1 ||
		len(spec.Template.Spec.Volumes) != 1 || spec.Template.Spec.Volumes[0].PersistentVolumeClaim.ClaimName != "stats" {
		t.Fatalf("not an Indexed Job of 4 completions with the volume claim:\n%s", manifest)
	}
	c := spec.Template.Spec.Containers[0]
	if c.Image != "registry.example/pasyans:1" || len(c.VolumeMounts) != 1 || c.VolumeMounts[0].MountPath != runs {
		t.Fatalf("container: image %q, mounts %v:\n%s", c.Image, c.VolumeMounts, manifest)
	}
	for i := 0; i < 4; i++ {
		cmd := exec.Command(c.Command[0], c.Command[1:]...)
		cmd.Env = append(os.Environ(), fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i))
		if log, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("index %d: %v\n%s", i, err, log)
		}
	}
	merge := job.Metadata.Annotations[stats.K8sMergeKey]
	if log, err := exec.Command("/bin/sh", "-c", merge).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", merge, err, log)
	}
	sameFigures(t, one, string(readTestFile(t, filepath.Join(out, "fifteen.yaml"))), 4)
}

// shellcheck runs shellcheck on a script (of plain values: it reads a
// quoted value that looks like code as a mistake).
func shellcheck(t *testing.T, script string) {
	t.Helper()
	if _, err := exec.LookPath("shellcheck"); err != nil {
		t.Log("shellcheck is not installed (.ci/run installs it)")
		return
	}
	name := filepath.Join(t.TempDir(), "job.sh")
	writeTestFile(t, name, script)
	if out, err := exec.Command("shellcheck", name).CombinedOutput(); err != nil {
		t.Errorf("shellcheck: %v\n%s", err, out)
	}
}
