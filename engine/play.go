package engine

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Illegal describes the first move of a list that could not be played.
type Illegal struct {
	Index  int    `json:"index"` // 1-based number of the move in the list
	Move   string `json:"move"`
	Rule   string `json:"rule"`
	Reason string `json:"reason"`
	Line   int    `json:"line,omitempty"`
}

// ErrIllegalMove is the class of errors for moves the rules refuse.
var ErrIllegalMove = errors.New("illegal move")

// Error describes the illegal move.
func (e *Illegal) Error() string {
	pos := ""
	if e.Line > 0 {
		pos = fmt.Sprintf(" (line %d)", e.Line)
	}
	return fmt.Sprintf("move %d%s %q is illegal: %s [%s]", e.Index, pos, e.Move, e.Reason, e.Rule)
}

// Unwrap makes errors.Is(err, ErrIllegalMove) true.
func (e *Illegal) Unwrap() error { return ErrIllegalMove }

// Play applies the written moves in order and stops at the first that is
// malformed or illegal, returning how many were applied and what stopped it.
func (s *State) Play(moves []MoveText) (int, *Illegal) {
	for i, mt := range moves {
		if ill := s.Step(mt.Text); ill != nil {
			ill.Index, ill.Line = i+1, mt.Line
			return i, ill
		}
	}
	return len(moves), nil
}

// CheckPlayable is Check with the end of the game taken into account.
func (s *State) CheckPlayable(m Move) *Rule {
	if s.Won() {
		return RuleGameOver
	}
	return s.Check(m)
}

// Walker plays random playouts: random walks over legal moves that never
// return to a position already seen in the same playout, so every playout
// ends even in games whose moves can be reversed. Reuse one Walker to keep
// playouts free of allocation.
type Walker struct {
	seen  map[uint64]struct{}
	key   []byte
	moves []Move
}

// Playout plays from s until the game is won, no unvisited position is
// reachable, or maxMoves moves were made; it returns the number of moves
// made (undo them with s.Undo) and whether the game was won.
func (w *Walker) Playout(s *State, r *Rand, maxMoves int) (moves int, won bool) {
	if w.seen == nil {
		w.seen = make(map[uint64]struct{}, 1024)
	}
	clear(w.seen)
	w.seen[w.hash(s)] = struct{}{}
	for moves < maxMoves {
		if s.Won() {
			return moves, true
		}
		w.moves = append(w.moves[:0], s.Moves()...)
		if !w.step(s, r) {
			return moves, false
		}
		moves++
	}
	return moves, s.Won()
}

// step makes one random move to an unseen position, if there is one.
func (w *Walker) step(s *State, r *Rand) bool {
	for len(w.moves) > 0 {
		i := r.Intn(len(w.moves))
		m := w.moves[i]
		s.Do(m)
		h := w.hash(s)
		if _, dup := w.seen[h]; !dup {
			w.seen[h] = struct{}{}
			return true
		}
		s.Undo()
		w.moves[i] = w.moves[len(w.moves)-1]
		w.moves = w.moves[:len(w.moves)-1]
	}
	return false
}

// hash mixes the position's key eight bytes at a time (a multiply-xorshift
// mix). A collision can only end a random playout early; the solver uses
// full keys.
func (w *Walker) hash(s *State) uint64 {
	w.key = s.Key(w.key[:0])
	return hashBytes(w.key)
}

func hashBytes(b []byte) uint64 {
	h := uint64(len(b)) * 0x9e3779b97f4a7c15
	for len(b) >= 8 {
		h = mix(h ^ binary.LittleEndian.Uint64(b))
		b = b[8:]
	}
	var tail uint64
	for i, c := range b {
		tail |= uint64(c) << (8 * uint(i))
	}
	return mix(h ^ tail)
}

func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
