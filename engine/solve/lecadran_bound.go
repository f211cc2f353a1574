package solve

import "pasyans/engine"

// lcBound is le-cadran's dead test: the stuck-card bound (stuck) and its
// scratch space.
type lcBound struct {
	// loc[c] is where the copies of card c in the columns and the talon
	// lie, n[c] how many there are; up[su] the two foundations of suit su
	// (their top ranks, 0 for none).
	loc [56][2]lcLoc
	n   [56]uint8
	up  [4][2]engine.Rank
	// hi[p] is the index, in column p (0..9) or the talon (lcTalon), of
	// its highest stuck card, -1 when it has none.
	hi [lcTalon + 1]int8
	// pack[L][c] is how many copies of card c the pack holds when it holds
	// L cards (the pack only loses cards from its top).
	pack [][56]uint8
}

// start records the pack of s for the quick test (see quick).
func (b *lcBound) start(s *engine.State) {
	st := s.Piles[lcStock].Cards
	b.pack = append(b.pack[:0], [56]uint8{})
	for i, c := range st {
		b.pack = append(b.pack, b.pack[i])
		b.pack[i+1][c]++
	}
}

// quick reports whether some column surely has no card of S, before the
// fixed point is sought (it only saves time). A copy on a foundation or in
// the pack is never blocked. In suit su every rank up to the higher
// foundation's top has a copy on a foundation; let low[su] be the first
// rank above it with no copy in the pack. For a card of rank at most
// low[su], every lower rank has a copy that is never blocked, so it never
// meets (a). A card whose next card is a column's top card never meets
// (b) (hi never exceeds a pile's top index, so that copy is not under a
// card of S). A column of cards that each fail so never holds a card of S,
// and stuck answers false.
func (b *lcBound) quick(s *engine.State) bool {
	var low [4]engine.Rank
	pk := &b.pack[len(s.Piles[lcStock].Cards)]
	for su := engine.Suit(0); su < 4; su++ {
		q := max(b.up[su][0], b.up[su][1]) + 1
		for q <= engine.King && pk[engine.NewCard(q, su)] != 0 {
			q++
		}
		low[su] = q
	}
	var top [60]bool
	for p := lcCols; p < lcCols+10; p++ {
		top[s.Piles[p].Top()] = true
	}
	for p := lcCols; p < lcCols+10; p++ {
		free := true
		for _, c := range s.Piles[p].Cards {
			if c.Rank() > low[c.Suit()] && (c.Rank() == engine.King || !top[c+4]) {
				free = false
				break
			}
		}
		if free {
			return true
		}
	}
	return false
}

// lcLoc is where a copy of a card lies: pile p (a column or lcTalon) at
// index i.
type lcLoc struct{ p, i int8 }

