package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"pasyans/engine/solve/stats"
)

// planCase is one plan of the quoting tests: the values of its flags.
type planCase struct {
	runner, dir, out, image, claim, binName string
}

// planPayloads are values that a shell, GNU parallel or a YAML reader
// would take for code or structure if they reached it unquoted.
var planPayloads = []string{
	"$(touch PWNED)", "`touch PWNED`", `"$(touch PWNED)"`, `'"$(touch PWNED)"'`, "a\ntouch PWNED #",
	"\n---\nkind: Pod\nmetadata: {name: PWNED}\n", "my runs", "{}", `{=system("touch PWNED")=}`, "{1} {#}",
	"-x", "+x", "*", "~", `a\b`, ":::", "x;touch PWNED", "a&&touch PWNED", "#", "'", `"`, "$HOME", "\t", "é ѣ",
}

// planRig runs plans in a temporary folder with a program that records
// the arguments of every call; realParallel runs GNU parallel itself
// (else an emulation of what it does with the plan's command).
type planRig struct {
	root, rec, bin string
	realParallel   bool
	// bare gives -bin as the program's name alone, found through PATH.
	bare bool
}

// parallelEmulation is the body of a bash script that runs its argument
// before ::: once for each argument after it, {} replaced by that
// argument, as GNU parallel runs the plan's command.
const parallelEmulation = `args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do [ "${args[i]}" = ":::" ] && break; done
cmd=${args[i-1]}
for ((j = i + 1; j < ${#args[@]}; j++)); do sh -c "${cmd//\{\}/${args[j]}}" || exit 1; done
`

// newPlanRig makes the folder and the recording program named name (the
// plan's -bin), or returns false when no file can have that name.
func newPlanRig(t testing.TB, name string) (*planRig, bool) {
	root := t.TempDir()
	r := &planRig{root: root, rec: filepath.Join(root, "rec")}
	for _, d := range []string{r.rec, filepath.Join(root, "bin"), filepath.Join(root, "work")} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if name == "" || name == "." || name == ".." {
		name = "p" + name
	}
	r.bin = filepath.Join(root, "bin", name)
	stub := "#!/bin/sh\nf=$(mktemp " + stats.ShellWord(r.rec) + "/argv.XXXXXX)\nprintf '%s\\0' \"$@\" > \"$f\"\n"
	if err := os.WriteFile(r.bin, []byte(stub), 0o755); err != nil {
		return nil, false
	}
	return r, true
}

// calls returns the argument lists the recording program was called
// with, sorted.
func (r *planRig) calls(t testing.TB) [][]string {
	var out [][]string
	ents, err := os.ReadDir(r.rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(r.rec, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, strings.Split(strings.TrimSuffix(string(b), "\x00"), "\x00"))
	}
	slices.SortFunc(out, func(a, b []string) int { return slices.Compare(a, b) })
	return out
}

// pwned reports a file PWNED where a payload's 'touch PWNED' would make
// it: in the folder the scripts run in (the values given make their
// files under its d/ and elsewhere).
func (r *planRig) pwned() bool {
	_, err := os.Lstat(filepath.Join(r.root, "work", "PWNED"))
	return err == nil
}

