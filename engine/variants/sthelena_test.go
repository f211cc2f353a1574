package variants

import (
	"testing"

	"pasyans/engine/enginetest"
)

func TestStHelenaRules(t *testing.T) {
	out := twPackOut
	enginetest.Rules(t, "st-helena", append(twDealCases("st-helena", 2, "t5", twPut("t1", "KS"), 3, "three-deals"), []enginetest.Case{
		{Name: "ace starts an ace place", Seed: 2, Setup: twPut("t1", "AS"), Try: "t1>f1"},
		{Name: "king from the top row starts a king place", Seed: 2, Setup: twPut("t5", "KS"), Try: "t5>f5"},
		{Name: "no five on an empty place", Seed: 2, Setup: twPut("t1", "5S"), Try: "t1>f1", Rule: "st-helena/foundation-base"},
		{Name: "aces of different suits", Seed: 2, Setup: twSetup(twPut("f1", "AS"), twPut("t1", "AH")), Try: "t1>f2"},
		{Name: "no second king of a suit", Seed: 2, Setup: twSetup(twPut("f5", "KS"), twPut("t1", "KS")), Try: "t1>f6", Rule: "st-helena/different-suits"},
		{Name: "in suit", Seed: 2, Setup: twSetup(twPut("f1", "AS"), twPut("t1", "2S")), Try: "t1>f1"},
		{Name: "not out of suit", Seed: 2, Setup: twSetup(twPut("f1", "AS"), twPut("t1", "2H")), Try: "t1>f1", Rule: "st-helena/foundation-suit"},
		{Name: "kings down", Seed: 2, Setup: twSetup(twPut("f5", "KS"), twPut("t1", "QS")), Try: "t1>f5"},
		{Name: "not out of order", Seed: 2, Setup: twSetup(twPut("f5", "KS"), twPut("t1", "JS")), Try: "t1>f5", Rule: "st-helena/foundation-order"},
		{Name: "foundation card stays", Seed: 2, Setup: twPut("f1", "AS", "2S"), Try: "f1>t1", Rule: "st-helena/foundation-final"},
		{Name: "no foundation to foundation", Seed: 2, Setup: twSetup(twPut("f1", "AS", "2S"), twPut("f5", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S")), Try: "f1>f5", Rule: "st-helena/foundation-final"},
		{Name: "top row to any ace", Seed: 2, Setup: twSetup(twPut("f3", "AH"), twPut("t5", "2H")), Try: "t5>f3"},
		{Name: "top row not to a king", Seed: 2, Setup: twSetup(twPut("f5", "KS"), twPut("t5", "QS")), Try: "t5>f5", Rule: "st-helena/row-to-row"},
		{Name: "bottom row to a king", Seed: 2, Setup: twSetup(twPut("f8", "KS"), twPut("t9", "QS")), Try: "t9>f8"},
		{Name: "bottom row not to an ace", Seed: 2, Setup: twSetup(twPut("f1", "AS"), twPut("t12", "2S")), Try: "t12>f1", Rule: "st-helena/row-to-row"},
		{Name: "side to a king", Seed: 2, Setup: twSetup(twPut("f5", "KS"), twPut("t2", "QS")), Try: "t2>f5"},
		{Name: "top row to a king once the pack is out", Seed: 2, Setup: twSetup(out, twPut("f5", "KS"), twPut("t5", "QS")), Try: "t5>f5"},
		{Name: "same column: ace below", Seed: 2, Options: []string{"same-column"}, Setup: twSetup(twPut("f3", "AH"), twPut("t7", "2H")), Try: "t7>f3"},
		{Name: "same column: not another column", Seed: 2, Options: []string{"same-column"}, Setup: twSetup(twPut("f3", "AH"), twPut("t5", "2H")), Try: "t5>f3", Rule: "st-helena/same-column"},
		{Name: "same column: king above", Seed: 2, Options: []string{"same-column"}, Setup: twSetup(twPut("f6", "KH"), twPut("t10", "QH")), Try: "t10>f6"},
		{Name: "same column: not the king of another column", Seed: 2, Options: []string{"same-column"}, Setup: twSetup(twPut("f6", "KH"), twPut("t9", "QH")), Try: "t9>f6", Rule: "st-helena/same-column"},
		{Name: "no building while the pack lasts", Seed: 2, Setup: twSetup(twPut("t1", "5S"), twPut("t2", "6H")), Try: "t1>t2", Rule: "st-helena/build-after-deal"},
		{Name: "build regardless of suit", Seed: 2, Setup: twSetup(out, twPut("t1", "5S"), twPut("t2", "6H")), Try: "t1>t2"},
		{Name: "build one rank apart", Seed: 2, Setup: twSetup(out, twPut("t1", "5S"), twPut("t2", "5H")), Try: "t1>t2", Rule: "st-helena/build-rank"},
		{Name: "no card on an emptied pile", Seed: 2, Setup: twSetup(out, twEmpty("t2")), Try: "t1>t2", Rule: "st-helena/no-empty-fill"},
	}...))
}

func TestStHelenaProperties(t *testing.T) {
	for _, opts := range [][]string{nil, {"same-column"}, {"strict-deal"}} {
		enginetest.Properties(t, "st-helena", opts, 300)
	}
}

func BenchmarkStHelenaPlayout(b *testing.B)   { enginetest.BenchPlayouts(b, "st-helena") }
func BenchmarkStHelenaApplyUndo(b *testing.B) { enginetest.BenchApplyUndo(b, "st-helena") }
