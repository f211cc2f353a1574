package figure

import (
	"strings"
	"testing"

	"pasyans/engine"
	_ "pasyans/engine/variants"
)

// TestLabelsApart: in every game's figure, empty and dealt, in both
// languages, no two labels or captions overlap by the widths placeLabels
// estimates, and every one lies inside the picture (the browser test
// measures the real boxes).
func TestLabelsApart(t *testing.T) {
	for _, v := range engine.Variants() {
		for _, lang := range []string{"en", "ru"} {
			for _, s := range []*engine.State{nil, engine.NewDeal(v, 3, 0)} {
				f := New(v, s, lang)
				var texts []Item
				for _, it := range f.Items {
					if it.Kind == Label || it.Kind == Caption {
						texts = append(texts, it)
					}
				}
				for i, a := range texts {
					al, ar, at, ab := a.textBox()
					if al < -padUnits-1e-9 || ar > f.W+padUnits || at < -padUnits || ab > f.H+padUnits {
						t.Errorf("%s %s: %q (%.2f…%.2f) sticks out of the figure (width %.2f)", v.ID, lang, a.Text, al, ar, f.W)
					}
					for _, b := range texts[i+1:] {
						bl, br, bt, bb := b.textBox()
						if al < br && bl < ar && at < bb && bt < ab {
							t.Errorf("%s %s: %q overlaps %q", v.ID, lang, a.Text, b.Text)
						}
					}
				}
			}
		}
	}
}

// TestSharedLabelOnce: the labels of a row of places that say the same
// thing are written once (St Helena's four "top row" places).
func TestSharedLabelOnce(t *testing.T) {
	v, err := engine.Lookup("st-helena")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, it := range New(v, nil, "ru").Items {
		if it.Kind == Label && it.Text == "верхний ряд" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the label «верхний ряд» is written %d times, want once", n)
	}
}

// TestStripIndex: a card covered in a fan to the right shows its index
// rank over suit, a ten squeezed to the strip (it once showed as "1").
func TestStripIndex(t *testing.T) {
	v, err := engine.Lookup("la-belle-lucie")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 50; seed++ {
		f := New(v, engine.NewDeal(v, seed, 0), "en")
		for _, it := range f.Items {
			if it.Kind == Card && it.Strip && it.Text == "T" {
				svg := SVG(f, "t")
				if !strings.Contains(svg, `textLength="13" lengthAdjust="spacingAndGlyphs">10</text>`) {
					t.Fatalf("seed %d: a covered ten is not squeezed into its strip", seed)
				}
				return
			}
		}
	}
	t.Fatal("no deal 1…49 has a covered ten in a fan")
}

// TestBoardPiles: the Play page's drawing has one button group per drawn
// pile, each starting with its highlight, and keys every card.
func TestBoardPiles(t *testing.T) {
	for _, v := range engine.Variants() {
		b := Board(New(v, engine.NewDeal(v, 1, 0), "en"))
		for _, sl := range v.Layout.Slots {
			if v.Pile(sl.Pile) < 0 {
				continue
			}
			if !strings.Contains(b, `<g class="pile" data-pile="`+sl.Pile+`"><rect class="hl"`) {
				t.Errorf("%s: no group for pile %s", v.ID, sl.Pile)
			}
		}
		if strings.Count(b, `<g class="card`) != strings.Count(b, `data-card="`) {
			t.Errorf("%s: a card without its key", v.ID)
		}
	}
}
