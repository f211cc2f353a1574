package solve

import "pasyans/engine"

// A dead-position test for the last deal of the twelve-pile games (see
// swiss.go): a set of cards that no line can ever move.
//
// Moves in the last deal. No redeal is left, so the piles are never
// gathered, and the only moves are: the top card x of a pile goes onto a
// foundation where it continues a run (while the pack lasts, only onto
// the places its position allows), onto the top card of another pile one
// rank apart (of the same suit in new-places, of any suit in swiss and
// st-helena; while the pack lasts only under an option), or, where the
// game allows it, the top of one foundation goes onto another; and cards
// of the pack are laid on the tops of piles (a round, or a card replacing
// one played). No card is put on an empty pile in the endgame, no
// foundation card goes back to the piles, and a pile changes only at its
// top. A card still in the pack may come to lie anywhere, so it counts
// below as neither on the foundations nor in D nor under a card of D.
//
// Foundations of a suit s. Let a be the top rank of its ace run (0: none)
// and k that of its king run (14: none). A card of s goes onto a pile-fed
// foundation only as rank a+1 (an ace when a = 0, which always finds an
// empty ace place: no place holds s and four places serve four suits) or
// as rank k-1. A move between foundations takes a run's top onto the other
// run of its suit (or a lone base to an empty place of its kind, which
// leaves a and k as they are); it needs k = a+1 ("adjacent" runs) and
// keeps them adjacent. So when the runs of s are not adjacent, or cards
// never pass between foundations (swiss without its option, st-helena),
// a and k change only when a card of rank a+1 or k-1 comes from a pile;
// when they are adjacent and cards pass, any card of s can be fitted, so
// no bound is claimed for s then.
//
// Locked set. Let D be a set of pile cards such that each x in D (suit s,
// rank r) satisfies
//
//	(T) some card of D lies above x in its pile; or
//	(N) (i) every card x could be built on (rank r±1; of suit s in
//	    new-places, of any suit otherwise) lies on the foundations or
//	    below some card of D in its pile; and (ii) neither run of s can
//	    ever take x: the ace run is blocked for x when r <= a or some
//	    blocking rank q with a < q < r has every copy off the foundations
//	    in D; the king run when r >= k or some blocking rank q with
//	    r < q < k has every copy off the foundations in D. Where cards pass between foundations, the runs
//	    of s must moreover never be able to meet (a run may shrink by a
//	    pass, but only once they meet): they overlap (a >= k), or some
//	    gap rank q0, a < q0 < k, has both copies in D.
//
// Claim: no line from the position ever moves a card of D; so, if D is not
// empty, the position cannot be won (a win puts every card on the
// foundations). Proof: take a line and the first move in it of a card x of
// D. Before it no card of D has moved, and a pile changes only at its top,
// so each card of D lies where it lay, with the same cards under it. If
// (T), a card of D still lies above x: x is not a top card, and cannot
// move. If (N): x cannot go onto a pile card y, since y is on the
// foundations (which never give back a card) or lies under an unmoved card
// of D, so is no top card. Nor onto the ace run of s, which would have to
// stand at r-1. With passes, the runs of s have never been adjacent since
// the position, so no card of s has passed: overlapping runs (a >= k)
// that only grow from the piles stay overlapping; and with the gap rank
// q0, both its copies are off the foundations and unmoved, so no card of
// rank q0 has reached the foundations, while adjacent runs hold every
// rank once between them. So the runs of s, like those of any suit
// without passes, have only grown from the piles. So if r <= a the ace
// run is already past r-1 for good; otherwise it would have taken, since
// the position, a card of the blocking rank q from a pile, where every
// copy of q off the foundations lies in D, unmoved. The king run
// likewise. ∎
//
// The union of locked sets is locked (the conditions only get easier as D
// grows), so the largest one is found by starting from every pile card and
// striking out, until none is left to strike, each card that meets neither
// condition. That set is closed downwards in each pile (everything under a
// card of D meets (T)), so it is held as a height per pile: D holds the
// cards 0..h[p] of pile p, and only the card at h[p] needs (N). A locked
// set stays locked after any move (TestTwelveLocked checks it), so the
// test only ever grows stronger along a line.
func (g *twelveCtx) locked(s *engine.State) bool {
	var b twBound
	b.init(s)
	for changed := true; changed; {
		changed = false
		left := false
		for p := 0; p < 12; p++ {
			cs := s.Piles[twTab+p].Cards
			for b.h[p] >= 0 && !b.stuck(g, cs[b.h[p]]) {
				b.strike(cs, p)
				changed = true
			}
			left = left || b.h[p] >= 0
		}
		if !left {
			return false
		}
	}
	return true
}

// twBound is the working state of locked: the runs' tops, the height of
// D in each pile, per card how many of its copies off the foundations are
// not under a card of D (in the pack or at the top of D or above), kept
// up to date as D shrinks; and inD, per suit, with bit q set when every
// copy off the foundations of the card of rank q is in D (and there is
// one): no copy in the pack, and none struck out of D yet.
type twBound struct {
	a, k [4]int
	h    [12]int
	free [64]int8
	inD  [4]uint16
}

func (b *twBound) init(s *engine.State) {
	b.a, b.k = twRuns(s)
	var pack [4]uint16
	for _, c := range s.Piles[twStock].Cards {
		b.free[c]++
		pack[c.Suit()] |= 1 << c.Rank()
	}
	for p := 0; p < 12; p++ {
		cs := s.Piles[twTab+p].Cards
		b.h[p] = len(cs) - 1
		for _, c := range cs {
			b.inD[c.Suit()] |= 1 << c.Rank()
		}
		if len(cs) > 0 {
			b.free[cs[len(cs)-1]]++
		}
	}
	for su := range b.inD {
		b.inD[su] &^= pack[su]
	}
}

// strike takes the card at the top of D in pile p (cards cs) out of D.
func (b *twBound) strike(cs []engine.Card, p int) {
	x := cs[b.h[p]]
	b.inD[x.Suit()] &^= 1 << x.Rank() // a copy of x is now out of D
	b.h[p]--
	if b.h[p] >= 0 {
		b.free[cs[b.h[p]]]++
	}
}

// ranks returns the mask of ranks lo..hi (none when lo > hi).
func ranks(lo, hi int) uint16 {
	if lo > hi {
		return 0
	}
	return uint16(1)<<(hi+1) - uint16(1)<<lo
}

// stuck reports whether x meets (N) for the current D. The cheap test of
// (i) in suit comes first; the answer is the same in any order.
func (b *twBound) stuck(g *twelveCtx, x engine.Card) bool {
	su, r := int(x.Suit()), int(x.Rank())
	if g.inSuit {
		// x-4 and x+4 are the cards of suit su one rank below and above
		// (free holds 0 at ranks 0 and 14, which no card has: 0..3, 56..59).
		if b.free[x-4] > 0 || b.free[x+4] > 0 {
			return false
		}
	}
	A, K, d := b.a[su], b.k[su], b.inD[su]
	if g.f2f && A < K && d&ranks(A+1, K-1) == 0 {
		return false // the runs may yet meet, and then take any card of s
	}
	if r > A && d&ranks(A+1, r-1) == 0 {
		return false
	}
	if r < K && d&ranks(r+1, K-1) == 0 {
		return false
	}
	if g.inSuit {
		return true
	}
	for _, rr := range [2]int{r - 1, r + 1} {
		if rr < 1 || rr > 13 {
			continue
		}
		for t := 0; t < 4; t++ {
			if b.free[engine.NewCard(engine.Rank(rr), engine.Suit(t))] > 0 {
				return false
			}
		}
	}
	return true
}
