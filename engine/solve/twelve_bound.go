package solve

import (
	"math/bits"

	"pasyans/engine"
)

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
//
// The strikes may be made in any order (the largest locked set is one),
// and (N) only gets harder to meet as D shrinks: a card's neighbours only
// get freer, and blocking ranks only fewer. So locked works from per-suit
// masks of ranks: the ranks with a copy free (in the pack, or at the top
// of D or above) and the ranks whose cards the runs cannot take.
func (g *twelveCtx) locked(s *engine.State) bool { return g.lockedAfter(s, -1) }

// lockedAfter is locked for a position P' whose last move, from a
// position P in the last deal that is not dead (no non-empty locked set),
// built the top card x of a pile onto the top of pile q (q < 0: no such
// move known; the plain test). Then P' is dead only if x is in its
// largest locked set, so the test stops, answering false, as soon as x is
// struck out (first of all when a card x could be built on is free).
// Proof: let D be a locked set of P' without x. A build moves x alone (no
// game refills a pile after a build: new-places refills only while the
// pack lasts, when it does not build), so every other card lies where it
// lay in P, and the foundations and the pack are as they were. A card of
// D never has x's card among those it could be built on where (N)(i)
// must hold: x is a copy of it under no card of D and off the
// foundations. So every card that (T), (N)(i) or a blocking rank of
// (N)(ii) reads for D (a card of D, or a copy covered by D or on the
// foundations) is other than x, and lies in P as in P', with the same
// cards of D above it (x lay above the cards of D in its pile, and lies
// above them in q); the runs are as they were. So D is a locked set of P
// (of pile cards there too), and is empty, as P is not dead.
func (g *twelveCtx) lockedAfter(s *engine.State, q int) bool {
	var b twBound
	b.tops(s)
	if q >= 0 && !b.noFreeNeighbour(g, s.Piles[twTab+q].Top()) {
		return false // x has a free neighbour: it is struck first
	}
	b.init(s)
	first := max(q, 0)
	for changed := true; changed; {
		changed = false
		left := false
		for i := 0; i < 12; i++ {
			p := (first + i) % 12
			cs := s.Piles[twTab+p].Cards
			for b.h[p] >= 0 && !b.stuck(g, cs[b.h[p]]) {
				b.strike(cs, p)
				changed = true
			}
			if p == q && b.h[p] < len(cs)-1 {
				return false // x is struck out
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
// D in each pile; per suit, the ranks with a copy off the foundations not
// under a card of D (in the pack, or at the top of D or above: free); the
// ranks inD whose every copy off the foundations is in D (and there is
// one): none in the pack, and none struck out of D yet; and the ranks
// held, whose cards the runs can never take as D stands (part (ii) of
// (N), and the runs' not meeting where cards pass).
type twBound struct {
	a, k [4]int
	h    [12]int
	pack [4]uint16
	free [4]uint16
	inD  [4]uint16
	held [4]uint16
	// stale has bit su set when held[su] is to be recomputed (inD[su]
	// changed since).
	stale uint8
}

// tops sets free, for D holding every pile card: the ranks of the pack
// and of the piles' tops.
func (b *twBound) tops(s *engine.State) {
	for _, c := range s.Piles[twStock].Cards {
		b.pack[c.Suit()] |= 1 << c.Rank()
	}
	b.free = b.pack
	for p := 0; p < 12; p++ {
		if c := s.Piles[twTab+p].Top(); c != engine.NoCard {
			b.free[c.Suit()] |= 1 << c.Rank()
		}
	}
}

// init sets the rest, after tops: the runs, the heights, inD.
func (b *twBound) init(s *engine.State) {
	b.a, b.k = twRuns(s)
	for p := 0; p < 12; p++ {
		cs := s.Piles[twTab+p].Cards
		b.h[p] = len(cs) - 1
		for _, c := range cs {
			b.inD[c.Suit()] |= 1 << c.Rank()
		}
	}
	for su := range b.inD {
		b.inD[su] &^= b.pack[su]
	}
	b.stale = 0x0F
}

// hold sets held[su] from inD[su]: a rank r is held when (ace run) r <= a
// or a blocking rank q, a < q < r, is in D, and (king run) r >= k or a
// blocking rank q, r < q < k, is in D; and, where cards pass between
// foundations, the runs overlap (a >= k) or a gap rank a < q0 < k is in
// D. With q the lowest rank above a in D and q' the highest below k, the
// ace run holds the ranks up to a and above q, the king run those from k
// and below q'.
func (b *twBound) hold(g *twelveCtx, su int) {
	A, K, d := b.a[su], b.k[su], b.inD[su]
	if g.f2f && A < K && d&ranks(A+1, K-1) == 0 {
		b.held[su] = 0
		return
	}
	ace := ranks(1, A)
	if up := d &^ ranks(0, A); up != 0 {
		ace |= ranks(bits.TrailingZeros16(up)+1, 13)
	}
	king := ranks(K, 13)
	if down := d & ranks(0, K-1); down != 0 {
		king |= ranks(1, 15-bits.LeadingZeros16(down)-1)
	}
	b.held[su] = ace & king
}

// strike takes the card at the top of D in pile p (cards cs) out of D.
func (b *twBound) strike(cs []engine.Card, p int) {
	x := cs[b.h[p]]
	su, bit := x.Suit(), uint16(1)<<x.Rank()
	if b.inD[su]&bit != 0 { // a copy of x is now out of D
		b.inD[su] &^= bit
		b.stale |= 1 << su
	}
	b.h[p]--
	if b.h[p] >= 0 {
		c := cs[b.h[p]]
		b.free[c.Suit()] |= 1 << c.Rank()
	}
}

// ranks returns the mask of ranks lo..hi (none when lo > hi).
func ranks(lo, hi int) uint16 {
	if lo > hi {
		return 0
	}
	return uint16(1)<<(hi+1) - uint16(1)<<lo
}

// noFreeNeighbour reports whether no card x could be built on is free: part
// (i) of (N).
func (b *twBound) noFreeNeighbour(g *twelveCtx, x engine.Card) bool {
	su, r := x.Suit(), x.Rank()
	near, free := uint16(1)<<(r-1)|uint16(1)<<(r+1), b.free[su]
	if !g.inSuit {
		free = b.free[0] | b.free[1] | b.free[2] | b.free[3]
	}
	return free&near == 0
}

// stuck reports whether x meets (N) for the current D: its suit holds
// its rank, and no card it could be built on is free (of its suit in
// new-places, of any suit otherwise).
func (b *twBound) stuck(g *twelveCtx, x engine.Card) bool {
	if !b.noFreeNeighbour(g, x) {
		return false
	}
	su, r := x.Suit(), x.Rank()
	if b.stale&(1<<su) != 0 {
		b.stale &^= 1 << su
		b.hold(g, int(su))
	}
	return b.held[su]&(1<<r) != 0
}
