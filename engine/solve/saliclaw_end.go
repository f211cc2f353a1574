package solve

import (
	"cmp"
	"slices"
	"unsafe"

	"pasyans/engine"
)

// slEnd is salic-law's endgame search: the general search hands it every
// position it reaches once the pack is out (see salicLaw.endgame), and it
// searches the rest of the game on a representation of its own, faster
// per position than the general search on engine.State. It
// searches the same graph as the general search does after the deal, with
// the same proofs (see salicLaw: the key, the safe moves, the foundation-
// first pruning, the dead test with the rank bound), except that a dig
// chain is one move.
//
// Positions. Once the pack is out the king piles only lose their top
// cards, to the foundations or onto bare kings, and a bare king takes one
// card. So a position is, per king, how many of the cards it held when the
// search began lie on it still (n), or the one card put on it since it
// became bare (cell), and the foundations' heights.
//
// Dig chains. The dig-chain rule (see digFrom) makes the moves after a
// card goes from packet T onto a bare king come from T again: T's next
// card onto a foundation when it fits one (foundation first), or else onto
// the first bare king. So the chain is settled by its first move: it ends
// with T's shallowest card that fits a foundation, under d cards, d no more
// than the bare kings (the chain's start is listed only then, see
// slDigReaches). One move here (a dig of d) makes the whole chain, and the
// positions inside it, which the general search passes through unrecorded
// (transient), are not made at all.
//
// Keys. Every pile's content is a number, the same for the same ranks in
// whichever layout it is met (slWords): the key is the eight numbers sorted, the
// general key's sorted packets without their bytes (the heights are implied
// by the piles: the cards not on them are on the foundations, each
// foundation one card of every rank up to its height, so the number of
// foundations at least r high is the number of rank-r cards off the piles).
// Two positions have one key exactly when the general key calls them equal.
//
// Lost positions. Every move here puts a card on a foundation, so no
// position comes back, and a position whose moves have all been tried
// without a win is lost (see acyclicer). The visited set holds only those,
// for the whole search of a deal: probes, the exhaustive search and every
// endgame the general search hands over share it.
type slEnd struct {
	w      *slWords // the piles' words, shared with salicLaw.key
	lost   slLostSet
	frames []slEndFrame
	moves  []slEndMove
	pair   [8][2]engine.Card // a king and its cell, for views
	view   slView
	// nodeCap, when not 0, stands for slEndMaxNodes (tests make it small).
	nodeCap uint32
	// noSleep turns the sleep sets off (see wake; tests compare answers).
	noSleep bool
}

// slEndPos is a position of the endgame search (see slEnd).
type slEndPos struct {
	n      [8]uint8       // cards of cards[k] still on king k above it
	cell   [8]engine.Card // the card put on king k since it was bare, or NoCard
	height [8]uint8       // the foundations' heights
}

// slEndMove puts the top card of pile from on a foundation, after digging
// dig cards off it onto bare kings (0: none).
type slEndMove struct {
	from, dig, score int8
}

// slEndFrame is one level of the endgame search's stack: a position, its
// key, and its moves (moves[start:end], next the one to try next).
type slEndFrame struct {
	pos              slEndPos
	key              slEndKey
	start, end, next int32
	at               slot // where key goes in the lost set (see slLostSet.addAt)
	// sleep and done: piles whose plain foundation moves (no dig) are not
	// tried here (see wake), and those whose plain move has been tried.
	sleep, done uint8
}

// slEndKey is the key of an endgame position: the piles' trie nodes,
// sorted, four to a word (see slEndMaxNodes).
type slEndKey [2]uint64

// slEndMaxNodes bounds the trie's nodes so that a node fits in 16 bits:
// the layouts of one deal share nearly all their packets (a few hundred
// to a few thousand nodes on the hardest deals), and a deal whose trie
// would grow past it is searched by the general search from then on.
const slEndMaxNodes = 1<<16 - 1

// reset forgets the positions of the previous deal.
func (e *slEnd) reset() { e.lost.reset() }

// load makes the piles of s the search's start (its layout, in e.w).
func (e *slEnd) load(s *engine.State) slEndPos {
	e.w.read(s)
	var p slEndPos
	for k := range p.n {
		p.n[k] = uint8(len(e.w.cards[k]) - 1)
		p.cell[k] = engine.NoCard
		p.height[k] = uint8(len(s.Piles[slFound+k].Cards))
	}
	return p
}

