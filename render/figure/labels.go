package figure

import (
	"math"
	"unicode/utf8"
)

// The labels are placed without the fonts' metrics, from widths estimated
// on the safe side: a label (11 px sans) takes at most labelEm of a layout
// unit per character, a caption (13 px italic serif) captionEm.
const (
	labelEm    = 0.64 * 11 / Scale
	captionEm  = 0.6 * 13 / Scale
	labelGap   = 0.12 // the least space between two labels, in layout units
	labelAbove = 0.16 // a label's text above its baseline
	labelBelow = 0.05 // and below it
	capAbove   = 0.19 // a caption's text above its baseline
	capBelow   = 0.06
	padUnits   = float64(pad) / Scale
)

// placeLabels keeps the labels apart: the labels of a row of neighbouring
// places that say the same thing are written once, under the middle of
// the row; a label wider than the room between it and its neighbours is
// squeezed into that room (Fit); a caption that would run into labels is
// moved below them. The figure then grows to hold every text.
func (f *Figure) placeLabels() {
	f.mergeRuns()
	f.fitLabels()
	f.lowerCaptions()
	for _, it := range f.Items {
		if it.Kind == Label || it.Kind == Caption {
			_, r, _, b := it.textBox()
			f.W = math.Max(f.W, r)
			f.H = math.Max(f.H, b+0.05)
		}
	}
}

// textBox is the estimated box of a label's or caption's text.
func (it Item) textBox() (l, r, t, b float64) {
	switch it.Kind {
	case Label:
		w := it.textWidth()
		return it.X - w/2, it.X + w/2, it.Y - labelAbove, it.Y + labelBelow
	case Caption:
		return it.X, it.X + it.textWidth(), it.Y - capAbove, it.Y + capBelow
	}
	return it.X, it.X + it.W, it.Y, it.Y + it.H
}

// textWidth is the estimated width of a label's or caption's text as drawn.
func (it Item) textWidth() float64 {
	if it.Fit > 0 {
		return it.Fit
	}
	n := float64(utf8.RuneCountInString(it.Text))
	if it.Kind == Caption {
		return n * captionEm
	}
	return n * labelEm
}

// mergeRuns writes once the label shared by places side by side (the same
// text, the same baseline, at most 1.5 units apart): the merged label
// belongs to no pile (Slot -1, Pile "") and goes after the slots.
func (f *Figure) mergeRuns() {
	var labels []int
	for i, it := range f.Items {
		if it.Kind == Label {
			labels = append(labels, i)
		}
	}
	// In reading order (an insertion sort: package sort would weigh on
	// the WebAssembly engine).
	for a := 1; a < len(labels); a++ {
		for b := a; b > 0 && f.Items[labels[b]].before(f.Items[labels[b-1]]); b-- {
			labels[b], labels[b-1] = labels[b-1], labels[b]
		}
	}
	drop := map[int]bool{}
	var merged []Item
	for a := 0; a < len(labels); {
		first := f.Items[labels[a]]
		b := a + 1
		for b < len(labels) {
			prev, next := f.Items[labels[b-1]], f.Items[labels[b]]
			if next.Text != first.Text || math.Abs(next.Y-first.Y) > 1e-9 || next.X-prev.X > 1.5 {
				break
			}
			b++
		}
		if b-a > 1 {
			last := f.Items[labels[b-1]]
			for k := a; k < b; k++ {
				drop[labels[k]] = true
			}
			merged = append(merged, Item{Kind: Label, X: (first.X + last.X) / 2, Y: first.Y, Text: first.Text, Slot: -1})
		}
		a = b
	}
	if len(merged) == 0 {
		return
	}
	var items []Item
	for i, it := range f.Items {
		if !drop[i] {
			items = append(items, it)
		}
	}
	f.Items = append(items, merged...)
}

// before reports whether it comes before o in reading order.
func (it Item) before(o Item) bool {
	if it.Y != o.Y {
		return it.Y < o.Y
	}
	return it.X < o.X
}

// fitLabels squeezes each label into the room its neighbours on the same
// baseline leave it (the half distance to each, less half the gap) and
// into the figure's left margin.
func (f *Figure) fitLabels() {
	for i := range f.Items {
		it := &f.Items[i]
		if it.Kind != Label {
			continue
		}
		room := 2 * (it.X + padUnits) // the left edge of the picture
		for j, o := range f.Items {
			if j == i || o.Kind != Label || math.Abs(o.Y-it.Y) > labelAbove+labelBelow {
				continue
			}
			room = math.Min(room, math.Abs(o.X-it.X)-labelGap)
		}
		if w := it.textWidth(); w > room && room > 0 {
			it.Fit = room
		}
	}
}

// lowerCaptions moves a caption that would overlap a label to just below
// the lowest such label.
func (f *Figure) lowerCaptions() {
	for i := range f.Items {
		c := &f.Items[i]
		if c.Kind != Caption {
			continue
		}
		for moved := true; moved; {
			moved = false
			cl, cr, ct, cb := c.textBox()
			for _, o := range f.Items {
				if o.Kind != Label {
					continue
				}
				ol, or, ot, ob := o.textBox()
				if cl < or && ol < cr && ct < ob && ot < cb {
					c.Y = o.Y + labelBelow + capAbove + 0.03
					moved = true
				}
			}
		}
	}
}
