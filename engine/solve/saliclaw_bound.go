package solve

import (
	"cmp"
	"slices"

	"pasyans/engine"
)

// slBound holds the rank bound (slBound.stuck) and its scratch space.
type slBound struct {
	// fut[L] is what the rest of the deal adds when the pack holds L
	// cards: the ranks it deals onto the packet now newest, then onto each
	// packet it starts, and the ranks still in the pack (Vars of no use).
	fut  []slFuture
	none slFuture
	// cnt[p]: the cards of each rank of packet p, current and to come;
	// now[p]: the current ones only; n: the packets, current then to come.
	cnt   [8][14]int8
	empty [8]bool // cnt[p] is all zero
	n     int
	sizes []int
	// counted: cnt, empty and n hold the position of the current call to
	// stuck, whose newest packet and future are atNewest and atFut (see
	// counts).
	counted  bool
	atNewest int
	atFut    *slFuture
}

// slView is what the rank bound and the dead test read of a position:
// the foundations' heights, the eight king piles (each its king first,
// empty for a king not yet dealt), the pack's length and the newest packet
// (the last king dealt). Salic-law's general search reads it from an
// engine.State (of), its endgame search from its own positions.
type slView struct {
	height [8]int
	piles  [8][]engine.Card
	stock  int
	newest int
}

// of fills v with s and returns it.
func (v *slView) of(s *engine.State) *slView {
	for i := range v.height {
		v.height[i] = len(s.Piles[slFound+i].Cards)
		v.piles[i] = s.Piles[slKings+i].Cards
	}
	v.stock = len(s.Piles[slStock].Cards)
	v.newest = slNewest(s)
	return v
}

// slFuture is the rest of the deal from one length of the pack.
type slFuture struct {
	newest [14]int8   // ranks dealt onto the packet now newest
	more   [][14]int8 // ranks dealt onto each packet still to start
	stock  [14]int8   // ranks still in the pack
	// nonEmpty: the packets still to start that will hold cards.
	nonEmpty int
}

// start computes the futures of the deal of s.
func (b *slBound) start(s *engine.State) {
	st := s.Piles[slStock].Cards
	b.fut = slices.Grow(b.fut[:0], len(st)+1)[:len(st)+1]
	for n := 0; n <= len(st); n++ {
		f := &b.fut[n]
		*f = slFuture{more: f.more[:0]}
		cur := &f.newest
		for i := n - 1; i >= 0; i-- {
			r := st[i].Rank()
			f.stock[r]++
			switch r {
			case engine.King:
				f.more = append(f.more, [14]int8{})
				cur = &f.more[len(f.more)-1]
			case engine.Ace, engine.Queen:
			default:
				cur[r]++
			}
		}
		for _, m := range f.more {
			if m != [14]int8{} {
				f.nonEmpty++
			}
		}
	}
}

