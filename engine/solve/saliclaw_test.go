package solve

import (
	"testing"

	"pasyans/engine"
)

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

// TestSalicLawDead checks the dead-position bound on made-up positions
// after the deal: the only needed card (a two) lies under two cards, so
// one bare king is not enough and two are.
func TestSalicLawDead(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	g := newSalicLaw(v)
	s := engine.NewDeal(v, 1, 0)
	card := func(x string) engine.Card { c, _ := engine.ParseCard(x); return c }
	lay := func(packets ...string) {
		for i := 0; i < 8; i++ {
			s.Piles[slKings+i].Cards = s.Piles[slKings+i].Cards[:0]
			s.Piles[slFound+i].Cards = append(s.Piles[slFound+i].Cards[:0], card("AS"))
		}
		s.Piles[slStock].Cards = s.Piles[slStock].Cards[:0]
		for i, p := range packets {
			for _, c := range splitCards(p) {
				s.Piles[slKings+i].Cards = append(s.Piles[slKings+i].Cards, card(c))
			}
		}
	}
	lay("KS 5H 7H 9H", "KH", "KD 2C 8C 9C", "KC 3S", "KS 4D", "KH 6D", "KD 7D", "KC 8D")
	if !g.dead(s) {
		t.Error("the two under two cards with one bare king: not dead")
	}
	lay("KS 5H 7H 9H", "KH", "KD 2C 8C 9C", "KC", "KS 4D", "KH 6D", "KD 7D", "KC 8D")
	if g.dead(s) {
		t.Error("the two under two cards with two bare kings: dead")
	}
}
