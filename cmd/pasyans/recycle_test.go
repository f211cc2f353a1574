package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildRecyclesPrevious: a build keeps the output it replaces as the
// spare in the cache folder, and the next build writes over the spare's
// files rather than creating new ones; whatever was done to the spare
// meanwhile (files and folders added, a file turned into a folder, a
// symbolic link or a second name planted where the build writes, other
// permissions), the new output is exactly a fresh build's, and nothing
// outside is written through a planted link.
func TestBuildRecyclesPrevious(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the edition four times")
	}
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	fresh, out := filepath.Join(dir, "fresh"), filepath.Join(dir, "out")
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	run := func(dest string) {
		t.Helper()
		if err := build(e, &corpusFlags{}, dest, "a4", 0); err != nil {
			t.Fatalf("build %s: %v", dest, err)
		}
	}
	run(fresh)
	want := manifest(t, fresh)
	prev := spareSlot()
	if prev == "" {
		t.Fatal("no cache folder")
	}
	run(out)
	if _, err := os.Stat(prev); !os.IsNotExist(err) {
		t.Fatalf("a first build replaced nothing, yet %s: %v", prev, err)
	}
	run(out)
	if got := manifest(t, prev); got != want {
		t.Fatalf("the spare is not a whole build: %s", manifestDiff(got, want))
	}

	outside := filepath.Join(dir, "outside.html")
	linked := filepath.Join(dir, "linked.html")
	for _, f := range []string{outside, linked} {
		writeTestFile(t, f, "not the build's")
	}
	plant := func(do func() error) {
		t.Helper()
		if err := do(); err != nil {
			t.Fatal(err)
		}
	}
	in := func(name string) string { return filepath.Join(prev, filepath.FromSlash(name)) }
	writeTestFile(t, in("site/stray.html"), "stray")
	writeTestFile(t, in("site/gone/deep/index.html"), "stray")
	plant(func() error { return os.Remove(in("book.pdf")) })
	plant(func() error { return os.MkdirAll(in("book.pdf/inside"), 0o755) })
	plant(func() error { return os.Remove(in("site/index.html")) })
	plant(func() error { return os.Symlink(outside, in("site/index.html")) })
	plant(func() error { return os.Remove(in("site/en/index.html")) })
	plant(func() error { return os.Link(linked, in("site/en/index.html")) })
	plant(func() error { return os.Chmod(in("site/ru/index.html"), 0o600) })
	plant(func() error { return os.Chmod(in("site/en/games"), 0o700) })
	plant(func() error { return os.RemoveAll(in("tei")) })

	run(out)
	if _, err := os.Stat(prev); err != nil {
		t.Fatalf("the replaced output was not kept: %v", err)
	}
	if got := manifest(t, out); got != want {
		t.Errorf("a build over a recycled folder differs from a fresh one: %s", manifestDiff(got, want))
	}
	for _, f := range []string{outside, linked} {
		if b, _ := os.ReadFile(f); string(b) != "not the build's" {
			t.Errorf("%s was written through the recycled folder: %.40q", f, b)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 5 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("beside the output: %q, want cache, fresh, linked.html, out, outside.html", names)
	}
}

// writeTestFile writes text to the file name, making its folder.
func writeTestFile(t testing.TB, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
