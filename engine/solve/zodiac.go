package solve

import (
	"pasyans/engine"
)

// The Zodiac: 24 Zodiac packets z1..z24 (0..23), 8 Equator places e1..e8
// (24..31), ace foundations a1..a4 (32..35, A up to K), king foundations
// k1..k4 (36..39, K down to A), the pack s (40) and the talon w (41). Pile
// indexes as in engine/variants/zodiac.go.
const (
	zoZodiac = 0
	zoEq     = 24
	zoAces   = 32
	zoKings  = 36
	zoStock  = 40
	zoTalon  = 41

	zoVarPlaced = 0 // the pass flag
)

// zodiac is the solver's knowledge of the zodiac.
//
// Key. The 24 packets are interchangeable (any card marries onto any of
// them, the foundations take any packet's top) and so are the 8 Equator
// places: both groups are sorted. A foundation holds the cards from its
// base to its top card of one suit, and each suit has at most one ace and
// one king foundation, so the foundations are written as two heights per
// suit. Pack and talon: cards leave the talon only from its top, reach it
// only from the pack's top, and a redeal turns the talon over into the
// pack, so the cards of the talon (bottom to top) followed by those of the
// pack (top to bottom) are always, in that order, a subsequence of the same
// sequence taken at the start of the search (g.seq): they are written as a
// mask over g.seq and the talon's length. The pass flag is kept.
//
// Dead positions: a 2-SAT bound, see dead2SAT; in the first phase also
// the stranded-card count (zoStranded) and the Equator bound (zoPlan,
// zodiac_plan.go). No safe moves in the first
// phase. In the second phase (only foundation moves are left) a card C
// whose twin is already on a foundation has only one foundation it can
// ever go to; playing it there at once loses nothing: cards leave packets
// only to the foundations, so C's only use is to go there, no other card
// can go on that foundation before C does (it waits for C's rank), and
// uncovering the card under C earlier only adds moves.
type zodiac struct {
	v       *engine.Variant
	literal bool
	seq     []engine.Card // talon bottom→top then pack top→bottom at the start
	tmp     []scored
	sat     twoSAT
	suit    suitSearch
	cache   map[string]bool // suitAlive's answers by suitSearch.key
	ckey    []byte
	// plan is the Equator bound (zodiac_plan.go); noPlan turns it off
	// (for tests and measurements).
	plan   zoPlan
	noPlan bool
}

func init() { registerCtx(func(v *engine.Variant) gameCtx { return newZodiac(v) }, "zodiac") }

func newZodiac(v *engine.Variant) *zodiac {
	return &zodiac{v: v, cache: map[string]bool{}}
}

func (g *zodiac) start(s *engine.State) {
	// Each search starts with empty caches: the Equator bound's work per
	// call is capped, so a cache warmed by an earlier deal would let it
	// reach further, and a deal's answer under a node budget would depend
	// on which deals the same Solver searched before (a stats worker
	// searches many: two runs of seeds 1–1000 at 3.06 M positions differed
	// on 11 deals).
	clear(g.cache)
	clear(g.plan.exact)
	clear(g.plan.capped)
	g.literal = s.Opt(s.V.Option("literal-rule-one"))
	g.seq = append(g.seq[:0], s.Piles[zoTalon].Cards...)
	st := s.Piles[zoStock].Cards
	for i := len(st) - 1; i >= 0; i-- {
		g.seq = append(g.seq, st[i])
	}
}

func (g *zodiac) key(s *engine.State, dst []byte) []byte {
	dst = zoHeights(s, dst)
	dst = append(dst, byte(s.Vars[zoVarPlaced]))
	// Pack and talon: the mask over g.seq (greedy earliest match, a
	// function of the cards that decodes back to them) and the talon's
	// length.
	talon, stock := s.Piles[zoTalon].Cards, s.Piles[zoStock].Cards
	var mask [2]uint64
	j := 0
	mark := func(c engine.Card) {
		for j < len(g.seq) && g.seq[j] != c {
			j++
		}
		mask[j>>6] |= 1 << uint(j&63)
		j++
	}
	if len(g.seq) <= 128 {
		for _, c := range talon {
			mark(c)
		}
		for i := len(stock) - 1; i >= 0; i-- {
			mark(stock[i])
		}
		dst = append(dst, byte(len(talon)))
		for _, m := range mask {
			dst = append(dst, byte(m), byte(m>>8), byte(m>>16), byte(m>>24), byte(m>>32), byte(m>>40), byte(m>>48), byte(m>>56))
		}
	} else { // cannot happen with 104 cards; kept for safety
		dst = append(dst, 0xFE)
		dst = appendCards(dst, talon)
		dst = appendCards(dst, stock)
	}
	dst = appendPilesSorted(dst, s, zoZodiac, 24)
	return appendPilesSorted(dst, s, zoEq, 8)
}

