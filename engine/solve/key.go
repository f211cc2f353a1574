package solve

import (
	"bytes"

	"pasyans/engine"
)

// keyer writes canonical keys. The generic key is the engine's State.Key
// with the piles of each group of Variant.Symmetric sorted by their
// encodings, so that positions differing only by a permutation of
// interchangeable piles share a key. Every byte of every pile is kept: two
// positions share a key only when they are equal up to such a permutation.
type keyer struct {
	v      *engine.Variant
	inSym  []bool  // pile i belongs to a symmetric group
	groups [][]int // the symmetric groups
	segs   [][]byte
	tmp    []byte
}

func newKeyer(v *engine.Variant) *keyer {
	k := &keyer{v: v, inSym: make([]bool, len(v.Piles))}
	for _, g := range v.Symmetric {
		if len(g) < 2 {
			continue
		}
		k.groups = append(k.groups, g)
		for _, p := range g {
			k.inSym[p] = true
		}
	}
	k.segs = make([][]byte, len(v.Piles))
	return k
}

// pileBytes appends pile p's encoding: face-down count, cards, separator.
func pileBytes(dst []byte, p *engine.Pile) []byte {
	dst = append(dst, byte(p.Down))
	for _, c := range p.Cards {
		dst = append(dst, byte(c))
	}
	return append(dst, 0xFF)
}

// key appends the canonical key of s to dst.
func (k *keyer) key(s *engine.State, dst []byte) []byte {
	for i := range s.Piles {
		if !k.inSym[i] {
			dst = pileBytes(dst, &s.Piles[i])
		}
	}
	for _, g := range k.groups {
		k.tmp = k.tmp[:0]
		for _, p := range g {
			k.tmp = pileBytes(k.tmp, &s.Piles[p])
		}
		// Split tmp back into the piles' segments, then sort them.
		segs := k.segs[:0]
		start := 0
		for i, b := range k.tmp {
			if b == 0xFF {
				segs = append(segs, k.tmp[start:i+1])
				start = i + 1
			}
		}
		sortSegs(segs)
		for _, sg := range segs {
			dst = append(dst, sg...)
		}
	}
	for _, v := range s.Vars {
		dst = append(dst, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return dst
}

// sortSegs sorts byte strings by insertion sort (groups are small).
func sortSegs(a [][]byte) {
	for i := 1; i < len(a); i++ {
		x := a[i]
		j := i
		for j > 0 && bytes.Compare(a[j-1], x) > 0 {
			a[j] = a[j-1]
			j--
		}
		a[j] = x
	}
}

// appendPilesSorted appends piles first … first+n-1 of s (n at most 16),
// each written card by card and ended by 0xFF, in a canonical order (the
// same for any permutation of their contents): by the first eight bytes
// so written, read as a number, then, on a tie, card by card.
func appendPilesSorted(dst []byte, s *engine.State, first, n int) []byte {
	var heads [16]uint64
	var idx [16]int8
	for i := 0; i < n; i++ {
		heads[i] = pileHead(s.Piles[first+i].Cards)
		idx[i] = int8(i)
	}
	for i := 1; i < n; i++ {
		x, h := idx[i], heads[i]
		j := i
		for j > 0 && (h < heads[j-1] || (h == heads[j-1] && pileLess(s.Piles[first+int(x)].Cards, s.Piles[first+int(idx[j-1])].Cards))) {
			idx[j], heads[j] = idx[j-1], heads[j-1]
			j--
		}
		idx[j], heads[j] = x, h
	}
	for _, i := range idx[:n] {
		for _, c := range s.Piles[first+int(i)].Cards {
			dst = append(dst, byte(c))
		}
		dst = append(dst, 0xFF)
	}
	return dst
}

// pileHead packs the first eight bytes of a pile's encoding (its cards,
// then 0xFF, then zeros) into a number, the first byte highest.
func pileHead(cs []engine.Card) uint64 {
	var h uint64
	n := min(len(cs), 8)
	for _, c := range cs[:n] {
		h = h<<8 | uint64(c)
	}
	if n < 8 {
		h = (h<<8 | 0xFF) << (8 * (7 - n))
	}
	return h
}

// pileLess orders two piles of equal heads card by card (a pile that is
// a prefix of the other first).
func pileLess(a, b []engine.Card) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}
