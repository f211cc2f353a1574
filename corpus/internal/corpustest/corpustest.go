// Package corpustest holds what the tests of corpus and its checker share:
// a changeable copy of the corpus data on disk. It must not import corpus
// (corpus's own tests use it), nor be imported outside tests.
package corpustest

import (
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// Copy copies the corpus data in folder dir (every file but Go source, and
// not the folders named in skip, paths relative to dir) into a MapFS that a
// test may change.
func Copy(t testing.TB, dir string, skip ...string) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	root := os.DirFS(dir)
	err := fs.WalkDir(root, ".", func(name string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && slices.Contains(skip, name):
			return fs.SkipDir
		case d.IsDir() || strings.HasSuffix(name, ".go"):
			return nil
		}
		data, err := fs.ReadFile(root, name)
		m[name] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
