package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestCommittedUpToDate rebuilds the engine into a temporary folder and
// compares it byte for byte with the committed site/static files.
func TestCommittedUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the wasm engine")
	}
	root := filepath.Join("..", "..", "..")
	tmp := t.TempDir()
	sizes, err := Generate(root, tmp)
	if err != nil {
		t.Fatal(err)
	}
	// The budget of issue 30: the Play page's wasm at most 4 MB raw; the
	// search page's (issue 31) is held to the same.
	names := []string{ExecName}
	for _, sz := range sizes {
		t.Logf("%s: wasm %d bytes raw, %d gzip; script %d bytes", sz.Script, sz.Raw, sz.Gzip, sz.ScriptSize)
		if sz.Raw > 4_000_000 {
			t.Errorf("%s: the wasm is %d bytes raw, over the 4 MB budget", sz.Script, sz.Raw)
		}
		names = append(names, sz.Script)
	}
	for _, name := range names {
		got, err := os.ReadFile(filepath.Join(root, "site", "static", name))
		if err != nil {
			t.Fatalf("%v: run go generate ./site", err)
		}
		want, err := os.ReadFile(filepath.Join(tmp, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("site/static/%s is stale: run go generate ./site (go run ./cmd/pasyans-wasm/gen) and commit it", name)
		}
	}
}

func TestCompressDeterministic(t *testing.T) {
	a, err := compress([]byte("pasyans"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := compress([]byte("pasyans"))
	if !bytes.Equal(a, b) {
		t.Fatal("two compressions differ")
	}
	// No name, no time: bytes 4..7 (MTIME) are zero and FLG has no FNAME.
	if a[3]&0x08 != 0 || !bytes.Equal(a[4:8], []byte{0, 0, 0, 0}) {
		t.Fatalf("gzip header carries a name or a time: % x", a[:10])
	}
}
