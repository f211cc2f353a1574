package render

import (
	"math"

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
}

// fanStep is the offset between fanned cards; fans longer than maxFan
// cards are drawn with a smaller step so the figure stays compact.
const (
	fanStep   = 0.28
	maxFanLen = 7.0
)

// NewFigure lays out variant v's figure with the cards of s (nil for the
// empty layout), labelled in lang ("ru" or "en").
func NewFigure(v *engine.Variant, s *engine.State, lang string) Figure {
	f := Figure{W: v.Layout.Width, H: v.Layout.Height}
	for _, sl := range v.Layout.Slots {
		p := v.Pile(sl.Pile)
		var pile *engine.Pile
		if s != nil && p >= 0 {
			pile = Shown(v, s, p)
		}
		f.addSlot(sl, pile, lang)
	}
	for _, c := range v.Layout.Captions {
		f.add(Item{Kind: Caption, X: c.X, Y: c.Y, Text: pick(c.Text, lang)})
	}
	f.W, f.H = f.W+0.1, f.H+0.1
	return f
}

// Shown returns pile p of s as a player sees it: the pack (stock) face
// down, its cards unknown; other piles as they lie. The SVG, the PDF and
// the site's deal player all draw what Shown returns.
func Shown(v *engine.Variant, s *engine.State, p int) *engine.Pile {
	pile := &s.Piles[p]
	if v.Piles[p].Role == engine.Stock {
		return &engine.Pile{Cards: pile.Cards, Down: len(pile.Cards)}
	}
	return pile
}

// hidden reports whether the i-th card of a shown pile is unknown to the
// reader: face down in a game that hides cards, or in the pack.
func hidden(v *engine.Variant, p int, pile *engine.Pile, i int) bool {
	return i < pile.Down && (v.Hidden || v.Piles[p].Role == engine.Stock)
}

func (f *Figure) addSlot(sl engine.Slot, pile *engine.Pile, lang string) {
	f.add(Item{Kind: Place, X: sl.X, Y: sl.Y, W: 1, H: engine.CardHeight, Text: sl.Mark, Pile: sl.Pile})
	bottom := sl.Y + engine.CardHeight
	if pile != nil && len(pile.Cards) > 0 {
		bottom = f.addCards(sl, pile)
	}
	if l := pick(sl.Label, lang); l != "" {
		f.add(Item{Kind: Label, X: sl.X + 0.5, Y: bottom + 0.22, Text: l, Pile: sl.Pile})
	}
}

// addCards draws a pile's cards and returns the y of its lowest edge.
func (f *Figure) addCards(sl engine.Slot, pile *engine.Pile) float64 {
	n := len(pile.Cards)
	if sl.Fan == engine.Stacked {
		f.addCard(sl.X, sl.Y, pile, n-1, sl.Pile)
		if n > 1 {
			f.add(Item{Kind: Count, X: sl.X + 0.5, Y: sl.Y + engine.CardHeight - 0.08, Text: itoa(n), Pile: sl.Pile})
		}
		return sl.Y + engine.CardHeight
	}
	step := fanStep
	if float64(n-1)*step > maxFanLen {
		step = maxFanLen / float64(n-1)
	}
	x, y := sl.X, sl.Y
	for i := 0; i < n; i++ {
		f.addCard(x, y, pile, i, sl.Pile)
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

func (f *Figure) addCard(x, y float64, pile *engine.Pile, i int, id string) {
	c := pile.Cards[i]
	if i < pile.Down {
		f.add(Item{Kind: Back, X: x, Y: y, W: 1, H: engine.CardHeight, Pile: id})
		return
	}
	f.add(Item{Kind: Card, X: x, Y: y, W: 1, H: engine.CardHeight, Text: c.Rank().String(), Suit: c.Suit().Symbol(), Red: c.Red(), Pile: id})
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

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
