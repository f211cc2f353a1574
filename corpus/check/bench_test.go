package check

import (
	"testing"

	"pasyans/corpus"
)

// BenchmarkRun is the check of 'pasyans build' and 'pasyans check': the
// embedded edition, loaded once, checked with the default probes.
func BenchmarkRun(b *testing.B) {
	ed, _ := corpus.Load(corpus.FS)
	if ed == nil {
		b.Fatal("the embedded corpus did not load")
	}
	for b.Loop() {
		if r := Run(ed, Options{Probes: DefaultProbes}); !r.OK() {
			b.Fatalf("check failed: %v", r.Diagnostics)
		}
	}
}
