//go:build linux

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// manifest lists every file under dir with its permissions and the
// SHA-256 of its bytes, one "path mode hash" line each, sorted; folders
// appear as "path/ mode", other kinds of files as "path kind".
func manifest(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch mode := info.Mode(); {
		case mode.IsDir():
			lines = append(lines, rel+"/ "+mode.Perm().String())
			return nil
		case !mode.IsRegular():
			lines = append(lines, rel+" "+mode.Type().String())
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		lines = append(lines, rel+" "+info.Mode().Perm().String()+" "+hex.EncodeToString(sum[:]))
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return "(no output folder)"
	}
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// manifestDiff names a few lines of got that want lacks, and the reverse.
func manifestDiff(got, want string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	g, w := in(got), in(want)
	var extra, missing []string
	for l := range g {
		if !w[l] && len(extra) < 5 {
			extra = append(extra, l)
		}
	}
	for l := range w {
		if !g[l] && len(missing) < 5 {
			missing = append(missing, l)
		}
	}
	sort.Strings(extra)
	sort.Strings(missing)
	return fmt.Sprintf("extra %q, missing %q", extra, missing)
}

// startBuild starts pasyans build as a real process (the test binary
// acting as pasyans).
func startBuild(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "PASYANS_AS_CLI=1")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &errb
}

// stagingLeft returns the staging folders beside out.
func stagingLeft(t *testing.T, out string) []string {
	t.Helper()
	left, err := filepath.Glob(filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".build-*"))
	if err != nil {
		t.Fatal(err)
	}
	return left
}

// TestBuildAtomic kills real builds with SIGKILL at points spread over a
// build's duration (densest near its end, where the output is committed)
// and with SIGTERM at a few; after each, the output folder must be wholly
// the previous build or wholly the new one. A SIGTERM that lands while the
// build writes stops it: exit status 143, the previous output unchanged
// and its staging folder gone. The next complete build sweeps the staging
// folders the killed ones left (issue #28).
func TestBuildAtomic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the edition a dozen times")
	}
	corpusB := copyCorpus(t)
	replaceIn(t, corpusB, "games/salic-law.md", "Suits are not followed.", "Suits are never followed.")
	out := filepath.Join(t.TempDir(), "out")
	args := func(b bool) []string {
		a := []string{"build", "-probes", "0", "-out", out}
		if b {
			a = append(a, "-corpus", corpusB)
		}
		return a
	}
	// dur holds the duration of the last complete build of each corpus.
	dur := map[bool]time.Duration{}
	full := func(b bool) string {
		t.Helper()
		start := time.Now()
		cmd, errb := startBuild(t, args(b)...)
		if err := cmd.Wait(); err != nil {
			t.Fatalf("build: %v: %s", err, errb)
		}
		dur[b] = time.Since(start)
		return manifest(t, out)
	}
	manA := full(false)
	manB := full(true)
	if manA == manB {
		t.Fatal("the two builds give the same output; the test could not tell them apart")
	}
	name := map[string]string{manA: "A", manB: "B"}
	cur := manB
	next := func() bool { return cur == manA } // build B over A, A over B
	check := func(what string) {
		t.Helper()
		m := manifest(t, out)
		if name[m] == "" {
			t.Fatalf("%s: the output is neither build: against A: %s; against B: %s", what, manifestDiff(m, manA), manifestDiff(m, manB))
		}
		cur = m
	}
	t.Logf("a build takes %v (A), %v (B)", dur[false].Round(time.Millisecond), dur[true].Round(time.Millisecond))

	// SIGKILL at fractions of the build's duration.
	for _, f := range []float64{0.2, 0.5, 0.8, 0.95, 1.05} {
		b := next()
		cmd, _ := startBuild(t, args(b)...)
		time.Sleep(time.Duration(f * float64(dur[b])))
		cmd.Process.Kill()
		cmd.Wait()
		before := name[cur]
		check(fmt.Sprintf("SIGKILL at %.2f of a build", f))
		t.Logf("SIGKILL at %.2f: output %s (was %s), %d staging folders left", f, name[cur], before, len(stagingLeft(t, out)))
	}
	// SIGKILL the moment the output folder is another folder: in the
	// middle of the commit, while the previous output is being removed.
	for i := 0; i < 2; i++ {
		st, err := os.Stat(out)
		if err != nil {
			t.Fatal(err)
		}
		b := next()
		cmd, _ := startBuild(t, args(b)...)
		deadline := time.Now().Add(4 * dur[b])
		for time.Now().Before(deadline) {
			if now, err := os.Stat(out); err == nil && !os.SameFile(now, st) {
				break
			}
			time.Sleep(100 * time.Microsecond)
		}
		cmd.Process.Kill()
		cmd.Wait()
		before := name[cur]
		check("SIGKILL at the commit")
		t.Logf("SIGKILL at the commit: output %s (was %s), %d staging folders left", name[cur], before, len(stagingLeft(t, out)))
	}

	for _, f := range []float64{0.3, 0.6} {
		b := next()
		prev := cur
		cmd, errb := startBuild(t, args(b)...)
		time.Sleep(time.Duration(f * float64(dur[b])))
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
		code := cmd.ProcessState.ExitCode()
		check(fmt.Sprintf("SIGTERM at %.2f of a build", f))
		t.Logf("SIGTERM at %.2f: exit %d, output %s", f, code, name[cur])
		switch code {
		case 143:
			if cur != prev {
				t.Errorf("SIGTERM at %.2f: exit 143 but the output changed", f)
			}
			if !strings.Contains(errb.String(), "stopped, the previous output is unchanged") {
				t.Errorf("SIGTERM at %.2f: stderr %q", f, errb)
			}
			if left := stagingLeft(t, out); len(left) > 0 {
				t.Errorf("SIGTERM at %.2f: staging folders left: %q", f, left)
			}
		case 0:
			// The build finished before the signal came.
		case -1:
			// The signal came before the build installed its handler
			// (while loading the corpus): nothing was staged.
			if cur != prev {
				t.Errorf("SIGTERM at %.2f before the handler, and the output changed", f)
			}
		default:
			t.Errorf("SIGTERM at %.2f: exit %d; stderr %s", f, code, errb)
		}
	}

	want := manA
	if next() {
		want = manB
	}
	if got := full(want == manB); got != want {
		t.Fatalf("a complete build after the kills: %s", manifestDiff(got, want))
	}
	if left := stagingLeft(t, out); len(left) > 0 {
		t.Errorf("a complete build left staging folders: %q", left)
	}
	if entries, _ := os.ReadDir(filepath.Dir(out)); len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("beside the output: %q, want only out", names)
	}
}
