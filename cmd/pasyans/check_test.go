package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	code, out, errs := runCmd(t, "check")
	if code != 0 && code != 1 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	t.Logf("check of the embedded corpus: exit %d\n%s%s", code, out, errs)
	for _, want := range []string{"salic-law  The Salic Law\n", "paragraphs", "rules", "deals", "\nsources\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if (code == 0) != strings.Contains(out, "ok: every check passed") {
		t.Errorf("exit %d disagrees with the summary line", code)
	}
}

func TestCheckJSON(t *testing.T) {
	dir := copyCorpus(t)
	replaceIn(t, dir, "games/salic-law.md", "Suits are not followed.", "[Suits are not followed](rule:salic-law/nothing).")
	code, out, errs := runCmd(t, "check", "-json", "-corpus", dir)
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errs)
	}
	var r struct {
		Groups []struct {
			ID     string
			Checks []struct {
				Check string
				OK    bool
			}
		}
		Diagnostics []struct {
			Pos struct {
				File string
				Line int
			}
			Rule string
			Msg  string
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range r.Diagnostics {
		if d.Rule == "rule-link" && d.Pos.File == filepath.Join(dir, "games", "salic-law.md") && strings.Contains(d.Msg, "salic-law/nothing") {
			found = true
		}
	}
	if !found {
		t.Errorf("no rule-link diagnostic for salic-law/nothing in %+v", r.Diagnostics)
	}
}

func TestCheckUsage(t *testing.T) {
	for _, args := range [][]string{{"check", "-probes", "-1"}, {"check", "extra"}, {"check", "-corpus", "/nonexistent/corpus"}, {"check", "-bogus"}} {
		if code, _, errs := runCmd(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2: %s", args, code, errs)
		}
	}
	if code, out, _ := runCmd(t, "help", "check"); code != 0 || !strings.Contains(out, "-probes") {
		t.Errorf("help check: exit %d\n%s", code, out)
	}
}

// TestCheckClaim: a claim changed in the corpus fails the check with the
// claim's file:line, the paragraph quoted, and exit status 1; the probes
// and the claims are summed up per game.
func TestCheckClaim(t *testing.T) {
	dir := copyCorpus(t)
	replaceIn(t, dir, "games/salic-law.md", "suit: any", "suit: same")
	code, out, errs := runCmd(t, "check", "-probes", "5", "-corpus", dir)
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s\n%s", code, errs, out)
	}
	file := filepath.Join(dir, "games", "salic-law.md")
	found := false
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), file+":") && strings.Contains(line, `claim foundations.suit: "same", but the engine's Spec has "any"`) &&
			strings.Contains(line, "«") {
			found = true
		}
	}
	if !found {
		t.Errorf("no claim error for the suit of salic-law:\n%s", out)
	}
	for _, want := range []string{"FAIL claims", "ok   probes     ", "facts compared with the Spec"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

// TestCheckNoProbes: -probes 0 skips the probes and says so.
func TestCheckNoProbes(t *testing.T) {
	code, out, errs := runCmd(t, "check", "-probes", "0")
	if code != 0 && code != 1 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "probes     skipped (-probes 0)") {
		t.Errorf("probes not reported as skipped:\n%s", out)
	}
}