// run prints the plan of c for 2 shards and runs it (bash -n first): the
// shell script of parallel and slurm, the container command and the
// merge annotation of k8s. It returns the error of stats plan, if any.
func (r *planRig) run(t testing.TB, c planCase) error {
	bin := r.bin
	if r.bare {
		bin = filepath.Base(r.bin)
	}
	args := []string{"-runner", c.runner, "-shards", "2", "-game", "fifteen", "-deals", "4", "-nodes", "50",
		"-bin", bin, "-dir", c.dir, "-out", c.out}
	if c.runner == "k8s" {
		args = append(args, "-image", c.image, "-claim", c.claim)
	}
	var out bytes.Buffer
	if err := statsPlan(&env{stdout: &out, stderr: io.Discard}, args); err != nil {
		return err
	}
	script := out.String()
	if c.runner == "k8s" {
		r.k8s(t, c, script)
	} else {
		r.shell(t, c, script)
	}
	want := [][]string{{"stats", "merge", "-write", c.out, "--", c.dir + "/shard-*.jsonl"}}
	for k := 1; k <= 2; k++ {
		want = append(want, []string{"stats", "-game", "fifteen", "-deals", "4", "-nodes", "50",
			"-shard", fmt.Sprintf("%d/2", k), "-records", fmt.Sprintf("%s/shard-%d.jsonl", c.dir, k)})
	}
	slices.SortFunc(want, func(a, b []string) int { return slices.Compare(a, b) })
	if got := r.calls(t); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("%s plan with %+v: the program got\n%q\nwant\n%q\nplan:\n%s", c.runner, c, got, want, script)
	}
	if r.pwned() {
		t.Fatalf("%s plan with %+v ran injected code:\n%s", c.runner, c, script)
	}
	return nil
}

// sh runs a shell command line in the rig's work folder.
func (r *planRig) sh(t testing.TB, env []string, name string, args ...string) {
	cmd := exec.Command(name, args...)
	cmd.Dir = filepath.Join(r.root, "work")
	cmd.Env = append(append(os.Environ(), "PATH="+filepath.Dir(r.bin)+":"+os.Getenv("PATH")), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %q: %v\n%s", name, args, err, out)
	}
}

// shell checks and runs the bash script of parallel or slurm.
func (r *planRig) shell(t testing.TB, c planCase, script string) {
	name := filepath.Join(r.root, "job.sh")
	writeTestFile(t, name, script)
	r.sh(t, nil, "bash", "-n", name)
	if c.runner == "slurm" {
		for i := 0; i < 2; i++ {
			r.sh(t, []string{fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i)}, "bash", name)
		}
		r.sh(t, nil, "bash", name, "merge")
		return
	}
	// A parallel that records its own arguments, then runs the real one
	// or, for the fuzzer (which needs speed), does what GNU parallel does
	// with the plan's command: runs it through the shell once for each
	// value after :::, {} replaced by the value (a shard number).
	run := parallelEmulation
	if r.realParallel {
		real, err := exec.LookPath("parallel")
		if err != nil {
			t.Skip("GNU parallel is not installed (.ci/run installs it)")
		}
		run = "exec " + stats.ShellWord(real) + " \"$@\"\n"
	}
	stubs := filepath.Join(r.root, "stubs")
	os.Mkdir(stubs, 0o755)
	argv := filepath.Join(r.root, "parallel.argv")
	stub := "#!/bin/bash\nprintf '%s\\0' \"$@\" > " + stats.ShellWord(argv) + "\n" + run
	if err := os.WriteFile(filepath.Join(stubs, "parallel"), []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	r.sh(t, []string{"PATH=" + stubs + ":" + filepath.Dir(r.bin) + ":" + os.Getenv("PATH"), "HOME=" + r.root}, "bash", name)
	b, err := os.ReadFile(argv)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(b), "\x00"), "\x00")
	// The joblog's name arrives whole; the command holds no value, only
	// the names of the variables that carry them.
	if len(got) < 6 || got[2] != "--joblog" || got[3] != planLocal(c.dir)+"/joblog" || !parallelCommand.MatchString(got[5]) {
		t.Fatalf("parallel got %q", got)
	}
}

// planLocal is the path the plan gives a relative directory: with "./"
// before it, so that no program reads it as an option.
func planLocal(dir string) string {
	if strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "./") {
		return dir
	}
	return "./" + dir
}

var parallelCommand = regexp.MustCompile(`^("\$PASYANS_[A-Z0-9]+" )+-shard \{\}/2 -records "\$PASYANS_DIR"/shard-\{\}\.jsonl$`)

