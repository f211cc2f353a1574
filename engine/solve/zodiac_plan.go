package solve

import (
	"slices"

	"pasyans/engine"
)

// zoPlan bounds, in the first phase, how many cards of one suit must end
// the first phase off the packets (on the Equator): the suit's plan with
// the pack's order abstracted.
//
// Relaxation. In a winning line, at the end of the first phase, the
// packets of suit su are the present ones, each extended by a walk of
// cards of su (each placed on the packet's top, one rank from it), taken
// from the cards of su not in packets now (the pack, the talon, the
// Equator); the others lie on the Equator; and the second phase of the
// suit can be played out (suitSearch). Forgetting when each card comes up
// in the pack (and that each pass must place a card) only allows more
// lines. So the fewest cards of su left off the packets over every
// sequence of placements onto packet tops, in any order, whose result
// can be played out in the second phase, is a lower bound on the cards of
// su that end on the Equator; the Equator holds eight, so positions where
// these bounds of the four suits add up to more than eight are lost.
// A placement that makes the second phase infeasible is never extended:
// placing cards on packets only adds constraints (a free card becomes a
// packet's card), so every extension stays infeasible.
//
// The search (minLeft) is a depth-first search over placements that
// returns the fewest free cards below a position exactly (so it stops at
// 0), keeping exact values by position across calls (the placements
// below a suit's packets are the same whatever the game's position), so
// the search of the next position mostly finds its answer kept. Two caps
// keep it cheap, each only weakening the bound: past zoPlanCap positions
// a call answers 0 (no bound), and each second-phase search counts as
// feasible past zoPlanFeasibleCap states.
//
// Measured (2026-12-06, one thread, in positions, not seconds: pasyans
// stats -game zodiac -deals 200 -first 1 -nodes 3060000 -threads 1, the
// committed 5 s at the committed 612,000 positions a second): without the
// bound 147 won, 0 lost, 53 undecided (73.5% decided; at 3 M positions
// the same 53 as the committed run at 5 s); with it 168 won, 0 lost, 32
// undecided (84.0%): 24 deals won that were not (5, 8, 20, 32, 36, 49,
// 55, 57, 68, 69, 72, 75, 81, 82, 87, 98, 110, 115, 130, 135, 136, 140,
// 146, 156), 3 no longer won within the budget (33, 137, 186). The gain
// is in wins: the bound cuts the probes' dead ends early (on deal 6, 108,583
// of 123,454 tests at 300,000 positions found a position dead). It costs
// time: a position takes about five times as long (the caps of 1000 and
// 300; with 5000 and 2000, fifteen times, and deals 5, 20 and 40 were
// won within 300,000 positions, 40 not with the smaller caps).
// The caps are now 3000 and 1000 (solver Version 3). Measured
// (2026-12-06, the same command, seeds 1–200 at 3.06 M positions): 186
// won, 0 lost, 14 undecided (93.0% decided; 6, 56, 77, 79, 108, 110,
// 122, 124, 130, 145, 164, 188, 195, 200, all undecided in the committed
// run too): 20 deals won that the caps of 1000 and 300 left undecided
// (among them 33, 137, 186 and 40), 2 no longer won within the budget
// (110, 130). 59.5 M positions in 374.8 s of CPU, 6.3 µs a position
// (on a loaded machine; the committed 612,000 a second is 1.6 µs).
// The soundness run on seeds 1–1000 at 3,000 positions was not
// repeated with these caps (caps only weaken the bound's answers, and
// TestZodiacPlanSound passes with them).
// Seeds 1–1000 at 3,000 positions (the same command, -deals 1000
// -nodes 3000): 276 won, 0 lost; at 3.06 M, seeds 1–200: 0 lost. So no
// deal that the committed run won is called lost, and the bound proves
// no deal lost at its start (its bounds there add up to 5 at most on the
// 19 deals tried, 1–6, 8 and twelve undecided ones up to 64).
type zoPlan struct {
	packs  [24][]int8 // the suit's packets, ranks bottom to top
	np     int
	free   [15]int8 // cards of each rank neither in a packet nor on a foundation
	up     int8     // the suit's foundations' heights (see zoSuitHeights)
	dn     int8
	left   int  // free cards
	nodes  int  // positions searched by this call
	hitCap bool // the call reached zoPlanCap
	buf    [24 * 28]int8
	key    []byte
	q      suitSearch
	// exact holds search's exact values by position (stateKey: the
	// heights and the sorted packets, which determine the free cards);
	// capped the positions whose search reached the cap.
	exact  map[string]int8
	capped map[string]bool
}

// lost reports whether the four suits' bounds add up to more than the
// Equator's eight places.
func (p *zoPlan) lost(s *engine.State) bool {
	// The suits' bounds known already (from earlier positions), then
	// the others searched until the sum passes eight.
	var lb [4]int
	var known [4]bool
	sum := 0
	for su := engine.Spades; su <= engine.Clubs; su++ {
		lb[su], known[su] = p.lookup(s, su)
		sum += lb[su]
	}
	for su := engine.Spades; su <= engine.Clubs && sum <= 8; su++ {
		if !known[su] {
			lb[su] = p.minLeft(s, su)
			sum += lb[su]
		}
	}
	return sum > 8
}

