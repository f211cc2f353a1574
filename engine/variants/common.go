package variants

import "pasyans/engine"

// Helpers shared by the games: small predicates on cards and piles that
// several rule checks use.

// sameSuitNext reports whether c goes on top of t one rank higher in suit.
func sameSuitUp(t, c engine.Card) bool {
	return t.Valid() && c.Suit() == t.Suit() && c.Rank() == t.Rank()+1
}

// sameSuitDown reports whether c goes on top of t one rank lower in suit.
func sameSuitDown(t, c engine.Card) bool {
	return t.Valid() && c.Suit() == t.Suit() && c.Rank()+1 == t.Rank()
}

// adjacent reports whether two cards differ by one rank (no wrap).
func adjacent(a, b engine.Card) bool {
	return a.Rank()+1 == b.Rank() || b.Rank()+1 == a.Rank()
}

// pileIDs returns ids prefix1…prefixN.
func pileIDs(prefix string, n int, role engine.Role) []engine.PileDef {
	out := make([]engine.PileDef, n)
	for i := range out {
		out[i] = engine.PileDef{ID: prefix + itoa(i+1), Role: role}
	}
	return out
}

// indexes returns first, first+1, …, first+n-1.
func indexes(first, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = first + i
	}
	return out
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// idsOf returns the pile ids of the given indexes of v.
func idsOf(piles []engine.PileDef, idx []int) []string {
	out := make([]string, len(idx))
	for i, p := range idx {
		out[i] = piles[p].ID
	}
	return out
}

// checkFoundationUp checks card c going onto a foundation whose top is t,
// built from base in one direction (up when up is true) following suit:
// an empty foundation takes only the base rank (baseRule), a non-empty one
// the same suit (suitRule) one rank further (orderRule).
func checkFoundationUp(t, c engine.Card, base engine.Rank, up bool, baseRule, suitRule, orderRule *engine.Rule) *engine.Rule {
	if t == engine.NoCard {
		if c.Rank() != base {
			return baseRule
		}
		return nil
	}
	if c.Suit() != t.Suit() {
		return suitRule
	}
	if (up && c.Rank() != t.Rank()+1) || (!up && c.Rank()+1 != t.Rank()) {
		return orderRule
	}
	return nil
}

// appendFoundationMoves appends the moves of card c from pile from onto the
// n foundations starting at first, built from base up (or down) in suit.
func appendFoundationMoves(s *engine.State, dst []engine.Move, from int, c engine.Card, first, n int, base engine.Rank, up bool) []engine.Move {
	for f := first; f < first+n; f++ {
		t := s.Piles[f].Top()
		ok := false
		if t == engine.NoCard {
			ok = c.Rank() == base
		} else if c.Suit() == t.Suit() {
			ok = (up && c.Rank() == t.Rank()+1) || (!up && c.Rank()+1 == t.Rank())
		}
		if ok {
			dst = append(dst, engine.Transfer(from, f))
		}
	}
	return dst
}
