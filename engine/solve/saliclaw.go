package solve

import (
	"encoding/binary"

	"pasyans/engine"
)

// The Salic Law: king packets k1..k8 (0..7), foundations f1..f8 (8..15)
// built from the ace to the knave in any suit, queens q1..q8 (16..23), the
// pack s (24). Pile indexes as in engine/variants/saliclaw.go.
const (
	slKings = 0
	slFound = 8
	slQueen = 16
	slStock = 24

	slVarOnce = 0
)

// salicLaw is the solver's knowledge of salic-law. Once the pack is out
// the search is slEnd's (saliclaw_end.go), which plays the same graph as
// the methods below with a dig chain as one move; they still search the
// endgame under once-per-king and for tests (noEnd).
//
// Key. No rule of the game reads a card's suit: the foundations take any
// suit, kings, aces and queens are placed by rank, and a bare king takes any
// card. So two positions whose cards differ only in suits, rank for rank in
// the same places, play alike, and the key writes ranks, not cards: each
// king packet as the number of its ranks' word (slWords, four bytes).
// Foundations never give a card back, and whether a card may go on one
// depends only on its height, so two positions whose foundations have the
// same heights (as a multiset: the foundations are interchangeable) behave
// alike from then on; the key holds the sorted heights. The queens' row is
// decoration: no rule reads it, so the key leaves it out. The pack only
// loses cards from its top, so its length tells its content. While the pack
// lasts the king packets are written in order (the deal goes onto the
// newest); once it is out no rule reads their order any more (a card may go
// from the top of any packet onto any bare king, and to any foundation), so
// they are sorted, each with its once-per-king bit (the only counter), which
// travels with its packet, and with the mark of the packet a dig chain is
// bound to (see digFrom). While the pack lasts the key also says whether
// a lazy move is pending (see lazyOn), which decides whether the deal may
// be made.
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
	v       *engine.Variant
	once    int
	anyTime int
	// root is the depth of the position a search starts from: the moves
	// before it were not made under the lazy rule (see lazyOn).
	root int
	// noLazy turns the lazy rule off (tests compare answers both ways).
	noLazy bool
	// noBound turns the rank bound off, noDom the lone-card safe move and
	// the foundation-first pruning (tests compare answers both ways).
	noBound, noDom bool
	// noChain turns the dig-chain rule off (see digFrom), noTwin the
	// pending flag's dominance (see dominatedBy).
	noChain, noTwin bool
	// noEnd turns the endgame search off (see slEnd): the general search
	// then plays the endgame too (tests compare answers both ways).
	noEnd bool
	words slWords // the packets' numbers, for the keys
	end   slEnd
	bd    slBound
	view  slView // scratch for dead
	// passed[d]: the rank bound passed at the position last tested at
	// depth d during the deal (see dead, tested).
	passed []bool
	tmp    []scored
}

func init() { registerCtx(func(v *engine.Variant) gameCtx { return newSalicLaw(v) }, "salic-law") }

func newSalicLaw(v *engine.Variant) *salicLaw {
	g := &salicLaw{v: v, once: v.Option("once-per-king"), anyTime: v.Option("any-time")}
	g.end.w = &g.words
	return g
}

func (g *salicLaw) start(s *engine.State) {
	g.root = s.Depth()
	g.bd.start(s)
	g.words.reset()
	g.end.reset()
	g.passed = g.passed[:0]
}

func (g *salicLaw) key(s *engine.State, dst []byte) []byte {
	dst = slSortedHeights(s, dst)
	stock := len(s.Piles[slStock].Cards)
	dst = append(dst, byte(stock))
	g.words.read(s)
	if stock > 0 {
		for k := range g.words.cards {
			dst = binary.LittleEndian.AppendUint32(dst, g.words.node(k))
		}
		dst = slAppendVars(dst, s.Vars[:])
		return append(dst, b2byte(g.pending(s))) // last: see dominatedBy
	}
	dig := g.digFrom(s)
	var packets [8]uint64 // per packet: its word, then its flags
	for k := range packets {
		flag := uint64(s.Vars[slVarOnce] >> uint(slKings+k) & 1)
		if slKings+k == dig {
			flag |= 2
		}
		packets[k] = uint64(g.words.node(k))<<8 | flag
	}
	sortSmall(packets[:])
	for _, x := range packets {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(x>>8))
		dst = append(dst, byte(x))
	}
	v0 := s.Vars[slVarOnce] >> 8 // bits past the eight packets (none in play)
	dst = append(dst, byte(v0), byte(v0>>8), byte(v0>>16))
	return slAppendVars(dst, s.Vars[1:])
}

