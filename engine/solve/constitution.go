package solve

import "pasyans/engine"

// The Constitution: four rows of eight (Privy Council v, Lords l, Commons
// c, People p), eight foundations (two per suit, f1 f2 spades, f3 f4
// hearts, f5 f6 diamonds, f7 f8 clubs) built up in suit from the ace to the
// knave, fed only from the Privy Council; a card climbs by building down in
// alternate colours on the row immediately above; vacancies are filled from
// the row below (compulsorily, unless free-vacancies), the People from the
// talon, else the pack. Pile indexes as in engine/variants/constitution.go.
const (
	coPrivy  = 0
	coLords  = 8
	coPeople = 24
	coFound  = 32
	coStock  = 40
	coTalon  = 41
)

// constitution is the solver's knowledge of constitution.
//
// Key. A foundation holds the ace to its top card of one suit and never
// gives a card back, so it is written as its height; the two foundations of
// a suit are interchangeable (the same cards go on either), so each suit's
// pair of heights is sorted. The pack loses cards only from its top, so its
// length tells its content. The talon is written in full. Within each row
// the eight piles are interchangeable (every rule reads only the row of a
// pile), so each row's piles are sorted. The set-aside kings and queens
// never move and are left out; so are the counters (the game keeps none,
// and no card is face down: TestConstitutionNoCounters).
//
// Safe move. Put the top card c (rank r, suit s) of a Privy Council pile on
// a foundation when (1) both foundations of s are at least r-1 high, (2)
// both foundations of each suit of the other colour are at least r-1 high
// (so every card that could ever be built on c, a card of rank r-1 of the
// other colour, is on a foundation for good), and (3) the pile keeps a card
// under c, or the option free-vacancies is on (so the move makes no vacancy
// that rule V would force to be filled). Let P be the position and P' the
// one after the move. By (1), one foundation F of s is at r-1 and the other
// is at r-1 too (then they are interchangeable) or higher, in which case it
// already holds one copy of c and the only copy left, c, can only ever go
// on F: either way c on F is where some winning line from P puts it. Play
// any line from P from P' without c's own move: by (2) nothing is ever put
// on c, so every other move finds the same top cards (the piles of P' are
// those of P with c struck out), and a Privy Council card moves only to a
// foundation. The card under c is free in P' earlier, which only adds moves;
// under free-vacancies a vacancy is never compelled to be filled, so an
// empty place serves at least as well as c. Rule V is unchanged by (3).
//
// Dead positions: none. An earlier version looked for a cycle of "must be
// played before" among the Privy Council cards, which needs a card lying
// under a higher card of its suit in one pile. That never happens: every
// pile above the People starts as one card (dealt, or filling a vacancy)
// and grows only by a card one rank lower, so each is a descending run and
// every card lies on higher ones. The test never fired and cost a tenth of
// the time; it is gone.
//
// Deal reduction and move order: constitution_deal.go and order.
type constitution struct {
	v     *engine.Variant
	free  int
	base  int       // depth of the position the search started from
	pend  []coDepth // per depth from base: the deal reduction's record (constitution_deal.go)
	noPOR bool      // tests: search without the deal reduction
	tmp   []scored
}

func init() {
	registerCtx(func(v *engine.Variant) gameCtx { return newConstitution(v) }, "constitution")
}

func newConstitution(v *engine.Variant) *constitution {
	return &constitution{v: v, free: v.Option("free-vacancies")}
}

func (g *constitution) start(s *engine.State) { g.base = s.Depth() }

func (g *constitution) key(s *engine.State, dst []byte) []byte {
	for f := coFound; f < coStock; f += 2 {
		a, b := byte(len(s.Piles[f].Cards)), byte(len(s.Piles[f+1].Cards))
		if a > b {
			a, b = b, a
		}
		dst = append(dst, a, b)
	}
	dst = append(dst, byte(len(s.Piles[coStock].Cards)))
	dst = appendCards(dst, s.Piles[coTalon].Cards)
	pend := byte(0)
	if g.track(s) {
		pend = 1
	}
	dst = append(dst, pend)
	for row := coPrivy; row < coFound; row += 8 {
		dst = appendPilesSorted(dst, s, row, 8)
	}
	return dst
}

// height returns the height of foundation f.
func coHeight(s *engine.State, f int) int { return len(s.Piles[f].Cards) }

// bothAtLeast reports whether both foundations of suit su are at least h high.
func coBothAtLeast(s *engine.State, su engine.Suit, h int) bool {
	f := coFound + 2*int(su)
	return coHeight(s, f) >= h && coHeight(s, f+1) >= h
}