// zoHeights writes per suit the top rank of its ace foundation (0 when not
// begun) and of its king foundation (14 when not begun).
func zoHeights(s *engine.State, dst []byte) []byte {
	var h [8]byte
	for i := 0; i < 4; i++ {
		h[4+i] = 14
	}
	for f := zoAces; f < zoStock; f++ {
		if t := s.Piles[f].Top(); t != engine.NoCard {
			if f < zoKings {
				h[t.Suit()] = byte(t.Rank())
			} else {
				h[4+t.Suit()] = byte(t.Rank())
			}
		}
	}
	return append(dst, h[:]...)
}

func zoFirstPhase(s *engine.State) bool {
	return len(s.Piles[zoStock].Cards) > 0 || len(s.Piles[zoTalon].Cards) > 0
}

// dead reports a position proved lost by the per-suit bound (see
// suitFeasible): first the 2-SAT bound, then the exact per-suit search;
// in the first phase also by the stranded-card count and the Equator
// bound (zoPlan). Every packet holds cards of one suit (a marriage follows
// suit), so each placement concerns one suit; in the first phase a
// position whose last move put no card on a packet has the packets of its
// parent, already found alive by the per-suit and Equator bounds, and is
// not checked by them again.
func (g *zodiac) dead(s *engine.State) bool {
	if s.Depth() > 0 && zoFirstPhase(s) {
		m := s.LastMove()
		if m.Action != 0 {
			return false
		}
		if zoStranded(s) > 8 {
			return true
		}
		if int(m.To) >= zoEq {
			return false
		}
		su := s.Piles[m.To].Top().Suit()
		return !g.suitAlive(s, su) || !g.noPlan && g.plan.lost(s)
	}
	if zoFirstPhase(s) && (zoStranded(s) > 8 || !g.noPlan && g.plan.lost(s)) {
		return true
	}
	for su := engine.Spades; su <= engine.Clubs; su++ {
		if !g.suitAlive(s, su) {
			return true
		}
	}
	return false
}

// zoStranded counts the cards of the pack, the talon and the Equator that
// can never be married onto a packet. In the first phase a card X can only
// end on a packet by being married onto a packet's top, a card of X's suit
// one rank apart; that top is either a top card now or a card that was
// itself married onto a packet later. So the cards that can ever reach a
// packet are among those reached from the present tops through chains of
// cards of the pack, the talon and the Equator, each one rank from the
// last, in one suit (a relaxation: it ignores when each card comes up).
// Every other card of the pack, the talon and the Equator can only end the
// first phase on an Equator place, and there are eight: a position with
// more than eight such cards can never empty the pack and the talon.
func zoStranded(s *engine.State) int {
	var count [64]int8 // candidate cards by code
	for _, p := range [...]int{zoStock, zoTalon} {
		for _, c := range s.Piles[p].Cards {
			count[c]++
		}
	}
	for e := zoEq; e < zoAces; e++ {
		if t := s.Piles[e].Top(); t != engine.NoCard {
			count[t]++
		}
	}
	var reach [64]bool
	var work [64]engine.Card
	n := 0
	push := func(c engine.Card) {
		if c.Valid() && !reach[c] {
			reach[c] = true
			if count[c] > 0 {
				work[n] = c
				n++
			}
		}
	}
	for z := zoZodiac; z < zoEq; z++ {
		if t := s.Piles[z].Top(); t != engine.NoCard {
			push(t + 4)
			if t.Rank() > 1 {
				push(t - 4)
			}
		}
	}
	for n > 0 {
		n--
		c := work[n]
		push(c + 4)
		if c.Rank() > 1 {
			push(c - 4)
		}
	}
	stranded := 0
	for c, k := range count {
		if k > 0 && !reach[c] {
			stranded += int(k)
		}
	}
	return stranded
}