// slAppendVars appends the counters vars, four bytes each.
func slAppendVars(dst []byte, vars []int32) []byte {
	for _, v := range vars {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(v))
	}
	return dst
}

// dead: once the pack is out, the foundations can rise only by a card whose
// rank is one above some foundation's height (a needed rank). Until the
// first such card is played, the only moves put top cards on bare kings (a
// bare king holds one card and is then no longer bare; a card on a king may
// move to another bare king, which frees one place and fills another). So
// with E bare kings able to take a card, at most E cards can be lifted off
// a packet before the first foundation move: emptying a packet of n cards
// down to its king makes one new bare king but takes n places (n >= 1), so
// it never gains a place. If every card of a needed rank lies under more
// than E cards, no foundation move is ever possible again, and the deal,
// not yet won, is lost. (Under once-per-king a king that has had its card
// cannot take another and is not counted; that only makes E smaller where
// the count would otherwise be too large, so the bound stays true.)
//
// While the pack lasts the test is skipped right after a deal (skipping a
// dead test only prunes less, so it is sound): the positions after it are
// tested as usual, and the time saved outweighs the later pruning. With the visited set's lower load (seen.go), 1000 deals at
// 2 s on two workers gave 910 won, 36 lost, 54 unknown in two runs,
// against 907, 36, 57 without either change; skipping the test after a
// pending lazy move too gave 904, 36, 60.
//
// During the deal the rank bound after a foundation move of a card of rank
// x checks only the ranks up to x when it passed at the position before
// (see slBound.stuck: a rank above x that passed there passes here).
// That position is the one last tested one level up, with nothing tested
// since at that level or above: the search tests a position before it
// makes its moves (see passed). Checking fewer ranks can only miss a
// loss, so the bound stays sound whatever the order of the calls.
func (g *salicLaw) dead(s *engine.State) bool {
	d := s.Depth()
	if len(s.Piles[slStock].Cards) > 0 && d > g.root && s.LastMove().Action != 0 {
		g.tested(d, false)
		return false
	}
	v := g.view.of(s)
	if v.stock > 0 {
		if g.noBound || s.Opt(g.anyTime) {
			return false
		}
		upto := 12 // every rank
		if d > g.root && g.passedAt(d-1) {
			if m := s.LastMove(); m.To >= slFound && m.To < slQueen {
				upto = int(s.Piles[m.To].Top().Rank()) + 1
			}
		}
		stuck := g.bd.stuck(v, upto)
		g.tested(d, !stuck)
		return stuck
	}
	once := s.Opt(g.once)
	e := 0
	for k := slKings; k < slKings+8; k++ {
		if len(s.Piles[k].Cards) == 1 && (!once || s.Vars[slVarOnce]&(1<<uint(k-slKings)) == 0) {
			e++
		}
	}
	return g.endDead(v, e)
}

// endDead is dead once the pack is out, for the position v with e bare
// kings able to take a card (see dead); salic-law's endgame search uses it
// too.
func (g *salicLaw) endDead(v *slView, e int) bool {
	var need [13]bool
	won := true
	for _, h := range v.height {
		if h < 11 {
			need[h+1] = true
			won = false
		}
	}
	for _, cards := range v.piles {
		for d := 0; d <= e && d < len(cards)-1; d++ {
			if need[cards[len(cards)-1-d].Rank()] {
				return !g.noBound && g.bd.stuck(v, 12)
			}
		}
	}
	return !won
}

