package solve

import (
	"strings"
	"testing"

	"pasyans/engine"
)

// lcPosition sets the piles of a le-cadran deal to the given cards
// (bottom first; an empty string for an empty pile), piles in the
// variant's order: c1..c10, f1..f8, the pack (its top last), the talon.
func lcPosition(t *testing.T, piles []string) *engine.State {
	t.Helper()
	v, _ := engine.Lookup("le-cadran")
	s := engine.NewDeal(v, 1, 0)
	for i := range s.Piles {
		s.Piles[i].Cards = s.Piles[i].Cards[:0]
		for _, w := range strings.Fields(piles[i]) {
			c, err := engine.ParseCard(w)
			if err != nil {
				t.Fatal(err)
			}
			s.Piles[i].Cards = append(s.Piles[i].Cards, c)
		}
	}
	return s
}

// lcSuit returns the thirteen cards of a suit, ace first.
func lcSuit(su string) string {
	var b strings.Builder
	for _, r := range "A23456789TJQK" {
		b.WriteString(string(r) + su + " ")
	}
	return b.String()
}

// TestLeCadranDealtAce: the last card of the pack is the first ace of
// spades to reach a foundation; after it only the layout's twos can play.
// A deal that lays an ace does not commute with the column moves that
// build on it, so the deal-first rule must not hold after it: the search
// must win.
func TestLeCadranDealtAce(t *testing.T) {
	t.Parallel()
	s := lcPosition(t, []string{
		"3S 2S", "5S 4S", "7S 6S", "9S 8S", "JS TS", "KS QS",
		"3S AS 2S", "5S 4S", "9S 8S 7S 6S", "KS QS JS TS",
		lcSuit("H"), lcSuit("H"), lcSuit("D"), lcSuit("D"), lcSuit("C"), lcSuit("C"), "", "",
		"AS", "",
	})
	if n := s.CardCount(); n != 104 {
		t.Fatalf("%d cards", n)
	}
	r := New(s.V).Solve(s, Options{MaxNodes: 100_000})
	if r.Outcome != Won {
		t.Fatalf("%s after %d positions, want won:\n%s", r.Outcome, r.Nodes, s.Text(true))
	}
	if !wins(s, r.Moves) {
		t.Fatal("the winning line does not win")
	}
}