func (g *constitution) safe(s *engine.State, moves []engine.Move) (engine.Move, bool) {
	if g.pending(s) {
		return engine.Move{}, false
	}
	free := s.Opt(g.free)
	for _, m := range moves {
		if m.Action != 0 || m.To < coFound || m.From >= coLords {
			continue
		}
		pile := s.Piles[m.From].Cards
		if len(pile) < 2 && !free {
			continue
		}
		c := pile[len(pile)-1]
		h := int(c.Rank()) - 1
		if !coBothAtLeast(s, c.Suit(), h) {
			continue
		}
		other := [2]engine.Suit{engine.Hearts, engine.Diamonds}
		if c.Red() {
			other = [2]engine.Suit{engine.Spades, engine.Clubs}
		}
		if coBothAtLeast(s, other[0], h) && coBothAtLeast(s, other[1], h) {
			return m, true
		}
	}
	return engine.Move{}, false
}

// dead reports nothing: see the type's comment on why the cycle test of
// the Privy Council that stood here could never fire.
func (g *constitution) dead(*engine.State) bool { return false }

// coGap returns how many cards of c's suit must still reach the
// foundations before c can go there: 0 when c is playable now (on the
// higher of its suit's two foundations if it fits there, else the lower).
func coGap(s *engine.State, c engine.Card) int {
	f := coFound + 2*int(c.Suit())
	h1, h2 := coHeight(s, f), coHeight(s, f+1)
	if h1 > h2 {
		h1, h2 = h2, h1
	}
	r := int(c.Rank())
	if h2 < r {
		return r - 1 - h2
	}
	return r - 1 - h1
}

// coDig reports whether dealing on to a deeper card of the pack looks
// better than taking the next card (the talon's top, else the pack's): some
// pack card k deals down has a gap smaller by more than (k+4)/4.
func coDig(s *engine.State) bool {
	pk := s.Piles[coStock].Cards
	if len(pk) == 0 {
		return false
	}
	tl := s.Piles[coTalon].Cards
	next, from := 0, 1
	if len(tl) > 0 {
		next, from = coGap(s, tl[len(tl)-1]), 0
	} else {
		next = coGap(s, pk[len(pk)-1])
	}
	for k := from; k < len(pk); k++ {
		if coGap(s, pk[len(pk)-1-k])*4+k+4 < next*4 {
			return true
		}
	}
	return false
}

// order: foundation moves first; then the moves up a row, from the higher
// rows first (they bring cards nearer the foundations), within a row the
// card with the smaller gap (coGap) first, later when it would cover a
// Privy Council card of smaller gap; the deal last, unless a card
// worth digging for lies in the pack (coDig): then the deal comes before
// the moves from the People, and in a pending position (where the next
// People move would take the talon's top) before everything.
//
// Measured on 200 deals at 1.5 M positions (stats -game constitution
// -deals 200 -nodes 1500000 -workers 1): rows only, 176 won; with the deal
// reduction, 175; with the gap, 186; with the digging deal, 189; with the
// covering rule, 192 (deals 201-400: 186 without it, 190 with it).
func (g *constitution) order(s *engine.State, moves []engine.Move, dst []engine.Move) []engine.Move {
	g.tmp = g.tmp[:0]
	dig := coDig(s)
	for _, m := range moves {
		var r int
		switch {
		case m.Action != 0 && dig && g.pending(s):
			r = 0
		case m.Action != 0 && dig:
			r = 1 + 3*12 - 1
		case m.Action != 0:
			r = 120
		case m.To >= coFound:
			r = 0
		default:
			row := int(m.From) / 8
			if m.From == coTalon {
				row = 4
			}
			gap := min(coGap(s, s.Piles[m.From].Top()), 10)
			r = 1 + row*12 + gap
			if t := s.Piles[m.To].Top(); m.To < coLords && t != engine.NoCard && coGap(s, t) < gap {
				r += 6 // it would cover a Privy Council card due sooner
			}
		}
		g.tmp = append(g.tmp, scored{m, int8(r)})
	}
	return appendRanked(dst, g.tmp)
}

// probePlan: nearly all of the budget to the probes, in units of 1000
// positions, as the twelve-pile games do. Most of the deals the exhaustive
// search left unknown at 2 s are wins found too slowly (8 of 10 sampled
// unknowns win at 6 s), and randomized restarts find them sooner. Measured
// on 200 deals at 2 s, 2 workers (stats -game constitution -deals 200
// -budget 2s): the default plan (0.3, 1000) won 146 (load 1.5); (0.95,
// 1000) won 171 (load 2.0) and 154 (load 4.4, shared machine); units of
// 300, 5000 and 20000 won 143, 152 and 138. Re-checked with the gap order
// and the deal reduction at 1.5 M positions on 200 deals: units of 500,
// 1000, 2000 and 4000 won 189, 192, 190 and 188 (4000 without the
// covering rule). A probe never answers Lost
// unless it exhausted the reachable space, so no answer changes meaning.
func (g *constitution) probePlan() (float64, int64) { return 0.95, 1000 }
