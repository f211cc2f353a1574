package solve

import (
	"slices"

	"pasyans/engine"
)

// The Salic Law: king packets k1..k8 (0..7), foundations f1..f8 (8..15)
// built from the ace to the knave in any suit, queens q1..q8 (16..23), the
// pack s (24). Pile indexes as in engine/variants/saliclaw.go.
const (
	slKings = 0
	slFound = 8
	slQueen = 16
	slStock = 24

	slVarOnce = 0
)

// salicLaw is the solver's knowledge of salic-law.
//
// Key. No rule of the game reads a card's suit: the foundations take any
// suit, kings, aces and queens are placed by rank, and a bare king takes any
// card. So two positions whose cards differ only in suits, rank for rank in
// the same places, play alike, and the key writes ranks, not cards.
// Foundations never give a card back, and whether a card may go on one
// depends only on its height, so two positions whose foundations have the
// same heights (as a multiset: the foundations are interchangeable) behave
// alike from then on; the key holds the sorted heights. The queens' row is
// decoration: no rule reads it, so the key leaves it out. The pack only
// loses cards from its top, so its length tells its content. While the pack
// lasts the king packets are written in order (the deal goes onto the
// newest); once it is out no rule reads their order any more (a card may go
// from the top of any packet onto any bare king, and to any foundation), so
// they are sorted, each with its once-per-king bit (the only counter), which
// travels with its packet.
//
// Safe move. A card of rank r may go on a foundation at once when every
// foundation is at least r-1 high. Proof: compare the position P with the
// position P' where the card c is on a foundation. Heights never fall, so
// from then on no foundation of P climbs to r-1 from below; P has m
// foundations at r-1 and exactly m cards of rank r off the foundations (c
// among them). Any line from P places its other rank-r cards, at most m-1
// of them before c, each on a foundation at r-1, and P' has m-1 of those:
// the same line, without c's own moves, plays from P'. For every other
// rank P' has at least as many foundations of each height as P needs. A
// card on a packet serves nothing but to cover the cards under it (no
// building on packets) or to fill a bare king, which P' may leave bare.
type salicLaw struct {
	v    *engine.Variant
	once int
	segs [8][]byte
	buf  []byte
	tmp  []scored
}

func newSalicLaw(v *engine.Variant) *salicLaw {
	return &salicLaw{v: v, once: v.Option("once-per-king")}
}

func (g *salicLaw) start(*engine.State) {}