// k8sJob is what the tests read of a Kubernetes Job manifest.
type k8sJob struct {
	Kind     string
	Metadata struct{ Annotations map[string]string }
	Spec     struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int
		Template       struct {
			Spec struct {
				Containers []struct {
					Image        string
					Command      []string
					VolumeMounts []struct {
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				}
				Volumes []struct {
					PersistentVolumeClaim struct {
						ClaimName string `yaml:"claimName"`
					} `yaml:"persistentVolumeClaim"`
				}
			}
		}
	}
}

// k8s checks that the manifest is one Job document holding the values
// given, runs its container's command for both indexes and its merge.
func (r *planRig) k8s(t testing.TB, c planCase, manifest string) {
	var job k8sJob
	dec := yaml.NewDecoder(strings.NewReader(manifest))
	if err := dec.Decode(&job); err != nil {
		t.Fatalf("not YAML: %v\n%s", err, manifest)
	}
	var more any
	if err := dec.Decode(&more); !errors.Is(err, io.EOF) {
		t.Fatalf("more than one YAML document (%v):\n%s", err, manifest)
	}
	s := job.Spec.Template.Spec
	if job.Kind != "Job" || len(s.Containers) != 1 || len(s.Volumes) != 1 || len(s.Containers[0].VolumeMounts) != 1 ||
		s.Containers[0].Image != c.image || s.Volumes[0].PersistentVolumeClaim.ClaimName != c.claim ||
		s.Containers[0].VolumeMounts[0].MountPath != c.dir || len(s.Containers[0].Command) != 3 {
		t.Fatalf("the manifest does not hold the values given %+v:\n%s", c, manifest)
	}
	cmd := s.Containers[0].Command
	for i := 0; i < 2; i++ {
		r.sh(t, []string{fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i)}, cmd[0], cmd[1:]...)
	}
	r.sh(t, nil, "/bin/sh", "-c", job.Metadata.Annotations[stats.K8sMergeKey])
}

// TestPlanPayloads: for every runner, a payload in every flag that takes
// a string: the script passes bash -n, nothing injected runs, and the
// program gets exactly the arguments intended (finding: parallel, a
// newline in -dir or -out, a -mem starting with "$, k8s documents).
func TestPlanPayloads(t *testing.T) {
	for _, runner := range []string{"slurm", "k8s", "parallel"} {
		t.Run(runner, func(t *testing.T) {
			payloads := planPayloads
			if runner == "parallel" {
				// GNU parallel is slow to start: the payloads in four runs.
				payloads = nil
				for i := 0; i < len(planPayloads); i += 6 {
					payloads = append(payloads, strings.Join(planPayloads[i:min(i+6, len(planPayloads))], ""))
				}
			}
			for _, x := range payloads {
				name := strings.ReplaceAll(x, "/", "_")
				r, ok := newPlanRig(t, name)
				if !ok {
					t.Fatalf("no program named %q", name)
				}
				r.realParallel = true
				dir := "d/" + x
				if runner == "k8s" {
					dir = filepath.Join(r.root, "k", x)
				}
				c := planCase{runner: runner, dir: dir, out: x, image: x, claim: x}
				if err := r.run(t, c); err != nil {
					t.Errorf("%q: %v", x, err)
				}
			}
		})
	}
}

// TestPlanBinAssignment: a program named like an assignment (-bin
// X=1) is quoted: unquoted, the shell would set X and run "stats".
func TestPlanBinAssignment(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "argv")
	stub := "#!/bin/sh\nprintf '%s\\0' \"$@\" > " + stats.ShellWord(rec) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "X=1"), []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	args := []string{"-runner", "k8s", "-shards", "1", "-game", "fifteen", "-deals", "1", "-bin", "X=1", "-dir", "/d", "-out", "o"}
	if err := statsPlan(&env{stdout: &out, stderr: io.Discard}, args); err != nil {
		t.Fatal(err)
	}
	var job struct {
		Metadata struct{ Annotations map[string]string }
	}
	if err := yaml.Unmarshal(out.Bytes(), &job); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("/bin/sh", "-c", job.Metadata.Annotations[stats.K8sMergeKey])
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+dir+":"+os.Getenv("PATH"))
	log, err := cmd.CombinedOutput()
	if b, rerr := os.ReadFile(rec); err != nil || rerr != nil || !strings.HasPrefix(string(b), "stats\x00merge\x00") {
		t.Errorf("the program X=1 did not run the merge (%v, %q):\n%s", err, log, out.String())
	}
}

