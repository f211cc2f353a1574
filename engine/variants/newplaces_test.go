package variants

import (
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

func TestNewPlacesRules(t *testing.T) {
	out := twPackOut
	spades := twPut("f5", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S")
	enginetest.Rules(t, "new-places", append(twDealCases("new-places", 1, "t1", twPut("t1", "2S"), 3, "three-deals"), []enginetest.Case{
		{Name: "foundation to foundation", Seed: 1, Setup: spades, Try: "f1>f5"},
		{Name: "foundation to foundation in order", Seed: 1, Setup: twPut("f5", "QS"), Try: "f1>f5", Rule: "new-places/foundation-order"},
		{Name: "foundation card never back to a pile", Seed: 1, Try: "f1>t1", Rule: "new-places/foundation-final"},
		{Name: "emptied ace place takes an ace", Seed: 1, Setup: twSetup(spades, twPut("t1", "AS")), Moves: []string{"f1>f5"}, Try: "t1>f1"},
		{Name: "emptied ace place takes no five", Seed: 1, Setup: twSetup(spades, twPut("t1", "5H")), Moves: []string{"f1>f5"}, Try: "t1>f1", Rule: "new-places/foundation-base"},
		{Name: "emptied ace place takes no second heart", Seed: 1, Setup: twSetup(spades, twPut("t1", "AH")), Moves: []string{"f1>f5"}, Try: "t1>f1", Rule: "new-places/different-suits"},
		{Name: "in suit", Seed: 1, Setup: twPut("t1", "2S"), Try: "t1>f1"},
		{Name: "not out of suit", Seed: 1, Setup: twPut("t1", "2H"), Try: "t1>f1", Rule: "new-places/foundation-suit"},
		{Name: "kings down", Seed: 1, Setup: twPut("t12", "QC"), Try: "t12>f8"},
		{Name: "not out of order", Seed: 1, Setup: twPut("t1", "3S"), Try: "t1>f1", Rule: "new-places/foundation-order"},
		{Name: "и to the foundation above", Seed: 1, Setup: twPut("t4", "2H"), Try: "t4>f2"},
		{Name: "и not to another foundation", Seed: 1, Setup: twPut("t3", "2H"), Try: "t3>f2", Rule: "new-places/under-foundation"},
		{Name: "И to any foundation", Seed: 1, Setup: twPut("t11", "QS"), Try: "t11>f5"},
		{Name: "и anywhere once the pack is out", Seed: 1, Setup: twSetup(out, twPut("t3", "2H")), Try: "t3>f2"},
		{Name: "no building while the pack lasts", Seed: 1, Setup: twSetup(twPut("t1", "5S"), twPut("t2", "6S")), Try: "t1>t2", Rule: "new-places/build-after-deal"},
		{Name: "build up in suit", Seed: 1, Setup: twSetup(out, twPut("t1", "5S"), twPut("t2", "6S")), Try: "t1>t2"},
		{Name: "build down in suit", Seed: 1, Setup: twSetup(out, twPut("t1", "5S"), twPut("t2", "4S")), Try: "t1>t2"},
		{Name: "no build out of suit", Seed: 1, Setup: twSetup(out, twPut("t1", "5S"), twPut("t2", "6H")), Try: "t1>t2", Rule: "new-places/build-suit"},
		{Name: "build one rank apart", Seed: 1, Setup: twSetup(out, twPut("t1", "5S"), twPut("t2", "7S")), Try: "t1>t2", Rule: "new-places/build-rank"},
		{Name: "no card on an emptied place", Seed: 1, Setup: twSetup(out, twEmpty("t2")), Try: "t1>t2", Rule: "new-places/no-empty-fill"},
	}...))
}

// TestNewPlacesBasesAndReplace checks the bases taken out before the deal
// and the card that replaces a played one (003:21, 003:23).
func TestNewPlacesBasesAndReplace(t *testing.T) {
	v, _ := engine.Lookup("new-places")
	s := engine.NewDeal(v, 1, 0)
	bases := ""
	for f := twFound; f < twFound+8; f++ {
		bases += s.Piles[f].Top().String() + " "
	}
	if bases != "AS AH AD AC KS KH KD KC " {
		t.Fatalf("bases %q", bases)
	}
	if s.CardCount() != 104 || len(s.Piles[twStock].Cards) != 84 {
		t.Fatalf("%d cards, pack %d", s.CardCount(), len(s.Piles[twStock].Cards))
	}
	next := s.Piles[twStock].Top()
	s.Do(engine.Transfer(twTab+10, twFound+6)) // t11 Q♦ onto K♦
	if p := s.Piles[twTab+10].Cards; len(p) != 1 || p[0] != next {
		t.Fatalf("t11 = %v after the move, want [%v] from the pack", p, next)
	}
	if len(s.Piles[twStock].Cards) != 83 {
		t.Fatalf("pack %d after the replacement, want 83", len(s.Piles[twStock].Cards))
	}
	// Once the pack is out, a played card is not replaced.
	s.Undo()
	enginetest.Clear(s, "s", "t1")
	s.Do(engine.Transfer(twTab+10, twFound+6))
	if n := len(s.Piles[twTab+10].Cards); n != 0 {
		t.Fatalf("t11 has %d cards after the pack is out, want 0", n)
	}
}

func TestNewPlacesProperties(t *testing.T) {
	for _, opts := range [][]string{nil, {"strict-deal"}} {
		enginetest.Properties(t, "new-places", opts, 300)
	}
}

func BenchmarkNewPlacesPlayout(b *testing.B)   { enginetest.BenchPlayouts(b, "new-places") }
func BenchmarkNewPlacesApplyUndo(b *testing.B) { enginetest.BenchApplyUndo(b, "new-places") }
