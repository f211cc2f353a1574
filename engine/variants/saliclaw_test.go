package variants

import (
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// slPile is one pile of an arranged salic-law position, cards bottom to top.
type slPile = coPile

// slArrange lays out a position: the named piles get exactly their cards,
// every other card of the deal goes to the pack (under the cards named for
// "s", if any), so the deal's cards are conserved (see coArrange).
func slArrange(piles ...slPile) func(s *engine.State) { return coArrange("s", piles...) }

// slEmptyStock arranges a position whose pack is exhausted: the leftover
// cards are parked on the queens' row place q8 (decoration, never played).
func slEmptyStock(piles ...slPile) func(s *engine.State) {
	arrange := slArrange(piles...)
	return func(s *engine.State) {
		arrange(s)
		enginetest.Clear(s, "s", "q8")
	}
}

func TestSalicLawRules(t *testing.T) {
	during := slArrange(
		slPile{"k1", []string{"KS", "5D"}}, slPile{"k2", []string{"KH", "2H"}}, slPile{"k3", []string{"KD"}},
		slPile{"f1", []string{"AS"}}, slPile{"f2", []string{"AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC"}},
		slPile{"q1", []string{"QS"}}, slPile{"s", []string{"7D"}})
	after := slEmptyStock(
		slPile{"k1", []string{"KS", "5D"}}, slPile{"k2", []string{"KH", "2H"}}, slPile{"k3", []string{"KD"}},
		slPile{"k4", []string{"KC", "9S"}}, slPile{"f1", []string{"AS"}})
	stockTop := func(card string) func(s *engine.State) {
		return slArrange(slPile{"k1", []string{"KS", "5D"}}, slPile{"k2", []string{"KH"}},
			slPile{"f1", []string{"AS"}}, slPile{"q1", []string{"QS"}}, slPile{"s", []string{card}})
	}
	enginetest.Rules(t, "salic-law", []enginetest.Case{
		// Rule I: only packet tops are available.
		{Name: "available/packet-top", Setup: during, Try: "k2>f1"},
		{Name: "available/not-pack", Setup: during, Try: "s>f1", Rule: "salic-law/available"},
		{Name: "available/not-foundation", Setup: during, Try: "f1>f3", Rule: "salic-law/available"},
		{Name: "available/not-queens", Setup: during, Try: "q1>k1", Rule: "salic-law/available"},
		// Kings start packets and never move.
		{Name: "kings/dealt-starts-packet", Setup: stockTop("KC"), Try: "deal"},
		{Name: "kings/never-move", Setup: after, Try: "k3>k1", Rule: "salic-law/kings"},
		{Name: "kings/bare-king-not-to-foundation", Setup: during, Try: "k3>f2", Rule: "salic-law/kings"},
		{Name: "kings/no-packet-without-king", Setup: after, Try: "k1>k6", Rule: "salic-law/kings"},
		{Name: "empty-source", Setup: during, Try: "k5>f1", Rule: "play/empty-source"},
		// The deal.
		{Name: "deal/legal", Setup: during, Try: "deal"},
		{Name: "deal/never-back-to-pack", Setup: during, Try: "k1>s", Rule: "salic-law/deal"},
		{Name: "deal/syntax", Setup: during, Try: "deal:k1", Rule: "play/syntax"},
		{Name: "no-redeal/legal", Seed: 3, Try: "deal"},
		{Name: "no-redeal", Setup: after, Try: "deal", Rule: "salic-law/no-redeal"},
		// Aces.
		{Name: "aces/dealt-to-row", Setup: stockTop("AH"), Try: "deal"},
		{Name: "aces/empty-foundation-takes-nothing", Setup: during, Try: "k2>f3", Rule: "salic-law/aces"},
		// Queens.
		{Name: "queens/dealt-to-row", Setup: stockTop("QH"), Try: "deal"},
		{Name: "queens/take-no-card", Setup: during, Try: "k2>q2", Rule: "salic-law/queens"},
		{Name: "queens/take-no-card-full", Setup: during, Try: "k1>q1", Rule: "salic-law/queens"},
		// Foundations: up by one, any suit, to the knave.
		{Name: "foundations/any-suit", Setup: during, Try: "k2>f1"},
		{Name: "foundations/jack-last", Setup: slArrange(slPile{"k1", []string{"KS", "JH"}}, slPile{"f1", []string{"AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TD"}}), Try: "k1>f1"},
		{Name: "foundations/one-rank-up", Setup: during, Try: "k1>f1", Rule: "salic-law/foundations"},
		{Name: "foundations/nothing-on-knave", Setup: slArrange(slPile{"k1", []string{"KS", "QH"}}, slPile{"f1", []string{"AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TD", "JD"}}), Try: "k1>f1", Rule: "salic-law/foundations"},
		// No building on packets; the free king.
		{Name: "no-building", Setup: after, Try: "k2>k1", Rule: "salic-law/no-building"},
		{Name: "no-building/during", Setup: during, Try: "k2>k1", Rule: "salic-law/no-building"},
		{Name: "free-king/after-deal", Setup: after, Try: "k2>k3"},
		{Name: "free-king/again-when-bare", Setup: after, Moves: []string{"k2>k3", "k3>f1"}, Try: "k4>k3"},
		{Name: "free-king/not-during-deal", Setup: during, Try: "k2>k3", Rule: "salic-law/free-king"},
		// Option any-time: the bare king takes a card during the deal too.
		{Name: "free-king-any-time/during-deal", Options: []string{"any-time"}, Setup: during, Try: "k2>k3"},
		{Name: "free-king-any-time/still-no-building", Options: []string{"any-time"}, Setup: during, Try: "k2>k1", Rule: "salic-law/no-building"},
		// Option once-per-king: one card per king in the whole game.
		{Name: "free-king-once/first", Options: []string{"once-per-king"}, Setup: after, Try: "k2>k3"},
		{Name: "free-king-once/other-king", Options: []string{"once-per-king"}, Setup: after, Moves: []string{"k2>k3", "k3>f1"}, Try: "k4>k2"},
		{Name: "free-king-once/second", Options: []string{"once-per-king"}, Setup: after, Moves: []string{"k2>k3", "k3>f1"}, Try: "k4>k3", Rule: "salic-law/free-king-once"},
	})
}

// TestSalicLawDeal pins the start: a king from the pack on k1, the rest in
// the pack, and the automatic placement of each dealt card.
func TestSalicLawDeal(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	for seed := uint64(1); seed <= 50; seed++ {
		s := engine.NewDeal(v, seed, 0)
		if k := s.Piles[slKings].Cards; len(k) != 1 || k[0].Rank() != engine.King {
			t.Fatalf("seed %d: k1 = %v, want one king", seed, k)
		}
		if n := len(s.Piles[slStock].Cards); n != 103 {
			t.Fatalf("seed %d: pack has %d cards, want 103", seed, n)
		}
		for p := range s.Piles {
			if p != slKings && p != slStock && len(s.Piles[p].Cards) > 0 {
				t.Fatalf("seed %d: pile %s not empty", seed, v.Piles[p].ID)
			}
		}
		// Deal the whole pack: every card lands where the rules say.
		kings := 1
		for len(s.Piles[slStock].Cards) > 0 {
			c := s.Piles[slStock].Top()
			var want int
			switch c.Rank() {
			case engine.King:
				want = slKings + kings
				kings++
			case engine.Ace:
				want = slFirstEmpty(s, slFound)
			case engine.Queen:
				want = slFirstEmpty(s, slQueen)
			default:
				want = slNewest(s)
			}
			s.Do(engine.ActionMove(1, -1, -1))
			if s.Piles[want].Top() != c {
				t.Fatalf("seed %d: dealt %s, want it on %s", seed, c, v.Piles[want].ID)
			}
		}
		if kings != 8 {
			t.Fatalf("seed %d: %d kings dealt", seed, kings)
		}
		for p := slFound; p < slStock; p++ {
			if len(s.Piles[p].Cards) != 1 {
				t.Fatalf("seed %d: %s has %d cards after the deal", seed, v.Piles[p].ID, len(s.Piles[p].Cards))
			}
		}
	}
}

// TestSalicLawPinnedDeal pins deal 1: the king on k1, the top of the pack,
// and where the first dealt cards go.
func TestSalicLawPinnedDeal(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	s := engine.NewDeal(v, 1, 0)
	st := s.Piles[slStock].Cards
	got := ""
	for i := len(st) - 1; i >= len(st)-8; i-- {
		got += st[i].String() + " "
	}
	if k1 := s.Piles[slKings].Top().String(); k1 != "KS" || got != "9H 8H AH TC JS 5H JS 5S " {
		t.Fatalf("deal 1: k1 %s, pack from the top %q", k1, got)
	}
	for i := 0; i < 3; i++ {
		s.Do(engine.ActionMove(1, -1, -1))
	}
	if k1, f1 := cardsText(s.Piles[slKings].Cards), cardsText(s.Piles[slFound].Cards); k1 != "KS 9H 8H" || f1 != "AH" {
		t.Fatalf("after 3 deals: k1 %q f1 %q", k1, f1)
	}
}

func cardsText(cs []engine.Card) string {
	out := ""
	for i, c := range cs {
		if i > 0 {
			out += " "
		}
		out += c.String()
	}
	return out
}

func TestSalicLawWon(t *testing.T) {
	v, _ := engine.Lookup("salic-law")
	s := engine.NewDeal(v, 1, 0)
	var piles []slPile
	suits := "SHDC"
	for f := 0; f < 8; f++ {
		var cards []string
		for _, r := range "A23456789TJ" {
			cards = append(cards, string(r)+string(suits[f%4]))
		}
		piles = append(piles, slPile{"f" + itoa(f+1), cards})
	}
	slEmptyStock(piles...)(s)
	enginetest.Clear(s, "q8", "k1")
	if !s.Won() {
		t.Fatalf("all knaves up but not won\n%s", s.Text(true))
	}
	enginetest.Clear(s, "f8", "k1")
	if s.Won() {
		t.Fatal("won with an empty foundation")
	}
}

func TestSalicLawProperties(t *testing.T) {
	for _, opts := range [][]string{nil, {"any-time"}, {"once-per-king"}, {"any-time", "once-per-king"}} {
		enginetest.Properties(t, "salic-law", opts, 300)
	}
}

func BenchmarkSalicLawPlayout(b *testing.B)   { enginetest.BenchPlayouts(b, "salic-law") }
func BenchmarkSalicLawApplyUndo(b *testing.B) { enginetest.BenchApplyUndo(b, "salic-law") }
