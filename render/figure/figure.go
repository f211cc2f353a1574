// Package figure is the one drawing of a game's table: the layout of a
// variant with the cards of a position, as primitives in layout units
// (New), and those primitives as SVG (SVG, Parts, Board). The site's
// diagrams and deal player, the Play page (through the WebAssembly engine)
// and the PDF all draw from here, so the geometry is written once.
//
// It imports only engine. What a player sees face down is not decided
// here but by engine.State.Seen; the package must not know the rules, the
// corpus, the page's words beyond the layout's labels, or any output
// format other than SVG (the PDF writer in render reads Figure's items).
package figure

import (
	"math"
	"strconv"

	"pasyans/engine"
)

// Figure is a layout drawn as primitives in layout units (a card is 1 wide
// and engine.CardHeight tall), ready for the SVG or the PDF writer.
type Figure struct {
	W, H  float64
	Items []Item
}

// ItemKind says what an Item draws.
type ItemKind int

// The kinds of items.
const (
	Place   ItemKind = iota // an empty place, dashed outline, with its mark
	Card                    // a face-up card
	Back                    // a face-down card
	Label                   // a pile label under its place
	Caption                 // a free caption of the figure
	Count                   // the number of cards in a stacked pile
)

// Item is one drawing primitive.
type Item struct {
	Kind       ItemKind
	X, Y, W, H float64
	Text       string // a card's rank letter, a label, a mark
	Suit       string // a card's suit symbol
	Red        bool
	Pile       string
	// Slot is the index of the layout slot the item belongs to; -1 for a
	// caption.
	Slot int
	// Moved marks the card a move has just placed (the deal player
	// highlights it).
	Moved bool
	// Fit, when not 0, is the width (in layout units) a label's text is
	// squeezed into so that it meets no neighbour (SVG textLength).
	Fit float64
	// Strip marks a card of which only a narrow strip shows (covered in a
	// fan to the right): its index is written rank over suit, to fit it.
	Strip bool
}

// fanStep is the offset between fanned cards; fans longer than maxFan
// cards are drawn with a smaller step so the figure stays compact.
const (
	fanStep   = 0.28
	maxFanLen = 7.0
)

// New lays out variant v's figure with the cards of s as a player sees
// them (s.Seen; nil for the empty layout), labelled in lang ("ru" or
// "en").
func New(v *engine.Variant, s *engine.State, lang string) Figure {
	if s == nil {
		return FromView(v, nil, lang, -1)
	}
	view := s.Seen()
	return FromView(v, &view, lang, -1)
}

// FromView lays out v's figure with the piles of view (a position as
// engine.State.Seen gives it; nil for the empty layout). The top card of
// pile moved (an index into v.Piles; -1 for none) is marked Moved.
func FromView(v *engine.Variant, view *engine.StateView, lang string, moved int) Figure {
	f := Figure{W: v.Layout.Width, H: v.Layout.Height}
	for i, sl := range v.Layout.Slots {
		p := v.Pile(sl.Pile)
		var pile *engine.PileView
		if view != nil && p >= 0 && p < len(view.Piles) {
			pile = &view.Piles[p]
		}
		f.addSlot(i, sl, pile, lang, p >= 0 && p == moved)
	}
	for _, c := range v.Layout.Captions {
		f.add(Item{Kind: Caption, X: c.X, Y: c.Y, Text: pick(c.Text, lang), Slot: -1})
	}
	f.placeLabels()
	f.W, f.H = f.W+0.1, f.H+0.1
	return f
}

func (f *Figure) addSlot(i int, sl engine.Slot, pile *engine.PileView, lang string, moved bool) {
	f.add(Item{Kind: Place, X: sl.X, Y: sl.Y, W: 1, H: engine.CardHeight, Text: sl.Mark, Pile: sl.Pile, Slot: i})
	bottom := sl.Y + engine.CardHeight
	if pile != nil && len(pile.Cards) > 0 {
		bottom = f.addCards(i, sl, pile, moved)
	}
	if l := pick(sl.Label, lang); l != "" {
		f.add(Item{Kind: Label, X: sl.X + 0.5, Y: bottom + 0.22, Text: l, Pile: sl.Pile, Slot: i})
	}
}

// addCards draws a pile's cards and returns the y of its lowest edge.
func (f *Figure) addCards(slot int, sl engine.Slot, pile *engine.PileView, moved bool) float64 {
	n := len(pile.Cards)
	if sl.Fan == engine.Stacked {
		f.addCard(slot, sl, sl.X, sl.Y, pile, n-1, moved)
		if n > 1 {
			f.add(Item{Kind: Count, X: sl.X + 0.5, Y: sl.Y + engine.CardHeight - 0.08, Text: strconv.Itoa(n), Pile: sl.Pile, Slot: slot})
		}
		return sl.Y + engine.CardHeight
	}
	step := fanStep
	if float64(n-1)*step > maxFanLen {
		step = maxFanLen / float64(n-1)
	}
	x, y := sl.X, sl.Y
	for i := 0; i < n; i++ {
		f.addCard(slot, sl, x, y, pile, i, moved && i == n-1)
		if sl.Fan == engine.FanRight && i < n-1 {
			f.Items[len(f.Items)-1].Strip = true
		}
		if i < n-1 {
			switch sl.Fan {
			case engine.FanDown:
				y += step
			case engine.FanUp:
				y -= step
			case engine.FanRight:
				x += step
			}
		}
	}
	return math.Max(y, sl.Y) + engine.CardHeight
}

func (f *Figure) addCard(slot int, sl engine.Slot, x, y float64, pile *engine.PileView, i int, moved bool) {
	c, err := engine.ParseCard(pile.Cards[i])
	if i < pile.FaceDown || err != nil { // an unknown card ("??") is only ever face down
		f.add(Item{Kind: Back, X: x, Y: y, W: 1, H: engine.CardHeight, Pile: sl.Pile, Slot: slot})
		return
	}
	f.add(Item{Kind: Card, X: x, Y: y, W: 1, H: engine.CardHeight, Text: c.Rank().String(), Suit: c.Suit().Symbol(), Red: c.Red(),
		Pile: sl.Pile, Slot: slot, Moved: moved})
}

// add appends an item and grows the figure to hold it.
func (f *Figure) add(it Item) {
	f.Items = append(f.Items, it)
	f.W = math.Max(f.W, it.X+it.W)
	f.H = math.Max(f.H, it.Y+it.H+0.3)
}

func pick(t engine.Text, lang string) string {
	if lang == "ru" {
		return t.RU
	}
	return t.EN
}