// twoSAT decides the 2-SAT bound of the zodiac for one suit.
//
// In the second phase every card leaves its packet for a foundation, the
// packet's cards from the top down; in the first phase cards only ever go
// onto packets, never leave them. So if card X lies above card Y in a
// packet, X reaches its foundation before Y. Of the two cards of each rank
// of a suit one ends on the suit's ace foundation (built A up to K) and the
// other on its king foundation (K down to A). Hence, for X above Y of the
// same suit: they cannot both go up if X's rank is higher, nor both down if
// X's rank is lower. Write x(r) for "the first of the two cards of rank r
// (in a fixed scan order) goes up", the other card going up exactly when
// x(r) is false: each such pair of cards gives a clause of two literals,
// and a card whose twin already lies on a foundation must go to the other
// one (a unit clause; no card of rank r may remain when both foundations
// are past r). Any winning continuation assigns the cards to foundations
// satisfying every clause; so when the clauses of one suit cannot all be
// satisfied, the position is lost. Constraints only accumulate: a card
// placed on a packet adds clauses, and none is ever removed before it is
// played. The test TestZodiacBoundSound compares the bound with exhaustive
// search on second-phase positions.
type twoSAT struct {
	imp [26]uint32 // implication bitsets over literals 2r (x(r)) and 2r+1 (not x(r)), r = 0..12
}

// satisfiable reports whether the clauses of suit su can be satisfied.
func (t *twoSAT) satisfiable(s *engine.State, su engine.Suit) bool {
	t.imp = [26]uint32{}
	up, down := zoSuitHeights(s, su)
	// One scan of the packets and the Equator, then the pack and the
	// talon: the copies of each rank are numbered in that order, each
	// card's unit clause is added as it comes, and in a packet the
	// clauses of the card with each card of its suit below it.
	var copies [13]uint8 // cards of rank r+1 seen so far in the scan
	for p := zoZodiac; p < zoAces; p++ {
		var lit [8]int8 // per card of the packet so far: its "goes up" literal
		var rank [8]int8
		n := 0
		for _, c := range s.Piles[p].Cards {
			if c.Suit() != su {
				continue
			}
			r := int8(c.Rank())
			l := t.literal(&copies, r)
			if !t.unit(l, r, up, down) {
				return false
			}
			if p >= zoEq {
				continue
			}
			// c lies above each earlier card of the packet (Y): clauses
			// for X = c.
			for i := 0; i < n; i++ {
				yl, yr := lit[i], rank[i]
				switch {
				case r > yr: // not (X up and Y up): X up → Y down
					t.imp[l] |= 1 << uint(yl^1)
					t.imp[yl] |= 1 << uint(l^1)
				case r < yr: // not (X down and Y down): X down → Y up
					t.imp[l^1] |= 1 << uint(yl)
					t.imp[yl^1] |= 1 << uint(l)
				}
			}
			// More than 8 cards of one suit in a packet: the first 8 are
			// kept (fewer clauses: still a sound bound).
			if n < len(lit) {
				lit[n], rank[n] = l, r
				n++
			}
		}
	}
	for _, p := range [...]int{zoStock, zoTalon} {
		for _, c := range s.Piles[p].Cards {
			if c.Suit() == su {
				r := int8(c.Rank())
				if !t.unit(t.literal(&copies, r), r, up, down) {
					return false
				}
			}
		}
	}
	return t.consistent()
}

// zoSuitHeights returns the top ranks of suit su's ace foundation (0 when
// not begun) and king foundation (14 when not begun).
func zoSuitHeights(s *engine.State, su engine.Suit) (up, down int8) {
	up, down = 0, 14
	for f := zoAces; f < zoKings; f++ {
		if t := s.Piles[f].Top(); t != engine.NoCard && t.Suit() == su {
			up = int8(t.Rank())
		}
	}
	for f := zoKings; f < zoStock; f++ {
		if t := s.Piles[f].Top(); t != engine.NoCard && t.Suit() == su {
			down = int8(t.Rank())
		}
	}
	return up, down
}

// literal numbers the next copy of rank r and returns its "goes up"
// literal: x(r) for the first copy, not x(r) for the second.
func (t *twoSAT) literal(copies *[13]uint8, r int8) int8 {
	copies[r-1]++
	l := 2 * (r - 1)
	if copies[r-1] == 2 {
		l++
	}
	return l
}

