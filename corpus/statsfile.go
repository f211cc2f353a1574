package corpus

import (
	"bytes"
	"math"
	"strconv"
	"time"

	"gopkg.in/yaml.v3"

	"pasyans/engine/solve"
)

// NewStats returns the figures r of a solver run on the date of now, as
// stats/<game>.yaml keeps them: rounded, the threads given only when more
// than one. A merge's provenance (Shards, Retried, RetryBudget) is the
// caller's to set.
func NewStats(r solve.StatsResult, now time.Time) *Stats {
	round := func(x float64, places int) float64 {
		f := math.Pow10(places)
		return math.Round(x*f) / f
	}
	s := &Stats{Game: r.Game, Options: append([]string{}, r.Options...), Date: now.UTC().Format(time.DateOnly),
		Deals: r.Deals, FirstSeed: r.First, Budget: r.Budget, Workers: r.Workers,
		Won: r.Won, Lost: r.Lost, Unknown: r.Unknown, WinRate: round(r.WinRate, 4),
		CI95:            [2]float64{round(r.CI95[0], 4), round(r.CI95[1], 4)},
		UnknownFraction: round(float64(r.Unknown)/float64(max(r.Deals, 1)), 4),
		MedianMS:        round(r.MedianMS, 1), P90MS: round(r.P90MS, 1), NodesPerSec: round(r.NodesPerSec, 0),
		SeenCapHits: r.SeenCapHits, OpenCards: r.OpenCards,
		LostSeeds: append([]uint64{}, r.LostSeeds...), UnknownSeeds: append([]uint64{}, r.UnknownSeeds...),
		UnknownProgress: round(r.UnknownProgress, 4)}
	if r.Threads > 1 {
		s.Threads = r.Threads
	}
	return s
}

// Encode writes s as stats/<game>.yaml (what ReadStats reads), with
// comment at its head: lists of numbers on one line, numbers without an
// exponent.
func (s *Stats) Encode(comment string) ([]byte, error) {
	var doc yaml.Node
	if err := doc.Encode(s); err != nil {
		return nil, err
	}
	for _, n := range doc.Content {
		switch {
		case n.Kind == yaml.SequenceNode:
			n.Style = yaml.FlowStyle // lists of numbers on one line
		case n.Tag == "!!float":
			f, _ := strconv.ParseFloat(n.Value, 64)
			n.Value = strconv.FormatFloat(f, 'f', -1, 64) // no exponent
		}
	}
	doc.HeadComment = comment
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