// stuck is the rank bound: it reports a rank r (below upto; 12: any)
// whose next card can never reach a foundation, so that the deal, which
// needs every card of rank r there, is lost. It reads the position as it
// will be when the deal is over and no more cards are played before (the
// packets with the rest of the pack dealt onto them: the virtual layout
// V).
//
// The argument, after the deal. Let r be a rank with cards still in the
// packets, none of them on top of a packet. Look at the first moment t when
// a card x of rank r goes to a foundation; x then lies on top of its packet
// P or alone on a king, so every card that lay above x has gone. Until t no
// card of rank r has gone to a foundation, so a foundation now lower than r
// stays below r, and a foundation of height h >= r takes at most one card
// of each rank above h: at most T[k] cards of rank k > r reach the
// foundations before t, T[k] the number of foundations with r <= h < k.
// (Cards below r are not limited, which only weakens the bound.) At t
// every card that lay above x is on a foundation or lies alone on a king (a
// card put on a bare king is alone there, for nothing is built on it). So
// at t the eight kings hold, each on its own: P (with x, or, if x moved,
// the cards that lay under it, or x itself), every card from above x not on
// a foundation, and, for each other packet Q not yet wholly on the
// foundations, at least one card of Q (Q's rest on its own king, or a card
// of Q alone on a king: a king holds either the rest of its own packet or
// one card). Counting the least this can be: capacity spent on the cards
// above x saves a king for each card, capacity spent on a packet Q saves
// one king for all of Q's cards, so the least count gives the cards above
// x all the capacity they can use (A[k] cards of rank k above x:
// max(0, A[k]-T[k]) of them stay off the foundations) and clears other
// packets with what is left, R[k] = max(0, T[k]-A[k]). A packet holding a
// card of rank r is never cleared before t; a packet is cleared only if
// each of its ranks above r fits in R; and the packets cleared together
// hold at most the sum of R cards above r, so at most as many as the
// smallest of them whose sizes fit in that sum. If for every card x of
// rank r the kings needed exceed eight, t never comes. (The deeper cards of
// rank r in one packet have more cards above them, so only the topmost of
// each packet is tried.) Fewer kings can take cards under once-per-king,
// so the bound holds under every option.
//
// During the deal (not under any-time: no card goes on a king before the
// pack is out) the bound is used only for a rank r with no card left in
// the pack. Then x is a card now in the packets. If t comes after the
// deal, the count above holds for V: the cards dealt onto x's packet later
// lie above x too and have gone by t, and the packets still to start are
// packets like the others. If t comes during the deal, every card now
// above x has gone to a foundation by t (cards leave the packets only for
// the foundations while the pack lasts), which T forbids when one rank
// above r has more cards above x than T allows. The bound claims a loss
// only when both cases are ruled out for every x.
//
// Monotone in foundation moves: if a rank r passes (is not reported) in a
// position P of the deal, it passes after a card of rank x < r goes from
// a packet to a foundation: the foundation that rises, to x, stays below
// r, so every T[k] is the same, the packet only loses a card (fewer cards
// above each card of rank r, fewer cards to clear, no more packets holding
// cards), and the pack, so the ranks considered, is the same. (Not for
// r = x: the card that let r pass may be the one that went.)
func (b *slBound) stuck(v *slView, upto int) bool {
	height := &v.height
	var below [13]int // below[x]: the foundations lower than x
	for _, h := range height {
		below[h+1]++
	}
	for x := 1; x < len(below); x++ {
		below[x] += below[x-1]
	}
	stock := v.stock
	var fut *slFuture
	switch {
	case stock < len(b.fut):
		fut = &b.fut[stock]
	case stock == 0:
		fut = &b.none // a made-up position: nothing to deal
	default:
		return false // not a position of the deal start saw
	}
	lowest := 11 // the lowest foundation: ranks above it have cards to go
	for _, h := range height {
		lowest = min(lowest, h)
	}
	open := false
	for r := max(2, lowest+1); r <= 11 && !open; r++ {
		open = fut.stock[r] == 0
	}
	if !open {
		return false // every rank still to go has a card in the pack
	}
	newest := v.newest
	nonEmpty := fut.nonEmpty // the packets still to start that get cards
	for p := slKings; p <= newest; p++ {
		if len(v.piles[p]) > 1 || (p == newest && fut.newest != [14]int8{}) {
			nonEmpty++
		}
	}
	// shallow[r]: the fewest cards above a card of rank r in a packet now
	// (99: none under 8 cards).
	// first[r]: the packet of that card (-1: none), tried first (it is the
	// likeliest to be reachable).
	var shallow, first [14]int
	for r := range shallow {
		shallow[r], first[r] = 99, -1
	}
	for p := slKings; p <= newest; p++ {
		cards := v.piles[p]
		for d, i := 0, len(cards)-1; i > 0 && d < 8; d, i = d+1, i-1 {
			if r := cards[i].Rank(); d < shallow[r] {
				shallow[r], first[r] = d, p
			}
		}
	}
	b.counted, b.atNewest, b.atFut = false, newest, fut
	for r := 2; r <= 11 && r < upto; r++ {
		// A card of rank r under fewer than 9-nonEmpty cards passes the
		// count whatever their ranks (one king each at most), and one on
		// top passes during the deal: no need to count.
		if fut.stock[r] > 0 || shallow[r]+nonEmpty <= 8 || (stock > 0 && shallow[r] == 0) {
			continue
		}
		if b.rankStuck(v, r, first[r], &below, nonEmpty) {
			return true
		}
	}
	return false
}