// tested records that the rank bound passed (ok) or was not run or did
// not pass at the position just tested at depth d, and forgets what it
// knew of the deeper levels (their positions' subtrees are done).
func (g *salicLaw) tested(d int, ok bool) {
	if d < 0 {
		return
	}
	if d < len(g.passed) {
		g.passed = g.passed[:d+1]
	}
	for len(g.passed) <= d {
		g.passed = append(g.passed, false)
	}
	g.passed[d] = ok
}

// passedAt reports whether the rank bound passed at the position last
// tested at depth d (and nothing was tested at d or above since).
func (g *salicLaw) passedAt(d int) bool { return d >= 0 && d < len(g.passed) && g.passed[d] }

// The lazy rule (deal phase). Call a foundation move during the deal
// urgent when it takes the top card of the newest packet and the next card
// of the pack is a two to a knave (dealt onto that packet, it would cover
// the card), and lazy otherwise: a card of an older packet, which no deal
// touches again, or the newest packet's top when the next card is an ace,
// a queen or a king (dealt elsewhere, or starting a new packet). The rule:
// after a lazy move the deal waits until an urgent move has been made.
//
// Proof that a winning line obeying the rule exists whenever a win does
// (default and once-per-king options: no card goes on a king before the
// pack is out, so the only moves while it lasts are foundation moves and
// the deal). A lazy move z and the deal d that follows it commute: d puts
// its card on the newest packet (then z came from an older one, or d's card
// is not a two to a knave), on a new packet, on an empty foundation place
// (an ace; z goes onto a foundation already holding cards, whose legality,
// some foundation one rank below z, d does not change) or on the queens'
// row; z still lies on top of its packet after d, and d and z together
// give the same position in either order. So in a winning line that
// breaks the rule, take the first deal d made while lazy moves z1..zk
// stand after the last urgent move (or deal) before it, and move d in
// front of z1: the line still wins, has the same length, and its deals
// stand earlier (the sum of their places falls), so repeating this ends
// in a line that obeys the rule. (Some of z1..zk may become urgent after
// d; that only clears the wait.) Whether a lazy move is pending is read
// from the last move alone (lazy: pending; urgent or deal: not), so it is
// written in the key; the position a search starts from has none pending
// whatever the moves before it. Safe moves (see safe) are not lazy moves
// during the deal: the search applies one only when it is urgent, and then
// nothing is pending; from that position a rule-abiding win exists by the
// safe-move proof and the argument above. When the next card is an ace, a
// queen or a king, or when the newest packet is its king alone (a king
// just dealt: foundation moves never bring a card to it), no urgent move
// exists until the deal, so every foundation move there is lazy and would
// block the deal for good: the deal is the only move.
func (g *salicLaw) lazyOn(s *engine.State) bool {
	return !g.noLazy && !s.Opt(g.anyTime) && len(s.Piles[slStock].Cards) > 0
}

// transient: two kinds of position pass through the search unrecorded
// (see transienter). Under the lazy rule, a position where the next card
// of the pack does not cover the newest packet's top, or where that packet
// is its king alone, has the deal as its only move (see lazyOn and order)
// and no safe move (safe takes only urgent moves during the deal, and
// there are none). Once the pack is out, a position inside a dig chain
// (see digFrom) has at most one move, from the chain's packet (its next
// card to a foundation, or else to the first bare king), and only the
// position before the chain leads to it, so recording it is of no use: on
// deals 513, 36 and 433 a lost proof then takes 1.99 M, 2.48 M and 2.48 M
// positions (1.99, 2.49 and 2.61 M when recorded) in 20–30% less time on
// the endgame-heavy 513.
func (g *salicLaw) transient(s *engine.State) bool {
	if len(s.Piles[slStock].Cards) == 0 {
		return g.digFrom(s) >= 0
	}
	return g.lazyOn(s) && (!slCovers(s) || len(s.Piles[slNewest(s)].Cards) == 1)
}

