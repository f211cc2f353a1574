package solve

import (
	"math/bits"

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

	lcOptTalonOnly = 0 // option talon-only: lanes only from the talon
)

// leCadran is the solver's knowledge of le-cadran.
//
// Key. The pack is never shuffled and cards only leave it from the top, so
// its length tells its content. The ten columns are interchangeable and
// are sorted. The talon is written as a mask over the cards turned (see
// talonKey). The foundations are left out: they hold the cards that are
// nowhere else, and that set tells their content up to their order, which
// does not matter (they are interchangeable). In a suit whose foundations'
// top ranks are r1 ≤ r2, the foundations hold two cards of each rank up to
// r1 and one of each rank above it up to r2, so the counts per rank give
// r1 and r2 back. (Writing them, as the key once did, was a sixth of its
// time.)
// The columns, the most of the key (about 60 of its 70 bytes on a hard
// deal), are packed six bits a card (pack6): 25% less memory a position
// in the visited set (TestSeenSetBytesPerKey).
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
//
// Deal first, then the layout (see afterDeal): after a deal the search
// moves only the talon's top or deals again; the key records whether the
// last move was a deal.
//
// Dead positions: the stuck-card bound (lcBound.stuck, in
// lecadran_bound.go): no lane open and every column holding a card that,
// with no lane, can never leave it.
type leCadran struct {
	v      *engine.Variant
	strict bool
	tmp    []scored
	// root is the depth of the state the search started from (a deal made
	// before the search does not restrict its moves).
	root int
	// noDealFirst turns the deal-first rule off (for tests).
	noDealFirst bool
	// bound is the dead test; noBound turns it off (for tests).
	bound   lcBound
	noBound bool
	// The talon and the pack at the start of the search, for talonKey:
	// t0 is the talon, dealt the pack's cards in the order they are
	// turned (top first), s0 the pack's length; full when the pack is too
	// long for the 64-bit mask.
	t0    []engine.Card
	dealt []engine.Card
	s0    int
	full  bool
	memo  lcTalonMemo
}

func init() { registerCtx(func(v *engine.Variant) gameCtx { return newLeCadran(v) }, "le-cadran") }

func newLeCadran(v *engine.Variant) *leCadran {
	return &leCadran{v: v}
}

func (g *leCadran) start(s *engine.State) {
	g.strict = s.Opt(s.V.Option("strict-deal"))
	g.root = s.Depth()
	g.bound.start(s)
	g.t0 = append(g.t0[:0], s.Piles[lcTalon].Cards...)
	st := s.Piles[lcStock].Cards
	g.s0 = len(st)
	g.full = g.s0 > 64
	g.dealt = g.dealt[:0]
	for i := len(st) - 1; i >= 0; i-- {
		g.dealt = append(g.dealt, st[i])
	}
	g.memo.reset()
}

func (g *leCadran) key(s *engine.State, dst []byte) []byte {
	stock := len(s.Piles[lcStock].Cards)
	dst = append(dst, byte(stock))
	dst = g.talonKey(s, dst)
	// Columns: sorted by their cards (see appendPilesSorted), then packed
	// six bits a card (see pack6).
	at := len(dst)
	dst = appendPilesSorted(dst, s, lcCols, 10)
	dst = pack6(dst, at)
	// The columns' ten separators tell where their packed bytes end, so
	// the flag (1), a byte more, keeps keys apart.
	if g.afterDeal(s) {
		dst = append(dst, 1)
	}
	return dst
}

