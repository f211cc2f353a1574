package edition

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"pasyans/corpus"
	"pasyans/site/output"
)

// TestStopBeforeVerdicts: writers told that no verdicts will come stop at
// the first page that prints one, and Stop gives their staging folder
// back: nothing is left beside the output folder, which never appears.
func TestStopBeforeVerdicts(t *testing.T) {
	ed, err := corpus.Load(corpus.FS)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	st, err := output.New(out, "")
	if err != nil {
		t.Fatal(err)
	}
	v := NewVerdicts()
	w := Start(ed, st, corpus.FS, "a4", "", v)
	w.Stop(v, errors.New("the check failed"))
	left, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 0 {
		t.Errorf("left beside the output folder: %v", left)
	}
}
