package check

import (
	"testing"

	"pasyans/engine/solve/stats"
)

// BenchmarkRun is the check of 'pasyans build' and 'pasyans check': the
// embedded edition, loaded once, checked with the default probes. Besides
// the wall time it reports the CPU time per check (cpu-ms/op), the figure
// that does not depend on the machine's load.
func BenchmarkRun(b *testing.B) {
	ed := embedded(b)
	cpu0 := stats.ProcessCPU()
	for b.Loop() {
		if r := Run(ed, Options{Probes: DefaultProbes}); !r.OK() {
			b.Fatalf("check failed: %v", r.Diagnostics)
		}
	}
	if cpu := stats.ProcessCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkPlayouts is the probes' random playouts of every game of the
// embedded edition, each watched move by move (the refusal sampling
// included), without the solver's games.
func BenchmarkPlayouts(b *testing.B) {
	ed := embedded(b)
	plan := planFor(DefaultProbes)
	cpu0 := stats.ProcessCPU()
	for b.Loop() {
		for _, g := range ed.Games {
			if g.Variant != nil {
				newProbeWork(g.Variant, plan).playouts()
			}
		}
	}
	if cpu := stats.ProcessCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	}
}