// afterDeal reports whether the search reached s by a deal, made during
// the search, under the free deal (not strict-deal). From such a position
// the search moves only the talon's top or deals again (order drops the
// moves from a column); safe moves are still taken from all moves.
//
// One move from a column is kept: after a deal that turns an ace (which
// goes at once to an empty foundation), a two of the ace's suit from a
// column to a foundation (dealtTwo), which may build on that ace and so
// could not always be made before the deal (without it, the position of
// TestLeCadranDealtAce, won, was called lost after one position).
//
// Proof that no win is lost. Call a move m from a column (to a column, a
// lane or a foundation) exempt after a deal d when d turns an ace and m
// puts a two of its suit on a foundation. A deal d and a move m from a
// column that is not exempt after it commute: m's legality reads only the
// columns and foundations; d changes no column, and at most one
// foundation, from empty to d's ace, and m reads only the foundation it
// goes to, whose top is the card under m's card, not that ace (m is not
// exempt; no move targets an empty foundation); d's legality reads only
// the pack, which m leaves alone; the aces that m may uncover and d's go
// to empty foundations either way (there is one for each ace); so both
// orders give the same position up to the interchangeable foundations.
// So a winning line in which a deal is followed by a move from a column
// not exempt after it can be rewritten, swapping the two, into one as long
// in which it is not (each swap moves a deal later, so the rewriting
// ends). Let L(P) be the length of the shortest such normalized winning
// line from P, one that starts with a deal, a talon move or an exempt move
// when P was reached by a deal. When P has no safe move, the first move of
// that line is among the moves searched, and leads to a position of
// smaller L. When the search takes a
// safe move instead, the safe-move argument (see leCadran) gives a winning
// line from the new position without the moves of the card it played,
// shorter, and normalizing it keeps its length; the new position was not
// reached by a deal, so nothing restricts it. Hence L decreases along some
// searched path to a win, and a search that exhausts the positions it can
// reach (with the flag in the key, so that a position reached by a deal
// and then by another move is searched again in full) finds a win
// whenever one exists. Under strict-deal a deal may be illegal after a
// lane move that it preceded, so the rule is off.
func (g *leCadran) afterDeal(s *engine.State) bool {
	return !g.strict && !g.noDealFirst && s.Depth() > g.root && s.LastMove().Action != 0
}

// dealtTwo returns, after a deal made during the search that turned an
// ace (which went to a foundation at once), the two of the ace's suit,
// which the deal-first rule lets go from a column to a foundation (see
// afterDeal); NoCard otherwise. The card turned follows from the pack's
// length (g.dealt is the pack in the order turned), so from the key.
func (g *leCadran) dealtTwo(s *engine.State) engine.Card {
	c := g.dealt[g.s0-len(s.Piles[lcStock].Cards)-1]
	if c.Rank() != engine.Ace {
		return engine.NoCard
	}
	return c + 4
}

// talonKey writes the talon compactly. Cards reach the talon only from the
// pack, which is never reordered, and leave it only from its top; so the
// talon is always a prefix of the talon at the start of the search (t0)
// followed by a subsequence of the cards turned since then (g.dealt, in
// the order turned, known from the pack's length). It is written as the
// prefix's length and a 64-bit mask over the turned cards, the cards
// matched greedily (the earliest turned card equal to the next talon
// card). The encoding decodes back to the talon's cards (given the pack's
// length, written before it), so two different talons never share it.
// Positions whose pack held more than 64 cards at the start fall back to
// the cards in full, marked by a 0xFE byte.
func (g *leCadran) talonKey(s *engine.State, dst []byte) []byte {
	talon := s.Piles[lcTalon].Cards
	if g.full {
		dst = append(dst, 0xFE)
		return appendCards(dst, talon)
	}
	// The prefix of t0 still in place.
	k := commonPrefix(talon, g.t0)
	mask := g.memo.mask(k, talon[k:], g.dealt)
	dst = append(dst, byte(k))
	return append(dst, byte(mask), byte(mask>>8), byte(mask>>16), byte(mask>>24),
		byte(mask>>32), byte(mask>>40), byte(mask>>48), byte(mask>>56))
}

// lcTalonMemo computes talonKey's mask from the one of the last call: the
// search changes the talon only at its top, so the talons of two keys
// computed one after the other mostly share their lower cards, and the
// greedy match of those is kept. k is the t0 prefix the memo is for,
// cards the talon above it, and after its first i cards, masks[i] is the
// mask and next[i] the place in dealt where the match goes on.
type lcTalonMemo struct {
	k     int
	cards []engine.Card
	masks []uint64
	next  []int
}

// reset forgets the memo (a new search: dealt has changed).
func (m *lcTalonMemo) reset() {
	m.k = -1
}

