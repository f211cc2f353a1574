package variants

import (
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// Test helpers of the three twelve-pile games (swiss, st-helena, new-places).

// twSetup composes setup steps.
func twSetup(steps ...func(*engine.State)) func(*engine.State) {
	return func(s *engine.State) {
		for _, f := range steps {
			f(s)
		}
	}
}

// twPut puts cards on pile id (bottom to top), taking each from the pack,
// or, when the pack has none, from the top down of t1..t12 other than id.
func twPut(id string, cards ...string) func(*engine.State) {
	return func(s *engine.State) {
		p := s.V.Pile(id)
		for _, text := range cards {
			c, err := engine.ParseCard(text)
			if err != nil {
				panic(err)
			}
			if !twTake(s, twStock, c) && !twTakeTableau(s, p, c) {
				panic("twPut: no spare " + text)
			}
			s.Piles[p].Cards = append(s.Piles[p].Cards, c)
		}
	}
}

func twTakeTableau(s *engine.State, except int, c engine.Card) bool {
	for q := twTab; q < twTab+twNTab; q++ {
		if q != except && twTake(s, q, c) {
			return true
		}
	}
	return false
}

// twTake removes the topmost copy of c from pile p.
func twTake(s *engine.State, p int, c engine.Card) bool {
	cards := s.Piles[p].Cards
	for j := len(cards) - 1; j >= 0; j-- {
		if cards[j] == c {
			s.Piles[p].Cards = append(cards[:j], cards[j+1:]...)
			return true
		}
	}
	return false
}

// twPackOut lays the rest of the pack on t12, ending the deal phase.
func twPackOut(s *engine.State) { enginetest.Clear(s, "s", "t12") }

// twEmpty empties pile id onto t12 (t11 for t12).
func twEmpty(id string) func(*engine.State) {
	return func(s *engine.State) {
		dest := "t12"
		if id == dest {
			dest = "t11"
		}
		enginetest.Clear(s, id, dest)
	}
}

// twDeal sets the number of the current deal.
func twDeal(n int32) func(*engine.State) { return func(s *engine.State) { s.Vars[twVarDeal] = n } }

// twLowTops puts a five or six on every pile, so that no card can go to an
// empty foundation.
func twLowTops(s *engine.State) {
	for i, c := range []string{"5S", "5H", "5D", "5C", "6S", "6H", "6D", "6C", "5S", "5H", "5D", "5C"} {
		twPut("t"+itoa(i+1), c)(s)
	}
}

// twDealCases are the cases of a twelve-pile game's rounds and redeals:
// its rules are game's, from is the pile a card from the pack is tried on,
// up puts on t1 a card that goes up (refused by strict-deal), and last
// names the deal rule refusing the deal after deals, the last allowed.
func twDealCases(game string, seed uint64, from string, up func(*engine.State), deals int32, last string) []enginetest.Case {
	cases := []enginetest.Case{
		{Name: "deal a round", Seed: seed, Try: "deal"},
		{Name: "no round once the pack is out", Seed: seed, Setup: twPackOut, Try: "deal", Rule: game + "/deal-round"},
		{Name: "no card from the pack", Seed: seed, Try: "s>" + from, Rule: game + "/deal-round"},
		{Name: "strict: deal when nothing goes up", Seed: seed, Options: []string{"strict-deal"}, Setup: twLowTops, Try: "deal"},
		{Name: "strict: no deal while a card goes up", Seed: seed, Options: []string{"strict-deal"}, Setup: up, Try: "deal", Rule: game + "/strict-deal"},
		{Name: "redeal when the pack is out", Seed: seed, Setup: twPackOut, Try: "redeal"},
		{Name: "no redeal while the pack lasts", Seed: seed, Try: "redeal", Rule: game + "/redeal"},
	}
	if deals == 3 {
		cases = append(cases, enginetest.Case{Name: "a third deal", Seed: seed, Setup: twSetup(twPackOut, twDeal(2)), Try: "redeal"})
	}
	return append(cases, enginetest.Case{Name: "no " + map[int32]string{2: "third", 3: "fourth"}[deals] + " deal", Seed: seed,
		Setup: twSetup(twPackOut, twDeal(deals)), Try: "redeal", Rule: game + "/" + last})
}

func TestSwissRules(t *testing.T) {
	out := twPackOut
	enginetest.Rules(t, "swiss", append(twDealCases("swiss", 1, "t1", twPut("t1", "AS"), 2, "two-deals"), []enginetest.Case{
		{Name: "no card to the pack", Seed: 1, Try: "t1>s", Rule: "swiss/deal-round"},
		{Name: "deal with words only", Seed: 1, Try: "deal:t1", Rule: "play/syntax"},
		{Name: "default: deal while a card goes up", Seed: 1, Setup: twPut("t1", "AS"), Try: "deal"},
		{Name: "ace starts an ace place", Seed: 1, Setup: twPut("t1", "AS"), Try: "t1>f1"},
		{Name: "king starts a king place", Seed: 1, Setup: twPut("t2", "KH"), Try: "t2>f6"},
		{Name: "no five on an empty place", Seed: 1, Setup: twPut("t1", "5S"), Try: "t1>f1", Rule: "swiss/foundation-base"},
		{Name: "no ace on a king place", Seed: 1, Setup: twPut("t1", "AS"), Try: "t1>f5", Rule: "swiss/foundation-base"},
		{Name: "base from a side pile to another row", Seed: 1, Setup: twPut("t7", "AS"), Try: "t7>f1"},
		{Name: "aces of different suits", Seed: 1, Setup: twSetup(twPut("f1", "AS"), twPut("t1", "AH")), Try: "t1>f2"},
		{Name: "no second ace of a suit", Seed: 1, Setup: twSetup(twPut("f1", "AS"), twPut("t1", "AS")), Try: "t1>f2", Rule: "swiss/different-suits"},
		{Name: "in suit", Seed: 1, Setup: twSetup(twPut("f1", "AS"), twPut("t1", "2S")), Try: "t1>f1"},
		{Name: "not out of suit", Seed: 1, Setup: twSetup(twPut("f1", "AS"), twPut("t1", "2H")), Try: "t1>f1", Rule: "swiss/foundation-suit"},
		{Name: "kings down", Seed: 1, Setup: twSetup(twPut("f5", "KS"), twPut("t1", "QS")), Try: "t1>f5"},
		{Name: "not out of order", Seed: 1, Setup: twSetup(twPut("f1", "AS"), twPut("t1", "3S")), Try: "t1>f1", Rule: "swiss/foundation-order"},
		{Name: "foundation to pile never", Seed: 1, Options: []string{"foundation-to-foundation"}, Setup: twPut("f1", "AS", "2S"), Try: "f1>t1", Rule: "swiss/foundation-final"},
		{Name: "no foundation to foundation", Seed: 1, Setup: twSetup(twPut("f1", "AS", "2S"), twPut("f5", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S")), Try: "f1>f5", Rule: "swiss/foundation-final"},
		{Name: "option: foundation to foundation", Seed: 1, Options: []string{"foundation-to-foundation"}, Setup: twSetup(twPut("f1", "AS", "2S"), twPut("f5", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S")), Try: "f1>f5"},
		{Name: "option: foundation to foundation in order", Seed: 1, Options: []string{"foundation-to-foundation"}, Setup: twSetup(twPut("f1", "AS", "2S"), twPut("f5", "KS", "QS")), Try: "f1>f5", Rule: "swiss/foundation-order"},
		{Name: "corner to any row", Seed: 1, Setup: twSetup(twPut("f4", "AS"), twPut("t3", "2S")), Try: "t3>f4"},
		{Name: "side to its row's ace", Seed: 1, Setup: twSetup(twPut("f1", "AS"), twPut("t5", "2S")), Try: "t5>f1"},
		{Name: "right side to its row's ace", Seed: 1, Setup: twSetup(twPut("f1", "AS"), twPut("t6", "2S")), Try: "t6>f1"},
		{Name: "side not to another row", Seed: 1, Setup: twSetup(twPut("f1", "AS"), twPut("t7", "2S")), Try: "t7>f1", Rule: "swiss/side-row"},
		{Name: "side to another row once the pack is out", Seed: 1, Setup: twSetup(out, twPut("f1", "AS"), twPut("t7", "2S")), Try: "t7>f1"},
		{Name: "adjacent: left side to the ace", Seed: 1, Options: []string{"adjacent-only"}, Setup: twSetup(twPut("f1", "AS"), twPut("t5", "2S")), Try: "t5>f1"},
		{Name: "adjacent: right side not to the ace", Seed: 1, Options: []string{"adjacent-only"}, Setup: twSetup(twPut("f1", "AS"), twPut("t6", "2S")), Try: "t6>f1", Rule: "swiss/side-adjacent"},
		{Name: "adjacent: right side to the king", Seed: 1, Options: []string{"adjacent-only"}, Setup: twSetup(twPut("f5", "KS"), twPut("t6", "QS")), Try: "t6>f5"},
		{Name: "adjacent: other row", Seed: 1, Options: []string{"adjacent-only"}, Setup: twSetup(twPut("f1", "AS"), twPut("t8", "2S")), Try: "t8>f1", Rule: "swiss/side-row"},
		{Name: "option: free foundations", Seed: 1, Options: []string{"free-foundations"}, Setup: twSetup(twPut("f1", "AS"), twPut("t7", "2S")), Try: "t7>f1"},
		{Name: "no building while the pack lasts", Seed: 1, Setup: twSetup(twPut("t1", "5S"), twPut("t2", "6H")), Try: "t1>t2", Rule: "swiss/build-after-deal"},
		{Name: "option: building each round", Seed: 1, Options: []string{"build-each-round"}, Setup: twSetup(twPut("t1", "5S"), twPut("t2", "6H")), Try: "t1>t2"},
		{Name: "build up regardless of suit", Seed: 1, Setup: twSetup(out, twPut("t1", "5S"), twPut("t2", "6H")), Try: "t1>t2"},
		{Name: "build down regardless of suit", Seed: 1, Setup: twSetup(out, twPut("t1", "5S"), twPut("t2", "4D")), Try: "t1>t2"},
		{Name: "build one rank apart", Seed: 1, Setup: twSetup(out, twPut("t1", "5S"), twPut("t2", "7H")), Try: "t1>t2", Rule: "swiss/build-rank"},
		{Name: "no king on ace", Seed: 1, Setup: twSetup(out, twPut("t1", "KS"), twPut("t2", "AH")), Try: "t1>t2", Rule: "swiss/build-rank"},
		{Name: "no card on an emptied pile", Seed: 1, Setup: twSetup(out, twEmpty("t2")), Try: "t1>t2", Rule: "swiss/no-empty-fill"},
		{Name: "a round fills an emptied pile", Seed: 1, Setup: twEmpty("t2"), Try: "deal"},
		{Name: "no card from an empty pile", Seed: 1, Setup: twEmpty("t1"), Try: "t1>f1", Rule: "play/empty-source"},
	}...))
}

// TestSwissRedeal pins the gathering convention: the new pack deals t1's
// cards from the bottom up, then t2's.
func TestSwissRedeal(t *testing.T) {
	v, _ := engine.Lookup("swiss")
	s := engine.NewDeal(v, 1, 0)
	for len(s.Piles[twStock].Cards) > 0 {
		s.Do(engine.ActionMove(twActDeal, -1, -1))
	}
	if n := len(s.Piles[twTab].Cards); n != 9 {
		t.Fatalf("t1 has %d cards after the deal, want 9", n)
	}
	old1 := append([]engine.Card(nil), s.Piles[twTab].Cards...)
	old2 := append([]engine.Card(nil), s.Piles[twTab+1].Cards...)
	key := s.Key(nil)
	s.Do(engine.ActionMove(twActRedeal, -1, -1))
	want := append(old1, old2[:3]...)
	for i, c := range want {
		if got := s.Piles[twTab+i].Cards; len(got) != 1 || got[0] != c {
			t.Fatalf("after redeal t%d = %v, want [%v]", i+1, got, c)
		}
	}
	if s.Vars[twVarDeal] != 2 || len(s.Piles[twStock].Cards) != 104-12 {
		t.Fatalf("deal %d, pack %d", s.Vars[twVarDeal], len(s.Piles[twStock].Cards))
	}
	enginetest.Undone(t, s, key, "redeal")
}

// TestSwissDealPinned pins the first round of deal 1.
func TestSwissDealPinned(t *testing.T) {
	v, _ := engine.Lookup("swiss")
	s := engine.NewDeal(v, 1, 0)
	got := ""
	for p := twTab; p < twTab+twNTab; p++ {
		got += s.Piles[p].Top().String() + " "
	}
	if want := twPinnedSwiss; got != want {
		t.Fatalf("deal 1 first round = %q, want %q", got, want)
	}
}

const twPinnedSwiss = "TD 2C KH 2D 5C QC JC 3H KS 8H AH 7C "

func TestSwissProperties(t *testing.T) {
	for _, opts := range [][]string{nil, {"adjacent-only"}, {"foundation-to-foundation"}, {"build-each-round"}, {"free-foundations"}, {"strict-deal"}} {
		enginetest.Properties(t, "swiss", opts, 300)
	}
}

func BenchmarkSwissPlayout(b *testing.B)   { enginetest.BenchPlayouts(b, "swiss") }
func BenchmarkSwissApplyUndo(b *testing.B) { enginetest.BenchApplyUndo(b, "swiss") }

// TestTwelveLayouts checks that each of the three figures places every
// pile exactly once and says that it is a reconstruction.
func TestTwelveLayouts(t *testing.T) {
	for _, id := range []string{"swiss", "st-helena", "new-places"} {
		v, _ := engine.Lookup(id)
		seen := map[string]int{}
		for _, sl := range v.Layout.Slots {
			seen[sl.Pile]++
			if sl.X+1 > v.Layout.Width+1e-9 || sl.Y+engine.CardHeight > v.Layout.Height+1e-9 {
				t.Errorf("%s: pile %s lies outside the figure", id, sl.Pile)
			}
		}
		for _, p := range v.Piles {
			if seen[p.ID] != 1 {
				t.Errorf("%s: pile %s placed %d times", id, p.ID, seen[p.ID])
			}
		}
		if v.Layout.Reconstructed == "" {
			t.Errorf("%s: figure not marked as reconstructed", id)
		}
	}
}