// TestPlanRefuses: the plan refuses what stats refuses, and what no
// script can carry.
func TestPlanRefuses(t *testing.T) {
	base := []string{"-runner", "slurm", "-shards", "2", "-game", "fifteen", "-deals", "4"}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-budget", "0"}, "-budget must be positive"},
		{[]string{"-workers", "-3"}, "-workers must not be negative"},
		{[]string{"-threads", "3"}, "-threads must be 1 or 2"},
		{[]string{"-nodes", "-1"}, "-nodes must not be negative"},
		{[]string{"-max-seen", "-1"}, "-max-seen must not be negative"},
		{[]string{"-mem", "$(touch PWNED)"}, "-mem: cannot read size"},
		{[]string{"-mem", "1KiB"}, "too little"},
		{[]string{"-options", "nonsense"}, "nonsense"},
		{[]string{"-first", "18446744073709551615"}, "the seeds would pass"},
		{[]string{"-dir", "a\x00b"}, "NUL"},
		{[]string{"-dir", ""}, "-dir must not be empty"},
		{[]string{"-cpus", "0"}, "-cpus must be positive"},
		{[]string{"-bin", "-x"}, "cannot start with -"},
		{[]string{"-runner", "parallel", "-hosts", "-oProxyCommand"}, "not an ssh login"},
		{[]string{"-runner", "parallel", "-hosts", "h1,ssh -o ProxyCommand=x h2"}, "not an ssh login"},
		{[]string{"-runner", "k8s", "-dir", "rel"}, "absolute path"},
	} {
		err := statsPlan(&env{stdout: io.Discard, stderr: io.Discard}, append(slices.Clone(base), tt.args...))
		if err == nil || exitStatus(err, io.Discard) != 2 || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("stats plan %q: %v, want a usage error with %q", tt.args, err, tt.want)
		}
	}
}

// FuzzPlanQuoting: random bytes in every string flag of every runner's
// plan; the script passes bash -n and, run with a program that records
// its arguments (and a parallel that records its own, then does what GNU
// parallel does with the command), runs nothing injected and gives each
// shard and the merge exactly the arguments intended. (TestPlanPayloads
// runs GNU parallel itself.)
func FuzzPlanQuoting(f *testing.F) {
	f.Add("runs", "out", "img", "claim", "pasyans")
	f.Add("my runs", "a\ntouch PWNED #", "\n---\nkind: Pod", `"$(touch PWNED)"`, "`touch PWNED`")
	f.Add(`{=system("touch PWNED")=}`, "$(touch PWNED)", "'", `"`, ":::")
	f.Add("r", "o", "i", "c", "X=1") // a name alone (odd length), an assignment unquoted
	f.Add("r", "o", "i", "c", "for") // a reserved word
	f.Add("r", "o", "i", "c", "-x")  // refused: exec would read an option
	f.Fuzz(func(t *testing.T, dir, out, image, claim, bin string) {
		if strings.Contains(dir, "..") {
			t.Skip("a -dir leading out of the test's folder")
		}
		r, ok := newPlanRig(t, strings.ReplaceAll(bin, "/", "_"))
		if !ok {
			t.Skip("no file can have that name")
		}
		r.bare = len(bin)%2 == 1 // the name alone, as a command the shell looks up
		for _, runner := range []string{"slurm", "k8s", "parallel"} {
			d := "d/" + dir
			if runner == "k8s" {
				d = r.root + "/k/" + dir
			}
			os.RemoveAll(r.rec)
			os.Mkdir(r.rec, 0o755)
			err := r.run(t, planCase{runner: runner, dir: d, out: out, image: image, claim: claim})
			if err != nil && exitStatus(err, io.Discard) != 2 {
				t.Fatalf("%s: %v", runner, err)
			}
		}
	})
}