// mask returns the mask of the talon above a t0 prefix of length k (top)
// over the cards turned since the start (dealt, in the order turned): bit
// j is set when top's cards, matched greedily in order, take dealt[j]. The
// match of each card lies among the cards turned so far (see talonKey), so
// matching against the whole of dealt gives the same bits.
func (m *lcTalonMemo) mask(k int, top, dealt []engine.Card) uint64 {
	c := 0
	if k == m.k {
		c = commonPrefix(top, m.cards)
	} else {
		m.k = k
		m.masks = append(m.masks[:0], 0)
		m.next = append(m.next[:0], 0)
	}
	m.cards = append(m.cards[:c], top[c:]...)
	m.masks, m.next = m.masks[:c+1], m.next[:c+1]
	mask, j := m.masks[c], m.next[c]
	for _, card := range top[c:] {
		for j < len(dealt) && dealt[j] != card {
			j++
		}
		mask |= 1 << uint(j)
		j++
		m.masks = append(m.masks, mask)
		m.next = append(m.next, j)
	}
	return mask
}

// dead is the stuck-card bound (lecadran_bound.go), skipped right after
// a move to a foundation. Skipping a dead test only prunes less, so it
// is sound; it is done for speed: the bound then costs a quarter of the
// positions per second instead of two fifths, and deals 1–100 at 2 M
// positions give the same 19 won and 5 lost either way.
func (g *leCadran) dead(s *engine.State) bool {
	if g.noBound {
		return false
	}
	if s.Depth() > g.root {
		if m := s.LastMove(); m.Action == 0 && m.To >= lcFound {
			return false
		}
	}
	return g.bound.stuck(s)
}

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

// order ranks the moves, best first:
//
//	0 to a foundation;
//	1 a column's last card married away (opens a lane), or a column card
//	  married or moved to a lane when the card under it goes to a
//	  foundation next (frees it);
//	2 the talon's top married;
//	3 a column card married off a card that is not its own marriage base;
//	4 the deal;
//	5 a card married off its own marriage base (sideways), a column card
//	  to a lane;
//	6 the talon's top to a lane;
//	7 a column card to a lane off its own marriage base.
//
// Moving a card off its own base (one rank higher, same suit) only uncovers
// the base, which helps only when the base can go somewhere; to a lane it
// also spends the lane. Ranks 1 and 7 were added by trial (180 deals at 2 M
// positions: 22 won instead of 18).
func (g *leCadran) order(s *engine.State, moves []engine.Move, dst []engine.Move) []engine.Move {
	g.tmp = g.tmp[:0]
	var fnext [64]bool // cards a foundation takes next
	for f := lcFound; f < lcFound+8; f++ {
		if t := s.Piles[f].Top(); t == engine.NoCard {
			for su := engine.Card(0); su < 4; su++ {
				fnext[engine.NewCard(engine.Ace, engine.Suit(su))] = true
			}
		} else if t.Rank() < engine.King {
			fnext[t+4] = true
		}
	}
	deal := g.afterDeal(s)
	two := engine.NoCard
	if deal {
		two = g.dealtTwo(s)
	}
	for _, m := range moves {
		r := int8(0)
		switch {
		case deal && m.Action == 0 && m.From != lcTalon &&
			(two == engine.NoCard || int(m.To) < lcFound || s.Piles[m.From].Top() != two):
			continue
		case m.Action != 0:
			r = lcDealRank
		case m.To < lcFound:
			var ok bool
			if r, ok = g.rankCardMove(s, m, &fnext); !ok {
				continue
			}
		}
		g.tmp = append(g.tmp, scored{m, r})
	}
	return appendRanked(dst, g.tmp)
}

// rankCardMove ranks a move onto a column (see order); ok is false for a
// column's only card moved to a lane, which leads to the same key.
func (g *leCadran) rankCardMove(s *engine.State, m engine.Move, fnext *[64]bool) (r int8, ok bool) {
	from, to := int(m.From), int(m.To)
	n := len(s.Piles[from].Cards)
	lane := len(s.Piles[to].Cards) == 0
	// sideways: the card leaves its own marriage base, and the base
	// cannot go to a foundation; frees: the card under it can.
	sideways, frees := false, false
	if from != lcTalon && n >= 2 {
		c, under := s.Piles[from].Cards[n-1], s.Piles[from].Cards[n-2]
		frees = fnext[under]
		sideways = under == c+4 && !frees
	}
	switch {
	case lane && from != lcTalon && n == 1:
		return 0, false
	case !lane && from != lcTalon && n == 1, frees:
		return 1, true
	case !lane && from == lcTalon:
		return 2, true
	case !lane && !sideways:
		return 3, true
	case !lane:
		return lcSidewaysRank, true
	case from != lcTalon && sideways:
		return 7, true
	case from != lcTalon:
		return 5, true
	}
	return 6, true
}

