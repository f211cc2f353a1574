package solve

import (
	"pasyans/engine"
)

// Le Cadran (Forty Thieves): 10 columns, 8 foundations built up in suit
// from the ace, a 64-card pack turned one card at a time onto one talon,
// no redeal. Pile indexes as in engine/variants/lecadran.go.
const (
	lcCols  = 0
	lcFound = 10
	lcStock = 18
	lcTalon = 19
)

// leCadran is the solver's knowledge of le-cadran.
//
// Key. A foundation holds the ace to its top card of one suit, so its top
// card tells its content; the eight foundations are interchangeable, so the
// key holds their top cards sorted. The pack is never shuffled and cards
// only leave it from the top, so its length tells its content. The ten
// columns are interchangeable and are sorted. The talon is written in full.
// The game keeps no counters and no face-down cards (a test checks both).
//
// Safe move. Putting a card C (rank r, suit s) on a foundation loses
// nothing when both cards of rank r-1 of suit s already lie on
// foundations (always true of an ace): on the layout C could only ever
// receive a card of rank r-1 of suit s (descending marriage in suit), and
// none is left; it could fill a lane, but a lane left empty serves at least
// as well; and a card on a foundation is never needed elsewhere. So any
// line from the position with C still out can be replayed from the
// position with C on its foundation by skipping C's own moves. The
// argument needs the pack to be turnable at will, so under the option
// strict-deal (turn only when no other move is left) no move is made
// automatically.
type leCadran struct {
	v      *engine.Variant
	strict bool
	colBuf []byte
	tmp    []scored
}

func newLeCadran(v *engine.Variant) *leCadran {
	return &leCadran{v: v, colBuf: make([]byte, 0, 256)}
}

func (g *leCadran) start(s *engine.State) {
	g.strict = s.Opt(s.V.Option("strict-deal"))
}

func (g *leCadran) key(s *engine.State, dst []byte) []byte {
	// Foundations: top cards, sorted (insertion sort of 8 bytes).
	var tops [8]byte
	for i := 0; i < 8; i++ {
		c := byte(s.Piles[lcFound+i].Top())
		j := i
		for j > 0 && tops[j-1] > c {
			tops[j] = tops[j-1]
			j--
		}
		tops[j] = c
	}
	dst = append(dst, tops[:]...)
	dst = append(dst, byte(len(s.Piles[lcStock].Cards)))
	for _, c := range s.Piles[lcTalon].Cards {
		dst = append(dst, byte(c))
	}
	dst = append(dst, 0xFF)
	// Columns: encode each, sort the encodings.
	buf := g.colBuf[:0]
	var segs [10][]byte
	for i := 0; i < 10; i++ {
		st := len(buf)
		for _, c := range s.Piles[lcCols+i].Cards {
			buf = append(buf, byte(c))
		}
		buf = append(buf, 0xFF)
		segs[i] = buf[st:len(buf):len(buf)]
	}
	g.colBuf = buf
	for i := 1; i < 10; i++ {
		x := segs[i]
		j := i
		for j > 0 && lessSeg(x, segs[j-1]) {
			segs[j] = segs[j-1]
			j--
		}
		segs[j] = x
	}
	for _, sg := range segs {
		dst = append(dst, sg...)
	}
	return dst
}

// lessSeg compares two 0xFF-terminated encodings.
func lessSeg(a, b []byte) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

func (g *leCadran) dead(*engine.State) bool { return false }

// foundationsAtLeast counts the foundations of suit su whose top rank is at
// least r (an empty foundation counts for r = 0).
func lcFoundationsAtLeast(s *engine.State, su engine.Suit, r engine.Rank) int {
	if r == 0 {
		return 2
	}
	n := 0
	for f := lcFound; f < lcFound+8; f++ {
		t := s.Piles[f].Top()
		if t != engine.NoCard && t.Suit() == su && t.Rank() >= r {
			n++
		}
	}
	return n
}

func (g *leCadran) safe(s *engine.State, moves []engine.Move) (engine.Move, bool) {
	if g.strict {
		return engine.Move{}, false
	}
	for _, m := range moves {
		if m.Action != 0 || m.To < lcFound || m.To >= lcStock {
			continue
		}
		c := s.Piles[m.From].Top()
		if lcFoundationsAtLeast(s, c.Suit(), c.Rank()-1) == 2 {
			return m, true
		}
	}
	return engine.Move{}, false
}

func (g *leCadran) order(s *engine.State, moves []engine.Move, dst []engine.Move) []engine.Move {
	g.tmp = g.tmp[:0]
	for _, m := range moves {
		var r int8
		switch {
		case m.Action != 0:
			r = lcDealRank
		case m.To >= lcFound:
			r = 0
		default:
			from, to := int(m.From), int(m.To)
			n := len(s.Piles[from].Cards)
			lane := len(s.Piles[to].Cards) == 0
			switch {
			case lane && from != lcTalon && n == 1:
				continue // the same position up to the columns' order
			case !lane && from != lcTalon && n == 1:
				r = 1 // opens a lane
			case !lane && from == lcTalon:
				r = 2
			case !lane:
				r = 3
			case from != lcTalon:
				r = 5
			default:
				r = 6
			}
		}
		g.tmp = append(g.tmp, scored{m, r})
	}
	for r := int8(0); r < 8; r++ {
		for _, x := range g.tmp {
			if x.r == r {
				dst = append(dst, x.m)
			}
		}
	}
	return dst
}

// lcDealRank places the deal after the marriages and before lane moves (found best by trial).
const lcDealRank = 4
