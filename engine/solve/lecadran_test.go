package solve

import (
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// TestLeCadranOrderKeepsMoves checks, at the positions of bounded
// searches, that le-cadran's move order lists every generated move once,
// except a column's only card moved to a lane (the same key as before) and,
// after a deal, the moves from a column but a two onto the ace it turned
// (the deal-first rule).
func TestLeCadranOrderKeepsMoves(t *testing.T) {
	t.Parallel()
	v := enginetest.Lookup(t, "le-cadran")
	sv := New(v)
	g := sv.ctx.(*leCadran)
	var bad string
	sv.check = func(s *engine.State, _ []byte) {
		if bad != "" {
			return
		}
		moves := g.moves(s, nil)
		out := g.order(s, moves, nil)
		count := map[engine.Move]int{}
		for _, m := range out {
			count[m]++
		}
		deal := g.afterDeal(s)
		for _, m := range moves {
			lone := m.Action == 0 && int(m.To) < lcFound && m.From != lcTalon &&
				len(s.Piles[m.To].Cards) == 0 && len(s.Piles[m.From].Cards) == 1
			column := m.Action == 0 && m.From != lcTalon
			if deal && column && int(m.To) >= lcFound && s.Piles[m.From].Top() == g.dealtTwo(s) {
				column = false // the exempt two (see afterDeal)
			}
			switch {
			case deal && column && count[m] != 0:
				bad = "a move from a column is listed after a deal"
			case deal && column:
			case lone && count[m] != 0:
				bad = "a lone card moved to a lane is listed"
			case !lone && count[m] != 1:
				bad = "a move is left out or listed twice"
			}
		}
		if len(out) > len(moves) {
			bad = "the order lists more moves than generated"
		}
	}
	for seed := uint64(1); seed <= 3; seed++ {
		sv.Solve(engine.NewDeal(v, seed, 0), Options{MaxNodes: 20000})
		if bad != "" {
			t.Fatalf("seed %d: %s", seed, bad)
		}
	}
}

// TestLeCadranDealFirst compares the answers of the search with and without
// the deal-first rule (leCadran.afterDeal).
func TestLeCadranDealFirst(t *testing.T) {
	t.Parallel()
	lcCompare(t, "the deal-first rule", 30000, func(g *leCadran) { g.noDealFirst = true })
}

// TestLeCadranStuck compares the answers of the search with and without
// the stuck-card bound (lcBound.stuck).
func TestLeCadranStuck(t *testing.T) {
	t.Parallel()
	lcCompare(t, "the stuck-card bound", 30000, func(g *leCadran) { g.noBound = true })
}

// lcCompare compares the answers of the search with its full knowledge
// and with the knowledge off changes, at a budget of nodes, on deals and on
// positions near and off the winning lines (some of them lost), and
// replays every win.
func lcCompare(t *testing.T, what string, nodes int64, off func(*leCadran)) {
	t.Helper()
	v, _ := engine.Lookup("le-cadran")
	p := &pair{with: New(v), without: New(v), o: Options{MaxNodes: nodes}}
	off(p.without.ctx.(*leCadran))
	for _, seed := range []uint64{5, 12, 22, 93} {
		p.aroundDeal(t, engine.NewDeal(v, seed, 0), seed, 2_000_000, 8, what)
	}
	t.Logf("%s: %d positions decided both ways, %d of them lost", what, p.decided, p.lost)
	if p.lost == 0 || p.decided-p.lost == 0 {
		t.Errorf("%s: the comparison needs won and lost positions", what)
	}
}

// TestLeCadranStuckPlayouts checks the stuck-card bound where it fires on
// the positions of random playouts: the search without the bound must never
// win such a position (and, where it decides, must prove it lost).
func TestLeCadranStuckPlayouts(t *testing.T) {
	t.Parallel()
	v, _ := engine.Lookup("le-cadran")
	sv := New(v)
	g := sv.ctx.(*leCadran)
	g.noBound = true
	var b lcBound
	fired, lost := 0, 0
	onPlayouts(t, v, nil, 40, func(s *engine.State) {
		if fired >= 300 || !b.stuck(s) {
			return
		}
		fired++
		r := sv.Solve(s, Options{MaxNodes: 20000, ProbeShare: -1})
		switch r.Outcome {
		case Won:
			t.Fatalf("seed %d: the bound calls a won position dead:\n%s", s.Seed, s.Text(true))
		case Lost:
			lost++
		}
	})
	t.Logf("the bound fired on %d positions, %d of them proved lost without it", fired, lost)
	if fired == 0 || lost == 0 {
		t.Errorf("the bound was not checked")
	}
}

// TestLeCadranStuckFixture: deal 9 (six kings among the available cards)
// is proved lost with the stuck-card bound within a small budget.
func TestLeCadranStuckFixture(t *testing.T) {
	t.Parallel()
	v, _ := engine.Lookup("le-cadran")
	r := New(v).Solve(engine.NewDeal(v, 9, 0), Options{MaxNodes: 200_000})
	if r.Outcome != Lost {
		t.Fatalf("deal 9: %s after %d positions, want lost", r.Outcome, r.Nodes)
	}
}

// TestLeCadranKeyDirect compares, at the positions of bounded searches,
// the key with one written the plain way: the columns sorted by pilesSortedRef (TestPilesSortedBytes's
// plain version of appendPilesSorted) and the talon's mask matched afresh
// over the cards turned so far (the key keeps the talon's match from one
// key to the next). Positions of one search that share a key must have
// the same foundations up to their order (the key leaves them out: the
// cards on them are the cards that are nowhere else). Searches start from
// the deal and from positions part way through it, so that the talon
// holds a prefix (t0).
func TestLeCadranKeyDirect(t *testing.T) {
	v, _ := engine.Lookup("le-cadran")
	sv := New(v)
	g := sv.ctx.(*leCadran)
	checked := 0
	var founds map[string]string // key → the foundations' top cards, sorted
	sv.check = func(s *engine.State, key []byte) {
		if want := lcKeyDirect(g, s); string(key) != string(want) {
			t.Fatalf("key %x, written directly %x", key, want)
		}
		f := lcFoundTops(s)
		if prev, ok := founds[string(key)]; ok && prev != f {
			t.Fatalf("key %x: foundations %x and %x (the key leaves them out as implied)", key, prev, f)
		}
		founds[string(key)] = f
		checked++
	}
	for seed := uint64(1); seed <= 6; seed++ {
		founds = map[string]string{}
		s := engine.NewDeal(v, seed, 0)
		rng := engine.NewRand(seed)
		for n := int(seed % 3 * 15); n > 0; n-- {
			ms := s.Moves()
			if len(ms) == 0 {
				break
			}
			s.Do(ms[rng.Intn(len(ms))])
		}
		sv.Solve(s, Options{MaxNodes: 30000})
	}
	if checked == 0 {
		t.Fatal("no position checked")
	}
}

// lcFoundTops returns the top cards of the foundations, sorted.
func lcFoundTops(s *engine.State) string {
	var tops []byte
	for f := lcFound; f < lcFound+8; f++ {
		tops = append(tops, byte(s.Piles[f].Top()))
	}
	slices.Sort(tops)
	return string(tops)
}

// lcKeyDirect writes le-cadran's key as key does, the plain way.
func lcKeyDirect(g *leCadran, s *engine.State) []byte {
	var dst []byte
	stock := len(s.Piles[lcStock].Cards)
	dst = append(dst, byte(stock))
	talon := s.Piles[lcTalon].Cards
	if g.full {
		dst = append(dst, 0xFE)
		for _, c := range talon {
			dst = append(dst, byte(c))
		}
		dst = append(dst, 0xFF)
	} else {
		k := 0
		for k < len(talon) && k < len(g.t0) && talon[k] == g.t0[k] {
			k++
		}
		turned := g.dealt[:g.s0-stock]
		var mask uint64
		j := 0
		for _, c := range talon[k:] {
			for j < len(turned) && turned[j] != c {
				j++
			}
			mask |= 1 << uint(j)
			j++
		}
		dst = append(dst, byte(k))
		dst = binary.LittleEndian.AppendUint64(dst, mask)
	}
	dst = packRef(dst, pilesSortedRef(nil, s, lcCols, 10))
	if g.afterDeal(s) {
		dst = append(dst, 1)
	}
	return dst
}

// TestLcBuried checks lcRunsBuried: the count of cards lying under a
// higher card of their suit against the plain scan of every card above
// each card, and the count of cards lying on their marriage base.
func TestLcBuried(t *testing.T) {
	for _, tc := range []struct {
		pile string // bottom first
		want int
		runs int
	}{
		{"", 0, 0},
		{"KS", 0, 0},
		{"2S KS", 1, 0},    // the two lies under the king
		{"KS 2S", 0, 0},    // the king lies under the two: not lower
		{"2S 5H 9S", 1, 0}, // another suit between
		{"3S 2S 9S", 2, 1}, // the two lies on its three
		{"5H 5H", 0, 0},    // the same rank does not bury
		{"AD 2C 3D 4C", 2, 0},
		{"KH QH JH 9H", 0, 2},
		{"TC 9C 9D 8C", 0, 1}, // the eight is not on its nine
	} {
		var cs []engine.Card
		for _, f := range strings.Fields(tc.pile) {
			c, err := engine.ParseCard(f)
			if err != nil {
				t.Fatal(err)
			}
			cs = append(cs, c)
		}
		plain := 0
		for i, c := range cs {
			for _, d := range cs[i+1:] {
				if d.Suit() == c.Suit() && d.Rank() > c.Rank() {
					plain++
					break
				}
			}
		}
		runs, got := lcRunsBuried(cs)
		if got != tc.want || plain != tc.want || lcBuried(cs) != got {
			t.Errorf("%q: buried %d, lcBuried %d, plain scan %d, want %d", tc.pile, got, lcBuried(cs), plain, tc.want)
		}
		if runs != tc.runs {
			t.Errorf("%q: %d on their marriage base, want %d", tc.pile, runs, tc.runs)
		}
	}
}

// packRef appends src packed six bits a byte (0xFF as 63), bit by bit,
// the last byte padded with zeros: pack6 the plain way.
func packRef(dst, src []byte) []byte {
	var acc, n uint
	for _, b := range src {
		if b == 0xFF {
			b = 63
		}
		acc = acc<<6 | uint(b)
		n += 6
		for n >= 8 {
			dst = append(dst, byte(acc>>(n-8)))
			n -= 8
		}
	}
	if n > 0 {
		dst = append(dst, byte(acc<<(8-n)))
	}
	return dst
}
