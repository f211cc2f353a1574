package output

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeTestFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPruneKeepsOnlyWhatIsWritten: prune leaves the files named and the
// folders on their way, and removes everything else.
func TestPruneKeepsOnlyWhatIsWritten(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"a/b/keep.html", "a/drop.html", "c/d/drop.html", "keep.txt", "e"} {
		writeTestFile(t, filepath.Join(root, filepath.FromSlash(f)), "x")
	}
	if err := os.Mkdir(filepath.Join(root, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := prune(root, []string{"a/b/keep.html", "keep.txt", "e/f.html"}); err != nil {
		t.Fatal(err)
	}
	var got []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		rel, _ := filepath.Rel(root, p)
		got = append(got, filepath.ToSlash(rel))
		return err
	})
	if want := ". a a/b a/b/keep.html keep.txt"; strings.Join(got, " ") != want {
		t.Errorf("left %q, want %q", strings.Join(got, " "), want)
	}
}