// stuck reports a position that no line wins because, with no lane open,
// every column holds a card that can never leave it.
//
// The set. Let S hold one card per pile (column or talon), the pile's
// card at index hi[p] (none when hi[p] is -1); the cards under it are
// "covered". Call a copy of a card blocked when it is in S or covered, and
// a copy that can never serve (as a column's top card, a base for a
// marriage) when it lies on a foundation, or in a column strictly under a
// card of S, or in the talon in S or covered, or, lying in the pack or in
// the talon above S, it is a king or no copy of the next card of its suit
// can serve (recursively). Each card X of S satisfies:
//
//	(a) for some rank q below X's, both copies of rank q of X's suit are
//	    blocked;
//	(b) X is a king, or neither copy of the card one rank above X in its
//	    suit can serve as a base.
//
// stuck finds the largest such S (start with every pile's top card and
// lower hi[p] while the card at hi[p] fails (a) or (b); lowering hi only
// unblocks copies, so a card that failed fails again and the result is the
// greatest fixed point). It answers true when no column is empty and every
// column has a card in S.
//
// Proof. Suppose some line from the position makes a card of S leave its
// pile or opens a lane, and take the first move t that does either. Before
// t no card of S has left, so every covered card still lies under its card
// of S (only a pile's top card moves and nothing uncovers it), and no
// lane has been open (none is now). A lane opens only when a column's last
// card leaves, and every column holds a card of S, so move t moves a card
// X of S, and, no lane being open, to a foundation or onto a column's top
// card (one rank higher, same suit). To a foundation: a copy of every
// lower rank of X's suit would have to be on a foundation, but both copies
// of rank q of (a) are still in S or covered, in their piles. By marriage:
// no copy of X's next card is a column's top card before t: a copy on a
// foundation stays there; one covered in a column is not its top; one in
// the talon, in S or covered, is still there; one in the pack or higher in
// the talon can have reached a column before t only by marriage (no lane
// being open) onto a copy of its own next card serving as a column's top
// card, which by the same argument (on ranks, from the king down) no copy
// of it did. Either way t is not a legal move, a contradiction. So no
// card of S ever leaves its pile, and S is not empty: no card of S reaches
// a foundation, and the deal is lost.
//
// The argument reads no rule of dealing, so it holds under every option
// (talon-only only restricts the lanes, which never open).
//
// Reach, measured (2026-12-06, the test counting S's columns at its fixed
// point, the quick test off): on deals 3, 14 and 30, undecided at 5 s,
// searched to 3 M positions, the tests made with no lane open found S in
// all 10 columns (a dead position) in 18%, 5% and 0.5% of cases, in 9 of
// them in 57%, 34% and 7%, in 8 or more in 92%, 74% and 33%. So the
// search spends its positions where nearly every column is frozen: a
// column without a card of S can still be emptied (one of deal 3's, with
// 30 cards in the pack, held only a two waiting for its ace), and the
// lane it opens can take a card of S. Proving those positions dead needs
// a bound on what the lanes that can still open can free. Speed alone
// does not reach them: of 23 deals undecided at 5 s (these three among
// them), one thread at 60 s decided 1 of 19 (a win found at 6 s), at
// 300 s none of 4.
//
// Tried without gain (2026-12-06, issue #54; the code is in commit
// a6d9bb3, reverted after it). Measured in positions: seeds 1–100 on one
// thread at 1 M positions a deal (nice -n 19 pasyans stats -game
// le-cadran -deals 100 -first 1 -nodes 1000000 -threads 1 -workers 1),
// and the exhaustive search alone (no beams, no probes) on deals 3, 14
// and 30 at 2 M positions, timed in CPU seconds:
//
//	solver                     won lost undecided  positions/CPU-s (3, 14, 30)
//	as committed                37    5    58      1.85 M, 2.02 M, 2.60 M
//	look-ahead, 1 column, 200   36    5    59      0.46 M, 0.40 M, 2.18 M
//	look-ahead, 2 columns, 200  35    5    60      (not timed)
//	lane dominance              35    5    60      1.82 M, 2.09 M, 2.73 M
//
// Each row changes one thing. The lost deals are the same five (9, 40,
// 42, 70, 93) in every row; the rows below the first lose wins (35 and
// 86) that the probes, their order shifted, no longer find, and the first
// look-ahead wins 47 instead.
//
//   - The look-ahead: where the fixed point leaves one column C without a
//     card of S (or two, the second row), the first move that moves a
//     card of S or opens a lane must empty such a column (the argument
//     above); an exhaustive search of the moves that open no lane, capped
//     at 200 positions, that never empties one proves the position dead.
//     Sound (on random playouts it fired on 139 positions, each proved
//     lost by the search without any dead test), and it fires: the dead
//     positions found on deals 3, 14 and 30 rose from 169,000, 45,000 and
//     7,100 to 170,000, 151,000 and 30,000 (and 197,000 on deal 14 with two
//     columns). But the searches that time out go on timing out, and at
//     cap 200 a position costs 4 times the CPU (2 times at cap 30, which
//     fires nearly as often). Reading the pack's order this way does not
//     tell the search what the lane, once open, can free.
//   - The lane dominance: a card that does not lie on its marriage base
//     is not moved to a lane while a copy of that base is a column's top
//     card (marrying it there and then moving it to the lane reaches the
//     same position). It adds 1–1.6% new positions per budget on deals 3,
//     14 and 30, and the shifted probes won two deals fewer (35 and 86).
//   - What bounds the gain from commuting moves: in the exhaustive search
//     on deals 3, 14 and 30, 50%, 48% and 73% of the moves lead to a
//     position already visited. Even all of them saved (a partial-order
//     reduction) would at most double or quadruple the distinct positions
//     per budget, and at 20 M positions, 2.5 times the whole 8 M budget,
//     the exhaustive search alone finished none of deals 1, 3, 14 and 30
//     (17.1 M, 8.3 M, 16.4 M and 5.3 M distinct positions).
func (b *lcBound) stuck(s *engine.State) bool {
	for p := lcCols; p < lcCols+10; p++ {
		if len(s.Piles[p].Cards) == 0 {
			return false
		}
	}
	b.up = [4][2]engine.Rank{}
	for f := lcFound; f < lcFound+8; f++ {
		if t := s.Piles[f].Top(); t != engine.NoCard {
			u := &b.up[t.Suit()]
			if u[0] == 0 {
				u[0] = t.Rank()
			} else {
				u[1] = t.Rank()
			}
		}
	}
	if len(b.pack) > len(s.Piles[lcStock].Cards) && b.quick(s) {
		return false
	}
	b.n = [56]uint8{}
	for p := lcCols; p <= lcTalon; p++ {
		if p == lcCols+10 {
			p = lcTalon
		}
		for i, c := range s.Piles[p].Cards {
			b.loc[c][b.n[c]&1] = lcLoc{int8(p), int8(i)}
			b.n[c]++
		}
	}
	for p := lcCols; p < lcCols+10; p++ {
		b.hi[p] = int8(len(s.Piles[p].Cards) - 1)
	}
	b.hi[lcTalon] = int8(len(s.Piles[lcTalon].Cards) - 1)
	for changed := true; changed; {
		changed = false
		for p := lcCols; p <= lcTalon; p++ {
			if p == lcCols+10 {
				p = lcTalon
			}
			for b.hi[p] >= 0 && !b.holds(s.Piles[p].Cards[b.hi[p]]) {
				b.hi[p]--
				changed = true
			}
			if b.hi[p] < 0 && p != lcTalon {
				return false
			}
		}
	}
	return true
}

