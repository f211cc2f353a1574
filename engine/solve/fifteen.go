package solve

import (
	"math/bits"

	"pasyans/engine"
)

// The Fifteen: columns c1..c15 (0..14), ace foundations a1..a4 (15..18,
// A up to K), king foundations k1..k4 (19..22, K down to A). Pile indexes
// as in engine/variants/fifteen.go.
const (
	fifCols   = 0
	fifAces   = 15
	fifKings  = 19
	fifPiles  = 23
	fifOpened = 0 // Vars index: the opening exception's bits
)

// fifteen is the solver's knowledge of the fifteen.
//
// Key. Each suit has at most one ace and one king foundation (the engine's
// rule fifteen/foundation-one-per-suit), holding the cards from its base
// to its top card, so the foundations are written as two heights per suit.
// The fifteen columns are interchangeable and sorted. The opening
// exception's counter is kept. No face-down cards.
//
// Safe move. A card C of rank r goes to a foundation F at once when its
// twin (the other card of its rank and suit) is already on the suit's
// other foundation and every card that could be married onto C (ranks r-1
// and r+1 of its suit) lies on a foundation. Then C can only ever go to F,
// no other card can go to F before C (F waits for rank r, and the twin is
// gone), no card can ever be married onto C, and a card on a foundation
// is needed nowhere else; C's column losing C earlier only uncovers the
// card under it (or opens a lane, which may stay empty): any line from
// the position with C still out plays from the position with C on F once
// C's own moves are skipped. It takes the end of a suit (the king going up
// when the king foundation is down to the queen, the ace going down, and
// the like), not the middle.
type fifteen struct {
	v   *engine.Variant
	tmp []scored
}

func init() { registerCtx(func(v *engine.Variant) gameCtx { return newFifteen(v) }, "fifteen") }

func newFifteen(v *engine.Variant) *fifteen { return &fifteen{v: v} }

func (g *fifteen) start(*engine.State) {}

// fifHeights returns per suit the top rank of its ace foundation (0: none)
// and of its king foundation (14: none).
func fifHeights(s *engine.State) (up, dn [4]int8) {
	dn = [4]int8{14, 14, 14, 14}
	for f := fifAces; f < fifKings; f++ {
		if t := s.Piles[f].Top(); t != engine.NoCard {
			up[t.Suit()] = int8(t.Rank())
		}
	}
	for f := fifKings; f < fifPiles; f++ {
		if t := s.Piles[f].Top(); t != engine.NoCard {
			dn[t.Suit()] = int8(t.Rank())
		}
	}
	return up, dn
}

func (g *fifteen) key(s *engine.State, dst []byte) []byte {
	up, dn := fifHeights(s)
	for i := 0; i < 4; i++ {
		dst = append(dst, byte(up[i]), byte(dn[i]))
	}
	dst = append(dst, byte(s.Vars[fifOpened]))
	return appendPilesSorted(dst, s, fifCols, 15)
}

func (g *fifteen) dead(*engine.State) bool { return false }

func (g *fifteen) safe(s *engine.State, moves []engine.Move) (engine.Move, bool) {
	up, dn := fifHeights(s)
	onFound := func(r int8, su engine.Suit) int {
		n := 0
		if up[su] >= r {
			n++
		}
		if dn[su] <= r {
			n++
		}
		return n
	}
	for _, m := range moves {
		if m.Action != 0 || int(m.To) < fifAces {
			continue
		}
		c := s.Piles[m.From].Top()
		r, su := int8(c.Rank()), c.Suit()
		twin := (int(m.To) < fifKings && dn[su] <= r) || (int(m.To) >= fifKings && up[su] >= r)
		if !twin {
			continue
		}
		if (r == 1 || onFound(r-1, su) == 2) && (r == 13 || onFound(r+1, su) == 2) {
			return m, true
		}
	}
	return engine.Move{}, false
}

