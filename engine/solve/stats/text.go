package stats

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"pasyans/engine/solve"
)

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// progressBar redraws the progress line.
func progressBar(w io.Writer, p solve.Progress) {
	const width = 30
	n := width * p.Done / max(p.Total, 1)
	fmt.Fprintf(w, "\r[%s%s] %d/%d deals, won %.1f%%, decided %d, about %v left   ",
		strings.Repeat("#", n), strings.Repeat(".", width-n), p.Done, p.Total,
		100*p.WinRateSoFar, p.DecidedSoFar, p.Remaining.Round(time.Second))
}

// Text prints the figures for a reader.
func Text(w io.Writer, r solve.StatsResult) {
	fmt.Fprintf(w, "%s: %d deals from seed %d, budget %s per deal", r.Game, r.Deals, r.FirstSeed, r.Budget)
	if r.Workers > 0 { // 0: merged
		fmt.Fprintf(w, ", %d %s", r.Workers, Plural(r.Workers, "worker"))
	}
	if r.Threads > 1 {
		fmt.Fprintf(w, " of %d threads", r.Threads)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "won %d, lost %d, undecided %d (%.1f%% undecided)\n", r.Won, r.Lost, r.Unknown, 100*float64(r.Unknown)/float64(max(r.Deals, 1)))
	fmt.Fprintf(w, "win rate %.1f%%, 95%% interval [%.1f%%, %.1f%%] (undecided deals widen both bounds)\n", 100*r.WinRate, 100*r.CI95[0], 100*r.CI95[1])
	fmt.Fprintf(w, "time per deal: median %.0f ms, 90th percentile %.0f ms; %.2f M positions/s per thread\n", r.MedianMS, r.P90MS, r.NodesPerSec/1e6)
	if r.SeenCapHits > 0 {
		fmt.Fprintf(w, "the visited set reached its cap in %d deals (%d of them by the memory budget)\n", r.SeenCapHits, r.MemFullHits)
	}
	if r.MemPerWorker > 0 {
		fmt.Fprintf(w, "memory: %s per worker, of which the visited sets held at most %s\n", SizeText(r.MemPerWorker), SizeText(r.SeenBytesMax))
	}
	if r.OpenCards {
		fmt.Fprintln(w, "open-card problem: the solver knows the face-down cards")
	}
	if len(r.LostSeeds) > 0 {
		fmt.Fprintf(w, "lost deals: %s\n", seedList(r.LostSeeds, 40))
	}
	if len(r.UnknownSeeds) > 0 {
		fmt.Fprintf(w, "undecided deals: %s\n", seedList(r.UnknownSeeds, 40))
		if r.UnknownProgress > 0 {
			fmt.Fprintf(w, "on the undecided deals the search came, in the median, as near as %.0f%% of the cards on the foundations\n", 100*r.UnknownProgress)
		}
	}
	fmt.Fprintf(w, "elapsed %v\n", time.Duration(r.Elapsed)*time.Millisecond)
}

// seedList writes up to n seeds separated by spaces, then how many more.
func seedList(seeds []uint64, n int) string {
	var b strings.Builder
	for i, s := range seeds {
		if i == n {
			fmt.Fprintf(&b, " … and %d more", len(seeds)-n)
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprint(&b, s)
	}
	return b.String()
}

// MergeText says where merged figures came from.
func MergeText(w io.Writer, p Provenance) {
	fmt.Fprintf(w, "merged from %d record %s, %d %s of the deal range", p.Files, Plural(p.Files, "file"), p.Shards, Plural(p.Shards, "shard"))
	if p.Retried > 0 {
		fmt.Fprintf(w, "; %d %s answered by a retry with %s", p.Retried, Plural(p.Retried, "deal"), p.RetryBudget)
	}
	fmt.Fprintln(w)
}

// Provenance says how merged figures were put together: from how many
// record Files, how many of them Shards of the deal range (files holding
// deals at the run's budget), and how many deals were Retried, answered
// by a retry with the larger budget RetryBudget. It is zero for one run.
type Provenance struct {
	Files, Shards, Retried int
	RetryBudget            string
}