// counts fills cnt, empty and n for v, the position of the current call
// to stuck, once: they are needed only when the first packet tried does
// not settle a rank at once.
func (b *slBound) counts(v *slView) {
	if !b.counted {
		b.count(v, b.atNewest, b.atFut)
		b.counted = true
	}
}

// count fills b.cnt and b.n with the packets of V.
func (b *slBound) count(v *slView, newest int, fut *slFuture) {
	b.n = 0
	for p := slKings; p <= newest; p++ {
		c := &b.cnt[b.n]
		*c = [14]int8{}
		for _, card := range v.piles[p][1:] {
			c[card.Rank()]++
		}
		if p == newest {
			for k := range c {
				c[k] += fut.newest[k]
			}
		}
		b.empty[b.n] = len(v.piles[p]) == 1 && (p != newest || fut.newest == [14]int8{})
		b.n++
	}
	for _, m := range fut.more {
		b.cnt[b.n] = m
		b.empty[b.n] = m == [14]int8{}
		b.n++
	}
}

// sortSmall sorts a few numbers in place (insertion sort).
func sortSmall[T cmp.Ordered](a []T) {
	for i := 1; i < len(a); i++ {
		x, j := a[i], i
		for j > 0 && a[j-1] > x {
			a[j] = a[j-1]
			j--
		}
		a[j] = x
	}
}

// rankStuck is stuck for one rank r (none of it in the pack), with
// below[x] the number of foundations lower than x. The packet first (-1:
// none), which holds the shallowest card of rank r, is tried first: it is
// the likeliest to pass, and then the others need not be counted.
func (b *slBound) rankStuck(v *slView, r, first int, below *[13]int, nonEmpty int) bool {
	if below[r] == 0 {
		return false // every foundation is r high or more
	}
	var tcap [14]int // T[k]: rank-k cards the foundations at r or more can take
	for k := r + 1; k <= 11; k++ {
		tcap[k] = below[k] - below[r] // the foundations r <= h < k high
	}
	found := first >= 0
	if found && b.reachable(v, first, r, &tcap, nonEmpty) {
		return false
	}
	b.counts(v)
	for p := slKings; p <= v.newest; p++ {
		if p == first || b.cnt[p-slKings][r] == 0 {
			continue
		}
		found = true
		if b.reachable(v, p, r, &tcap, nonEmpty) {
			return false
		}
	}
	return found
}

// reachable reports whether rankStuck's count allows the topmost card of
// rank r of packet p to reach a foundation.
func (b *slBound) reachable(v *slView, p, r int, tcap *[14]int, nonEmpty int) bool {
	cards := v.piles[p]
	var above [14]int
	for i := len(cards) - 1; cards[i].Rank() != engine.Rank(r); i-- {
		above[cards[i].Rank()]++
	}
	if v.stock > 0 {
		for k := r + 1; k <= 11; k++ {
			if above[k] > tcap[k] {
				goto late
			}
		}
		return true // it might come up during the deal
	late:
		if p == v.newest {
			fut := &b.fut[v.stock]
			for k := range above {
				above[k] += int(fut.newest[k])
			}
		}
	}
	need := nonEmpty // p itself and every other packet
	var rest [14]int
	total := 0
	for k := r + 1; k <= 11; k++ {
		need += max(0, above[k]-tcap[k])
		rest[k] = max(0, tcap[k]-above[k])
		total += rest[k]
	}
	if need <= 8 {
		return true
	}
	b.counts(v)
	b.sizes = b.sizes[:0]
	for q := 0; q < b.n; q++ {
		if q == p-slKings || b.empty[q] || b.cnt[q][r] > 0 {
			continue
		}
		size, fits := 0, true
		for k := r + 1; k <= 11 && fits; k++ {
			n := int(b.cnt[q][k])
			fits = n <= rest[k]
			size += n
		}
		if fits {
			b.sizes = append(b.sizes, size)
		}
	}
	sortSmall(b.sizes)
	for _, sz := range b.sizes {
		if sz > total {
			break
		}
		total -= sz
		need--
	}
	return need <= 8
}