// lcSidewaysRank places a marriage that moves a card off its own marriage
// base (which no foundation takes yet) after the deal.
const lcSidewaysRank = 5

// lcDealRank places the deal after the marriages and before lane moves (found best by trial).
const lcDealRank = 4

// moves is le-cadran's move generator for the search (moveGen): the
// engine's moves (leCadran.Moves in engine/variants), except that of moves
// equal up to the interchangeable foundations and columns only one is
// listed: an ace goes to the first empty foundation, a card to the first
// foundation that takes it, a lane is filled in the first empty column.
// TestMoveGenAgrees checks that every engine move is listed or leads to a
// position of the same key as a listed one, and that every listed move is
// legal.
func (g *leCadran) moves(s *engine.State, dst []engine.Move) []engine.Move {
	// accept[c]: the first foundation that takes card c, plus one.
	var accept [64]int8
	firstEmpty := -1
	for f := lcFound + 7; f >= lcFound; f-- {
		t := s.Piles[f].Cards
		if len(t) == 0 {
			firstEmpty = f
			continue
		}
		if c := t[len(t)-1]; c.Rank() < engine.King {
			accept[c+4] = int8(f + 1)
		}
	}
	// byTop[c]: the columns whose top card is c; lane: the first empty one.
	var byTop [64]uint16
	var tops [11]engine.Card
	lane := -1
	for i := 9; i >= 0; i-- {
		p := s.Piles[lcCols+i].Cards
		if len(p) == 0 {
			lane = lcCols + i
			continue
		}
		c := p[len(p)-1]
		tops[i] = c
		byTop[c] |= 1 << uint(i)
	}
	if t := s.Piles[lcTalon].Cards; len(t) > 0 {
		tops[10] = t[len(t)-1]
	}
	talonOnly := s.Opt(lcOptTalonOnly)
	playable := false
	for i := 0; i <= 10; i++ {
		c := tops[i]
		if c == engine.NoCard {
			continue
		}
		from := lcCols + i
		if i == 10 {
			from = lcTalon
		}
		if c.Rank() == engine.Ace {
			if firstEmpty >= 0 {
				dst = append(dst, engine.Transfer(from, firstEmpty))
				playable = true
			}
		} else if f := accept[c]; f != 0 {
			dst = append(dst, engine.Transfer(from, int(f-1)))
			playable = true
		}
		if c.Rank() < engine.King {
			for m := byTop[c+4]; m != 0; m &= m - 1 {
				to := bits.TrailingZeros16(m)
				if to != i {
					dst = append(dst, engine.Transfer(from, lcCols+to))
					playable = true
				}
			}
		}
		if lane >= 0 && (!talonOnly || i == 10) {
			dst = append(dst, engine.Transfer(from, lane))
		}
	}
	if len(s.Piles[lcStock].Cards) > 0 && (!g.strict || !playable) {
		dst = append(dst, engine.ActionMove(1, -1, -1))
	}
	return dst
}

// probePlan: half the budget the beams leave to probes, the shortest of
// 5000 positions (found by trial before the beams: on 180 deals at 2 M
// positions, 26 won with 5000, 22 with 20000; 60000 did no better than
// 20000). Since the beams the probes still win deals that nothing else
// does: without them, 1000 deals at 5 s gave 443 won and 41 lost against
// 459 and 34 (17 deals won by the probes alone, 7 more proved lost by the
// exhaustive search in their time), though deals 121–300 showed no
// difference in wins.
func (g *leCadran) probePlan() (float64, int64) { return 0.5, lcProbeUnit }

// lcProbeUnit is the node limit of the shortest probe (a variable so that
// experiments can vary it).
var lcProbeUnit int64 = 5000

// probeShift: the probes pass over a move with probability 1/4, not 1/2
// (k = 2; see perturb), ordering closer to the game's order. Found by
// trial at 3 M positions on one worker: deals 1–100 gave 24 won instead of
// 20 (passing over with 1/2 of 1/2, i.e. more randomness, did worse), deals
// 501–600 19 instead of 16 (before the deal-first rule's fix for dealt
// aces; with it, 25 and 24 won).
func (g *leCadran) probeShift() int { return lcProbeShift }