// covers reports whether the next card of the pack, dealt, goes onto the
// newest packet (a two to a knave).
func slCovers(s *engine.State) bool {
	switch s.Piles[slStock].Top().Rank() {
	case engine.Ace, engine.Queen, engine.King:
		return false
	}
	return true
}

// urgent reports whether a foundation move from packet from is urgent in
// the lazy rule's sense.
func slUrgent(s *engine.State, from int) bool {
	return from == slNewest(s) && slCovers(s)
}

// slNewest returns the index of the newest king packet (every packet keeps
// its king, so the last one holding cards).
func slNewest(s *engine.State) int {
	k := slKings + 7
	for k > slKings && len(s.Piles[k].Cards) == 0 {
		k--
	}
	return k
}

// dominatedBy (see dominator): a position where a lazy move is pending is
// dominated by the same position with none pending. The pending flag only
// drops the deal from the moves order lists (safe moves do not read it,
// see safe), and the flag of the position a move leads to is read from
// that move alone, so every move listed with the flag is listed without it
// and leads to a position of the same key. On deals 433, 36 and 513 about
// two thirds, two fifths and a fortieth of the positions have a lazy move
// pending; the exhaustive lost proofs of deals 433, 36, 513, 598 and 877
// then take 2.29, 2.36, 1.98, 2.45 and 2.67 M positions instead of 2.48,
// 2.48, 1.99, 2.51 and 3.00 M. The key writes the flag last, so that the
// two keys differ in their last byte only, which the visited set leaves
// out of its hash (see seenSet.hashTail): the lookup of the twin then
// reads the memory the visit of the key has just read.
func (g *salicLaw) dominatedBy(s *engine.State, key, dst []byte) ([]byte, bool) {
	if g.noTwin || len(key) == 0 || len(s.Piles[slStock].Cards) == 0 || key[len(key)-1] != 1 {
		return dst, false
	}
	dst = append(dst, key...)
	dst[len(dst)-1] = 0
	return dst, true
}

// pending reports whether a lazy move waits for an urgent one: the last
// move, made during this search, is a lazy foundation move.
func (g *salicLaw) pending(s *engine.State) bool {
	if !g.lazyOn(s) || s.Depth() <= g.root {
		return false
	}
	m := s.LastMove()
	if m.Action != 0 || m.To < slFound || m.To >= slQueen {
		return false
	}
	return !slUrgent(s, int(m.From))
}

// The dig-chain rule (after the deal, without once-per-king): after a
// card w goes from the top of packet T onto a bare king, the next move is
// again from T (T's next card onto a bare king or onto a foundation).
// digFrom returns T when the last move, made during this search after the
// deal, put a card from T onto a king, and -1 otherwise; the key marks T's
// packet, and order and safe list only moves from T.
//
// Proof that a winning line obeying the rule exists whenever a win does.
// First, a card alone on its king never needs to go to another bare king:
// that gives the position with the two kings' roles exchanged (without
// once-per-king nothing tells kings apart), so such moves can be dropped
// from a winning line, renaming the kings after them. Now take a winning
// line and in it the first move a (w from T onto a bare king K) not
// followed at once by a move from T; T keeps at least one card under w.
// Let e be the first later move from T or of w (w must still reach a
// foundation, so e exists). Make a just before e instead. The moves
// between touch neither T nor w; they stay legal: no card went onto K
// while w lay there, so K's being bare now matters to none of them, T is
// not bare in either case, and the foundations are the same. If e is a
// move from T, a is now followed by it. If e moves w, it puts w on a
// foundation (w is alone on K), and a then e is replaced by w going from
// T to that foundation: the same position, one move fewer. Each step
// shortens the line or keeps its length and makes a stand later, so the
// steps end, with a line obeying the rule. Whether the rule binds, and to
// which packet, is read from the last move alone and written in the key,
// so two positions of one key have the same continuations. Safe moves (see
// safe) keep a winning line: a foundation move from T obeys the rule, and
// after any foundation move nothing is bound. The position a search
// starts from is bound to nothing, whatever the moves before it.
func (g *salicLaw) digFrom(s *engine.State) int {
	if g.noChain || s.Opt(g.once) || s.Depth() <= g.root || len(s.Piles[slStock].Cards) > 0 {
		return -1
	}
	m := s.LastMove()
	if m.Action != 0 || m.To >= slFound {
		return -1
	}
	return int(m.From)
}