// moves is the fifteen's move generator (moveGen): the engine's moves,
// except that an ace or a king starting a foundation goes to the first
// empty one of its kind and a lane is filled in the first empty column
// only (the others lead to positions of the same key). While the opening
// exception may apply (no card on the foundations but those it put there)
// the engine's own list is used.
func (g *fifteen) moves(s *engine.State, dst []engine.Move) []engine.Move {
	onFound := 0
	for f := fifAces; f < fifPiles; f++ {
		onFound += len(s.Piles[f].Cards)
	}
	if o := s.Vars[fifOpened]; o != 3 && int32(onFound) == o&1+o>>1 {
		return append(dst, s.Moves()...)
	}
	up, dn := fifHeights(s)
	emptyA, emptyK := -1, -1
	for f := fifKings - 1; f >= fifAces; f-- {
		if len(s.Piles[f].Cards) == 0 {
			emptyA = f
		}
	}
	for f := fifPiles - 1; f >= fifKings; f-- {
		if len(s.Piles[f].Cards) == 0 {
			emptyK = f
		}
	}
	// Foundation pile of each suit's ace and king foundation.
	var upPile, dnPile [4]int
	for f := fifAces; f < fifKings; f++ {
		if t := s.Piles[f].Top(); t != engine.NoCard {
			upPile[t.Suit()] = f
		}
	}
	for f := fifKings; f < fifPiles; f++ {
		if t := s.Piles[f].Top(); t != engine.NoCard {
			dnPile[t.Suit()] = f
		}
	}
	var byTop [64]uint16
	var tops [15]engine.Card
	lane := -1
	for i := 14; i >= 0; i-- {
		p := s.Piles[fifCols+i].Cards
		if len(p) == 0 {
			lane = i
			continue
		}
		c := p[len(p)-1]
		tops[i] = c
		byTop[c] |= 1 << uint(i)
	}
	for i, c := range tops {
		if c == engine.NoCard {
			continue
		}
		r, su := int8(c.Rank()), c.Suit()
		switch {
		case r == 1 && up[su] == 0:
			if emptyA >= 0 {
				dst = append(dst, engine.Transfer(i, emptyA))
			}
		case up[su] > 0 && up[su] == r-1:
			dst = append(dst, engine.Transfer(i, upPile[su]))
		}
		switch {
		case r == 13 && dn[su] == 14:
			if emptyK >= 0 {
				dst = append(dst, engine.Transfer(i, emptyK))
			}
		case dn[su] < 14 && dn[su] == r+1:
			dst = append(dst, engine.Transfer(i, dnPile[su]))
		}
		var m uint16
		if r < 13 {
			m |= byTop[c+4]
		}
		if r > 1 {
			m |= byTop[c-4]
		}
		for m &^= 1 << uint(i); m != 0; m &= m - 1 {
			dst = append(dst, engine.Transfer(i, bits.TrailingZeros16(m)))
		}
		if lane >= 0 {
			dst = append(dst, engine.Transfer(i, lane))
		}
	}
	return dst
}

// order: foundation moves; then moves that empty a column; then moves that
// uncover a card that can go to a foundation; then other marriages; then
// filling a lane (never with a column's last card, which gives the same
// position up to the columns' order); the opening exception last.
func (g *fifteen) order(s *engine.State, moves []engine.Move, dst []engine.Move) []engine.Move {
	up, dn := fifHeights(s)
	g.tmp = g.tmp[:0]
	for _, m := range moves {
		var r int8
		switch {
		case m.Action != 0:
			r = 6
		case int(m.To) >= fifAces:
			r = 0
		default:
			src := s.Piles[m.From].Cards
			lane := len(s.Piles[m.To].Cards) == 0
			switch {
			case lane && len(src) == 1:
				continue
			case lane:
				r = 5
			case len(src) == 1:
				r = 1
			default:
				u := src[len(src)-2]
				ur, us := int8(u.Rank()), u.Suit()
				if up[us] == ur-1 || dn[us] == ur+1 || (ur == 1 && up[us] == 0) || (ur == 13 && dn[us] == 14) {
					r = 2
				} else {
					r = 3
				}
			}
		}
		g.tmp = append(g.tmp, scored{m, r})
	}
	return appendRanked(dst, g.tmp)
}
