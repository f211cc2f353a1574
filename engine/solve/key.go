package solve

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unsafe"

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
	pre    []uint64 // scratch for sortSegs
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
	k.pre = make([]uint64, len(v.Piles))
	return k
}

// pileBytes appends pile p's encoding: face-down count, cards, separator.
func pileBytes(dst []byte, p *engine.Pile) []byte {
	dst = append(dst, byte(p.Down))
	return appendCards(dst, p.Cards)
}

// appendCards appends the cards and a 0xFF separator.
func appendCards(dst []byte, cards []engine.Card) []byte {
	dst = append(dst, cardBytes(cards)...)
	return append(dst, 0xFF)
}

// cardBytes returns the cards as the bytes they are (a Card is a uint8),
// without copying, so that keys are written with one copy per pile rather
// than one append per card. The bytes are only read. (The slice header is
// reinterpreted rather than rebuilt by unsafe.Slice, whose length check
// is a call of the runtime in WebAssembly, once per pile of every key.)
func cardBytes(cards []engine.Card) []byte {
	return *(*[]byte)(unsafe.Pointer(&cards))
}

// commonPrefix returns the length of the longest common prefix of a and
// b, comparing eight cards at a time.
func commonPrefix(a, b []engine.Card) int {
	n := min(len(a), len(b))
	x, y := cardBytes(a[:n]), cardBytes(b[:n])
	i := 0
	for ; i+8 <= n; i += 8 {
		if d := binary.LittleEndian.Uint64(x[i:]) ^ binary.LittleEndian.Uint64(y[i:]); d != 0 {
			return i + bits.TrailingZeros64(d)/8
		}
	}
	for i < n && x[i] == y[i] {
		i++
	}
	return i
}

