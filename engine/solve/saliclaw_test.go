package solve

import "testing"

// TestSalicLawKnowledge compares answers with and without the safe moves
// under every option (the key merges suits by design, so it is not checked
// against the generic key; TestWonReplays and the corpus deals replay its
// wins).
func TestSalicLawKnowledge(t *testing.T) {
	for _, opts := range [][]string{nil, {"any-time"}, {"once-per-king"}} {
		agreeKnowledge(t, "salic-law", opts, 30, 30000)
		agreeAlongLines(t, "salic-law", opts, 6, 25, 20000)
	}
}