// slDigReaches reports whether a dig chain from packet p can end as the
// dig-chain rule requires: some card of p under d >= 1 cards, d no more
// than the bare kings, goes on a foundation of the heights in has
// (has[h]: some foundation is h high). During a chain only cards of p
// move, one onto each bare king, so the heights stay as they are and the
// chain, which ends only with a foundation move from p, ends with such a
// card; a card onto a bare king from a packet where none lies is left out.
func slDigReaches(s *engine.State, p int, has *[13]bool) bool {
	e := 0
	for k := slKings; k < slKings+8; k++ {
		if len(s.Piles[k].Cards) == 1 {
			e++
		}
	}
	cards := s.Piles[p].Cards
	for d, i := 1, len(cards)-2; d <= e && i >= 1; d, i = d+1, i-1 {
		if r := cards[i].Rank(); r <= engine.Jack && has[r-1] {
			return true
		}
	}
	return false
}

func b2byte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// safe returns a foundation move of one of two kinds (see the type's
// comment for the first): a card of rank r when every foundation is at
// least r-1 high (during the deal only an urgent one, see lazyOn); or, once
// the pack is out, a card alone on its king Q (not under once-per-king:
// there the move of y below would spend Q's one card in P1 while Q keeps
// it in P0, and TestSalicLawOnceLone found a position that the move
// loses). Proof of the second: let P1 be the position
// with the card x on the foundation, P0 the one before. P1 is P0 with x
// taken off Q, now bare. Play a winning line of P0 from P1 move for move,
// but for the first move of x (left out: if x goes to a foundation the
// positions then agree; if it goes to another bare king Q', P1 is again
// P0 with x taken off a king, Q', bare in P1) and for a move putting a card
// y of rank r on a foundation before it, made in P1 onto Q instead (Q is
// bare in P1, nothing went onto it in P0 while x lay there), after which
// both positions hold a card of rank r on Q and agree, suits being unread.
// Every other move is legal in P1 as in P0: P1 has one foundation more at
// r and one fewer at r-1, which only a card of rank r notices. So P1 wins
// whenever P0 does, with a line no longer; with one foundation move fewer
// to make, the search reaches a win from it (its steps shorten the line or
// keep its length and put a card up). While a dig chain binds a packet
// (see digFrom) only its moves are looked at: the foundations and the
// other packets are as they were when no safe move was found.
func (g *salicLaw) safe(s *engine.State, moves []engine.Move) (engine.Move, bool) {
	minH := 99
	for f := slFound; f < slFound+8; f++ {
		minH = min(minH, len(s.Piles[f].Cards))
	}
	lazy := g.lazyOn(s)
	stockOut := len(s.Piles[slStock].Cards) == 0
	once := s.Opt(g.once)
	dig := -1
	if stockOut {
		dig = g.digFrom(s)
	}
	for _, m := range moves {
		if m.Action == 0 && m.To >= slFound && m.To < slQueen {
			if (lazy && !slUrgent(s, int(m.From))) || (dig >= 0 && int(m.From) != dig) {
				continue
			}
			if int(s.Piles[m.From].Top().Rank())-1 <= minH {
				return m, true
			}
			k := int(m.From)
			if stockOut && !g.noDom && !once && len(s.Piles[k].Cards) == 2 {
				return m, true
			}
		}
	}
	return engine.Move{}, false
}

