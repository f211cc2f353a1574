package solve

import "pasyans/engine"

// Shorten removes moves from a winning line while it still wins from s:
// first single moves, then pairs of moves at most window apart (a card
// moved there and back). s is left as it was found. The result is a
// winning line no longer than moves; it is not claimed to be shortest.
func Shorten(s *engine.State, moves []engine.Move, window int) []engine.Move {
	cur := append([]engine.Move(nil), moves...)
	try := make([]engine.Move, 0, len(cur))
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(cur); i++ {
			try = append(append(try[:0], cur[:i]...), cur[i+1:]...)
			if wins(s, try) {
				cur = append(cur[:0], try...)
				i--
				changed = true
				continue
			}
			for j := i + 1; j < len(cur) && j <= i+window; j++ {
				try = append(append(append(try[:0], cur[:i]...), cur[i+1:j]...), cur[j+1:]...)
				if wins(s, try) {
					cur = append(cur[:0], try...)
					i--
					changed = true
					break
				}
			}
		}
	}
	return cur
}

// wins reports whether moves, played from s, are all legal and win; s is
// restored.
func wins(s *engine.State, moves []engine.Move) bool {
	n := 0
	defer func() {
		for ; n > 0; n-- {
			s.Undo()
		}
	}()
	for _, m := range moves {
		if s.Won() || s.Check(m) != nil {
			return false
		}
		s.Do(m)
		n++
	}
	return s.Won()
}
