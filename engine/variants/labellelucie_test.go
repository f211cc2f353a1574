package variants

import (
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// lblCase is a rule case on a laid-out position (the rest of the pack in
// p18, aces at its bottom); redeals sets how many redeals have been made.
func lblCase(name string, opts []string, piles fifSet, redeals int32, moves []string, try, rule string) enginetest.Case {
	return enginetest.Case{Name: name, Seed: 1, Options: opts, Moves: moves, Try: try, Rule: rule,
		Setup: func(s *engine.State) {
			fifLay(s, piles, "p18")
			s.Vars[lblVarRedeals] = redeals
		}}
}

func TestLaBelleLucieRules(t *testing.T) {
	up := []string{"AS"} // an ace already on a foundation
	merci := []string{"merci"}
	enginetest.Rules(t, "la-belle-lucie", []enginetest.Case{
		lblCase("top-card/move-top", nil, fifSet{"f1": up, "p1": {"5H"}, "p2": {"6H"}}, 0, nil, "p1>p2", ""),
		lblCase("top-card/no-draw", nil, fifSet{"p1": {"5H", "9C"}}, 2, nil, "merci:p1", "la-belle-lucie/top-card"),
		lblCase("foundation-base/ace", nil, fifSet{"p1": {"AH"}}, 0, nil, "p1>f1", ""),
		lblCase("foundation-base/five", nil, fifSet{"p1": {"5C"}}, 0, nil, "p1>f2", "la-belle-lucie/foundation-base"),
		lblCase("foundation-suit/follows", nil, fifSet{"f1": {"AH"}, "p1": {"2H"}}, 0, nil, "p1>f1", ""),
		lblCase("foundation-suit/other", nil, fifSet{"f1": {"AH"}, "p1": {"2S"}}, 0, nil, "p1>f1", "la-belle-lucie/foundation-suit"),
		lblCase("foundation-up/next", nil, fifSet{"f1": {"AH", "2H"}, "p1": {"3H"}}, 0, nil, "p1>f1", ""),
		lblCase("foundation-up/skip", nil, fifSet{"f1": {"AH"}, "p1": {"3H"}}, 0, nil, "p1>f1", "la-belle-lucie/foundation-up"),
		lblCase("foundation-final/play", nil, fifSet{"f1": {"AH"}, "p1": {"2H"}}, 0, nil, "p1>f1", ""),
		lblCase("foundation-final/take-back", nil, fifSet{"f1": {"AH", "2H"}, "p1": {"3H"}}, 0, nil, "f1>p1", "la-belle-lucie/foundation-final"),
		lblCase("marriage/descending", nil, fifSet{"f1": up, "p1": {"5H"}, "p2": {"6H"}}, 0, nil, "p1>p2", ""),
		lblCase("marriage/ascending", nil, fifSet{"f1": up, "p1": {"5H"}, "p2": {"6H"}}, 0, nil, "p2>p1", "la-belle-lucie/marriage"),
		lblCase("marriage/other-suit", nil, fifSet{"f1": up, "p1": {"5H"}, "p2": {"6S"}}, 0, nil, "p1>p2", "la-belle-lucie/marriage"),
		lblCase("free-ace/descending", nil, fifSet{"p1": {"AH", "5H"}, "p2": {"6H"}}, 0, nil, "p1>p2", ""),
		lblCase("free-ace/ascending", nil, fifSet{"p1": {"AH", "5H"}, "p2": {"6H"}}, 0, nil, "p2>p1", "la-belle-lucie/free-ace"),
		lblCase("no-fill/marriage", nil, fifSet{"f1": up, "p1": {"8D"}, "p2": {"9D"}}, 0, nil, "p1>p2", ""),
		lblCase("no-fill/empty-packet", nil, fifSet{"f1": up, "p2": {"9D"}}, 0, nil, "p2>p1", "la-belle-lucie/no-fill"),
		{Name: "redeals/first", Seed: 3, Try: "redeal"},
		{Name: "redeals/second", Seed: 3, Moves: []string{"redeal"}, Try: "redeal"},
		{Name: "redeals/third", Seed: 3, Moves: []string{"redeal", "redeal"}, Try: "redeal", Rule: "la-belle-lucie/redeals"},
		lblCase("merci/last-deal", merci, fifSet{"p1": {"5H", "9C"}}, 2, nil, "merci:p1", ""),
		lblCase("merci/before-last-deal", merci, fifSet{"p1": {"5H", "9C"}}, 1, nil, "merci:p1", "la-belle-lucie/merci"),
		lblCase("merci/once", merci, fifSet{"p1": {"5H", "9C"}, "p2": {"4D", "7S"}}, 2, []string{"merci:p1"}, "merci:p2", "la-belle-lucie/merci"),
		lblCase("merci/single-card", merci, fifSet{"p1": {"9C"}}, 2, nil, "merci:p1", "la-belle-lucie/merci"),
		lblCase("merci/to-pile", merci, fifSet{"p1": {"5H", "9C"}}, 2, nil, "merci:p1>p2", "la-belle-lucie/merci"),
	})
}

// TestLaBelleLucieDeal checks the packets of the deal: seventeen of three
// and one of one, less the aces played at once, none left on top.
func TestLaBelleLucieDeal(t *testing.T) {
	v, _ := engine.Lookup("la-belle-lucie")
	for seed := uint64(1); seed <= 50; seed++ {
		s := engine.NewDeal(v, seed, 0)
		cards := 0
		for f := lblFound; f < lblPiles; f++ {
			cards += len(s.Piles[f].Cards)
		}
		for p := lblPackets; p < lblFound; p++ {
			n := len(s.Piles[p].Cards)
			cards += n
			if n > 3 || (p == lblFound-1 && n > 1) {
				t.Fatalf("seed %d: p%d has %d cards", seed, p+1, n)
			}
			if top := s.Piles[p].Top(); top != engine.NoCard && top.Rank() == engine.Ace {
				t.Fatalf("seed %d: ace %v left on top of p%d", seed, top, p+1)
			}
		}
		if cards != 52 {
			t.Fatalf("seed %d: %d cards", seed, cards)
		}
	}
}

// TestLaBelleLucieApply checks the automatic ace, the merci swap and the
// redeal's packets.
func TestLaBelleLucieApply(t *testing.T) {
	v, _ := engine.Lookup("la-belle-lucie")
	o, _ := v.ParseOptions([]string{"merci"})
	s := engine.NewDeal(v, 1, o)
	fifLay(s, fifSet{"f1": {"AS"}, "p1": {"AH", "5C"}, "p2": {"6C"}, "p3": {"5H", "9C"}}, "p18")
	play := func(text string) {
		t.Helper()
		m, err := v.ParseMove(text)
		if err != nil || s.Check(m) != nil {
			t.Fatalf("%s: %v %v", text, err, s.Check(m))
		}
		s.Do(m)
	}
	play("p1>p2")
	if len(s.Piles[lblPackets].Cards) != 0 || s.Piles[lblFound+1].Top().String() != "AH" {
		t.Fatalf("the uncovered ace did not go up:\n%s", s.Text(true))
	}
	s.Vars[lblVarRedeals] = 2
	play("merci:p3")
	if got := s.Piles[lblPackets+2].Cards; got[0].String() != "9C" || got[1].String() != "5H" {
		t.Fatalf("merci: p3 = %v, want 9C 5H", got)
	}
	s = engine.NewDeal(v, 7, o)
	play("redeal")
	for p := lblPackets; p < lblFound; p++ {
		n := len(s.Piles[p].Cards)
		if n > 3 {
			t.Fatalf("after redeal p%d has %d cards", p+1, n)
		}
	}
}

func TestLaBelleLucieProperties(t *testing.T) {
	for _, opts := range [][]string{nil, {"merci"}} {
		enginetest.Properties(t, "la-belle-lucie", opts, 300)
	}
}

func BenchmarkLaBelleLuciePlayout(b *testing.B)   { enginetest.BenchPlayouts(b, "la-belle-lucie") }
func BenchmarkLaBelleLucieApplyUndo(b *testing.B) { enginetest.BenchApplyUndo(b, "la-belle-lucie") }
