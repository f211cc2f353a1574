package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCmd runs "pasyans args…" in process.
func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// copyCorpus copies the repository's corpus data into a temporary folder
// and returns it.
func copyCorpus(t *testing.T) string {
	t.Helper()
	src := filepath.Join("..", "..", "corpus")
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		switch {
		case d.IsDir() && (d.Name() == "testdata" || d.Name() == "check"):
			return filepath.SkipDir
		case d.IsDir():
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		case strings.HasSuffix(p, ".go"):
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// replaceIn replaces old by new once in a file of dir.
func replaceIn(t *testing.T, dir, file, old, new string) {
	t.Helper()
	name := filepath.Join(dir, file)
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(old)) {
		t.Fatalf("%s: %q not found", file, old)
	}
	if err := os.WriteFile(name, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestExport(t *testing.T) {
	for _, args := range [][]string{{"export"}, {"export", "-json", "-corpus", copyCorpus(t)}} {
		code, out, errs := runCmd(t, args...)
		if code == 1 {
			t.Logf("%v: the corpus has errors:\n%s", args, errs)
			continue
		}
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var x struct {
			Sources    []map[string]any `json:"sources"`
			Paragraphs []struct {
				ID, Owner, Diplomatic, Corrected, Modern, EN string
				Rules, Notes                                 []string
			} `json:"paragraphs"`
			Games []map[string]any `json:"games"`
		}
		if err := json.Unmarshal([]byte(out), &x); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if len(x.Sources) == 0 || len(x.Paragraphs) == 0 || len(x.Games) == 0 {
			t.Fatalf("%v: empty export: %d sources, %d paragraphs, %d games", args, len(x.Sources), len(x.Paragraphs), len(x.Games))
		}
		for _, p := range x.Paragraphs {
			if p.Owner == "" || p.Diplomatic == "" || p.Corrected == "" || p.Modern == "" || p.EN == "" || p.Rules == nil || p.Notes == nil {
				t.Errorf("%v: paragraph %s incomplete: %+v", args, p.ID, p)
			}
		}
	}
}

func TestExportErrors(t *testing.T) {
	dir := copyCorpus(t)
	replaceIn(t, dir, "games/salic-law.md", "\npacks: 2\n", "\npacks: 2\ncolour: red\n")
	code, out, errs := runCmd(t, "export", "-corpus", dir)
	want := filepath.Join(dir, "games", "salic-law.md") + ":14: unknown key \"colour\"\n"
	if code != 1 || out != "" || !strings.Contains(errs, want) {
		t.Errorf("exit %d, stdout %d bytes, stderr:\n%s\nwant exit 1 and %q", code, len(out), errs, want)
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"no folder", []string{"export", "-corpus", filepath.Join(dir, "nowhere")}},
		{"a file", []string{"export", "-corpus", filepath.Join(dir, "book.md")}},
		{"no manifest", []string{"export", "-corpus", t.TempDir()}},
		{"argument", []string{"export", "x"}},
	} {
		if code, _, errs := runCmd(t, c.args...); code != 2 {
			t.Errorf("%s: exit %d, want 2; stderr %s", c.name, code, errs)
		}
	}
}