func (g *salicLaw) key(s *engine.State, dst []byte) []byte {
	var hs [8]byte
	for i := 0; i < 8; i++ {
		h := byte(len(s.Piles[slFound+i].Cards))
		j := i
		for j > 0 && hs[j-1] > h {
			hs[j] = hs[j-1]
			j--
		}
		hs[j] = h
	}
	dst = append(dst, hs[:]...)
	stock := len(s.Piles[slStock].Cards)
	dst = append(dst, byte(stock))
	if stock > 0 {
		for i := slKings; i < slKings+8; i++ {
			for _, c := range s.Piles[i].Cards {
				dst = append(dst, byte(c.Rank()))
			}
			dst = append(dst, 0xFF)
		}
		for _, v := range s.Vars {
			dst = append(dst, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
		}
		return dst
	}
	buf := g.buf[:0]
	for i := 0; i < 8; i++ {
		st := len(buf)
		buf = append(buf, byte(s.Vars[slVarOnce]>>uint(slKings+i)&1))
		for _, c := range s.Piles[slKings+i].Cards {
			buf = append(buf, byte(c.Rank()))
		}
		buf = append(buf, 0xFF)
		g.segs[i] = buf[st:len(buf):len(buf)]
	}
	g.buf = buf
	segs := g.segs[:]
	sortByteSegs(segs)
	for _, sg := range segs {
		dst = append(dst, sg...)
	}
	v0 := s.Vars[slVarOnce] >> 8 // bits past the eight packets (none in play)
	dst = append(dst, byte(v0), byte(v0>>8), byte(v0>>16))
	for _, v := range s.Vars[1:] {
		dst = append(dst, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return dst
}

// dead: once the pack is out, the foundations can rise only by a card whose
// rank is one above some foundation's height (a needed rank). Until the
// first such card is played, the only moves put top cards on bare kings (a
// bare king holds one card and is then no longer bare; a card on a king may
// move to another bare king, which frees one place and fills another). So
// with E bare kings able to take a card, at most E cards can be lifted off
// a packet before the first foundation move: emptying a packet of n cards
// down to its king makes one new bare king but takes n places (n >= 1), so
// it never gains a place. If every card of a needed rank lies under more
// than E cards, no foundation move is ever possible again, and the deal,
// not yet won, is lost. (Under once-per-king a king that has had its card
// cannot take another and is not counted; that only makes E smaller where
// the count would otherwise be too large, so the bound stays true.)
func (g *salicLaw) dead(s *engine.State) bool {
	if len(s.Piles[slStock].Cards) > 0 {
		return false
	}
	var need [13]bool
	for f := slFound; f < slFound+8; f++ {
		if h := len(s.Piles[f].Cards); h < 11 {
			need[h+1] = true
		}
	}
	once := s.Opt(g.once)
	e := 0
	for k := slKings; k < slKings+8; k++ {
		if len(s.Piles[k].Cards) == 1 && (!once || s.Vars[slVarOnce]&(1<<uint(k-slKings)) == 0) {
			e++
		}
	}
	for k := slKings; k < slKings+8; k++ {
		cards := s.Piles[k].Cards
		for d := 0; d <= e && d < len(cards)-1; d++ {
			if need[cards[len(cards)-1-d].Rank()] {
				return false
			}
		}
	}
	return !g.won(s)
}

func (g *salicLaw) won(s *engine.State) bool {
	for f := slFound; f < slFound+8; f++ {
		if len(s.Piles[f].Cards) != 11 {
			return false
		}
	}
	return true
}

func (g *salicLaw) safe(s *engine.State, moves []engine.Move) (engine.Move, bool) {
	minH := 99
	for f := slFound; f < slFound+8; f++ {
		minH = min(minH, len(s.Piles[f].Cards))
	}
	for _, m := range moves {
		if m.Action == 0 && m.To >= slFound && m.To < slQueen {
			if int(s.Piles[m.From].Top().Rank())-1 <= minH {
				return m, true
			}
		}
	}
	return engine.Move{}, false
}

// order: foundation moves first, then the deal, then cards onto bare
// kings. Within each kind, a move that uncovers a card some foundation can
// take comes first, then moves from shorter packets (emptying a packet down
// to its king makes a new place for a card). A card alone on a king moving
// to another bare king gives the same position once the pack is out (the
// packets are then sorted in the key), and is left out of the order only
// then and without once-per-king, where the key proves it a repetition.
func (g *salicLaw) order(s *engine.State, moves []engine.Move, dst []engine.Move) []engine.Move {
	var has [13]bool // has[r]: some foundation is r high
	for f := slFound; f < slFound+8; f++ {
		has[len(s.Piles[f].Cards)] = true
	}
	stockOut := len(s.Piles[slStock].Cards) == 0
	sym := stockOut && !s.Opt(g.once)
	g.tmp = g.tmp[:0]
	for _, m := range moves {
		var r int8
		switch {
		case m.Action != 0:
			r = 20
		default:
			src := s.Piles[m.From].Cards
			n := len(src)
			if m.To < slFound && n == 2 && sym {
				continue
			}
			r = int8(min(n, 9))
			if n >= 3 {
				if b := src[n-2].Rank(); b < engine.Queen && has[b-1] {
					r -= 10
				}
			}
			if m.To < slFound {
				r += 40
			}
		}
		g.tmp = append(g.tmp, scored{m, r})
	}
	slices.SortStableFunc(g.tmp, func(a, b scored) int { return int(a.r) - int(b.r) })
	for _, x := range g.tmp {
		dst = append(dst, x.m)
	}
	return dst
}

// appendSortedPiles appends the cards of len(segs) interchangeable piles
// starting at pile first, each ended by 0xFF, in sorted order, so that
// positions differing only in their order share a key. segs and buf are
// the caller's scratch space (no allocation once warm).
func appendSortedPiles(dst []byte, s *engine.State, first int, segs [][]byte, buf *[]byte) []byte {
	b := (*buf)[:0]
	for i := range segs {
		st := len(b)
		for _, c := range s.Piles[first+i].Cards {
			b = append(b, byte(c))
		}
		b = append(b, 0xFF)
		segs[i] = b[st:len(b):len(b)]
	}
	*buf = b
	sortByteSegs(segs)
	for _, sg := range segs {
		dst = append(dst, sg...)
	}
	return dst
}

// sortByteSegs sorts byte strings by insertion sort (the groups are small).
func sortByteSegs(a [][]byte) {
	for i := 1; i < len(a); i++ {
		x := a[i]
		j := i
		for j > 0 && string(a[j-1]) > string(x) {
			a[j] = a[j-1]
			j--
		}
		a[j] = x
	}
}
