package check

import (
	"syscall"
	"testing"
	"time"

	"pasyans/corpus"
)

// BenchmarkRun is the check of 'pasyans build' and 'pasyans check': the
// embedded edition, loaded once, checked with the default probes. Besides
// the wall time it reports the CPU time per check (cpu-ms/op), the figure
// that does not depend on the machine's load.
func BenchmarkRun(b *testing.B) {
	ed, _ := corpus.Load(corpus.FS)
	if ed == nil {
		b.Fatal("the embedded corpus did not load")
	}
	cpu0 := cpuTime()
	for b.Loop() {
		if r := Run(ed, Options{Probes: DefaultProbes}); !r.OK() {
			b.Fatalf("check failed: %v", r.Diagnostics)
		}
	}
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	}
}

// cpuTime returns the CPU time of the process so far (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
