package solve

import "pasyans/engine"

// The three twelve-pile games of source 003 (swiss, st-helena, new-places)
// share one machinery (engine/variants/swiss.go, "twelve"): twelve piles
// t1..t12 dealt in rounds of twelve from the pack s, four ace places f1..f4
// built up in suit and four king places f5..f8 built down in suit; while
// the pack lasts a pile may feed only the foundations its place allows, and
// no card moves from pile to pile; once the pack is out any top card goes
// to any foundation and top cards are built on one another one rank apart,
// up or down (in suit in new-places); an emptied pile is never refilled;
// a redeal gathers the piles, without shuffling, into a new pack. Pile
// indexes and counters as there.
const (
	twTab     = 0
	twFound   = 12
	twStock   = 20
	twVarDeal = 0
)

// twelveCtx is the solver's knowledge of the twelve-pile games.
//
// "Endgame" below means: the last deal (no redeal left) with the pack out.
// From then on no rule reads where a pile or a foundation place lies: the
// positional rule applies only while the pack lasts, no pile is ever
// gathered again, and every move reads only top cards and the heights of
// the foundations (an empty place of a kind takes a base of that kind whose
// suit no other place of the kind holds).
//
// Key. A foundation place holds a run of one suit from its base (the ace
// up, the king down), whether or not cards pass between foundations
// (new-places, swiss option foundation-to-foundation: a card goes only
// where it continues such a run), so its top card tells its content. In
// the first deal the pack has only lost cards from its top, so its length
// tells its content; after a redeal it is written in full. The piles are
// written in full, in order; in the endgame the twelve piles are sorted,
// and the ace places' tops and the king places' tops are each sorted
// (interchangeable, as said). The counters are written (the deal number
// is the only one the games set). No card is ever face down.
//
// Safe move (endgame). Put the top card c (rank r, suit s) of a pile on
// a foundation F when (1) the other copy of c already lies on a foundation,
// and (2) every card that could ever be built on c lies on the foundations:
// both copies of ranks r-1 and r+1, of every suit (of suit s only in
// new-places, which builds in suit). First, the foundations of suit s are
// then final: a card passes between foundations (new-places, swiss option
// foundation-to-foundation) only from the top of one run of a suit onto
// the other run of that suit, and only when the two runs hold each rank
// once between them (the top of one must continue the other); by (1) and
// (2) the runs of s hold rank r-1 twice, and runs only grow while no card
// passes, so no card of s ever passes again. Let P be the position, P' the
// one after the move. A foundation place holds each rank of its suit at
// most once, so by (1) c is the last card of its rank and suit off the
// foundations, and F, which takes it now, is the only place that will ever
// take it: any winning line from P puts c on F. Play such a line from P'
// without that move: by (2) nothing is ever put on c, so at every moment
// the piles of P' are those of P with c struck out, every other move finds
// the same top card on its target, and F stands as it would after c in the
// line from the moment it matters; the card under c is free sooner, which
// only adds moves; an emptied pile is never refilled, so emptying it
// sooner changes nothing; and in the endgame no rule reads where c's pile
// lies. (With two places taking c, or the other copy still out, a copy put
// on the wrong place could block the other place's run, so no move is
// made then.)
// Safe move, overlapping runs (endgame, new-places). When the ace run of
// a suit s (top a) has reached or passed the top k of its king run
// (a >= k), a move of a pile's top card c onto a foundation is safe. The
// ranks k..a are then on the foundations twice; the ace run needs each of
// a+1, …, K once, in that order, and the cards left for it are the last
// copies of those ranks; the king run likewise needs k-1, …, A. No card
// of one list is one rank from a card of the other (they are two or more
// apart), the runs never meet again, so no card of s ever passes, and in
// new-places a card is built only on its own suit. Say c is a+1, for the
// ace run (the king run is alike). In any line L from P, what is ever
// built on c is a+2, then on that a+3, and so on (a+1 and below are gone
// or under c): a rising chain of the ace run's next cards. Let L' play c
// at once, then L, except that each card L builds on the chain goes to
// the ace run instead (it is the run's next card: the run cannot move
// past a in L before c goes up, and in L' holds c and the chain so far),
// and each later move in L of a chain card, or of c, is left out (the
// card is already up). Every other move finds the same top card on its
// target, or a target that L covers with a chain card and L' leaves free;
// the card under c is free sooner. So L' wins whenever L does, and is no
// longer. TestTwelveKnowledge compares answers with and without.
type twelveCtx struct {
	v       *engine.Variant
	deals   int32
	f2f     bool // cards may pass between foundations (always, or by option)
	f2fOpt  int
	inSuit  bool // building follows suit (new-places)
	tmp     []scored
	alwaysF bool
	root    int   // the depth of the position the search started from
	unit    int64 // node limit of the shortest probe (probePlan)
	lubyCap int64 // the longest probe, in units (probeCap; 0: no limit)
	// keepLone keeps the builds loneBuild leaves out, keepPasses the
	// moves between foundations passWanted leaves out, noOverlap turns off
	// the safe move of overlapping runs (for tests).
	keepLone, keepPasses, noOverlap bool
}

