package output

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPruneKeepsOnlyWhatIsWritten: prune leaves the files named and the
// folders on their way, and removes everything else.
func TestPruneKeepsOnlyWhatIsWritten(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"a/b/keep.html", "a/drop.html", "c/d/drop.html", "keep.txt", "e"} {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := errors.Join(os.MkdirAll(filepath.Dir(p), 0o755), os.WriteFile(p, []byte("x"), 0o644)); err != nil {
			t.Fatal(err)
		}
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
