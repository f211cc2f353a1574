package solve

import (
	"bytes"
	"slices"
	"testing"

	"pasyans/engine"
)

// TestPilesSortedBytes checks appendPilesSorted byte for byte against
// its first version (pilesSortedRef), on the positions of random
// playouts of the games that use it and on piles made to share long
// prefixes (so that the card-by-card tie-break is needed).
func TestPilesSortedBytes(t *testing.T) {
	check := func(s *engine.State, first, n int) {
		t.Helper()
		pre := []byte{7, 7}
		got := appendPilesSorted(pre, s, first, n)
		want := pilesSortedRef(append([]byte(nil), pre...), s, first, n)
		if !bytes.Equal(got, want) {
			t.Fatalf("appendPilesSorted:\n got %v\nwant %v", got, want)
		}
	}
	for _, id := range []string{"new-places", "swiss", "st-helena"} {
		v, _ := engine.Lookup(id)
		onPlayouts(t, v, nil, 20, func(s *engine.State) { check(s, twTab, 12) })
	}
	v, _ := engine.Lookup("constitution")
	onPlayouts(t, v, nil, 20, func(s *engine.State) { check(s, 0, 8) })
	v, _ = engine.Lookup("le-cadran")
	onPlayouts(t, v, nil, 20, func(s *engine.State) { check(s, lcCols, 10) })
	// Piles over two cards: equal heads, prefixes, empties; up to 24
	// cards, some with no room past their length (putPiles copies words
	// only within a slice's capacity).
	v, _ = engine.Lookup("new-places")
	s := engine.NewDeal(v, 1, 0)
	rng := engine.NewRand(5)
	for i := 0; i < 20000; i++ {
		for p := twTab; p < twTab+12; p++ {
			cs := s.Piles[p].Cards[:0]
			for j := rng.Intn(25); j > 0; j-- {
				cs = append(cs, engine.Card(8+rng.Intn(2)))
			}
			if rng.Intn(3) == 0 {
				cs = slices.Clip(cs)
			}
			if len(cs) > 0 && rng.Intn(200) == 0 {
				cs[0] = 70 // no card value: the general sort
			}
			s.Piles[p].Cards = cs
		}
		check(s, twTab, 12)
	}
}

// pilesSortedRef is the first version of appendPilesSorted, kept as the
// reference of TestPilesSortedBytes.
func pilesSortedRef(dst []byte, s *engine.State, first, n int) []byte {
	var heads [16]uint64
	var idx [16]int8
	for i := 0; i < n; i++ {
		heads[i] = pileHeadRef(s.Piles[first+i].Cards)
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

func pileHeadRef(cs []engine.Card) uint64 {
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

// TestCommonPrefix compares commonPrefix with a card-by-card count on
// pairs of piles that share prefixes of every length from 0 to 40, so that
// the first difference falls in every byte of an eight-card word and in
// the tail.
func TestCommonPrefix(t *testing.T) {
	rng := engine.NewRand(1)
	for n := 0; n <= 40; n++ {
		for extra := 0; extra < 12; extra++ {
			a := make([]engine.Card, n+extra)
			for i := range a {
				a[i] = engine.Card(1 + rng.Intn(55))
			}
			b := append([]engine.Card(nil), a[:n]...)
			for i := 0; i < extra/2; i++ {
				b = append(b, engine.Card(1+rng.Intn(55)))
			}
			want := 0
			for want < len(a) && want < len(b) && a[want] == b[want] {
				want++
			}
			if got := commonPrefix(a, b); got != want {
				t.Fatalf("prefix %d, extra %d: commonPrefix = %d, want %d", n, extra, got, want)
			}
			if got := commonPrefix(b, a); got != want {
				t.Fatalf("prefix %d, extra %d, swapped: commonPrefix = %d, want %d", n, extra, got, want)
			}
		}
	}
}

// TestPack6 packs piles' encodings of every length up to 13 and compares
// with the plain bit-by-bit packing, after a prefix that must stay as
// it is; and unpacks them back.
func TestPack6(t *testing.T) {
	for n := 0; n <= 40; n++ {
		src := []byte{}
		for i := 0; i < n; i++ {
			if i%3 == 2 {
				src = append(src, 0xFF)
			} else {
				src = append(src, byte(4+(i*7)%52))
			}
		}
		prefix := []byte{9, 8, 7}
		got := pack6(append(slices.Clone(prefix), src...), len(prefix))
		want := packRef(slices.Clone(prefix), src)
		if !bytes.Equal(got, want) {
			t.Fatalf("%d symbols: pack6 %x, want %x", n, got, want)
		}
		// Unpack: six bits at a time until as many separators.
		var back []byte
		var acc, nb uint
		body := got[len(prefix):]
		for k := 0; len(back) < n; {
			for nb < 6 {
				acc, nb = acc<<8|uint(body[k]), nb+8
				k++
			}
			b := byte(acc>>(nb-6)) & 63
			nb -= 6
			if b == 63 {
				b = 0xFF
			}
			back = append(back, b)
		}
		if !bytes.Equal(back, src) || len(body) != (6*n+7)/8 {
			t.Fatalf("%d symbols: unpacked %x from %d bytes, want %x", n, back, len(body), src)
		}
	}
}