// takes reports whether the endgame search takes s over: the pack is out,
// every king is dealt, and the game is played by the rules and with the
// pruning it knows (not under once-per-king, whose bits it does not keep,
// nor with the foundation-first pruning or the dig-chain rule off, which
// it builds on); s is bound to no dig chain (the general search hands
// over positions reached by the deal, or its start).
func (g *salicLaw) takes(s *engine.State) bool {
	if len(s.Piles[slStock].Cards) > 0 || s.Opt(g.once) || g.noEnd || g.noDom || g.noChain || g.digFrom(s) >= 0 {
		return false
	}
	for k := slKings; k < slKings+8; k++ {
		if n := len(s.Piles[k].Cards); n == 0 || n > 255 {
			return false
		}
	}
	return true
}

// endgame (see endgamer) searches s with slEnd.
func (g *salicLaw) endgame(s *engine.State, q *subSearch) (string, bool) {
	if !g.takes(s) {
		return "", false
	}
	return g.end.search(g, s, q)
}

// search is the depth-first search from s, which the general search has
// found new and not dead.
func (e *slEnd) search(g *salicLaw, s *engine.State, q *subSearch) (string, bool) {
	root := e.load(s)
	if limit := cmp.Or(e.nodeCap, slEndMaxNodes); e.w.nodes > limit {
		return "", false // the general search takes over
	}
	key := e.key(&root)
	at, ok := e.lost.find(&key)
	if ok {
		return Lost, true
	}
	e.frames, e.moves = e.frames[:0], e.moves[:0]
	e.push(root, key, at, 0, q)
	for len(e.frames) > 0 {
		f := &e.frames[len(e.frames)-1]
		if f.next == f.end {
			if !e.lost.addAt(&f.key, f.at, q.maxSeen, q.pool) {
				q.capHit = true
			}
			e.moves = e.moves[:f.start]
			e.frames = e.frames[:len(e.frames)-1]
			continue
		}
		m := e.moves[f.next]
		f.next++
		sleep := uint8(0)
		if m.dig == 0 && !e.noSleep {
			sleep = e.wake(&f.pos, f.sleep|f.done, m)
			f.done |= 1 << uint(m.from)
		}
		p := f.pos
		e.apply(&p, m, nil)
		if !q.step() {
			return Unknown, true
		}
		if p.won() {
			q.line = e.stackLine()
			return Won, true
		}
		key := e.key(&p)
		at, ok := e.lost.find(&key)
		if ok {
			continue
		}
		q.progress = max(q.progress, p.onFoundations())
		if e.dead(g, &p) {
			if !e.lost.addAt(&key, at, q.maxSeen, q.pool) {
				q.capHit = true
			}
			continue
		}
		e.push(p, key, at, sleep, q)
	}
	return Lost, true
}

// stackLine returns the engine's moves of the search stack, from the start
// to the position after the last move tried.
func (e *slEnd) stackLine() []engine.Move {
	var line []engine.Move
	for i := range e.frames {
		p := e.frames[i].pos
		e.apply(&p, e.moves[e.frames[i].next-1], &line)
	}
	return line
}

func (p *slEndPos) won() bool {
	for _, h := range p.height {
		if h != 11 {
			return false
		}
	}
	return true
}

func (p *slEndPos) onFoundations() int {
	n := 0
	for _, h := range p.height {
		n += int(h)
	}
	return n
}

// top returns the top card of pile k (NoCard: a bare king).
func (e *slEnd) top(p *slEndPos, k int) engine.Card {
	if p.cell[k] != engine.NoCard {
		return p.cell[k]
	}
	if p.n[k] == 0 {
		return engine.NoCard
	}
	return e.w.cards[k][p.n[k]]
}

// size returns the cards on king k.
func (p *slEndPos) size(k int) int {
	if p.cell[k] != engine.NoCard {
		return 1
	}
	return int(p.n[k])
}

// key returns the key of p (see slEnd).
func (e *slEnd) key(p *slEndPos) slEndKey {
	var ids [8]uint32
	for k := range ids {
		if c := p.cell[k]; c != engine.NoCard {
			ids[k] = e.w.one[c.Rank()]
		} else {
			ids[k] = e.w.path[k][p.n[k]]
		}
	}
	sortSmall(ids[:])
	var key slEndKey
	for i, id := range ids {
		key[i/4] |= uint64(id) << (16 * uint(i%4))
	}
	return key
}

