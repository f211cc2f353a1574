package solve

import "pasyans/engine"

// lcLook is le-cadran's look-ahead on the one column the stuck-card bound
// leaves without a card of S (see lcBound.stuck and leCadran.cantEmpty):
// its visited keys, its stack of move lists and its cap on positions.
type lcLook struct {
	on    bool
	cap   int
	seen  map[string]struct{}
	moves [][]engine.Move
	key   []byte
}

// cantEmpty reports a position in which every column but at most
// lcLookFree holds a card of S (lcBound.stuck's set, no lane being open)
// and no line empties a column, found by an exhaustive search of at most
// look.cap positions over the moves that open no lane.
//
// Proof. By the stuck bound's argument, the first move of any line that
// makes a card of S leave its pile or opens a lane cannot move a card of
// S, so it opens a lane: it moves the last card of a column without a
// card of S. The moves before it open no lane, so they are moves of
// the position's game with all ten columns filled, which the search below
// follows (g.moves, up to positions of the same key) until some column is
// empty. If it exhausts the positions so reached without an empty column,
// no line ever moves a card of S, and the deal is lost (as for stuck).
// When it reaches its cap, it answers false.
func (g *leCadran) cantEmpty(s *engine.State) bool {
	lk := &g.look
	if lk.seen == nil {
		lk.seen = map[string]struct{}{}
	}
	clear(lk.seen)
	n := 0
	return g.cantEmptyFrom(s, 0, &n)
}

// cantEmptyFrom is cantEmpty's depth-first search from s at depth d, n the
// positions visited so far.
func (g *leCadran) cantEmptyFrom(s *engine.State, d int, n *int) bool {
	lk := &g.look
	for len(lk.moves) <= d {
		lk.moves = append(lk.moves, nil)
	}
	lk.moves[d] = g.moves(s, lk.moves[d][:0])
	for i := 0; i < len(lk.moves[d]); i++ {
		m := lk.moves[d][i]
		s.Do(m)
		if lcAnyEmpty(s) {
			s.Undo()
			return false
		}
		lk.key = g.key(s, lk.key[:0])
		if _, ok := lk.seen[string(lk.key)]; ok {
			s.Undo()
			continue
		}
		if *n++; *n > lk.cap {
			s.Undo()
			return false
		}
		lk.seen[string(lk.key)] = struct{}{}
		ok := g.cantEmptyFrom(s, d+1, n)
		s.Undo()
		if !ok {
			return false
		}
	}
	return true
}

// lcAnyEmpty reports an empty column.
func lcAnyEmpty(s *engine.State) bool {
	for p := lcCols; p < lcCols+10; p++ {
		if len(s.Piles[p].Cards) == 0 {
			return true
		}
	}
	return false
}
