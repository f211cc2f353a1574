package render

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"pasyans/corpus"
)

// lateVerdicts gives the verdicts m only when waited for, and a moment
// later, as a build does while its checker runs (so a reader that does
// not wait never sees them), or fails with err instead.
func lateVerdicts(m map[string]string, err error) (map[string]string, func() error) {
	got := map[string]string{}
	var once sync.Once
	return got, func() error {
		once.Do(func() {
			time.Sleep(20 * time.Millisecond)
			if err == nil {
				maps.Copy(got, m)
			}
		})
		return err
	}
}

// someVerdicts are verdicts on a few rules of the edition, of each kind.
func someVerdicts(ed *corpus.Edition) map[string]string {
	m := map[string]string{}
	kinds := []string{"verified", "failed", "exercised"}
	for i, g := range ed.Games {
		if g.Variant != nil && len(g.Variant.Rules) > 0 {
			m[g.Variant.Rules[0].ID] = kinds[i%len(kinds)]
		}
	}
	return m
}

// TestLateVerdicts: the site and the book made while the verdicts are
// still to come (Await) are the same bytes as those made with them at
// hand, and an Await that fails stops both with its error.
func TestLateVerdicts(t *testing.T) {
	ed := loadEdition(t, corpus.FS)
	want := someVerdicts(ed)
	t.Run("site", func(t *testing.T) {
		now := t.TempDir()
		if err := Site(ed, now, SiteOptions{Verdicts: want}); err != nil {
			t.Fatal(err)
		}
		later := t.TempDir()
		m, await := lateVerdicts(want, nil)
		if err := Site(ed, later, SiteOptions{Verdicts: m, Await: await}); err != nil {
			t.Fatal(err)
		}
		assertSameTree(t, now, later)
		stop := errors.New("the check failed")
		m, await = lateVerdicts(want, stop)
		if err := Site(ed, t.TempDir(), SiteOptions{Verdicts: m, Await: await}); !errors.Is(err, stop) {
			t.Errorf("Site with a failing Await: %v, want %v", err, stop)
		}
	})
	t.Run("pdf", func(t *testing.T) {
		ped := testEdition(t)
		want := someVerdicts(ped)
		var now, later bytes.Buffer
		if err := PDF(ped, &now, PDFOptions{Verdicts: want}); err != nil {
			t.Fatal(err)
		}
		m, await := lateVerdicts(want, nil)
		if err := PDF(ped, &later, PDFOptions{Verdicts: m, Await: await}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(now.Bytes(), later.Bytes()) {
			t.Error("the book made with late verdicts differs")
		}
		stop := errors.New("the check failed")
		m, await = lateVerdicts(want, stop)
		var b bytes.Buffer
		if err := PDF(ped, &b, PDFOptions{Verdicts: m, Await: await}); !errors.Is(err, stop) || b.Len() > 0 {
			t.Errorf("PDF with a failing Await: %v and %d bytes, want %v and none", err, b.Len(), stop)
		}
	})
}

// assertSameTree fails unless folders a and b hold the same files with
// the same bytes.
func assertSameTree(t *testing.T, a, b string) {
	t.Helper()
	files := 0
	err := filepath.WalkDir(a, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, p)
		x, _ := os.ReadFile(p)
		y, err := os.ReadFile(filepath.Join(b, rel))
		switch {
		case err != nil:
			t.Errorf("%s: only in %s", rel, a)
		case !bytes.Equal(x, y):
			t.Errorf("%s differs", rel)
		}
		files++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Fatalf("%s is empty", a)
	}
	if n := countFiles(b); n != files {
		t.Errorf("%s holds %d files, %s %d", b, n, a, files)
	}
}

// countFiles counts the files under dir.
func countFiles(dir string) int {
	n := 0
	filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}
