package solve

import "pasyans/engine"

// A dead-position test for the endgame of the twelve-pile games (the last
// deal with the pack out; see swiss.go): a set of cards that no line can
// ever move.
//
// Moves in the endgame. The pack is out and no redeal is left, so the only
// moves are: the top card x of a pile goes onto a foundation where it
// continues a run, onto the top card of another pile one rank apart (of
// the same suit in new-places, of any suit in swiss and st-helena), or,
// where the game allows it, the top of one foundation goes onto another.
// No card is put on an empty pile, no foundation card goes back to the
// piles, and a pile changes only at its top.
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
//	(E) (i) every card x could be built on (rank r±1; of suit s in
//	    new-places, of any suit otherwise) lies on the foundations or
//	    below some card of D in its pile; and (ii) the runs of s are not
//	    adjacent-with-passing (above), r is neither a+1 nor k-1, and every
//	    pile copy of ranks a+1 and k-1 of suit s is in D.
//
// Claim: no line from the position ever moves a card of D; so, if D is not
// empty, the position cannot be won (a win puts every card on the
// foundations). Proof: take a line and the first move in it of a card x of
// D. Before it no card of D has moved, and a pile changes only at its top,
// so each card of D lies where it lay, with the same cards under it. If
// (T), a card of D still lies above x: x is not a top card, and cannot
// move. If (E): x cannot go onto a pile card y, since y is on the
// foundations (which never give back a card) or lies under an unmoved card
// of D, so is no top card. Nor onto a foundation: every change of a and k
// of s before this move would have put a pile copy of rank a+1 or k-1 on a
// foundation (the passes between foundations change nothing while the runs
// are not adjacent, and the first change would have to be such a put), and
// all those copies are in D, unmoved; so a and k are as now, and r is
// neither a+1 nor k-1. Both cases contradict the move. ∎
//
// The union of locked sets is locked (the conditions only get easier as D
// grows), so the largest one is found by starting from every pile card and
// striking out, until none is left to strike, each card that meets neither
// condition. That set is closed downwards in each pile (everything under a
// card of D meets (T)), so it is held as a height per pile: D holds the
// cards 0..h[p] of pile p, and only the card at h[p] needs (E).
func (g *twelveCtx) locked(s *engine.State) bool {
	var a, k [4]int
	for su := range k {
		k[su] = 14
	}
	for f := 0; f < 8; f++ {
		if t := s.Piles[twFound+f].Top(); t != engine.NoCard {
			if f < 4 {
				a[t.Suit()] = int(t.Rank())
			} else {
				k[t.Suit()] = int(t.Rank())
			}
		}
	}
	// A suit is frozen when its runs are not adjacent with passing and no
	// pile top is of its rank a+1 or k-1 (a top card is in D only by (E),
	// which such a card fails, so (E)(ii) fails for every card of an
	// unfrozen suit). The card at the height of a non-empty D meets (E),
	// so with no frozen suit D is empty.
	var top [64]bool
	for p := 0; p < 12; p++ {
		if c := s.Piles[twTab+p].Top(); c != engine.NoCard {
			top[c] = true
		}
	}
	var frozen [4]bool
	some := false
	for su := 0; su < 4; su++ {
		A, K := a[su], k[su]
		frozen[su] = !(g.f2f && A+1 == K) &&
			(A+1 > 13 || !top[engine.NewCard(engine.Rank(A+1), engine.Suit(su))]) &&
			(K-1 < 1 || !top[engine.NewCard(engine.Rank(K-1), engine.Suit(su))])
		some = some || frozen[su]
	}
	if !some {
		return false
	}
	// Where the pile copies of each card lie.
	var nloc [64]int8
	var locP, locI [64][2]int8
	var h [12]int
	for p := 0; p < 12; p++ {
		cs := s.Piles[twTab+p].Cards
		h[p] = len(cs) - 1
		for i, c := range cs {
			// Only cards of frozen suits are looked up (in new-places
			// a card is built only on its own suit).
			if g.inSuit && !frozen[c.Suit()] {
				continue
			}
			n := nloc[c]
			if n < 2 {
				locP[c][n], locI[c][n] = int8(p), int8(i)
				nloc[c] = n + 1
			}
		}
	}
	// covered: every pile copy of c lies under a card of D.
	covered := func(c engine.Card) bool {
		for j := int8(0); j < nloc[c]; j++ {
			if h[locP[c][j]] <= int(locI[c][j]) {
				return false
			}
		}
		return true
	}
	// inD: every pile copy of c is in D.
	inD := func(c engine.Card) bool {
		for j := int8(0); j < nloc[c]; j++ {
			if h[locP[c][j]] < int(locI[c][j]) {
				return false
			}
		}
		return true
	}
	stuck := func(x engine.Card) bool {
		su, r := int(x.Suit()), int(x.Rank())
		A, K := a[su], k[su]
		if !frozen[su] { // implies the tests below fail (see above)
			return false
		}
		if r == A+1 || r == K-1 {
			return false
		}
		if A+1 <= 13 && !inD(engine.NewCard(engine.Rank(A+1), engine.Suit(su))) {
			return false
		}
		if K-1 >= 1 && !inD(engine.NewCard(engine.Rank(K-1), engine.Suit(su))) {
			return false
		}
		for _, rr := range [2]int{r - 1, r + 1} {
			if rr < 1 || rr > 13 {
				continue
			}
			for t := 0; t < 4; t++ {
				if g.inSuit && t != su {
					continue
				}
				if !covered(engine.NewCard(engine.Rank(rr), engine.Suit(t))) {
					return false
				}
			}
		}
		return true
	}
	for changed := true; changed; {
		changed = false
		for p := 0; p < 12; p++ {
			cs := s.Piles[twTab+p].Cards
			for h[p] >= 0 && (!frozen[cs[h[p]].Suit()] || !stuck(cs[h[p]])) {
				h[p]--
				changed = true
			}
		}
	}
	for p := range h {
		if h[p] >= 0 {
			return true
		}
	}
	return false
}
