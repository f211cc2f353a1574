package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestBuild(t *testing.T) {
	out := t.TempDir()
	code, _, errs := runCmd(t, "build", "-out", out, "-probes", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !regexp.MustCompile(`^pasyans: checked the edition \(0 probes per game\) in [\d.]+m?s; built .*site \(\d+ files, [\d.]+ MB\) and .*book\.pdf \([\d.]+ MB\) in [\d.]+m?s\n$`).MatchString(errs) {
		t.Errorf("summary line: %q", errs)
	}
	for _, f := range []string{"site/index.html", "site/en/index.html", "site/ru/games/salic-law/index.html", "site/raw/001.txt", "book.pdf"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(out, "site", "fonts", "DejaVuSerif.*.woff2")); len(m) != 1 {
		t.Errorf("site/fonts: want one DejaVuSerif.<fingerprint>.woff2, found %v", m)
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".build-") {
			t.Errorf("staging folder %s left behind", e.Name())
		}
	}
}

// TestBuildRefusesBrokenCorpus: a corpus with errors is reported as
// file:line: message, exit 1, and the previous output stays as it was.
func TestBuildRefusesBrokenCorpus(t *testing.T) {
	out := t.TempDir()
	old := filepath.Join(out, "site", "index.html")
	if err := os.MkdirAll(filepath.Dir(old), 0o755); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, old, "previous build")
	dir := copyCorpus(t)
	replaceIn(t, dir, "games/salic-law.md", "Suits are not followed.", "[Suits are not followed](rule:salic-law/nothing).")
	code, _, errs := runCmd(t, "build", "-corpus", dir, "-out", out)
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errs)
	}
	line := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(filepath.Join(dir, "games", "salic-law.md")) + `:\d+: .*salic-law/nothing`)
	if !line.MatchString(errs) {
		t.Errorf("no file:line diagnostic for the bad rule link in:\n%s", errs)
	}
	if data, _ := os.ReadFile(old); string(data) != "previous build" {
		t.Errorf("the previous output changed: %q", data)
	}
}

// TestBuildRefusesFailedCheck: a corpus that loads but fails the checker
// (a claim the engine contradicts) is not built either.
func TestBuildRefusesFailedCheck(t *testing.T) {
	out := t.TempDir()
	dir := copyCorpus(t)
	replaceIn(t, dir, "games/salic-law.md", "foundations: {count: 8, base: A, dir: up, top: J}", "foundations: {count: 8, base: A, dir: up, top: Q}")
	code, _, errs := runCmd(t, "build", "-corpus", dir, "-out", out, "-probes", "0")
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errs)
	}
	line := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(filepath.Join(dir, "games", "salic-law.md")) + `:\d+: .*`)
	if !line.MatchString(errs) {
		t.Errorf("no file:line diagnostic for the changed claim in:\n%s", errs)
	}
	if _, err := os.Stat(filepath.Join(out, "site")); err == nil {
		t.Errorf("a site was built from a corpus that fails the check")
	}
	// The writers, started beside the checker, left nothing behind.
	if left := stagingLeft(t, out); len(left) > 0 {
		t.Errorf("staging folders left beside the output: %q", left)
	}
	if code, _, _ := runCmd(t, "build", "-probes", "-1"); code != 2 {
		t.Errorf("build -probes -1: exit %d, want 2", code)
	}
}

func TestBuildUsage(t *testing.T) {
	if code, _, _ := runCmd(t, "build", "extra"); code != 2 {
		t.Errorf("build with an argument: exit %d, want 2", code)
	}
	if code, _, _ := runCmd(t, "build", "-corpus", filepath.Join(t.TempDir(), "none")); code != 2 {
		t.Errorf("build with a missing corpus: exit %d, want 2", code)
	}
}

// TestBuildBaseURL: -base-url must be an absolute http(s) address (else
// exit 2, before anything is built); with one the site has its sitemap,
// robots.txt and absolute canonical links.
func TestBuildBaseURL(t *testing.T) {
	out := t.TempDir()
	for _, bad := range []string{"example.org", "ftp://example.org/", "https://", "/pasyans/"} {
		if code, _, errs := runCmd(t, "build", "-out", out, "-probes", "0", "-base-url", bad); code != 2 || !strings.Contains(errs, "-base-url") {
			t.Errorf("-base-url %q: exit %d, %q", bad, code, errs)
		}
	}
	if testing.Short() {
		return
	}
	if code, _, errs := runCmd(t, "build", "-out", out, "-probes", "0", "-base-url", "https://example.org/pasyans"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	page, err := os.ReadFile(filepath.Join(out, "site", "en", "index.html"))
	if err != nil || !strings.Contains(string(page), `<link rel="canonical" href="https://example.org/pasyans/en/">`) {
		t.Errorf("en/index.html: no absolute canonical link (%v)", err)
	}
	for _, f := range []string{"sitemap.xml", "robots.txt"} {
		if _, err := os.Stat(filepath.Join(out, "site", f)); err != nil {
			t.Error(err)
		}
	}
}