// holds reports whether card x, at hi of its pile, meets (a) and (b).
func (b *lcBound) holds(x engine.Card) bool {
	if x.Rank() < engine.King && !b.neverServes(x+4) {
		return false
	}
	for q := engine.Ace; q < x.Rank(); q++ {
		c := engine.NewCard(q, x.Suit())
		if b.n[c] == 2 && b.blocked(b.loc[c][0]) && b.blocked(b.loc[c][1]) {
			return true
		}
	}
	return false
}

// blocked reports a copy in S or covered.
func (b *lcBound) blocked(l lcLoc) bool { return l.i <= b.hi[l.p] }

// onFound returns how many copies of c lie on the foundations.
func (b *lcBound) onFound(c engine.Card) int {
	u := b.up[c.Suit()]
	n := 0
	if u[0] >= c.Rank() {
		n++
	}
	if u[1] >= c.Rank() {
		n++
	}
	return n
}

// neverServes reports whether no copy of card c can be a column's top
// card while S stays in place: each copy lies on a foundation, or in a
// column strictly under a card of S, or in the talon in S or covered, or
// (in the pack or higher in the talon) can reach a column only by marriage,
// onto a copy of the next card of its suit, and c is a king or no copy of
// that next card can serve either.
func (b *lcBound) neverServes(c engine.Card) bool {
	free := 2 - int(b.n[c]) - b.onFound(c) // copies in the pack
	for _, l := range b.loc[c][:b.n[c]] {
		switch {
		case l.p < lcFound:
			if l.i >= b.hi[l.p] {
				return false
			}
		case l.i > b.hi[l.p]:
			free++
		}
	}
	return free == 0 || c.Rank() == engine.King || b.neverServes(c+4)
}