// order: foundation moves first, then the deal, then cards onto bare
// kings. Within each kind, a move that uncovers a card some foundation can
// take comes first, then moves from shorter packets (emptying a packet down
// to its king makes a new place for a card).
//
// Left out, each because a listed move gives the same key or a position at
// least as good:
//   - a card moving onto a foundation other than the first of its height:
//     the key holds the sorted heights, so every foundation of one height
//     gives the same key;
//   - once the pack is out, a card moving onto a bare king other than the
//     first that may take it: the packets are then sorted in the key (each
//     with its once-per-king bit, clear on every king that may take a
//     card), so every such king gives the same key; and a card alone on a
//     king moving to another bare king (without once-per-king), which gives
//     the very key it left;
//   - once the pack is out, a card moving onto a bare king when it may go
//     to a foundation instead (proof below);
//   - the moves the lazy rule forbids (see lazyOn) and those the dig-chain
//     rule forbids (see digFrom).
//
// Foundation first: the proof that, once the pack is out, a card x of
// rank r that may go to a foundation need not go to a bare king K instead.
// Let P1 be the position with x on the foundation, P2 the one with x on K.
// P1 is P2 with x taken from K to the foundation (and K's once-per-king
// bit clear, which only allows more). Play a winning line of P2 from P1
// move for move, with two exceptions. The first move of x in it is left
// out (if it goes to the foundation the positions are then the same; if it
// goes to another bare king K', P1 is still P2 with x taken off K', now
// bare in P1). A move putting a card y of rank r on a foundation before
// that is made, in P1, onto K instead: P1 has one foundation fewer at r-1,
// but K is bare there (no card could go onto K while x lay on it in P2),
// and then both positions hold a card of rank r on K and agree (suits are
// not read). Every other move is legal in P1 as in P2: P1 has one more
// foundation at height r and one fewer at r-1, which only a card of rank r
// notices. So P1 wins whenever P2 does, with a line no longer.
func (g *salicLaw) order(s *engine.State, moves []engine.Move, dst []engine.Move) []engine.Move {
	var has [13]bool // has[r]: some foundation is r high
	for f := slFound; f < slFound+8; f++ {
		has[len(s.Piles[f].Cards)] = true
	}
	stockOut := len(s.Piles[slStock].Cards) == 0
	sym := stockOut && !s.Opt(g.once)
	wait := false
	if g.lazyOn(s) {
		if !slCovers(s) || len(s.Piles[slNewest(s)].Cards) == 1 {
			return append(dst, engine.ActionMove(1, -1, -1))
		}
		wait = g.pending(s)
	}
	dig := -1
	chain := stockOut && !s.Opt(g.once) && !g.noChain
	if stockOut {
		dig = g.digFrom(s)
	}
	var toF, toK [8]bool // per packet: a move onto a foundation, a king listed
	g.tmp = g.tmp[:0]
	for _, m := range moves {
		if m.Action == 0 && m.To >= slFound && m.To < slQueen {
			toF[m.From-slKings] = true
		}
	}
	for _, m := range moves {
		var r int8
		switch {
		case m.Action != 0:
			if wait {
				continue
			}
			r = 20
		default:
			if dig >= 0 && int(m.From) != dig {
				continue
			}
			src := s.Piles[m.From].Cards
			n := len(src)
			k := m.From - slKings
			if m.To >= slFound {
				if !slFirstOfHeight(s, int(m.To)) {
					continue
				}
			} else if stockOut && ((toF[k] && !g.noDom) || toK[k] || (n == 2 && sym)) {
				continue
			} else if chain && !slDigReaches(s, int(m.From), &has) {
				continue
			} else {
				toK[k] = true
			}
			r = int8(min(n, 9))
			if n >= 3 {
				if b := src[n-2].Rank(); b < engine.Queen && has[b-1] {
					r -= 10
				}
			}
			if m.To < slFound {
				r += 40
			}
		}
		g.tmp = append(g.tmp, scored{m, r})
	}
	return appendRanked(dst, g.tmp)
}

// slFirstOfHeight reports whether foundation f is the first foundation of
// its height.
func slFirstOfHeight(s *engine.State, f int) bool {
	h := len(s.Piles[f].Cards)
	for g := slFound; g < f; g++ {
		if len(s.Piles[g].Cards) == h {
			return false
		}
	}
	return true
}

