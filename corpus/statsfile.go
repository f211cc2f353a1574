package corpus

import (
	"bytes"
	"strconv"
	"time"

	"gopkg.in/yaml.v3"

	"pasyans/corpus/internal/atomicfile"
	"pasyans/engine/solve"
)

// NewStats returns the figures r of a solver run on the date of now, as
// stats/<game>.yaml keeps them (solve.StatsResult.File).
func NewStats(r solve.StatsResult, now time.Time) *Stats {
	return &Stats{StatsResult: r.File(now)}
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

// CreateError is WriteStats' failure to create the file in its folder
// (the folder is missing or not writable), as distinct from a failure
// while writing or renaming it.
type CreateError = atomicfile.CreateError

// WriteStats writes a statistics file's text to dir/<game>.yaml through
// a temporary file beside it, renamed over the old one when complete, so
// that the old file stays whole until the new one is. The folder must
// exist.
func WriteStats(dir, game string, text []byte) error {
	return atomicfile.Write(dir, game+".yaml", text)
}