// dead is salicLaw.endDead for p.
func (e *slEnd) dead(g *salicLaw, p *slEndPos) bool {
	v := &e.view
	bare := 0
	for k := range v.piles {
		v.height[k] = int(p.height[k])
		switch {
		case p.cell[k] != engine.NoCard:
			e.pair[k] = [2]engine.Card{e.w.cards[k][0], p.cell[k]}
			v.piles[k] = e.pair[k][:]
		default:
			v.piles[k] = e.w.cards[k][:p.n[k]+1]
			if p.n[k] == 0 {
				bare++
			}
		}
	}
	v.stock, v.newest = 0, slKings+7
	return g.endDead(v, bare)
}

// push pushes a frame for p and its moves: a safe move alone when there is
// one (salicLaw.safe's two kinds), else the moves salicLaw.order lists
// after the deal, a dig chain as one move, in its order (perturbed in a
// probe).
func (e *slEnd) push(p slEndPos, key slEndKey, at slot, sleep uint8, q *subSearch) {
	start := int32(len(e.moves))
	e.moves = e.appendMoves(e.moves, &p, sleep)
	if q.rng != nil && len(e.moves)-int(start) > 1 {
		perturb(e.moves[start:], q.rng, q.shift)
	}
	e.frames = append(e.frames, slEndFrame{pos: p, key: key, start: start, end: int32(len(e.moves)), next: start, at: at, sleep: sleep})
}

// appendMoves appends the moves of p to dst (see push).
func (e *slEnd) appendMoves(dst []slEndMove, p *slEndPos, sleep uint8) []slEndMove {
	var has uint16 // bit h: some foundation is h high
	minH := uint8(11)
	for _, h := range p.height {
		has |= 1 << h
		minH = min(minH, h)
	}
	fits := func(c engine.Card) bool { r := c.Rank(); return r <= engine.Jack && has&(1<<(r-1)) != 0 }
	bare := 0
	for k := range p.n {
		if e.top(p, k) == engine.NoCard {
			bare++
		}
	}
	for k := range p.n {
		if c := e.top(p, k); c != engine.NoCard && fits(c) && (int(c.Rank())-1 <= int(minH) || p.size(k) == 1) {
			if sleep&(1<<uint(k)) != 0 {
				return dst // the safe move leads to a lost position (see wake)
			}
			return append(dst, slEndMove{from: int8(k)})
		}
	}
	start := len(dst)
	for k := range p.n {
		c := e.top(p, k)
		if c == engine.NoCard {
			continue
		}
		n := p.size(k)
		score := int8(min(n+1, 9))
		if n >= 2 {
			if b := e.w.cards[k][n-1].Rank(); b < engine.Queen && has&(1<<(b-1)) != 0 {
				score -= 10
			}
		}
		if fits(c) {
			if sleep&(1<<uint(k)) == 0 {
				dst = append(dst, slEndMove{from: int8(k), score: score})
			}
			continue
		}
		for d := 1; d <= bare && d < n; d++ {
			if fits(e.w.cards[k][n-d]) {
				dst = append(dst, slEndMove{from: int8(k), dig: int8(d), score: score + 40})
				break
			}
		}
	}
	slices.SortStableFunc(dst[start:], func(a, b slEndMove) int { return int(a.score) - int(b.score) })
	return dst
}

// wake returns the piles of mask whose plain foundation moves stay asleep
// after the plain foundation move m in p: those independent of m.
//
// Sleep sets (Godefroid's partial-order reduction). Two plain foundation
// moves x and y from different piles, both legal in a position Q, are
// independent there when each stays legal after the other: always when
// their ranks differ (a card one rank higher than the other's only gains
// a foundation of its height, and no other height changes), and for one
// rank r when Q has two foundations r-1 high. Then Q·x·y and Q·y·x are
// one position (the same cards on the foundations, the heights implied).
// The search tries the moves of Q in order; when it tries y after x, it
// puts x to sleep in Q·y if x and y are independent, and so does every
// move asleep in Q. Claim: for every position X on the stack and every
// move x asleep in X, X·x is lost. By induction: X = Q·y and x was tried
// in Q before y (so Q·x is lost: the search came back from it without a
// win, or found it lost or dead) or is asleep in Q (so Q·x is lost); and
// X·x = Q·x·y is reached from Q·x by y, legal there: a position reached
// from a lost one is lost. So a move asleep in X need not be tried, and X
// is lost when every move it tries leads to a lost position; a safe move
// asleep in X makes X lost (a winning line from X would begin with it).
// Every move here puts a card on a foundation, so the search has no cycle
// and these lost positions are lost in every search that follows.
// (A dig moves cards onto bare kings too; it puts nothing to sleep.)
func (e *slEnd) wake(p *slEndPos, mask uint8, m slEndMove) uint8 {
	mask &^= 1 << uint(m.from)
	if mask == 0 {
		return 0
	}
	r := e.top(p, int(m.from)).Rank()
	below := 0 // the foundations r-1 high
	for _, h := range p.height {
		if int(h) == int(r)-1 {
			below++
		}
	}
	if below >= 2 {
		return mask
	}
	for k := range p.n {
		if mask&(1<<uint(k)) != 0 && e.top(p, k).Rank() == r {
			mask &^= 1 << uint(k)
		}
	}
	return mask
}

