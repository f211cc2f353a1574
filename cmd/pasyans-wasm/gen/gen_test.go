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
	sz, err := Generate(root, tmp)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("wasm %d bytes raw, %d gzip; engine.js %d bytes", sz.Raw, sz.Gzip, sz.Script)
	// The budget: 4 MB for the Play engine (issue 30; 3850736 bytes
	// alone) plus the search (issue 31: the normalize layers, Snowball and
	// package corpus/search add 743596 bytes, 4594332 in all). To be
	// settled by the lead: one program for both, or one per page.
	if sz.Raw > 5<<20 {
		t.Errorf("wasm is %d bytes raw, over the 5 MB budget", sz.Raw)
	}
	for _, name := range []string{ScriptName, ExecName} {
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