// unit adds the unit clause of a card of rank r with "goes up" literal l
// when one of its suit's foundations is past r, and reports false when
// both are.
func (t *twoSAT) unit(l, r, up, down int8) bool {
	upFree, downFree := up < r, down > r
	switch {
	case !upFree && !downFree:
		return false
	case !upFree: // this card must go down: its "up" literal is false
		t.imp[l] |= 1 << uint(l^1)
	case !downFree:
		t.imp[l^1] |= 1 << uint(l)
	}
	return true
}

// consistent closes the implications transitively (Warshall's algorithm,
// without branches: a literal that implies nothing adds nothing and is
// skipped) and reports whether no variable implies its negation both
// ways.
func (t *twoSAT) consistent() bool {
	imp := &t.imp
	for k := range imp {
		mk := imp[k]
		if mk == 0 {
			continue
		}
		for i := range imp {
			imp[i] |= mk & -(imp[i] >> uint(k) & 1)
		}
	}
	for r := 0; r < 13; r++ {
		a, b := 2*r, 2*r+1
		if imp[a]&(1<<uint(b)) != 0 && imp[b]&(1<<uint(a)) != 0 {
			return false
		}
	}
	return true
}

func (g *zodiac) safe(s *engine.State, moves []engine.Move) (engine.Move, bool) {
	if zoFirstPhase(s) {
		return engine.Move{}, false
	}
	// Second phase: a card whose twin is on a foundation (its rank is
	// already on the other foundation of its suit).
	var h [8]byte
	zoHeights(s, h[:0])
	for _, m := range moves {
		if m.Action != 0 || int(m.To) < zoAces {
			continue
		}
		c := s.Piles[m.From].Top()
		r, su := byte(c.Rank()), c.Suit()
		if int(m.To) < zoKings && h[4+su] <= r || int(m.To) >= zoKings && h[su] >= r {
			return m, true
		}
	}
	return engine.Move{}, false
}

// order: in the first phase, cards married onto packets in the packet's
// direction (or onto a lone card) first, talon cards before Equator cards:
// a packet whose ranks run one way plays out onto one foundation in the
// second phase; then the deal or redeal, then filling an Equator place
// (the first empty one only: the places are interchangeable, so the
// others lead to positions of the same key), then marriages that turn a
// packet's direction. In the second phase, foundation moves as listed.
func (g *zodiac) order(s *engine.State, moves []engine.Move, dst []engine.Move) []engine.Move {
	g.tmp = g.tmp[:0]
	firstEmpty := -1
	for e := zoEq; e < zoAces; e++ {
		if len(s.Piles[e].Cards) == 0 {
			firstEmpty = e
			break
		}
	}
	for _, m := range moves {
		var r int8
		switch {
		case m.Action != 0:
			r = zoDealRank
		case int(m.To) >= zoAces:
			r = 0
		case int(m.To) >= zoEq:
			if int(m.To) != firstEmpty {
				continue
			}
			r = 4
		default:
			c := s.Piles[m.From].Top()
			p := s.Piles[m.To].Cards
			t := p[len(p)-1]
			r = 1
			if len(p) >= 2 && (int(t)-int(p[len(p)-2]) > 0) != (int(c)-int(t) > 0) {
				r = 5
			}
			if int(m.From) != zoTalon && r == 1 {
				r = 2
			}
		}
		g.tmp = append(g.tmp, scored{m, r})
	}
	return appendRanked(dst, g.tmp)
}

// zoDealRank is where the deal and the redeal come in the order.
var zoDealRank int8 = 3

// suitAlive reports whether suit su passes both bounds, the 2-SAT bound
// and then the per-suit search, with a cache keyed by what they read:
// the heights of the suit's foundations and its packets of two cards or
// more, sorted. Both are functions of that key. The per-suit search reads
// nothing else. The 2-SAT bound reads every card of the suit, but a card
// that is not in such a packet gives only its unit clause, which depends
// on its rank and the heights alone, and those cards are all the cards of
// the suit neither in the packets nor on the foundations; which copy of a
// rank is numbered first only renames a variable. So packets sorted or
// not, a position and any other of the same key get the same answer.
func (g *zodiac) suitAlive(s *engine.State, su engine.Suit) bool {
	q := &g.suit
	q.load(s, su)
	k := q.key(g.ckey[:0])
	g.ckey = k
	if ok, hit := g.cache[string(k)]; hit {
		return ok
	}
	ok := g.sat.satisfiable(s, su) && q.feasible()
	if len(g.cache) >= 1<<20 {
		clear(g.cache)
	}
	g.cache[string(k)] = ok
	return ok
}