// zoPlanCap is the cap of minLeft's states (a variable for experiments).
var zoPlanCap = 3000

// zoPlanFeasibleCap caps each second-phase search of the bound (past it
// the placement counts as feasible, which only weakens the bound).
var zoPlanFeasibleCap = 1000

// lookup returns the exact bound of suit su in s when an earlier search
// found it (and true), else 0 and false.
func (p *zoPlan) lookup(s *engine.State, su engine.Suit) (int, bool) {
	p.load(s, su)
	if p.np == 0 {
		return p.left, true
	}
	if p.exact == nil {
		return 0, false
	}
	v, ok := p.exact[string(p.stateKey())]
	return int(v), ok
}

// minLeft returns a lower bound on the cards of suit su that end the
// first phase off the packets, in a first-phase position s.
func (p *zoPlan) minLeft(s *engine.State, su engine.Suit) int {
	p.load(s, su)
	if p.exact == nil {
		p.exact = map[string]int8{}
		p.capped = map[string]bool{}
	}
	if p.np == 0 {
		return p.left
	}
	k := p.stateKey()
	if p.capped[string(k)] {
		return 0
	}
	p.nodes = 0
	p.hitCap = false
	v, exact := p.search()
	switch {
	case exact:
		return int(v)
	case p.hitCap:
		if len(p.capped) >= 1<<16 {
			clear(p.capped)
		}
		p.capped[string(p.stateKey())] = true
	}
	return 0
}

// load reads the packets of suit su in s, its foundations' heights and
// its free cards.
func (p *zoPlan) load(s *engine.State, su engine.Suit) {
	p.np = 0
	used := 0
	p.up, p.dn = zoSuitHeights(s, su)
	zoOffFoundations(&p.free, p.up, p.dn)
	for z := zoZodiac; z < zoEq; z++ {
		cards := s.Piles[z].Cards
		if len(cards) == 0 || cards[0].Suit() != su {
			continue
		}
		pk := p.buf[used : used+len(cards) : used+28]
		used += 28
		for i, c := range cards {
			pk[i] = int8(c.Rank())
			p.free[c.Rank()]--
		}
		p.packs[p.np] = pk
		p.np++
	}
	p.left = 0
	for r := 1; r <= 13; r++ {
		p.left += int(p.free[r])
	}
}

// zoInfeasible is search's value of a position whose second phase cannot
// be played out.
const zoInfeasible = 127

// search returns the fewest free cards over the placements from the
// present packets that leave the second phase feasible (zoInfeasible
// when none does), and whether that value is exact: it is not when the
// cap was reached below (the value found is then only an upper bound).
// Exact values are kept by position (p.exact) across calls: the
// positions a placement leads to are the same whatever position the
// search started from.
func (p *zoPlan) search() (int8, bool) {
	k := p.stateKey()
	if v, ok := p.exact[string(k)]; ok {
		return v, true
	}
	if p.nodes >= zoPlanCap {
		p.hitCap = true
		return 0, false
	}
	p.nodes++
	key := string(k)
	best, exact := int8(zoInfeasible), true
	if p.feasible() {
		best = int8(p.left)
		exact = p.children(&best)
	}
	if exact {
		if len(p.exact) >= 1<<20 {
			clear(p.exact)
		}
		p.exact[key] = best
	}
	return best, exact
}

// children searches each placement onto a packet's top, lowering *best,
// and reports whether every value found was exact (or 0 was found).
func (p *zoPlan) children(best *int8) bool {
	exact := true
	for i := 0; i < p.np; i++ {
		pk := p.packs[i]
		if i > 0 && slices.Equal(pk, p.packs[i-1]) {
			continue // the same packet: the same positions
		}
		t := pk[len(pk)-1]
		for _, r := range [2]int8{t - 1, t + 1} {
			if r < 1 || r > 13 || p.free[r] == 0 {
				continue
			}
			p.free[r]--
			p.left--
			p.packs[i] = append(pk, r)
			v, ex := p.search()
			p.packs[i] = pk
			p.free[r]++
			p.left++
			*best = min(*best, v)
			exact = exact && ex
			if *best == 0 {
				return true
			}
		}
	}
	return exact
}

// stateKey writes the packets, sorted by content.
func (p *zoPlan) stateKey() []byte {
	var buf [24]int
	idx := buf[:p.np]
	for i := range idx {
		idx[i] = i
	}
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && lessRanks(p.packs[idx[j]], p.packs[idx[j-1]]); j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	k := append(p.key[:0], byte(p.up), byte(p.dn))
	for _, i := range idx {
		for _, r := range p.packs[i] {
			k = append(k, byte(r))
		}
		k = append(k, 0xFF)
	}
	p.key = k
	return k
}

// feasible reports whether the second phase can be played out from the
// packets (cards alone in a packet and the free cards being free).
func (p *zoPlan) feasible() bool {
	q := &p.q
	q.np = 0
	q.up, q.dn = p.up, p.dn
	q.limit = zoPlanFeasibleCap
	q.free = p.free
	for i := 0; i < p.np; i++ {
		pk := p.packs[i]
		if len(pk) < 2 {
			q.free[pk[0]]++
			continue
		}
		q.packs[q.np] = pk
		q.np++
	}
	return q.feasible()
}
