package solve

import (
	"testing"

	"pasyans/engine"
)

func TestLaBelleLucieKnowledge(t *testing.T) {
	for _, opts := range [][]string{nil, {"merci"}} {
		agreeKnowledge(t, "la-belle-lucie", opts, 40, 20000)
		agreeAlongLines(t, "la-belle-lucie", opts, 10, 6, 20000)
		keyInjective(t, "la-belle-lucie", opts, 4, 20000)
	}
}

// TestLaBelleLucieDead checks the dead-position rule on made-up last-deal
// packets: a king over a lower card of its suit, or a card over a lower
// card of its suit with its own successor under it, is lost; a card whose
// successor lies elsewhere is not.
func TestLaBelleLucieDead(t *testing.T) {
	v, _ := engine.Lookup("la-belle-lucie")
	g := newLaBelleLucie(v)
	s := engine.NewDeal(v, 1, 0)
	s.Vars[lblVarRedeals] = 2
	set := func(packets ...string) {
		for p := lblPackets; p < lblFound; p++ {
			s.Piles[p].Cards = s.Piles[p].Cards[:0]
		}
		for i, cs := range packets {
			for _, c := range splitCards(cs) {
				card, err := engine.ParseCard(c)
				if err != nil {
					t.Fatal(err)
				}
				s.Piles[lblPackets+i].Cards = append(s.Piles[lblPackets+i].Cards, card)
			}
		}
	}
	for _, c := range []struct {
		packets []string
		dead    bool
	}{
		{[]string{"4H KH"}, true},
		{[]string{"4H 8H 7H"}, true},
		{[]string{"4H 7H", "8H"}, false},
		{[]string{"4H KS"}, false},
	} {
		set(c.packets...)
		if g.dead(s) != c.dead {
			t.Errorf("%v: dead %v, want %v", c.packets, !c.dead, c.dead)
		}
	}
	s.Vars[lblVarRedeals] = 1
	set("4H KH")
	if g.dead(s) {
		t.Error("dead with a redeal left")
	}
}
