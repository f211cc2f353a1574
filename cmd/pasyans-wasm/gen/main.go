// Command gen builds the site's WebAssembly engine (package
// pasyans/cmd/pasyans-wasm) and writes it, with the toolchain's own
// wasm_exec.js, into the site's static files, where they are committed and
// embedded: a released pasyans binary, or a fresh clone's go run
// ./cmd/pasyans build, then makes working Play pages without a Go
// toolchain for js/wasm.
//
// Run it from the module root after changing the engine or the program:
//
//	go generate ./site      (or: go run ./cmd/pasyans-wasm/gen)
//
// It builds the program with the build tag play (the engine and the
// solver, for the Play pages) and writes, into -out (default
// site/static):
//
//   - engine.js: one statement setting globalThis.pasyansEngine to
//     {wasm: BASE64, exec: TEXT}: the .wasm compressed with gzip (no file
//     name, no time, best compression) and written in base64, and the
//     text of wasm_exec.js, from which the pages build Web Workers.
//     A worker decodes the base64, inflates the wasm with
//     DecompressionStream('gzip') and compiles it (site/static/wasm.js),
//     so that the page's own thread only starts the compiled Module; it
//     is a script, not a .wasm file, because Chromium refuses fetch() of
//     a file:// URL and the site must work from disk.
//   - wasm_exec.js: $(go env GOROOT)/lib/wasm/wasm_exec.js as is.
//
// The build is reproducible (-trimpath, -buildvcs=false, -s -w, the same
// toolchain), so a test can rebuild into a temporary folder and compare
// bytes; it fails when the committed files are stale.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	out := flag.String("out", "site/static", "folder to write the scripts and wasm_exec.js into")
	flag.Parse()
	sizes, err := Generate(".", *out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	for _, sz := range sizes {
		fmt.Printf("gen: %s: wasm %d bytes raw, %d gzip; script %d bytes\n", sz.Script, sz.Raw, sz.Gzip, sz.ScriptSize)
	}
}
