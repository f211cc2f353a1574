package variants

import (
	"slices"
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// coPile is one pile of an arranged position, cards bottom to top; a pile
// named with no cards is left empty.
type coPile struct {
	id    string
	cards []string
}

// coArrange lays out a position of a game whose deck is conserved: the named
// piles get exactly their cards; then, for constitution, the aces not yet
// placed go to the foundations of their suit, every unnamed pile of the four
// rows gets one spare card, kings and queens go to the discard pile q; every
// other card goes to the pack rest (under the cards named for it, which end
// on top).
func coArrange(rest string, piles ...coPile) func(s *engine.State) {
	return func(s *engine.State) {
		var pool []engine.Card
		for i := range s.Piles {
			pool = append(pool, s.Piles[i].Cards...)
			s.Piles[i].Cards = s.Piles[i].Cards[:0]
			s.Piles[i].Down = 0
		}
		named := map[int]bool{}
		var restTop []engine.Card
		for _, p := range piles {
			idx := s.V.Pile(p.id)
			named[idx] = true
			for _, text := range p.cards {
				c, err := engine.ParseCard(text)
				if err != nil {
					panic(err)
				}
				j := slices.Index(pool, c)
				if j < 0 {
					panic("coArrange: no more " + text)
				}
				pool = slices.Delete(pool, j, j+1)
				if p.id == rest {
					restTop = append(restTop, c)
				} else {
					s.Piles[idx].Cards = append(s.Piles[idx].Cards, c)
				}
			}
		}
		if s.V.ID == "constitution" {
			pool = coArrangeFill(s, named, pool)
		}
		r := &s.Piles[s.V.Pile(rest)]
		r.Cards = append(append(r.Cards, pool...), restTop...)
	}
}

// coArrangeFill places constitution's aces, kings and queens and gives each
// unnamed row pile one card; it returns the cards left.
func coArrangeFill(s *engine.State, named map[int]bool, pool []engine.Card) []engine.Card {
	var left []engine.Card
	for _, c := range pool {
		switch c.Rank() {
		case engine.Ace:
			f := coFound + 2*int(c.Suit())
			if named[f] || len(s.Piles[f].Cards) > 0 {
				f++
			}
			if named[f] {
				panic("coArrange: no foundation for " + c.String())
			}
			s.Piles[f].Cards = append(s.Piles[f].Cards, c)
		case engine.King, engine.Queen:
			s.Piles[coQueens].Cards = append(s.Piles[coQueens].Cards, c)
		default:
			left = append(left, c)
		}
	}
	for i := coPrivy; i < coFound; i++ {
		if !named[i] {
			s.Piles[i].Cards = append(s.Piles[i].Cards, left[len(left)-1])
			left = left[:len(left)-1]
		}
	}
	return left
}

func TestConstitutionDeal(t *testing.T) {
	v, _ := engine.Lookup("constitution")
	s := engine.NewDeal(v, 1, 0)
	if n := s.CardCount(); n != 104 {
		t.Fatalf("deal has %d cards, want 104", n)
	}
	for i := coPrivy; i < coFound; i++ {
		if len(s.Piles[i].Cards) != 1 {
			t.Fatalf("%s has %d cards, want 1", v.Piles[i].ID, len(s.Piles[i].Cards))
		}
	}
	if n := len(s.Piles[coStock].Cards); n != 48 {
		t.Fatalf("pack has %d cards, want 48", n)
	}
	for f := coFound; f < coStock; f++ {
		c := s.Piles[f].Cards
		if len(c) != 1 || c[0].Rank() != engine.Ace || int(c[0].Suit()) != (f-coFound)/2 {
			t.Fatalf("%s holds %v", v.Piles[f].ID, c)
		}
	}
	if c := s.Piles[coSov].Cards; len(c) != 1 || c[0].String() != "QD" {
		t.Fatalf("sov holds %v", c)
	}
	for i := coBishops; i < coQueens; i++ {
		c := s.Piles[i].Cards
		if len(c) != 1 || c[0].Rank() != engine.King || c[0].Red() != (i >= coJudges) {
			t.Fatalf("%s holds %v", v.Piles[i].ID, c)
		}
	}
	if n := len(s.Piles[coQueens].Cards); n != 7 {
		t.Fatalf("q holds %d queens, want 7", n)
	}
}

func TestConstitutionRules(t *testing.T) {
	const (
		vacPrivy = "fill-vacancy"
	)
	base := []coPile{
		{"v1", []string{"2S"}}, {"v2", []string{"3H"}}, {"v3", []string{"9C"}},
		{"l1", []string{"8H"}}, {"l2", []string{"8C"}}, {"l3", []string{"2C"}},
		{"c1", []string{"7S"}},
		{"p1", []string{"8D"}}, {"p2", []string{"7S"}}, {"p3", []string{"7H"}},
		{"w", []string{"5C", "6D"}},
	}
	pos := func(extra ...coPile) func(s *engine.State) {
		ps := append([]coPile{}, base...)
		for _, e := range extra {
			ps = slices.DeleteFunc(ps, func(p coPile) bool { return p.id == e.id })
			ps = append(ps, e)
		}
		return coArrange("s", ps...)
	}
	vacancy := pos(coPile{"v2", nil})
	noPack := func(s *engine.State) {
		pos()(s)
		enginetest.Clear(s, "s", "q")
	}
	const (
		talon = "talon-on-people"
		free  = "free-vacancies"
	)
	enginetest.Rules(t, "constitution", []enginetest.Case{
		{Name: "set-aside/ace-is-foundation", Setup: pos(), Try: "v1>f1"},
		{Name: "set-aside/sovereign", Setup: pos(), Try: "sov>f1", Rule: "constitution/set-aside"},
		{Name: "set-aside/onto-bishop", Setup: pos(), Try: "v1>b1", Rule: "constitution/set-aside"},
		{Name: "set-aside/queens", Setup: pos(), Try: "q>v1", Rule: "constitution/set-aside"},
		{Name: "foundation-suit/legal", Setup: pos(), Try: "v1>f2"},
		{Name: "foundation-suit/illegal", Setup: pos(), Try: "v1>f3", Rule: "constitution/foundation-suit"},
		{Name: "foundation-up/legal", Setup: pos(), Try: "v1>f1"},
		{Name: "foundation-up/illegal", Setup: pos(), Try: "v2>f3", Rule: "constitution/foundation-up"},
		{Name: "privy-council/legal", Setup: pos(), Try: "v1>f1"},
		{Name: "privy-council/lords", Setup: pos(), Try: "l3>f7", Rule: "constitution/foundation-from-privy-council"},
		{Name: "privy-council/talon", Setup: pos(coPile{"w", []string{"2S"}}), Try: "w>f1", Rule: "constitution/foundation-from-privy-council"},
		{Name: "row-below/legal", Setup: pos(), Try: "l1>v3"},
		{Name: "row-below/skips-rows", Setup: pos(), Try: "p1>v3", Rule: "constitution/build-from-row-below"},
		{Name: "row-below/same-row", Setup: pos(coPile{"l4", []string{"7C"}}), Try: "l4>l1", Rule: "constitution/build-from-row-below"},
		{Name: "row-below/downwards", Setup: pos(coPile{"c2", []string{"9S"}}), Try: "l1>c2", Rule: "constitution/build-from-row-below"},
		{Name: "top-card/legal", Setup: pos(), Try: "c1>l1"},
		{Name: "sequence/legal", Setup: pos(), Try: "l1>v3"},
		{Name: "sequence/same-colour", Setup: pos(), Try: "l2>v3", Rule: "constitution/sequence"},
		{Name: "sequence/rank", Setup: pos(coPile{"l4", []string{"7H"}}), Try: "l4>v3", Rule: "constitution/sequence"},
		{Name: vacPrivy + "/legal", Setup: vacancy, Try: "l2>v2"},
		{Name: vacPrivy + "/first", Setup: vacancy, Try: "l1>v3", Rule: "constitution/fill-vacancy"},
		{Name: vacPrivy + "/foundation-waits", Setup: vacancy, Try: "v1>f1", Rule: "constitution/fill-vacancy"},
		{Name: vacPrivy + "/deal-waits", Setup: vacancy, Try: "deal", Rule: "constitution/fill-vacancy"},
		{Name: vacPrivy + "/row-below-only", Setup: vacancy, Try: "c1>v2", Rule: "constitution/fill-vacancy"},
		{Name: vacPrivy + "/cascade", Setup: pos(coPile{"v2", nil}, coPile{"l4", []string{"5D"}}), Moves: []string{"l4>v2"}, Try: "l1>v3", Rule: "constitution/fill-vacancy"},
		{Name: vacPrivy + "/cascade-fill", Setup: pos(coPile{"v2", nil}, coPile{"l4", []string{"5D"}}), Moves: []string{"l4>v2"}, Try: "c1>l4"},
		{Name: free + "/may-wait", Options: []string{free}, Setup: vacancy, Try: "l1>v3"},
		{Name: free + "/fill-later", Options: []string{free}, Setup: vacancy, Moves: []string{"l1>v3"}, Try: "l2>v2"},
		{Name: free + "/row-below-only", Options: []string{free}, Setup: vacancy, Try: "c1>v2", Rule: "constitution/free-vacancies"},
		{Name: "people-vacancy/auto", Setup: pos(coPile{"c2", []string{"9S"}}), Try: "p1>c2"},
		{Name: "people-vacancy/talon-to-people", Setup: pos(), Try: "w>p2", Rule: "constitution/people-vacancy"},
		{Name: "people-vacancy/talon-to-privy", Setup: pos(), Try: "w>v1", Rule: "constitution/people-vacancy"},
		{Name: "people-vacancy/not-from-above", Setup: pos(coPile{"p4", nil}), Try: "c1>p4", Rule: "constitution/people-vacancy"},
		{Name: talon + "/legal", Options: []string{talon}, Setup: pos(), Try: "w>p2"},
		{Name: talon + "/illegal", Options: []string{talon}, Setup: pos(), Try: "w>p3", Rule: "constitution/talon-on-people"},
		{Name: talon + "/waits-for-vacancy", Options: []string{talon}, Setup: vacancy, Try: "w>p2", Rule: "constitution/fill-vacancy"},
		{Name: "deal/legal", Setup: pos(), Try: "deal"},
		{Name: "deal/pack-card", Setup: pos(), Try: "s>p1", Rule: "constitution/deal"},
		{Name: "deal/onto-talon", Setup: pos(), Try: "v1>w", Rule: "constitution/deal"},
		{Name: "deal/syntax", Setup: pos(), Try: "deal:s", Rule: "play/syntax"},
		{Name: "no-redeal/legal", Setup: pos(), Try: "deal"},
		{Name: "no-redeal/illegal", Setup: noPack, Try: "deal", Rule: "constitution/no-redeal"},
		{Name: "foundation-final/legal", Setup: pos(), Try: "v1>f1"},
		{Name: "foundation-final/illegal", Setup: pos(), Moves: []string{"v1>f1"}, Try: "f1>v3", Rule: "constitution/foundation-final"},
		{Name: "empty-source", Setup: pos(coPile{"v2", nil}, coPile{"l2", nil}), Moves: []string{"c1>l2", "l1>v2"}, Try: "c1>l1", Rule: "play/empty-source"},
	})
}

// TestConstitutionAutomatic checks the automatic filling of the People:
// talon first, then the pack, undone with the move that caused it.
func TestConstitutionAutomatic(t *testing.T) {
	v, _ := engine.Lookup("constitution")
	s := engine.NewDeal(v, 3, 0)
	coArrange("s", coPile{"c2", []string{"9S"}}, coPile{"p1", []string{"8D"}},
		coPile{"w", []string{"5C", "6D"}}, coPile{"s", []string{"4H"}})(s)
	play := func(m string) {
		t.Helper()
		mv, err := v.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		if r := s.Check(mv); r != nil {
			t.Fatalf("%s refused: %s\n%s", m, r.ID, s.Text(true))
		}
		s.Do(mv)
	}
	key := s.Key(nil)
	play("p1>c2")
	if got := s.Piles[coPeople].Top().String(); got != "6D" {
		t.Fatalf("p1 filled with %s, want the talon's top 6D", got)
	}
	enginetest.Undone(t, s, key, "p1>c2")
	enginetest.Clear(s, "w", "q")
	play("p1>c2")
	if got := s.Piles[coPeople].Top().String(); got != "4H" {
		t.Fatalf("p1 filled with %s, want the pack's next card 4H", got)
	}
	play("deal")
	if n := len(s.Piles[coTalon].Cards); n != 1 {
		t.Fatalf("talon has %d cards after deal, want 1", n)
	}
}

// TestConstitutionForcedFill checks that while a vacancy waits only the
// fillings from the row below are offered.
func TestConstitutionForcedFill(t *testing.T) {
	v, _ := engine.Lookup("constitution")
	s := engine.NewDeal(v, 1, 0)
	coArrange("s", coPile{"v1", []string{"2S"}})(s)
	s.Do(engine.Transfer(coPrivy, coFound))
	ms := s.Moves()
	if len(ms) != 8 {
		t.Fatalf("%d moves after the Privy Council vacancy, want the 8 fillings from the Lords", len(ms))
	}
	for _, m := range ms {
		if int(m.To) != coPrivy || m.From < coLords || m.From >= coCommons {
			t.Fatalf("move %s is not a filling of v1 from the Lords", v.FormatMove(m))
		}
	}
}

func TestConstitutionProperties(t *testing.T) {
	for _, opts := range [][]string{nil, {"talon-on-people"}, {"free-vacancies"}, {"talon-on-people", "free-vacancies"}} {
		enginetest.Properties(t, "constitution", opts, 300)
	}
}

func BenchmarkConstitutionPlayout(b *testing.B)   { enginetest.BenchPlayouts(b, "constitution") }
func BenchmarkConstitutionApplyUndo(b *testing.B) { enginetest.BenchApplyUndo(b, "constitution") }

// coFuzz plays arbitrary byte-coded moves on a deal of game id: Check must
// never panic, refusals always name a rule, and legal moves conserve cards.
// A byte with the high bit set picks one of the legal moves instead, so the
// fuzzer gets deep into the game.
func coFuzz(f *testing.F, id string) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 40, 41, 255, 128, 0, 0})
	f.Add(uint64(1<<10|7), []byte{130, 5, 0, 129, 3, 0, 1, 24, 32})
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		v, _ := engine.Lookup(id)
		o := engine.Options(seed>>10) & (1<<uint(len(v.Options)) - 1)
		s := engine.NewDeal(v, seed%1000, o)
		total := s.CardCount()
		for i := 0; i+2 < len(data); i += 3 {
			var m engine.Move
			if ms := s.Moves(); data[i]&0x80 != 0 && len(ms) > 0 {
				m = ms[int(data[i+1])%len(ms)]
			} else {
				m.Action = int8(int(data[i]) % (len(v.Actions) + 1))
				m.From = int8(int(data[i+1])%(len(v.Piles)+1) - 1)
				m.To = int8(int(data[i+2])%(len(v.Piles)+1) - 1)
			}
			r := s.CheckPlayable(m)
			if r != nil {
				if r.ID == "" {
					t.Fatalf("refusal of %s names no rule", v.FormatMove(m))
				}
				continue
			}
			s.Do(m)
			if c := s.CardCount(); c != total {
				t.Fatalf("%s: %d cards, want %d", v.FormatMove(m), c, total)
			}
		}
	})
}

