package variants

import (
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// lcStuck is a layout with no foundation or marriage move: ten single
// cards, no ace, no two of a suit one rank apart.
var lcStuck = []slPile{
	{"c1", []string{"5S"}}, {"c2", []string{"9S"}}, {"c3", []string{"5H"}}, {"c4", []string{"9H"}},
	{"c5", []string{"5D"}}, {"c6", []string{"9D"}}, {"c7", []string{"5C"}}, {"c8", []string{"9C"}},
	{"c9", []string{"KS"}}, {"c10", []string{"KH"}},
}

func TestLeCadranRules(t *testing.T) {
	// A position with every kind of move: an ace and a two free, marriages,
	// a lane (c3 is empty), a talon, a foundation in progress.
	play := slArrange(
		slPile{"c1", []string{"KD", "QC", "AS"}}, slPile{"c2", []string{"8C", "6H"}},
		slPile{"c4", []string{"TD", "7H"}}, slPile{"c5", []string{"JC", "5H"}}, slPile{"c6", []string{"4S", "3H"}},
		slPile{"c7", []string{"2C", "7S"}}, slPile{"c8", []string{"9D", "2H"}}, slPile{"c9", []string{"3D", "QS"}},
		slPile{"c10", []string{"TC", "2S"}},
		slPile{"f1", []string{"AH"}}, slPile{"f2", []string{"AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD"}},
		slPile{"w", []string{"4C", "KD"}}, slPile{"s", []string{"JH"}})
	noLane := slArrange(append(lcStuck[:9:9], slPile{"c10", []string{"KH", "6S"}}, slPile{"f1", []string{"AS"}})...)
	stuck := slArrange(lcStuck...)
	stuckLane := slArrange(lcStuck[:9]...)
	stuckLaneTalon := slArrange(append(lcStuck[:9:9], slPile{"w", []string{"7C"}})...)
	spent := func(s *engine.State) { enginetest.Clear(s, "s", "w") }
	enginetest.Rules(t, "le-cadran", []enginetest.Case{
		// Rule I: the lowest card of a column, and the talon's top, are available.
		{Name: "available/lowest-card", Setup: play, Try: "c1>f3"},
		{Name: "available/talon-top", Setup: play, Try: "w>f2"},
		{Name: "available/empty-column", Setup: play, Try: "c3>f1", Rule: "play/empty-source"},
		{Name: "available/empty-talon", Seed: 1, Try: "w>c1", Rule: "play/empty-source"},
		// Foundations: aces, in suit, up to the king.
		{Name: "foundation-base/ace", Setup: play, Try: "c1>f3"},
		{Name: "foundation-base/not-ace", Setup: play, Try: "c10>f3", Rule: "le-cadran/foundation-base"},
		{Name: "foundation-suit/same", Setup: play, Try: "c8>f1"},
		{Name: "foundation-suit/other", Setup: play, Try: "c10>f1", Rule: "le-cadran/foundation-suit"},
		{Name: "foundation-up/king-last", Setup: play, Try: "w>f2"},
		{Name: "foundation-up/skip", Setup: play, Try: "c6>f1", Rule: "le-cadran/foundation-up"},
		{Name: "foundation-up/down", Setup: slArrange(slPile{"c1", []string{"AH"}}, slPile{"f1", []string{"AH", "2H", "3H"}}), Try: "c1>f1", Rule: "le-cadran/foundation-up"},
		{Name: "foundation-final", Setup: play, Try: "f1>c3", Rule: "le-cadran/foundation-final"},
		{Name: "foundation-final/not-to-column", Setup: play, Try: "f2>c9", Rule: "le-cadran/foundation-final"},
		// Descending marriages in suit.
		{Name: "marriage/legal", Setup: play, Try: "c2>c4"},
		{Name: "marriage/from-talon", Setup: slArrange(slPile{"c1", []string{"5C"}}, slPile{"w", []string{"4C"}}), Try: "w>c1"},
		{Name: "marriage/other-suit", Setup: play, Try: "c2>c7", Rule: "le-cadran/marriage"},
		{Name: "marriage/not-up", Setup: play, Try: "c4>c2", Rule: "le-cadran/marriage"},
		{Name: "marriage/two-ranks", Setup: play, Try: "c5>c4", Rule: "le-cadran/marriage"},
		// Lanes: any available card, from the layout or the talon.
		{Name: "lane/from-layout", Setup: play, Try: "c5>c3"},
		{Name: "lane/from-talon", Setup: play, Try: "w>c3"},
		{Name: "lane-talon-only/from-talon", Options: []string{"talon-only"}, Setup: play, Try: "w>c3"},
		{Name: "lane-talon-only/not-from-layout", Options: []string{"talon-only"}, Setup: play, Try: "c5>c3", Rule: "le-cadran/lane-talon-only"},
		// The pack is turned one card at a time onto the talon.
		{Name: "deal/legal", Setup: play, Try: "deal"},
		{Name: "deal/not-a-transfer", Setup: play, Try: "s>c3", Rule: "le-cadran/deal"},
		{Name: "deal/not-to-foundation", Setup: play, Try: "s>f1", Rule: "le-cadran/deal"},
		{Name: "deal/syntax", Setup: play, Try: "deal:s", Rule: "play/syntax"},
		{Name: "talon-from-pack/deal", Seed: 2, Try: "deal"},
		{Name: "talon-from-pack/not-from-layout", Setup: play, Try: "c5>w", Rule: "le-cadran/talon-from-pack"},
		{Name: "talon-from-pack/not-to-pack", Setup: play, Try: "c5>s", Rule: "le-cadran/talon-from-pack"},
		{Name: "no-redeal/legal", Seed: 1, Try: "deal"},
		{Name: "no-redeal", Seed: 1, Setup: spent, Try: "deal", Rule: "le-cadran/no-redeal"},
		// Option strict-deal: the pack is turned only when nothing else is playable.
		{Name: "deal-when-stuck/default-any-time", Setup: noLane, Try: "deal"},
		{Name: "deal-when-stuck/refused", Options: []string{"strict-deal"}, Setup: noLane, Try: "deal", Rule: "le-cadran/deal-when-stuck"},
		{Name: "deal-when-stuck/stuck", Options: []string{"strict-deal"}, Setup: stuck, Try: "deal"},
		{Name: "deal-when-stuck/lane-may-wait", Options: []string{"strict-deal"}, Setup: stuckLane, Try: "deal"},
		{Name: "deal-when-stuck/lane-may-wait-talon", Options: []string{"strict-deal"}, Setup: stuckLaneTalon, Try: "deal"},
		{Name: "deal-when-stuck/lane-fill-still-legal", Options: []string{"strict-deal"}, Setup: stuckLaneTalon, Try: "w>c10"},
		{Name: "deal-when-stuck/talon-playable", Options: []string{"strict-deal"}, Setup: slArrange(append(lcStuck[:9:9], slPile{"w", []string{"8S"}})...), Try: "deal", Rule: "le-cadran/deal-when-stuck"},
	})
}

// TestLeCadranDeal pins deal 1 and checks the layout: four rows of ten,
// sixty-four cards in the pack, the turned card on the talon.
func TestLeCadranDeal(t *testing.T) {
	v, _ := engine.Lookup("le-cadran")
	s := engine.NewDeal(v, 1, 0)
	for c := lcCols; c < lcCols+10; c++ {
		if n := len(s.Piles[c].Cards); n != 4 {
			t.Fatalf("column %s has %d cards, want 4", v.Piles[c].ID, n)
		}
	}
	if n := len(s.Piles[lcStock].Cards); n != 64 {
		t.Fatalf("pack has %d cards, want 64", n)
	}
	top := s.Piles[lcStock].Top()
	s.Do(engine.ActionMove(1, -1, -1))
	if s.Piles[lcTalon].Top() != top || len(s.Piles[lcTalon].Cards) != 1 {
		t.Fatalf("deal did not turn %s onto the talon", top)
	}
	// Rule I: only the lowest card leaves a column; the one above it is
	// then the column's available card.
	s = engine.NewDeal(v, 1, 0)
	slArrange(slPile{"c1", []string{"3S", "2S", "AS"}})(s)
	s.Do(engine.Transfer(lcCols, lcFound))
	if got := cardsText(s.Piles[lcCols].Cards); got != "3S 2S" {
		t.Fatalf("c1 after c1>f1: %q", got)
	}
	if r := s.Check(engine.Transfer(lcCols, lcFound)); r != nil {
		t.Fatalf("2S freed by the ace is not available: %s", r.ID)
	}
}

func TestLeCadranWon(t *testing.T) {
	v, _ := engine.Lookup("le-cadran")
	s := engine.NewDeal(v, 1, 0)
	var piles []slPile
	for f := 0; f < 8; f++ {
		var cards []string
		for _, r := range "A23456789TJQK" {
			cards = append(cards, string(r)+string("SHDC"[f%4]))
		}
		piles = append(piles, slPile{"f" + itoa(f+1), cards})
	}
	slArrange(piles...)(s)
	if !s.Won() {
		t.Fatalf("all kings up but not won\n%s", s.Text(true))
	}
	s = engine.NewDeal(v, 1, 0)
	slArrange(piles[:7]...)(s)
	if s.Won() {
		t.Fatal("won with an empty foundation")
	}
}

func TestLeCadranProperties(t *testing.T) {
	for _, opts := range [][]string{nil, {"talon-only"}, {"strict-deal"}, {"talon-only", "strict-deal"}} {
		enginetest.Properties(t, "le-cadran", opts, 300)
	}
}

func BenchmarkLeCadranPlayout(b *testing.B)   { enginetest.BenchPlayouts(b, "le-cadran") }
func BenchmarkLeCadranApplyUndo(b *testing.B) { enginetest.BenchApplyUndo(b, "le-cadran") }
