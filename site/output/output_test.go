//go:build unix

package output

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputFolderGuard: build replaces the output folder as a whole, so
// it refuses one holding files no build wrote, the current folder and a
// file; an older build's folder (site, book.pdf, .build-*) is accepted.
func TestOutputFolderGuard(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "mine")
	if err := os.MkdirAll(mine, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mine, "thesis.tex"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	legacy := filepath.Join(dir, "legacy")
	for _, p := range []string{"site/index.html", "book.pdf", ".build-123/x"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(legacy, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(legacy, p), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ out, err string }{
		{mine, "holds thesis.tex, which no build wrote"},
		{file, "not a folder"},
		{".", "the output folder is replaced as a whole"},
		{"/", "the output folder is replaced as a whole"},
		{legacy, ""},
		{filepath.Join(dir, "new", "out"), ""},
	} {
		st, err := New(tc.out, "")
		if tc.err == "" {
			if err != nil {
				t.Errorf("New(%s): %v", tc.out, err)
				continue
			}
			if err := st.Commit(); err != nil {
				t.Errorf("commit %s: %v", tc.out, err)
			}
			if data, err := os.ReadFile(filepath.Join(tc.out, Marker)); err != nil || string(data) != markerText {
				t.Errorf("%s: marker %q, %v", tc.out, data, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("New(%s) = %v, want an error with %q", tc.out, err, tc.err)
			if err == nil {
				st.Abort()
			}
		}
	}
	if _, err := os.Stat(filepath.Join(mine, "thesis.tex")); err != nil {
		t.Errorf("the refused folder changed: %v", err)
	}
}

// TestSweepSparesRunningBuilds: a staging folder a running build holds
// (locked) is left alone; one nobody holds is removed.
func TestSweepSparesRunningBuilds(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	running, err := New(out, "")
	if err != nil {
		t.Fatal(err)
	}
	defer running.Abort()
	stale := filepath.Join(filepath.Dir(out), ".out.build-stale")
	if err := os.MkdirAll(filepath.Join(stale, "site"), 0o755); err != nil {
		t.Fatal(err)
	}
	second, err := New(out, "")
	if err != nil {
		t.Fatal(err)
	}
	defer second.Abort()
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale staging folder not swept: %v", err)
	}
	if _, err := os.Stat(running.tmp); err != nil {
		t.Errorf("a running build's staging folder was swept: %v", err)
	}
}

// TestOutDanglingLink: -out naming a link to nothing is refused; the
// build used to replace the link with its folder.
func TestOutDanglingLink(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "out")
	if err := os.Symlink(filepath.Join(dir, "nowhere"), link); err != nil {
		t.Fatal(err)
	}
	_, err := outputPath(link)
	if err == nil || !strings.Contains(err.Error(), "is a link to "+filepath.Join(dir, "nowhere")) {
		t.Errorf("outputPath of a dangling link: %v", err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is gone: %v", err)
	}
}