func FuzzConstitutionMoves(f *testing.F) { coFuzz(f, "constitution") }

// coCheckLayout checks a game's figure: every pile placed exactly once,
// inside the figure, no two places overlapping, labels in both languages.
func coCheckLayout(t *testing.T, id string) {
	t.Helper()
	v, _ := engine.Lookup(id)
	l := v.Layout
	seen := map[string]bool{}
	for i, a := range l.Slots {
		if seen[a.Pile] || v.Pile(a.Pile) < 0 {
			t.Errorf("slot %s placed twice or not a pile", a.Pile)
		}
		seen[a.Pile] = true
		if a.X < 0 || a.Y < 0 || a.X+1 > l.Width || a.Y+engine.CardHeight > l.Height {
			t.Errorf("slot %s at (%.2f, %.2f) outside the %.2f×%.2f figure", a.Pile, a.X, a.Y, l.Width, l.Height)
		}
		if (a.Label.RU == "") != (a.Label.EN == "") {
			t.Errorf("slot %s has a label in one language only", a.Pile)
		}
		for _, b := range l.Slots[i+1:] {
			if a.X < b.X+1 && b.X < a.X+1 && a.Y < b.Y+engine.CardHeight && b.Y < a.Y+engine.CardHeight {
				t.Errorf("slots %s and %s overlap", a.Pile, b.Pile)
			}
		}
	}
	for _, p := range v.Piles {
		if !seen[p.ID] {
			t.Errorf("pile %s not placed", p.ID)
		}
	}
	if l.Reconstructed == "" {
		t.Error("the figure is the edition's but Layout.Reconstructed is empty")
	}
}

func TestConstitutionLayout(t *testing.T) { coCheckLayout(t, "constitution") }
