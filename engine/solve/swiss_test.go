package solve

import (
	"testing"

	"pasyans/engine"
)

// TestTwelveKnowledge compares answers with and without the safe moves of
// the twelve-pile games (swiss, st-helena, new-places), and checks their
// keys against the generic key, under the options that change what the
// knowledge may assume.
func TestTwelveKnowledge(t *testing.T) {
	for _, c := range []struct {
		id   string
		opts []string
	}{
		{"swiss", nil}, {"swiss", []string{"foundation-to-foundation"}}, {"swiss", []string{"free-foundations", "adjacent-only"}},
		{"st-helena", nil}, {"st-helena", []string{"same-column"}},
		{"new-places", nil},
	} {
		agreeKnowledge(t, c.id, c.opts, 12, 30000)
		agreeAlongLines(t, c.id, c.opts, 4, 20, 20000)
		// In the endgame the piles, the ace places and the king places are
		// interchangeable (see swiss.go): the reference key sorts them then.
		v, _ := engine.Lookup(c.id)
		endV := *v
		endV.Symmetric = [][]int{indexes(twTab, 12), indexes(twFound, 4), indexes(twFound+4, 4)}
		plain, end := newKeyer(v), newKeyer(&endV)
		g := newTwelve(v)
		keyInjectiveRef(t, c.id, c.opts, 3, 20000, func(s *engine.State) *keyer {
			if g.endgame(s) {
				return end
			}
			return plain
		})
	}
}

func indexes(first, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = first + i
	}
	return out
}