// A Card must stay one byte for cardBytes.
var _ [1]struct{} = [unsafe.Sizeof(engine.Card(0))]struct{}{}

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
		sortSegs(segs, k.pre)
		for _, sg := range segs {
			dst = append(dst, sg...)
		}
	}
	for _, v := range s.Vars {
		dst = append(dst, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return dst
}

// sortSegs sorts byte strings (an insertion sort: the groups are small),
// comparing their first eight bytes as one number first (pre, at least as
// long as a, is scratch space for those numbers); only strings that share
// them are compared in full.
func sortSegs(a [][]byte, pre []uint64) {
	for i, sg := range a {
		pre[i] = prefix64(sg)
	}
	for i := 1; i < len(a); i++ {
		x, px := a[i], pre[i]
		j := i
		for j > 0 && (pre[j-1] > px || (pre[j-1] == px && string(a[j-1]) > string(x))) {
			a[j], pre[j] = a[j-1], pre[j-1]
			j--
		}
		a[j], pre[j] = x, px
	}
}

// appendPilesSorted appends piles first … first+n-1 of s (n at most 32),
// each written card by card and ended by 0xFF, in a canonical order (the
// same for any permutation of their contents): by the first eight bytes
// so written, read as a number, then, on a tie, card by card (pileBefore).
// The first byte is the bottom card, or 0xFF for an empty pile, so the
// piles are sorted by bottom card through a set of card values, and only
// piles of one bottom card are compared further; the empty piles, all
// written alike, come last. The order is worked out first and the piles
// written by one call (putPiles): a call per pile cost most in
// WebAssembly, where a call's arguments go through memory.
func appendPilesSorted(dst []byte, s *engine.State, first, n int) []byte {
	piles := s.Piles[first : first+n]
	var bottoms uint64 // bit c: some pile has bottom card c
	var head [64]int8  // per bottom card, its first pile
	var next [32]int8  // the next pile of the same bottom card, or -1
	empty, total := 0, n
	for i := range piles {
		cs := piles[i].Cards
		total += len(cs)
		if len(cs) == 0 {
			empty++
			continue
		}
		c := cs[0]
		if c >= 64 {
			return pilesSortedByHeads(dst, piles)
		}
		next[i] = -1
		if bottoms&(1<<c) != 0 {
			next[i] = head[c]
		}
		head[c] = int8(i)
		bottoms |= 1 << c
	}
	var order [32]int8
	k := 0
	for ; bottoms != 0; bottoms &= bottoms - 1 {
		i := head[bits.TrailingZeros64(bottoms)]
		if next[i] < 0 {
			order[k] = i
			k++
			continue
		}
		g := k // a group of one bottom card, sorted by insertion
		for ; i >= 0; i = next[i] {
			order[k] = i
			for j := k; j > g && pileBefore(piles[order[j]].Cards, piles[order[j-1]].Cards); j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
			k++
		}
	}
	return putPiles(dst, piles, order[:k], empty, total)
}

// pilesSortedByHeads is appendPilesSorted for piles of any card values:
// an insertion sort by pileBefore.
func pilesSortedByHeads(dst []byte, piles []engine.Pile) []byte {
	var idx [32]int8
	total := len(piles)
	for i := range piles {
		total += len(piles[i].Cards)
		j := i
		for j > 0 && pileBefore(piles[i].Cards, piles[idx[j-1]].Cards) {
			idx[j] = idx[j-1]
			j--
		}
		idx[j] = int8(i)
	}
	return putPiles(dst, piles, idx[:len(piles)], 0, total)
}

// putPiles appends the piles of order, in that order, each its cards and
// 0xFF, then empty more 0xFF (the empty piles), total bytes in all. A
// pile of up to 16 cards whose slice has room for 8 or 16 is copied as
// one or two 8-byte words, read past its length up to its capacity (which
// the slice allows) and written past its 0xFF, over the next pile's bytes
// or the keySlack bytes past the key, which are cut off: a call of
// memmove per pile was a third of the time of le-cadran's key.
func putPiles(dst []byte, piles []engine.Pile, order []int8, empty, total int) []byte {
	at := len(dst)
	end := at + total
	dst = slices.Grow(dst, total+keySlack)[:end+keySlack]
	for _, i := range order {
		cs := piles[i].Cards
		n := len(cs)
		switch {
		case n <= 8 && cap(cs) >= 8:
			binary.LittleEndian.PutUint64(dst[at:], binary.LittleEndian.Uint64(cardBytes(cs[:8])))
		case n <= 16 && cap(cs) >= 16:
			b := cardBytes(cs[:16])
			binary.LittleEndian.PutUint64(dst[at:], binary.LittleEndian.Uint64(b))
			binary.LittleEndian.PutUint64(dst[at+8:], binary.LittleEndian.Uint64(b[8:]))
		default:
			copy(dst[at:], cardBytes(cs))
		}
		dst[at+n] = 0xFF
		at += n + 1
	}
	for ; empty > 0; empty-- {
		dst[at] = 0xFF
		at++
	}
	return dst[:end]
}

// keySlack is the room putPiles may write past a key's end.
const keySlack = 16

// pileBefore is the order of appendPilesSorted: by pileHead, then, on a
// tie, by pileLess.
func pileBefore(a, b []engine.Card) bool {
	ha, hb := pileHead(a), pileHead(b)
	return ha < hb || (ha == hb && pileLess(a, b))
}

// pileHead packs the first eight bytes of a pile's encoding (its cards,
// then 0xFF, then zeros) into a number, the first byte highest.
func pileHead(cs []engine.Card) uint64 {
	h := prefix64(cs)
	if len(cs) < 8 {
		h |= 0xFF << uint(56-8*len(cs))
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

// prefix64 returns the first eight bytes of b as a big-endian number, b
// padded with zero bytes when shorter; two strings whose numbers differ
// compare as their numbers do (as byte strings, a shorter prefix first).
func prefix64[T ~uint8](b []T) uint64 {
	var x uint64
	n := min(len(b), 8)
	for i := 0; i < n; i++ {
		x |= uint64(b[i]) << uint(56-8*i)
	}
	return x
}

// pack6 packs dst[at:], cards and 0xFF separators as appendCards and
// appendPilesSorted write them, six bits each (the low six bits: a card is
// below 56, and a separator becomes 63, which is no card), eight to six
// bytes, in place, and returns dst cut to the packed bytes. The last byte
// is padded with zero bits. The packing is one to one for a given number
// of separators: a reader that knows it stops after the last one. (No
// branch on the bytes: a test for the separator cost a tenth of
// le-cadran's search in mispredictions.)
func pack6(dst []byte, at int) []byte {
	src := dst[at:]
	w := at
	i := 0
	for ; i+8 <= len(src); i += 8 {
		x := binary.BigEndian.Uint64(src[i:]) & 0x3F3F3F3F3F3F3F3F
		// Squeeze out the two high bits of each byte: pairs, then
		// quads, then the two halves.
		x = (x&0x3F003F003F003F00)>>2 | x&0x003F003F003F003F
		x = (x&0x0FFF00000FFF0000)>>4 | x&0x00000FFF00000FFF
		x = (x&0x00FFFFFF00000000)>>8 | x&0x0000000000FFFFFF
		// x holds the 48 bits in its low six bytes.
		dst[w], dst[w+1], dst[w+2] = byte(x>>40), byte(x>>32), byte(x>>24)
		dst[w+3], dst[w+4], dst[w+5] = byte(x>>16), byte(x>>8), byte(x)
		w += 6
	}
	var acc uint64
	n := 0
	for ; i < len(src); i++ {
		acc = acc<<6 | uint64(src[i]&63)
		n += 6
	}
	for ; n > 0; n -= 8 {
		if n >= 8 {
			dst[w] = byte(acc >> (n - 8))
		} else {
			dst[w] = byte(acc << (8 - n))
		}
		w++
	}
	return dst[:w]
}
