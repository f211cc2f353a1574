package corpus

import (
	"io/fs"
	"os"
	"slices"
	"testing"
	"testing/fstest"
)

// TestDataEntriesAreEmbedded holds the digest's list of data entries to
// what the embed directive puts in FS.
func TestDataEntriesAreEmbedded(t *testing.T) {
	entries, err := fs.ReadDir(FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := slices.Clone(dataEntries)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("FS embeds %q, the digest reads %q", names, want)
	}
}

// TestDigestDataOnly: the corpus folder on disk, with its Go code and
// test data, has the embedded copy's digest, and a change to a data file
// changes it.
func TestDigestDataOnly(t *testing.T) {
	embedded, err := digest(FS)
	if err != nil {
		t.Fatal(err)
	}
	onDisk, err := digest(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	if onDisk != embedded {
		t.Errorf("the corpus folder's digest %s differs from the embedded copy's %s", onDisk, embedded)
	}
	a := fstest.MapFS{"book.md": {Data: []byte("a")}, "doc.go": {Data: []byte("package x")}}
	b := fstest.MapFS{"book.md": {Data: []byte("a")}, "doc.go": {Data: []byte("package y")}}
	c := fstest.MapFS{"book.md": {Data: []byte("b")}, "doc.go": {Data: []byte("package x")}}
	da, _ := digest(a)
	db, _ := digest(b)
	dc, _ := digest(c)
	if da != db {
		t.Error("a change to Go code changed the digest")
	}
	if da == dc {
		t.Error("a change to book.md left the digest as it was")
	}
}
