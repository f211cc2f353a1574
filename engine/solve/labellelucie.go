package solve

import "pasyans/engine"

// La Belle Lucie: 18 packets (fans), 4 foundations built up in suit from the
// ace, descending marriages in suit between packet tops, no filling of an
// emptied packet, two redeals (gather in order, shuffle by a seed fixed by
// the deal and the redeal's number, deal in threes), option merci. Pile
// indexes and counters as in engine/variants/labellelucie.go.
const (
	lblPackets = 0
	lblFound   = 18
	lblPiles   = 22

	lblVarRedeals = 0
	lblVarMerci   = 1
	lblActRedeal  = 1
)

// laBelleLucie is the solver's knowledge of la-belle-lucie.
//
// Key. A foundation holds the ace to its top card of one suit (cards never
// leave it), so the four foundations are written as the height of each
// suit. The packets are written in full and in order (a redeal gathers them
// in order, so their order matters), then the counters. The game has no
// face-down cards.
//
// "Last deal" below means: no redeal is left and merci cannot be used
// (option off, or already used). Then no card ever changes packet except by
// a marriage or a foundation move, and the order of the packets no longer
// matters.
//
// Safe move (last deal only). Put the top card c (rank r, suit s) of a
// packet on its foundation, which is at r-1. Let P be the position with c
// on the packet and P' the one with c on the foundation. On a packet, c could
// only receive the card r-1 of s (marriages are in suit, one pack), which is
// on the foundation for good. Take any line from P and play it from P'
// without c's own moves: every other move puts a card on the top of a packet
// that is not c (nothing can go on c) or on a foundation, and those tops are
// the same in P' (the piles of P' are those of P with c struck out, and c is
// never under a card that moves onto it); a card that moves from a packet
// whose top in P is c is c itself. The line's foundation moves are the same.
// So P' wins whenever P does. Before the last deal this is not claimed: the
// shuffle of a redeal sees every card of the packets, and one card fewer
// makes a different deal.
//
// Dead position (last deal only). A card c lying in a packet above a lower
// card of its own suit can reach its foundation only after that card, so it
// must first leave the packet by a marriage, onto the card r+1 of its suit.
// If c is a king (no such card) or that card lies in the same packet under
// c, c can never move, the lower card never comes free, and the deal is
// lost.
type laBelleLucie struct {
	v     *engine.Variant
	merci int
	tmp   []scored
}

func init() {
	registerCtx(func(v *engine.Variant) gameCtx { return newLaBelleLucie(v) }, "la-belle-lucie")
}

func newLaBelleLucie(v *engine.Variant) *laBelleLucie {
	return &laBelleLucie{v: v, merci: v.Option("merci")}
}

func (g *laBelleLucie) start(*engine.State) {}

// last reports whether s is in its last deal (see the type's comment).
func (g *laBelleLucie) last(s *engine.State) bool {
	return s.Vars[lblVarRedeals] >= 2 && (!s.Opt(g.merci) || s.Vars[lblVarMerci] != 0)
}

func (g *laBelleLucie) key(s *engine.State, dst []byte) []byte {
	var h [4]byte
	for f := lblFound; f < lblPiles; f++ {
		if t := s.Piles[f].Top(); t != engine.NoCard {
			h[t.Suit()] = byte(t.Rank())
		}
	}
	dst = append(dst, h[:]...)
	for p := lblPackets; p < lblFound; p++ {
		dst = appendCards(dst, s.Piles[p].Cards)
	}
	return append(dst, byte(s.Vars[lblVarRedeals]), byte(s.Vars[lblVarMerci]))
}

// foundHeight returns the height of suit su's foundation.
func lblHeight(s *engine.State, su engine.Suit) engine.Rank {
	for f := lblFound; f < lblPiles; f++ {
		if t := s.Piles[f].Top(); t != engine.NoCard && t.Suit() == su {
			return t.Rank()
		}
	}
	return 0
}

func (g *laBelleLucie) dead(s *engine.State) bool {
	if !g.last(s) {
		return false
	}
	for p := lblPackets; p < lblFound; p++ {
		cards := s.Piles[p].Cards
		for i := 1; i < len(cards); i++ {
			c := cards[i]
			below := false
			parentBelow := c.Rank() == engine.King
			for _, x := range cards[:i] {
				if x.Suit() == c.Suit() {
					if x.Rank() < c.Rank() {
						below = true
					}
					if x.Rank() == c.Rank()+1 {
						parentBelow = true
					}
				}
			}
			if below && parentBelow {
				return true
			}
		}
	}
	return false
}

func (g *laBelleLucie) safe(s *engine.State, moves []engine.Move) (engine.Move, bool) {
	if !g.last(s) {
		return engine.Move{}, false
	}
	for _, m := range moves {
		if m.Action == 0 && m.To >= lblFound {
			return m, true
		}
	}
	return engine.Move{}, false
}

// order: foundation moves, then marriages that empty a packet's top onto
// another (those uncovering a card first), then the redeal, then merci.
func (g *laBelleLucie) order(s *engine.State, moves []engine.Move, dst []engine.Move) []engine.Move {
	g.tmp = g.tmp[:0]
	for _, m := range moves {
		var r int8
		switch {
		case m.Action == lblActRedeal:
			r = 3
		case m.Action != 0:
			r = 4
		case m.To >= lblFound:
			r = 0
		case len(s.Piles[m.From].Cards) > 1:
			r = 1
		default:
			r = 2
		}
		g.tmp = append(g.tmp, scored{m, r})
	}
	return appendRanked(dst, g.tmp)
}
