package variants

import (
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// zoSecondPhase arranges a second-phase position: pack and talon empty, the
// named piles as given, every other card on z24 (a tall packet).
func zoSecondPhase(piles ...coPile) func(s *engine.State) {
	return coArrange("z24", piles...)
}

func TestZodiacDeal(t *testing.T) {
	v, _ := engine.Lookup("zodiac")
	s := engine.NewDeal(v, 1, 0)
	for i := zoZodiac; i < zoAces; i++ {
		if len(s.Piles[i].Cards) != 1 {
			t.Fatalf("%s has %d cards, want 1", v.Piles[i].ID, len(s.Piles[i].Cards))
		}
	}
	if n := len(s.Piles[zoStock].Cards); n != 72 {
		t.Fatalf("pack has %d cards, want 72", n)
	}
}

func TestZodiacRules(t *testing.T) {
	first := coArrange("s",
		coPile{"z1", []string{"7H"}}, coPile{"z2", []string{"5S", "4S"}}, coPile{"z3", []string{"KD"}},
		coPile{"e1", []string{"8H"}}, coPile{"e2", []string{"6H"}}, coPile{"e3", []string{"AD"}}, coPile{"e4", nil}, coPile{"e5", []string{"7H"}},
		coPile{"w", []string{"9C", "3S"}}, coPile{"s", []string{"2C"}})
	talonOnly := func(s *engine.State) {
		first(s)
		enginetest.Clear(s, "s", "z5")
		s.Vars[zoVarPlaced] = 1
	}
	noPlacement := func(s *engine.State) {
		talonOnly(s)
		s.Vars[zoVarPlaced] = 0
	}
	second := zoSecondPhase(
		coPile{"z1", []string{"AS"}}, coPile{"z2", []string{"KS"}}, coPile{"z3", []string{"AH"}},
		coPile{"e1", []string{"2S"}}, coPile{"e2", []string{"AS"}}, coPile{"e3", []string{"3S"}},
		coPile{"z4", []string{"QS"}}, coPile{"a1", []string{"AD"}}, coPile{"k1", []string{"KC"}})
	const lit = "literal-rule-one"
	enginetest.Rules(t, "zodiac", []enginetest.Case{
		{Name: "marriage/down", Setup: first, Try: "w>z2"},
		{Name: "marriage/wrong-card", Setup: first, Moves: []string{"w>z2"}, Try: "e2>z2", Rule: "zodiac/marriage"},
		{Name: "marriage/up-from-equator", Setup: first, Try: "e1>z1"},
		{Name: "marriage/changes-direction", Setup: first, Moves: []string{"e1>z1"}, Try: "e5>z1"},
		{Name: "marriage/two-apart", Setup: first, Moves: []string{"e1>z1"}, Try: "e2>z1", Rule: "zodiac/marriage"},
		{Name: "marriage/no-king-ace", Setup: first, Try: "e3>z3", Rule: "zodiac/marriage"},
		{Name: "marriage/suit", Setup: first, Try: "w>z1", Rule: "zodiac/marriage"},
		{Name: "sources/equator", Setup: first, Try: "e2>z1"},
		{Name: "sources/zodiac-to-zodiac", Setup: first, Try: "z1>z2", Rule: "zodiac/marriage-sources"},
		{Name: "sources/zodiac-to-equator", Setup: first, Try: "z1>e1", Rule: "zodiac/marriage-sources"},
		{Name: "sources/equator-to-equator", Setup: first, Try: "e2>e1", Rule: "zodiac/marriage-sources"},
		{Name: lit + "/talon", Options: []string{lit}, Setup: first, Try: "w>z2"},
		{Name: lit + "/equator", Options: []string{lit}, Setup: first, Try: "e2>z1", Rule: "zodiac/literal-rule-one"},
		{Name: "equator-vacancy/talon", Setup: first, Try: "w>e4"},
		{Name: "equator-vacancy/turned-card", Setup: first, Moves: []string{"w>z2", "w>e4", "deal"}, Try: "w>e6"},
		{Name: "equator-vacancy/from-zodiac", Setup: first, Try: "z2>e4", Rule: "zodiac/equator-vacancy"},
		{Name: "equator-vacancy/from-equator", Setup: first, Try: "e1>e4", Rule: "zodiac/equator-vacancy"},
		{Name: "equator-vacancy/from-pack", Setup: first, Try: "s>e4", Rule: "zodiac/deal"},
		{Name: "equator-single/legal", Setup: first, Try: "w>e4"},
		{Name: "equator-single/illegal", Setup: first, Try: "w>e1", Rule: "zodiac/equator-single"},
		{Name: "deal/legal", Setup: first, Try: "deal"},
		{Name: "deal/onto-talon", Setup: first, Try: "e1>w", Rule: "zodiac/deal"},
		{Name: "deal/pack-exhausted", Setup: talonOnly, Try: "deal", Rule: "zodiac/deal"},
		{Name: "deal/syntax", Setup: first, Try: "redeal:w", Rule: "play/syntax"},
		{Name: "redeal/legal", Setup: talonOnly, Try: "redeal"},
		{Name: "redeal/pack-left", Setup: first, Try: "redeal", Rule: "zodiac/redeal"},
		{Name: "redeal/after-placing", Setup: noPlacement, Moves: []string{"w>z2"}, Try: "redeal"},
		{Name: "failure/no-placement", Setup: noPlacement, Try: "redeal", Rule: "zodiac/failure"},
		{Name: "failure/pass-after-redeal", Setup: talonOnly, Moves: []string{"redeal", "deal", "deal"}, Try: "redeal", Rule: "zodiac/failure"},
		{Name: "at-end/legal", Setup: second, Try: "z1>a2"},
		{Name: "at-end/first-phase", Setup: first, Try: "e3>a1", Rule: "zodiac/foundations-at-end"},
		{Name: "second-phase/equator", Setup: second, Try: "e2>a2"},
		{Name: "second-phase/no-marriage", Setup: second, Try: "e1>z1", Rule: "zodiac/second-phase"},
		{Name: "second-phase/no-equator", Setup: second, Try: "z2>e1", Rule: "zodiac/second-phase"},
		{Name: "base/king", Setup: second, Try: "z2>k2"},
		{Name: "base/not-ace", Setup: second, Try: "e1>a2", Rule: "zodiac/foundation-base"},
		{Name: "base/suit-taken", Setup: second, Moves: []string{"z1>a2"}, Try: "e2>a3", Rule: "zodiac/foundation-base"},
		{Name: "base/king-not-ace", Setup: second, Try: "z1>k2", Rule: "zodiac/foundation-base"},
		{Name: "suit/legal", Setup: second, Moves: []string{"z1>a2"}, Try: "e1>a2"},
		{Name: "suit/illegal", Setup: second, Try: "e1>a1", Rule: "zodiac/foundation-suit"},
		{Name: "order/legal", Setup: second, Moves: []string{"z1>a2", "e1>a2"}, Try: "e3>a2"},
		{Name: "order/illegal", Setup: second, Moves: []string{"z1>a2"}, Try: "e3>a2", Rule: "zodiac/foundation-order"},
		{Name: "order/king-down", Setup: second, Moves: []string{"z2>k2"}, Try: "z4>k2"},
		{Name: "order/king-down-illegal", Setup: second, Moves: []string{"z2>k2"}, Try: "e1>k2", Rule: "zodiac/foundation-order"},
		{Name: "final/legal", Setup: second, Moves: []string{"z1>a2"}, Try: "e1>a2"},
		{Name: "final/illegal", Setup: second, Try: "a1>z1", Rule: "zodiac/foundation-final"},
	})
}

// TestZodiacPassFlag checks that the pass flag is set by a talon card
// placed, cleared by a redeal, and restored by undo.
func TestZodiacPassFlag(t *testing.T) {
	v, _ := engine.Lookup("zodiac")
	s := engine.NewDeal(v, 1, 0)
	coArrange("s", coPile{"z2", []string{"5S"}}, coPile{"w", []string{"4S"}})(s)
	enginetest.Clear(s, "s", "z5")
	s.Do(engine.Transfer(zoTalon, 1))
	if s.Vars[zoVarPlaced] != 1 {
		t.Fatal("placing a talon card does not set the pass flag")
	}
	s.Undo()
	if s.Vars[zoVarPlaced] != 0 {
		t.Fatal("undo does not clear the pass flag")
	}
	s.Do(engine.Transfer(zoTalon, 1))
	if len(s.Piles[zoTalon].Cards) > 0 {
		s.Do(engine.ActionMove(zoActRedeal, -1, -1))
		if s.Vars[zoVarPlaced] != 0 {
			t.Fatal("redeal does not clear the pass flag")
		}
	}
}

// TestZodiacRedealOrder checks that the talon turned over deals again in
// the order it was first dealt.
func TestZodiacRedealOrder(t *testing.T) {
	v, _ := engine.Lookup("zodiac")
	s := engine.NewDeal(v, 2, 0)
	var dealt []engine.Card
	for len(s.Piles[zoStock].Cards) > 0 {
		dealt = append(dealt, s.Piles[zoStock].Top())
		s.Do(engine.ActionMove(zoActDeal, -1, -1))
	}
	s.Vars[zoVarPlaced] = 1
	s.Do(engine.ActionMove(zoActRedeal, -1, -1))
	for i, want := range dealt {
		if got := s.Piles[zoStock].Top(); got != want {
			t.Fatalf("card %d after redeal is %s, want %s", i+1, got, want)
		}
		s.Do(engine.ActionMove(zoActDeal, -1, -1))
	}
}

func TestZodiacProperties(t *testing.T) {
	for _, opts := range [][]string{nil, {"literal-rule-one"}} {
		enginetest.Properties(t, "zodiac", opts, 300)
	}
}

func BenchmarkZodiacPlayout(b *testing.B)   { enginetest.BenchPlayouts(b, "zodiac") }
func BenchmarkZodiacApplyUndo(b *testing.B) { enginetest.BenchApplyUndo(b, "zodiac") }

func FuzzZodiacMoves(f *testing.F) { coFuzz(f, "zodiac") }

func TestZodiacLayout(t *testing.T) { coCheckLayout(t, "zodiac") }