// suitSearch decides the second phase of one suit, relaxed for the first.
//
// Every card of a packet has the packet's suit (a card is married only
// onto a card of its suit), and in the second phase cards go only from
// packet tops and the Equator to the foundations, each suit to its own two
// (the ace foundation A up to K, the king foundation K down to A). So the
// second phase is won exactly when, for each suit on its own, the suit's
// packets and free cards can be played out onto its two foundations: the
// suits do not interact, and their plays can be interleaved at will. A
// card alone in its packet, on the Equator or (in the first phase) still
// in the pack or the talon is free: it can be played whenever its
// foundation wants its rank. In the first phase the cards not yet placed
// are counted free, which can only make the suit easier (a placed card
// must go before the cards under it, a free card whenever wanted), and
// cards never leave packets before the second phase: so a suit that fails
// the check can never be played out, and the position is lost. The check
// searches the states (heights of the two foundations, cards left in each
// packet), remembering failed states; it gives up (answering feasible,
// which prunes nothing) beyond suitMaxStates states.
type suitSearch struct {
	packs  [24][]int8 // packets of two cards or more: ranks, bottom to top
	np     int
	free   [15]int8 // free cards per rank
	up, dn int8     // foundation heights: up 0..13 (0 none), dn 14..1 (14 none)
	ptr    [24]int8 // cards left per packet
	radix  [24]uint64
	failed codeSet
	states int
	buf    [24 * 26]int8
	// limit replaces suitMaxStates when not 0 (the Equator bound's
	// searches, many more, are cut shorter).
	limit int
}

const suitMaxStates = 200000

func (q *suitSearch) load(s *engine.State, su engine.Suit) {
	q.np = 0
	q.free = [15]int8{}
	q.up, q.dn = 0, 14
	for f := zoAces; f < zoKings; f++ {
		if t := s.Piles[f].Top(); t != engine.NoCard && t.Suit() == su {
			q.up = int8(t.Rank())
		}
	}
	for f := zoKings; f < zoStock; f++ {
		if t := s.Piles[f].Top(); t != engine.NoCard && t.Suit() == su {
			q.dn = int8(t.Rank())
		}
	}
	// Every card of the suit not on a foundation and not in a packet of
	// two or more is free: start from all 26 and take away.
	zoOffFoundations(&q.free, q.up, q.dn)
	used := 0
	for p := zoZodiac; p < zoEq; p++ {
		cards := s.Piles[p].Cards
		if len(cards) < 2 || cards[0].Suit() != su {
			continue
		}
		pk := q.buf[used : used+len(cards)]
		used += len(cards)
		for i, c := range cards {
			pk[i] = int8(c.Rank())
			q.free[c.Rank()]--
		}
		// Insertion by contents, so that the key is canonical.
		j := q.np
		for j > 0 && lessRanks(pk, q.packs[j-1]) {
			q.packs[j] = q.packs[j-1]
			j--
		}
		q.packs[j] = pk
		q.np++
	}
}

