package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"pasyans/corpus/check"
	"pasyans/engine/solve/stats"
)

// BenchmarkBuild is the README's build without the compiler: the embedded
// corpus loaded, checked with the default probes and written (site, PDF,
// TEI) through a staging folder, as 'pasyans build' does. It reports the
// CPU time per build (cpu-ms/op) beside the wall time. cold is a build
// with the cache turned off (every probe played, every file created: a
// first build on a new machine); warm is a build again by the same
// program into the same folder, reading the probes' results and writing
// over the spare output.
func BenchmarkBuild(b *testing.B) {
	for _, c := range []struct {
		name, cache string
	}{{"cold", "off"}, {"warm", ""}} {
		b.Run(c.name, func(b *testing.B) {
			b.Setenv("PASYANS_CACHE", c.cache)
			b.Setenv("XDG_CACHE_HOME", b.TempDir())
			out := filepath.Join(b.TempDir(), "out")
			e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
			build := func() {
				if err := build(e, &corpusFlags{}, out, "a4", check.DefaultProbes); err != nil {
					b.Fatal(err)
				}
			}
			if c.cache != "off" {
				build() // fill the cache: the probes' results and, at the second, the spare
				build()
			}
			cpu0 := stats.ProcessCPU()
			for b.Loop() {
				build()
			}
			if cpu := stats.ProcessCPU() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
			}
		})
	}
}