func init() {
	registerCtx(func(v *engine.Variant) gameCtx { return newTwelve(v) }, "swiss", "st-helena", "new-places")
}

func newTwelve(v *engine.Variant) *twelveCtx {
	g := &twelveCtx{v: v, f2fOpt: -1, unit: 1000}
	switch v.ID {
	case "swiss":
		g.deals = 2
		g.f2fOpt = v.Option("foundation-to-foundation")
	case "st-helena":
		g.deals = 3
	case "new-places":
		g.deals = 3
		g.alwaysF = true
		g.inSuit = true
		g.unit = 500
		g.lubyCap = 1
	}
	return g
}

func (g *twelveCtx) start(s *engine.State) {
	g.f2f = g.alwaysF || (g.f2fOpt >= 0 && s.Opt(g.f2fOpt))
	g.root = s.Depth()
}

// endgame reports whether s is in the last deal with the pack out.
func (g *twelveCtx) endgame(s *engine.State) bool {
	return s.Vars[twVarDeal] >= g.deals && len(s.Piles[twStock].Cards) == 0
}

func (g *twelveCtx) key(s *engine.State, dst []byte) []byte {
	end := g.endgame(s) && !g.keepLone
	if end {
		dst = g.suitRuns(s, dst)
	} else {
		for f := 0; f < 8; f++ {
			dst = append(dst, byte(s.Piles[twFound+f].Top()))
		}
	}
	st := s.Piles[twStock].Cards
	dst = append(dst, byte(len(st)))
	if s.Vars[twVarDeal] > 1 {
		dst = append(dst, cardBytes(st)...)
	}
	dst = append(dst, 0xFF)
	if !end {
		for p := twTab; p < twTab+12; p++ {
			dst = appendCards(dst, s.Piles[p].Cards)
		}
	} else {
		dst = appendPilesSorted(dst, s, twTab, 12)
	}
	for _, v := range s.Vars {
		dst = append(dst, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return dst
}

// suitRuns appends the endgame form of the foundations: per suit, the top
// rank a of its ace run (0: none) and the top rank k of its king run (14:
// none); each kind of place holds at most one run per suit, and in the
// endgame the places are interchangeable, so this tells the foundations up
// to a permutation of places of a kind. (When cards pass between
// foundations, two splits of a suit's adjacent runs, k = a+1, are
// reachable from one another but accept different cards, so they keep
// different keys: one key for both would turn away the pass that leads
// from one to the other, as the first version did; TestTwelvePassNeeded.)
func (g *twelveCtx) suitRuns(s *engine.State, dst []byte) []byte {
	a, k := twRuns(s)
	for su := range a {
		dst = append(dst, byte(a[su]), byte(k[su]))
	}
	return dst
}

// twRuns returns, per suit, the top rank a of its ace run (0: none) and
// the top rank k of its king run (14: none).
func twRuns(s *engine.State) (a, k [4]int) {
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
	return a, k
}

// onFoundations returns, per suit and rank, how many copies lie on the
// foundations.
func twOnFoundations(s *engine.State) (n [4][15]int8) {
	for f := twFound; f < twFound+8; f++ {
		for _, c := range s.Piles[f].Cards {
			n[c.Suit()][c.Rank()]++
		}
	}
	for su := range n {
		n[su][0], n[su][14] = 2, 2 // no such ranks: nothing to wait for
	}
	return n
}

// dead: in the last deal, a non-empty set of pile cards that no line can
// move (twelve_bound.go, with the proof). The test is skipped after a move
// between foundations made by the search (below the root): such a move
// leaves the piles, the pack and the deal as they were, and the tops a, k
// of every suit's runs as they were or adjacent (k = a+1) before and after
// (a pass needs adjacent runs and keeps them so; a lone base moved to an
// empty place keeps a and k), and (N) holds for no card of a suit with
// adjacent runs, so locked answers as it did on the position before, which
// the search only expands when it is not dead. (Skipping the test is
// sound in any case: it only prunes.) After a build made by the search,
// the test is cut short as lockedAfter shows.
func (g *twelveCtx) dead(s *engine.State) bool {
	if s.Vars[twVarDeal] < g.deals {
		return false
	}
	if s.Depth() > g.root {
		m := s.LastMove()
		if m.Action == 0 && m.From >= twFound && m.From < twFound+8 {
			return false
		}
		if m.Action == 0 && m.From < twFound && m.To < twFound {
			return g.lockedAfter(s, int(m.To))
		}
	}
	return g.locked(s)
}

func (g *twelveCtx) safe(s *engine.State, moves []engine.Move) (engine.Move, bool) {
	if !g.endgame(s) {
		return engine.Move{}, false
	}
	var on [4][15]int8
	var a, k [4]int
	done := false
	for _, m := range moves {
		if m.Action != 0 || m.To < twFound || m.From >= twFound {
			continue
		}
		if !done {
			on, done = twOnFoundations(s), true
			a, k = twRuns(s)
		}
		c := s.Piles[m.From].Top()
		if g.inSuit && !g.noOverlap && a[c.Suit()] >= k[c.Suit()] {
			return m, true // the ace run has reached its king run
		}
		r := c.Rank()
		ok := on[c.Suit()][r] == 1
		for su := 0; su < 4 && ok; su++ {
			if g.inSuit && engine.Suit(su) != c.Suit() {
				continue
			}
			ok = on[su][r-1] == 2 && on[su][r+1] == 2
		}
		if ok {
			return m, true
		}
	}
	return engine.Move{}, false
}

// order: foundation moves first; then builds, those that uncover a card
// nearer its foundations first (buildRank); the deal; the redeal last. Moves between
// foundations come after the builds. In the endgame it leaves out the
// builds that move a pile's last card (loneBuild) and the moves between
// foundations that passWanted turns away.
func (g *twelveCtx) order(s *engine.State, moves []engine.Move, dst []engine.Move) []engine.Move {
	end := g.endgame(s)
	var runs twTops
	read := false
	var tops [4]uint16 // per suit, the ranks of the piles' top cards
	topsRead := false
	g.tmp = g.tmp[:0]
	for _, m := range moves {
		var r int8
		switch {
		case m.Action == 1:
			r = 6
		case m.Action != 0:
			r = 7
		case m.From >= twFound:
			if end && !g.keepPasses {
				if !topsRead {
					tops, topsRead = twTopRanks(s), true
				}
				if !passWanted(s, m, &tops) {
					continue
				}
			}
			r = 5
		case m.To >= twFound:
			r = 0
		case end && !g.keepLone && len(s.Piles[m.From].Cards) == 1:
			continue // loneBuild
		default:
			if !read {
				runs, read = twReadTops(s), true
			}
			r = buildRank(s.Piles[m.From].Cards, &runs)
		}
		g.tmp = append(g.tmp, scored{m, r})
	}
	return appendRanked(dst, g.tmp)
}

// twTopRanks returns, per suit, the ranks of the piles' top cards.
func twTopRanks(s *engine.State) (tops [4]uint16) {
	for p := twTab; p < twTab+12; p++ {
		if c := s.Piles[p].Top(); c != engine.NoCard {
			tops[c.Suit()] |= 1 << c.Rank()
		}
	}
	return tops
}

// passWanted: in the endgame, a move m between foundations (a pass) is
// needed only when it moves its suit's split toward the rank of a pile's
// top card that neither run takes now; tops holds, per suit, the ranks of
// the piles' top cards.
//
// In the endgame a pass of suit s either moves a lone base to another
// empty place of its kind (a and k stay, and so does the key, which
// writes the foundations per suit), or moves the top of one run of s
// onto the other when they are adjacent, k = a+1 (see dead): the top a
// of the ace run goes to the king run (the split a goes down by one) or
// the top k of the king run to the ace run (a goes up by one), and the
// runs stay adjacent. With split a the foundations take, of s, ranks a+1
// and a only, and no rule reads the split otherwise (builds read the
// piles, other suits their own runs, and a suit without an ace run
// always finds an empty ace place: four places serve four suits; kings
// alike). A move of a pile's card c of s (rank r) onto a foundation needs
// a = r-1 or a = r, and after it both runs end at r (a = k = r) either
// way, the runs overlap and no card of s passes again. So along any line
// from the position, the passes of s form one stretch of adjacent runs,
// ended by such a move of c (a win puts every card up, so the runs of s
// overlap at its end; before they meet no card of s passes). Replace the
// passes of that stretch by the fewest passes from the stretch's split to
// r-1 or r, the nearer, made just before c goes up (c is then a top card
// and stays one meanwhile): they are as many as the split is away from
// there, so no more than the stretch made; and the position after c is
// the same up to the places of runs, which the endgame never reads. Each
// pass so made moves the split from a toward a rank r of a top card c of
// s: down toward r < a, or up toward r > a+1. So a winning line becomes
// one no longer whose passes this test keeps, and a shortest win keeps
// its length (and so, as for loneBuild, no win the other prunings keep
// is lost). TestTwelveDirectedPasses compares answers with and without.
func passWanted(s *engine.State, m engine.Move, tops *[4]uint16) bool {
	fromAce, toAce := m.From < twFound+4, m.To < twFound+4
	if fromAce == toAce {
		return false // a lone base changes places
	}
	c := s.Piles[m.From].Top()
	a := int(c.Rank()) // the ace run's top, when c leaves it
	if !fromAce {
		a = int(c.Rank()) - 1 // c = k = a+1 leaves the king run
	}
	if fromAce {
		return tops[c.Suit()]&ranks(1, a-1) != 0
	}
	return tops[c.Suit()]&ranks(a+2, 13) != 0
}

// buildRank ranks a build from a pile holding src by how far the card it
// uncovers is from its foundations: 1 when they take it next (or it is a
// base), 2 at two cards, 3 at three or four, 4 further (over deals 1–100
// of swiss at 1.5 M positions, ranking by this distance won 96 or 98
// deals, against 88 when only the card taken next was preferred).
func buildRank(src []engine.Card, runs *twTops) int8 {
	if len(src) < 2 {
		return 3
	}
	switch d := runs.need(src[len(src)-2]); {
	case d <= 1:
		return 1
	case d <= 2:
		return 2
	case d <= 4:
		return 3
	}
	return 4
}

// twTops holds, per suit, the top rank a of its ace run (0: none) and
// the top rank k of its king run (14: none).
type twTops struct{ a, k [4]int }

func twReadTops(s *engine.State) (t twTops) {
	t.a, t.k = twRuns(s)
	return t
}

// need returns how many cards the foundations of c's suit still need
// before they take c: 1 for a card some foundation takes next (or a base
// no place holds yet), more the further it is. A card of suit s and rank
// r continues the ace run of s (top a) as rank a+1 and the king run (top
// k) as k-1, so it is r-a cards from the one (if r > a) and k-r from the
// other (if r < k); 99 when neither run will take it.
func (t *twTops) need(c engine.Card) int {
	su, r := c.Suit(), int(c.Rank())
	d := 99
	if a := t.a[su]; r > a {
		d = r - a
	}
	if k := t.k[su]; r < k {
		d = min(d, k-r)
	}
	return d
}

// loneBuild: in the endgame, a build that moves the last card x of a pile
// A onto the top y of a pile B is never needed. Let P be the position and
// P' the one after the move (A empty, x on y). Any line from P' plays from
// P move for move, with the cards that lie on x in B lying instead on x in
// A: a move from or onto the top of that stack in P' is made from or onto
// A's top in P (in the endgame a move reads only the top cards and the
// foundations, not the pile they lie in); a move elsewhere is the same
// move. When the stack is gone from B in P' (y its top again), A is empty
// in P: the positions are equal, whatever P' did meanwhile, except that P
// had y free all along, which only adds moves. So a win from P' gives a
// win from P one move shorter, and a shortest win never makes such a
// move: leaving the moves out loses no win (nor, since shortest wins are
// kept, any win the other prunings keep; each of them turns a win into
// one no longer). TestTwelveKnowledge compares answers with and without.
//
// probePlan: nearly all of the budget to the probes, in units of 1000
// positions. The exhaustive search of these games is lost in the endgame of
// the first line it meets (a last deal with the pack out can hold far more
// positions than a budget allows), while restarts that vary the earlier
// choices find wins: over deals 1–20 at 1 s each, st-helena won 20 with
// this plan, swiss 11 against 5 with the default plan (0.3 of the budget).
// Longer shortest probes do worse: over new-places deals 1–60 at 1 M
// positions, units of 1000, 5000 and 20000 won 13, 12 and 10.
//
// New-places takes shorter probes still, units of 500: nearly all of its
// positions (98% over deals 3, 4, 7 and 12, in units of 1000) lie in the
// last deal with the pack out, and a last deal that can be won is mostly
// won soon (the winning lines of deals 3, 4 and 7 reach one that the
// probes alone, in units of 1000, win in 8211, 265 and 137387 positions),
// so what costs is to reach one: a probe is mostly one pass through the
// deals, and shorter probes make more passes, with other choices. Over
// deals 1–200 at 1.4 M positions, units of 1000, 500, 250 and 125 won
// 164, 175, 173 and 173 (500 with 0.99 of the budget to the probes won
// the same 175). Swiss and st-helena keep units of 1000.
func (g *twelveCtx) probePlan() (float64, int64) { return 0.95, g.unit }

// probeCap: new-places probes all run to 500 positions (no Luby
// growth): random restarts of one length. Over deals 1–200 at 1.4 M
// positions, caps of 1, 2, 4, 8, 16, 32, 64 units and none won 193, 192,
// 190, 182, 180, 184, 174 and 175; over deals 201–400, cap 1 won 194
// and none 177. The reason is the one given for the units: what costs is
// reaching a winnable last deal, so many short passes through the deals
// do better than a few long searches of one. Swiss and st-helena keep the
// Luby sequence.
func (g *twelveCtx) probeCap() int64 { return g.lubyCap }