// lcProbeShift is probeShift's k (a variable so that experiments can vary
// it).
var lcProbeShift = 2

// beamScore rates a position for the beam search (see beamSearch): a card
// on a foundation counts most, then a lane, a card lying on its own
// marriage base (the next card up of its suit), less a card lying under a
// higher card of its suit in a column or the talon (the higher card must
// move before it can go up; lcBuried) and a card of the talon. The weights
// are a first guess; trials of others did no better (see beamPlan). The
// talon's buried cards were added with the beams' noise: beams alone at
// 1.5 M positions won 20 of deals 1–40 with both, 18 with the noise alone,
// 17 with neither.
func (g *leCadran) beamScore(s *engine.State) int {
	score := 0
	for f := lcFound; f < lcFound+8; f++ {
		score += lcFoundWeight * len(s.Piles[f].Cards)
	}
	for p := lcCols; p < lcCols+10; p++ {
		cs := s.Piles[p].Cards
		if len(cs) == 0 {
			score += lcLaneWeight
			continue
		}
		runs, buried := lcRunsBuried(cs)
		score += lcRunWeight*runs - lcAboveWeight*buried
	}
	t := s.Piles[lcTalon].Cards
	return score - lcAboveWeight*lcBuried(t) - lcTalonWeight*len(t)
}

// lcBuried counts the cards of pile cs (bottom first) that lie under a
// higher card of their suit.
func lcBuried(cs []engine.Card) int {
	_, n := lcRunsBuried(cs)
	return n
}

// lcRunsBuried counts, in one pass over pile cs (bottom first), the cards
// lying on their marriage base (the next card up of their suit) and the
// cards lying under a higher card of their suit.
func lcRunsBuried(cs []engine.Card) (runs, buried int) {
	var above [4]engine.Rank // the highest rank of each suit above
	for i := len(cs) - 1; i >= 0; i-- {
		c := cs[i]
		if i > 0 && c+4 == cs[i-1] {
			runs++
		}
		su, r := c.Suit(), c.Rank()
		if above[su] > r {
			buried++
		} else {
			above[su] = r
		}
	}
	return runs, buried
}

// The weights of beamScore (variables so that experiments can vary them).
var (
	lcFoundWeight = 100
	lcLaneWeight  = 60
	lcRunWeight   = 15
	lcAboveWeight = 10
	lcTalonWeight = 8
)

// beamPlan: 45% of the budget for beams of doubling widths, narrow first,
// two beams of each width, the second with noise of one foundation card's
// weight (beams of width 10 often reach the end of the pack in a few
// thousand positions, so many beams fit), each stage's search from a
// position of the beam stopping after 1000 positions.
//
// Found by trial. Without noise, on deals 1–120, beams alone at 2 M
// positions: widths 100, 200, 50, 400 with 3000 positions won 33 deals; 50
// to 400 with 1500, 36; 25 to 800 with 1000, 38; 10 to 1280 with 1000, 41
// (so did 5 to 2560, and 10 to 1280 with 500); twice the positions won
// little more (deals 1–40: 18 at 2 M, 19 at 4 M). With noise, beams alone
// at 1.5 M positions: deals 1–40, 20 won against 17 without (noise 250: 18;
// each width three times: 20; a fixed width of 40 with noise 40: 13;
// stages of 500 positions: 19; the stages' move order perturbed too: 23
// instead of 25 on deals 41–120); deals 41–120, 25 against 23. The whole
// search at 5 s on deals 121–200: 36 won and 3 lost before the noise, 39
// and 3 with it at a share of 0.6; at 0.3 and 0.45, 38 and 4 (deal 125
// needs the exhaustive search's time, deal 141 the beams'); at 0.8, 39 and
// 2. The share of 0.45 decides as many and leaves more of the budget to
// the faster depth-first search.
func (g *leCadran) beamPlan() beamPlan {
	return beamPlan{share: lcBeamShare, widths: lcBeamWidths, repeat: lcBeamRepeat,
		closure: lcBeamClosure, noise: lcBeamNoise}
}

// The beam plan (variables so that experiments can vary them).
var (
	lcBeamShare   = 0.45
	lcBeamWidths  = []int{10, 20, 40, 80, 160, 320, 640, 1280}
	lcBeamRepeat  = 2
	lcBeamClosure = 1000
	lcBeamNoise   = 100
)
