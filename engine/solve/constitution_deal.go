package solve

import "pasyans/engine"

// The deal reduction. The word deal only moves the pack's top card onto
// the talon (a People vacancy never waits while the talon or the pack has
// a card: it is filled inside the move that makes it, so a deal never
// fills one). The talon and the pack are read by one kind of move only,
// one that "consumes": a move that leaves a People pile empty (it is
// refilled from the talon, else the pack) or takes the talon's top card
// (option talon-on-people); every other move reads and changes only the
// layout and the foundations. So a run of deals commutes with any
// following move that does not consume, whenever the deal is still legal
// after that move, that is when it leaves no vacancy that rule V compels
// to be filled (a deal needs a non-empty pack, which the later move does
// not change).
//
// Hence the search lets a deal be followed only by another deal, a move
// that consumes, or a move after which a filling is compelled (during a
// cascade of compelled fillings a deal is illegal, and the cascade may end
// in a People filling, which consumes). A position reached by deals and
// then such non-consuming moves is "pending"; the key says so (one byte),
// and a pending position offers only those moves.
//
// Why no win is lost: take any winning line from a position that is not
// pending. While some run of deals is followed by non-consuming moves m1…mi
// after the last of which no filling is compelled, move the run to just
// after mi: m1…mi were legal without the deals (they do not read the talon
// or the pack), the deals are legal after mi (no filling compelled, the
// pack as full as before), and the position reached is the same (the moves
// touch disjoint piles). Each step moves a deal later, so this ends; a run
// is never pushed past the last move, since a won position has every card
// on the foundations and so an empty pack. The resulting line obeys the
// restriction. The safe move is offered only in positions that are not
// pending, where every winning line is allowed, so its own argument
// stands unchanged. TestConstitutionDealReduction compares answers with
// and without the reduction.

// coDepth is what the reduction records of one position of the current
// line: the move that led to it, the cards of the talon and the pack, and
// whether it is pending.
type coDepth struct {
	last    engine.Move
	stock   int16
	pending bool
}

// coStockCount returns how many cards the talon and the pack hold.
func coStockCount(s *engine.State) int16 {
	return int16(len(s.Piles[coStock].Cards) + len(s.Piles[coTalon].Cards))
}

// coDeal is the move deal.
var coDeal = engine.ActionMove(1, -1, -1)

// track records and returns whether s is pending. It relies on the search
// asking the key of each position before the positions below it (so the
// entry of the parent belongs to the current line).
func (g *constitution) track(s *engine.State) bool {
	if g.noPOR {
		return false
	}
	d := s.Depth() - g.base
	if d < 0 {
		return false
	}
	for len(g.pend) <= d {
		g.pend = append(g.pend, coDepth{})
	}
	e := coDepth{stock: coStockCount(s)}
	if d > 0 {
		e.last = s.LastMove()
		prev := g.pend[d-1]
		e.pending = e.last == coDeal || (prev.pending && prev.stock == e.stock)
	}
	g.pend[d] = e
	return e.pending
}

// pending reports whether s is pending as track last recorded it; a
// position whose entry does not match (it was not keyed first) counts as
// not pending, which only offers more moves.
func (g *constitution) pending(s *engine.State) bool {
	d := s.Depth() - g.base
	if g.noPOR || d <= 0 || d >= len(g.pend) {
		return false
	}
	e := g.pend[d]
	return e.pending && e.last == s.LastMove() && e.stock == coStockCount(s)
}

// coMustFill reports whether rule V compels a filling in s: a vacancy above
// the People whose row below holds a card (never under free-vacancies).
func coMustFill(s *engine.State, free bool) bool {
	if free {
		return false
	}
	var occ [4]bool
	var full [4]bool
	for r := 0; r < 4; r++ {
		full[r] = true
		for p := r * 8; p < r*8+8; p++ {
			if len(s.Piles[p].Cards) > 0 {
				occ[r] = true
			} else {
				full[r] = false
			}
		}
	}
	for r := 0; r < 3; r++ {
		if !full[r] && occ[r+1] {
			return true
		}
	}
	return false
}

// moves lists the legal moves of s, and in a pending position only those
// the deal reduction allows.
func (g *constitution) moves(s *engine.State, dst []engine.Move) []engine.Move {
	start := len(dst)
	dst = s.V.Game.Moves(s, dst)
	if !g.pending(s) {
		return dst
	}
	free := s.Opt(g.free)
	n := coStockCount(s)
	keep := dst[:start]
	for _, m := range dst[start:] {
		if m.Action != 0 {
			keep = append(keep, m)
			continue
		}
		s.Do(m)
		ok := coStockCount(s) != n || coMustFill(s, free)
		s.Undo()
		if ok {
			keep = append(keep, m)
		}
	}
	return keep
}
