package engine_test

import (
	"testing"

	"pasyans/engine"
	_ "pasyans/engine/variants"
)

// TestStepAndRedealsLeft: Step plays a move as Play does and names the
// rule of one it refuses; RedealsLeft counts down with each redeal made
// and back up with its undo, and is -1 for a game without redeals.
func TestStepAndRedealsLeft(t *testing.T) {
	redeals := 0
	for _, v := range engine.Variants() {
		s := engine.NewDeal(v, 3, 0)
		if ill := s.Step("%%"); ill == nil || ill.Rule != engine.RuleSyntax.ID {
			t.Fatalf("%s: a malformed move: %+v", v.ID, ill)
		}
		redeal := v.Action("redeal")
		want := -1
		if redeal > 0 && v.Spec.Deals > 0 {
			want = v.Spec.Deals - 1
		}
		if got := s.RedealsLeft(); got != want {
			t.Fatalf("%s: %d redeals left at the deal, want %d", v.ID, got, want)
		}
		r := engine.NewRand(1)
		for n := 0; n < 400 && !s.Won(); n++ {
			ms := s.Moves()
			if len(ms) == 0 {
				break
			}
			m := ms[r.Intn(len(ms))]
			for _, c := range ms {
				if redeal > 0 && int(c.Action) == redeal {
					m = c // take every redeal offered
				}
			}
			if ill := s.Step(v.FormatMove(m)); ill != nil {
				t.Fatalf("%s: a legal move refused: %+v", v.ID, ill)
			}
			if redeal > 0 && int(m.Action) == redeal && want >= 0 {
				redeals++
				want--
				if got := s.RedealsLeft(); got != want {
					t.Fatalf("%s: %d redeals left after a redeal, want %d", v.ID, got, want)
				}
				s.Undo()
				if got := s.RedealsLeft(); got != want+1 {
					t.Fatalf("%s: %d redeals left after its undo, want %d", v.ID, got, want+1)
				}
				s.Step(v.FormatMove(m))
			}
		}
	}
	if redeals == 0 {
		t.Fatal("no game made a redeal: the count was not tested")
	}
	t.Logf("%d redeals made", redeals)
}