// slSortedHeights appends the foundations' heights in ascending order
// (a counting sort: heights run from 0 to 11).
func slSortedHeights(s *engine.State, dst []byte) []byte {
	var cnt [12]uint8
	for i := 0; i < 8; i++ {
		cnt[len(s.Piles[slFound+i].Cards)]++
	}
	for h := range cnt {
		for n := cnt[h]; n > 0; n-- {
			dst = append(dst, byte(h))
		}
	}
	return dst
}

// acyclic (see acyclicer): not under any-time. Every move the search lists
// raises, in this order of importance, the number of cards on the
// foundations, the number of cards dealt, the once-per-king bits, or the
// number of kings holding more than their king: a foundation move raises
// the first; the deal raises the second and touches no foundation; a card
// moved onto a bare king from a packet of three cards or more (after the
// deal) leaves the first two and the bits as they were or raises the bits,
// and takes a bare king away without making one; a card moved from a
// packet of two (its king and the card) onto another bare king makes one
// bare king and takes one away, so it raises nothing, but it is listed
// only under once-per-king (see order), where it sets the receiving king's
// bit, which was clear. No measure falls on a listed move without a more
// important one rising, so no key comes back. Under any-time a card may
// pass between two bare kings while the pack lasts, and back.
func (g *salicLaw) acyclic(s *engine.State) bool { return !s.Opt(g.anyTime) }

// probePlan: nine tenths of the budget to the probes, in units of 1000
// positions. The search keeps the positions proved lost from one probe to
// the next and into the exhaustive search (see acyclic), so probes no
// longer cost the loss proofs anything: at 1.5 M positions every one of
// the 36 deals of 1–1000 proved lost with a tenth to the probes is proved
// lost with nine tenths, and of the 66 deals left undecided at 2 s with
// a tenth (and no lost positions kept), a tenth decides 5, half 10, nine
// tenths 12 and 0.99 12; units of 300 and 3000 decided 11 and 9. Before
// lost positions were kept, a probe's work was lost with it and a tenth
// was best (at 1.8 M positions, on 70 undecided deals, 0.3 decided 9 and
// 0.1 decided 11). A probe never answers Lost unless it exhausted the
// reachable space, so no answer changes meaning.
func (g *salicLaw) probePlan() (float64, int64) { return 0.9, 1000 }

// moves is salic-law's move generator for the search (moveGen): the
// engine's moves (salicLaw.Moves in engine/variants), except that of the
// foundations of one height only the first is listed (the key holds the
// sorted heights), and, once the pack is out and without once-per-king,
// of the bare kings only the first (the packets are then sorted in the
// key, see order). TestMoveGenAgrees checks that every engine move is
// listed or leads to the key of a listed one.
func (g *salicLaw) moves(s *engine.State, dst []engine.Move) []engine.Move {
	stockLeft := len(s.Piles[slStock].Cards) > 0
	if stockLeft {
		dst = append(dst, engine.ActionMove(1, -1, -1))
	}
	// firstOf[h]: the first foundation h high, plus one (0: none).
	var firstOf [12]int8
	for f := slFound + 7; f >= slFound; f-- {
		firstOf[len(s.Piles[f].Cards)] = int8(f + 1)
	}
	free := !stockLeft || s.Opt(g.anyTime)
	once := s.Opt(g.once)
	var bits int32
	if once {
		bits = s.Vars[slVarOnce]
	}
	var bare [8]int8
	nb := 0
	for k := slKings; k < slKings+8 && free; k++ {
		if len(s.Piles[k].Cards) == 1 && bits&(1<<uint(k-slKings)) == 0 {
			bare[nb] = int8(k)
			nb++
			if !stockLeft && !once {
				break
			}
		}
	}
	for from := slKings; from < slKings+8; from++ {
		src := s.Piles[from].Cards
		if len(src) < 2 {
			continue
		}
		if h := int(src[len(src)-1].Rank()) - 1; h >= 1 && h < 11 && firstOf[h] != 0 {
			dst = append(dst, engine.Transfer(from, int(firstOf[h]-1)))
		}
		for _, k := range bare[:nb] {
			dst = append(dst, engine.Transfer(from, int(k)))
		}
	}
	return dst
}
