package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"pasyans/corpus/check"
	"pasyans/internal/cputime"
)

// BenchmarkBuild is the README's build without the compiler: the embedded
// corpus loaded, checked with the default probes and written (site, PDF,
// TEI) through a staging folder, as 'pasyans build' does. It reports the
// CPU time per build (cpu-ms/op) beside the wall time.
func BenchmarkBuild(b *testing.B) {
	out := filepath.Join(b.TempDir(), "out")
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	cpu0 := cputime.Process()
	for b.Loop() {
		if err := build(e, &corpusFlags{}, out, "a4", check.DefaultProbes); err != nil {
			b.Fatal(err)
		}
	}
	if cpu := cputime.Process() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	}
}