func lessRanks(a, b []int8) bool {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// key writes the heights and the sorted packets (the free cards follow
// from them: every card of the suit elsewhere is free).
func (q *suitSearch) key(dst []byte) []byte {
	dst = append(dst, byte(q.up), byte(q.dn))
	for _, pk := range q.packs[:q.np] {
		for _, r := range pk {
			dst = append(dst, byte(r))
		}
		dst = append(dst, 0xFF)
	}
	return dst
}

// feasible searches the suit's second phase from the loaded position.
func (q *suitSearch) feasible() bool {
	q.failed.reset()
	q.states = 0
	// Mixed-radix code of the packets' pointers: at most 26 cards in
	// packets of two or more, so the product of (height+1) stays below
	// 3^13 < 2^21 times the foundations' 4+4 bits.
	m := uint64(1)
	for i := 0; i < q.np; i++ {
		q.ptr[i] = int8(len(q.packs[i]))
		q.radix[i] = m
		m *= uint64(len(q.packs[i]) + 1)
	}
	return q.search()
}

func (q *suitSearch) code() uint64 {
	c := uint64(0)
	for i := 0; i < q.np; i++ {
		c += uint64(q.ptr[i]) * q.radix[i]
	}
	return c<<8 | uint64(q.up)<<4 | uint64(q.dn)
}

func (q *suitSearch) search() bool {
	if q.up == 13 && q.dn == 1 {
		return true
	}
	c := q.code()
	if q.failed.has(c) {
		return false
	}
	q.states++
	if q.states > suitMaxStates || q.limit != 0 && q.states > q.limit {
		return true // give up: prune nothing
	}
	// Up: rank up+1 from a packet top or a free card; down: rank dn-1.
	for dir := 0; dir < 2; dir++ {
		var want int8
		if dir == 0 {
			if q.up == 13 {
				continue
			}
			want = q.up + 1
		} else {
			if q.dn == 1 {
				continue
			}
			want = q.dn - 1
		}
		// Packet tops of that rank.
		for i := 0; i < q.np; i++ {
			p := q.ptr[i]
			if p == 0 || q.packs[i][p-1] != want {
				continue
			}
			q.ptr[i]--
			if q.play(dir, want) {
				return true
			}
			q.ptr[i]++
		}
		if q.free[want] > 0 {
			q.free[want]--
			ok := q.play(dir, want)
			q.free[want]++
			if ok {
				return true
			}
		}
	}
	q.failed.add(c)
	return false
}

// play puts rank r on the foundation of direction dir, searches on and
// takes it back.
func (q *suitSearch) play(dir int, r int8) bool {
	if dir == 0 {
		q.up = r
		ok := q.search()
		q.up = r - 1
		return ok
	}
	q.dn = r
	ok := q.search()
	q.dn = r + 1
	return ok
}

// probePlan: the zodiac's losses are out of reach of the exhaustive search
// (the first phase is too large) and its wins come from short restarts.
func (g *zodiac) probePlan() (float64, int64) { return 0.95, zoProbeUnit }

// zoProbeUnit is the node limit of the shortest probe: 300 rather than
// 1000 (by trial: 40 deals at 1 M positions, 29 won instead of 27, and
// 100 did as well as 300; at 4 M positions on deals 1–60 both win 46, so
// the gain is at most small).
var zoProbeUnit int64 = 300

// codeSet is a set of suitSearch codes (below 2^32): an open-addressing
// table whose entries carry the epoch that wrote them, so that reset
// empties it without clearing it (a Go map cleared for every search was
// half of suitSearch's time).
type codeSet struct {
	table []uint64 // epoch<<32 | code; entries of other epochs are empty
	epoch uint64
	n     int
}

func (c *codeSet) reset() {
	c.epoch++
	c.n = 0
	if c.epoch >= 1<<32 || c.table == nil {
		c.epoch = 1
		c.table = make([]uint64, max(len(c.table), 1024)) // zeroed: no entry of epoch 1
	}
}

// slot returns the index of code's entry, or of the empty slot where it
// would go.
func (c *codeSet) slot(code uint64) int {
	mask := len(c.table) - 1
	i := int((code*0x9e3779b97f4a7c15)>>32) & mask
	want := c.epoch<<32 | code
	for {
		e := c.table[i]
		if e == want || e>>32 != c.epoch {
			return i
		}
		i = (i + 1) & mask
	}
}

func (c *codeSet) has(code uint64) bool {
	return c.table[c.slot(code)] == c.epoch<<32|code
}

func (c *codeSet) add(code uint64) {
	if 4*(c.n+1) > 3*len(c.table) {
		c.grow()
	}
	i := c.slot(code)
	if c.table[i] != c.epoch<<32|code {
		c.table[i] = c.epoch<<32 | code
		c.n++
	}
}

// grow doubles the table, keeping the entries of the current epoch.
func (c *codeSet) grow() {
	old := c.table
	c.table = make([]uint64, 2*len(old))
	for _, e := range old {
		if e>>32 == c.epoch {
			c.table[c.slot(e&(1<<32-1))] = e
		}
	}
}

// zoOffFoundations sets free[r], for each rank r, to the copies of a
// suit's rank-r card (two, one from each pack) that are not on its
// foundations: the ace one built up to up, the king one down to dn.
func zoOffFoundations(free *[15]int8, up, dn int8) {
	for r := int8(1); r <= 13; r++ {
		free[r] = 2
		if up >= r {
			free[r]--
		}
		if dn <= r {
			free[r]--
		}
	}
}
