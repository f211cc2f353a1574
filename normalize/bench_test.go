package normalize

import (
	"runtime"
	"testing"
)

// benchParagraphs returns about 10 MB of paragraphs made by repeating the
// pre-reform sources, raw and corrected, and their size in bytes.
func benchParagraphs(b *testing.B) (raw, corrected []string, ids []string, size int) {
	srcs, em := corpus(b)
	r := NewReader(em)
	var pr, pc, pid []string
	n := 0
	for _, src := range srcs {
		if src.Modern {
			continue
		}
		for _, p := range src.Paragraphs {
			pr = append(pr, p.Raw)
			pc = append(pc, r.Read(p, false).Corrected)
			pid = append(pid, p.ID)
			n += len(p.Raw)
		}
	}
	for size < 10<<20 {
		raw = append(raw, pr...)
		corrected = append(corrected, pc...)
		ids = append(ids, pid...)
		size += n
	}
	return raw, corrected, ids, size
}

func benchLayer(b *testing.B, l *Layer, in, ids []string, size int) {
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	cpu0 := cpuTime()
	b.ResetTimer()
	for b.Loop() {
		for i, s := range in {
			l.Apply(ids[i], s)
		}
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	runtime.ReadMemStats(&ms1)
	mb := float64(size) / (1 << 20) * float64(b.N)
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/mb, "allocs/MB")
	if cpu > 0 {
		// Throughput per CPU second (all threads, GC included): the
		// figure to trust when other processes share the machine.
		b.ReportMetric(float64(size)*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
}

func BenchmarkCorrected(b *testing.B) {
	raw, _, ids, size := benchParagraphs(b)
	_, em := corpus(b)
	benchLayer(b, CorrectedLayer(em), raw, ids, size)
}

func BenchmarkModern(b *testing.B) {
	_, corr, ids, size := benchParagraphs(b)
	benchLayer(b, ModernLayer(), corr, ids, size)
}