// apply makes move m in p, appending the engine's moves that make it to
// *line when line is not nil: each dug card onto the first bare king, the
// last card onto the first foundation of the height below it.
func (e *slEnd) apply(p *slEndPos, m slEndMove, line *[]engine.Move) {
	k := int(m.from)
	for j := 0; j < int(m.dig); j++ {
		c := e.w.cards[k][p.n[k]]
		p.n[k]--
		b := 0
		for p.n[b] != 0 || p.cell[b] != engine.NoCard {
			b++
		}
		p.cell[b] = c
		if line != nil {
			*line = append(*line, engine.Transfer(slKings+k, slKings+b))
		}
	}
	var c engine.Card
	if c = p.cell[k]; c != engine.NoCard {
		p.cell[k] = engine.NoCard
	} else {
		c = e.w.cards[k][p.n[k]]
		p.n[k]--
	}
	f := 0
	for int(p.height[f]) != int(c.Rank())-1 {
		f++
	}
	p.height[f]++
	if line != nil {
		*line = append(*line, engine.Transfer(slKings+k, slFound+f))
	}
}

// slLostSet is the endgame search's set of lost positions: their keys,
// in full, in an open-addressing table (the zero key, all piles empty, is
// a won position and marks an empty slot).
type slLostSet struct {
	slots []slEndKey
	n     int
	grown uint32 // how many times the table has grown
	// held is the memory taken from the pool for the table's growth (see
	// addAt), kept from one search to the next; room, when not 0, is the
	// most keys the table takes: the pool refused it the memory to grow.
	held int64
	room int
}

// slot is a place in the table, valid while the table has not grown
// since (and the place stays empty: see addAt).
type slot struct {
	i, grown uint32
}

func (t *slLostSet) reset() {
	if t.slots == nil {
		t.slots = make([]slEndKey, 1<<10)
	}
	clear(t.slots)
	t.n = 0
	t.room = 0
}

func (k *slEndKey) hash() uint64 {
	h := (k[0] ^ 0x9E3779B97F4A7C15) * 0xBF58476D1CE4E5B9
	h = (h ^ h>>31 ^ k[1]) * 0x94D049BB133111EB
	return h ^ h>>29 // the low bits, the table's index, from all of them
}

// find reports whether k is held, and else where it would go.
func (t *slLostSet) find(k *slEndKey) (slot, bool) {
	mask := len(t.slots) - 1
	for i := int(k.hash()) & mask; ; i = (i + 1) & mask {
		switch t.slots[i] {
		case *k:
			return slot{uint32(i), t.grown}, true
		case slEndKey{}:
			return slot{uint32(i), t.grown}, false
		}
	}
}

// addAt records k, which find placed at at (not held then), and reports
// false when the set already holds max keys, or fills three quarters of a
// table that pool refuses the memory to double (k is then not recorded).
// Between find and addAt the search records the positions under k's,
// which may take at or grow the table: then k's place is looked up again
// (no key is ever removed, so k is still not held).
func (t *slLostSet) addAt(k *slEndKey, at slot, max int, pool *memPool) bool {
	if max > 0 && t.n >= max {
		return false
	}
	if t.room > 0 && t.n >= t.room {
		return false
	}
	if at.grown != t.grown || t.slots[at.i] != (slEndKey{}) {
		at, _ = t.find(k)
	}
	t.slots[at.i] = *k
	t.n++
	if t.n*2 > len(t.slots) && t.room == 0 {
		size := int64(len(t.slots)) * 2 * int64(unsafe.Sizeof(slEndKey{}))
		if !pool.take(size) {
			t.room = len(t.slots) * 3 / 4
			return true
		}
		t.grow()
		pool.give(size / 2)
		t.held += size / 2
	}
	return true
}

// grow doubles the table.
func (t *slLostSet) grow() {
	old := t.slots
	t.slots = make([]slEndKey, 2*len(old))
	t.grown++
	for i := range old {
		if old[i] != (slEndKey{}) {
			at, _ := t.find(&old[i])
			t.slots[at.i] = old[i]
		}
	}
}
