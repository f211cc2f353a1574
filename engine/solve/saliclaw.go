package solve

import "pasyans/engine"

// The Salic Law: king packets k1..k8 (0..7), foundations f1..f8 (8..15)
// built from the ace to the knave in any suit, queens q1..q8 (16..23), the
// pack s (24). Pile indexes as in engine/variants/saliclaw.go.
const (
	slKings = 0
	slFound = 8
	slQueen = 16
	slStock = 24
)

// salicLaw is the solver's knowledge of salic-law.
//
// Key. Foundations take any suit and never give a card back, and whether a
// card may go on one depends only on its top rank, so two positions whose
// foundations have the same heights (as a multiset: the foundations are
// interchangeable) behave alike from then on; the key holds the sorted
// heights instead of the cards. The queens' row is decoration: no rule
// reads it, so the key leaves it out. The pack only loses cards from its
// top, so its length tells its content. The king packets are written in
// full, in order (they are not interchangeable: cards are dealt onto the
// newest). The counters (once-per-king bits) are kept.
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
	v  *engine.Variant
	hs [8]byte
}

func newSalicLaw(v *engine.Variant) *salicLaw { return &salicLaw{v: v} }

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
	dst = append(dst, byte(len(s.Piles[slStock].Cards)))
	for i := slKings; i < slKings+8; i++ {
		for _, c := range s.Piles[i].Cards {
			dst = append(dst, byte(c))
		}
		dst = append(dst, 0xFF)
	}
	for _, v := range s.Vars {
		dst = append(dst, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return dst
}

func (g *salicLaw) dead(*engine.State) bool { return false }

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

func (g *salicLaw) order(s *engine.State, moves []engine.Move, dst []engine.Move) []engine.Move {
	// Foundation moves first, then the deal, then cards onto bare kings.
	for pass := 0; pass < 3; pass++ {
		for _, m := range moves {
			r := 2
			switch {
			case m.Action != 0:
				r = 1
			case m.To >= slFound:
				r = 0
			}
			if r == pass {
				dst = append(dst, m)
			}
		}
	}
	return dst
}
