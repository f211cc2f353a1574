package engine_test

import (
	"strings"
	"testing"

	"pasyans/engine"
	_ "pasyans/engine/variants"
)

func TestCardRoundTrip(t *testing.T) {
	for _, c := range engine.FullDeck(1) {
		got, err := engine.ParseCard(c.String())
		if err != nil || got != c {
			t.Fatalf("ParseCard(%q) = %v, %v", c.String(), got, err)
		}
		if got, err := engine.ParseCard(c.Symbol()); err != nil || got != c {
			t.Fatalf("ParseCard(%q) = %v, %v", c.Symbol(), got, err)
		}
	}
}

func TestParseCard(t *testing.T) {
	tests := []struct {
		in   string
		want string
		err  bool
	}{
		{"TD", "TD", false}, {"10d", "TD", false}, {"as", "AS", false}, {"Q♠", "QS", false},
		{"", "", true}, {"1S", "", true}, {"TX", "", true}, {"KSS", "", true}, {"♠", "", true},
	}
	for _, tt := range tests {
		c, err := engine.ParseCard(tt.in)
		if (err != nil) != tt.err || (err == nil && c.String() != tt.want) {
			t.Errorf("ParseCard(%q) = %v, %v; want %s, err %v", tt.in, c, err, tt.want, tt.err)
		}
	}
}

// TestRandPinned pins the generator: SplitMix64's published first outputs
// for seed 0 (changing them would change every deal).
func TestRandPinned(t *testing.T) {
	r := engine.NewRand(0)
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	for i, w := range want {
		if got := r.Uint64(); got != w {
			t.Fatalf("output %d = %#x, want %#x", i, got, w)
		}
	}
}

// TestDealsPinned pins a few deals card by card: a seed names the same deal
// forever.
func TestDealsPinned(t *testing.T) {
	tests := []struct {
		game string
		seed uint64
		pile string
		want string
	}{
		{"le-cadran", 1, "c1", "JD 7C 2D QS"},
		{"le-cadran", 1, "c10", "9S 3H TC QH"},
		{"le-cadran", 2, "c1", "4D QC 3S QD"},
		{"le-cadran", 1234567, "c5", "3H 6H JH"}, // its AH went to a foundation at once,
	}
	for _, tt := range tests {
		v, err := engine.Lookup(tt.game)
		if err != nil {
			t.Fatal(err)
		}
		s := engine.NewDeal(v, tt.seed, 0)
		var got []string
		for _, c := range s.Piles[v.Pile(tt.pile)].Cards {
			got = append(got, c.String())
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%s seed %d %s = %s, want %s", tt.game, tt.seed, tt.pile, strings.Join(got, " "), tt.want)
		}
	}
}

func TestParseMove(t *testing.T) {
	v, _ := engine.Lookup("le-cadran")
	for _, ok := range []string{"c1>f1", "w>c10", "deal"} {
		m, err := v.ParseMove(ok)
		if err != nil || v.FormatMove(m) != ok {
			t.Errorf("ParseMove(%q) = %v, %v", ok, v.FormatMove(m), err)
		}
	}
	for _, bad := range []string{"", ">", "c1>", "c1>c1", "x1>f1", "redeal", "c1>f1>f2", "deal:zz>f1"} {
		if _, err := v.ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) succeeded", bad)
		}
	}
}

func TestSplitMoves(t *testing.T) {
	ms, err := engine.SplitMoves("t", strings.NewReader("c1>f1, deal # comment\n\n  w>c2\tdeal\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.Text)
	}
	if strings.Join(got, " ") != "c1>f1 deal w>c2 deal" || ms[2].Line != 3 || ms[2].Col != 3 {
		t.Fatalf("got %v %+v", got, ms[2])
	}
	if _, err := engine.SplitMoves("t", strings.NewReader("c1>f1 \xff\n")); err == nil || !strings.Contains(err.Error(), "t:1:") {
		t.Fatalf("invalid UTF-8: err = %v", err)
	}
}

func TestOptions(t *testing.T) {
	v, _ := engine.Lookup("le-cadran")
	o, err := v.ParseOptions([]string{"talon-only", ""})
	if err != nil || !o.Has(0) || o.Has(1) {
		t.Fatalf("ParseOptions = %b, %v", o, err)
	}
	if _, err := v.ParseOptions([]string{"nope"}); err == nil || !strings.Contains(err.Error(), "talon-only") {
		t.Fatalf("unknown option error should list the valid ones: %v", err)
	}
}

func TestEveryVariantRegistersConsistently(t *testing.T) {
	for _, v := range engine.Variants() {
		if len(v.Piles) > 127 {
			t.Errorf("%s: too many piles", v.ID)
		}
		slots := map[string]bool{}
		for _, sl := range v.Layout.Slots {
			if v.Pile(sl.Pile) < 0 {
				t.Errorf("%s: layout places unknown pile %q", v.ID, sl.Pile)
			}
			slots[sl.Pile] = true
		}
		for _, p := range v.Piles {
			if !slots[p.ID] {
				t.Errorf("%s: pile %s has no place in the layout", v.ID, p.ID)
			}
		}
		if v.Titles.RU == "" || v.Titles.RUModern == "" || v.Titles.EN == "" {
			t.Errorf("%s: missing a title", v.ID)
		}
	}
}

// FuzzPlay plays arbitrary move lists on arbitrary deals of every game: no
// panic, and a refused move always names a rule.
func FuzzPlay(f *testing.F) {
	f.Add("le-cadran", uint64(1), "c1>f1 deal w>c2 c3>c4")
	f.Add("le-cadran", uint64(7), "deal deal deal w>f1 redeal")
	for _, id := range engine.IDs() {
		f.Add(id, uint64(3), "deal deal k1>f1 c1>c2 open:c1>a1 flip:a1 redeal")
	}
	ids := engine.IDs()
	f.Fuzz(func(t *testing.T, game string, seed uint64, list string) {
		v, err := engine.Lookup(game)
		if err != nil {
			v, _ = engine.Lookup(ids[int(seed%uint64(len(ids)))])
		}
		ms, err := engine.SplitMoves("fuzz", strings.NewReader(list))
		if err != nil {
			return
		}
		s := engine.NewDeal(v, seed, 0)
		n, ill := s.Play(ms)
		if ill != nil && (ill.Rule == "" || ill.Index != n+1) {
			t.Fatalf("refusal without a rule or with a wrong index: %+v", ill)
		}
		if ill == nil && n != len(ms) {
			t.Fatalf("applied %d of %d moves without a refusal", n, len(ms))
		}
	})
}

func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"TD", "10d", "Q♠", "", "1S", "♠♠"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := engine.ParseCard(s)
		if err == nil {
			if back, err := engine.ParseCard(c.String()); err != nil || back != c {
				t.Fatalf("%q -> %v does not round-trip", s, c)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"c1>f1", "deal", "deal:c1>f1", ">", "w>"} {
		f.Add("le-cadran", s)
	}
	f.Fuzz(func(t *testing.T, game, s string) {
		v, err := engine.Lookup(game)
		if err != nil {
			v, _ = engine.Lookup("le-cadran")
		}
		m, err := v.ParseMove(s)
		if err == nil {
			if back, err := v.ParseMove(v.FormatMove(m)); err != nil || back != m {
				t.Fatalf("%q does not round-trip: %v", s, err)
			}
		}
	})
}

// TestCloneInto checks that CloneInto copies the position without its
// history into a state of the same variant, reusing it, and falls back to
// Clone for another variant.
func TestCloneInto(t *testing.T) {
	v, _ := engine.Lookup("le-cadran")
	s := engine.NewDeal(v, 3, 0)
	for i := 0; i < 5; i++ {
		s.Do(s.Moves()[0])
	}
	dst := engine.NewDeal(v, 9, 0)
	dst.Do(dst.Moves()[0])
	c := s.CloneInto(dst)
	if c != dst || c.Depth() != 0 || string(c.Key(nil)) != string(s.Key(nil)) || c.Seed != s.Seed {
		t.Fatalf("CloneInto: same state %v, depth %d, keys equal %v", c == dst, c.Depth(), string(c.Key(nil)) == string(s.Key(nil)))
	}
	c.Do(c.Moves()[0])
	if string(c.Key(nil)) == string(s.Key(nil)) {
		t.Fatal("a move on the copy changed the original")
	}
	c.Undo()
	if string(c.Key(nil)) != string(s.Key(nil)) {
		t.Fatal("undo on the copy did not restore it")
	}
	other, _ := engine.Lookup("salic-law")
	o := engine.NewDeal(other, 1, 0)
	if got := s.CloneInto(o); got == o || got.V != v {
		t.Fatal("CloneInto a state of another variant reused it")
	}
}

// TestRedeal checks that Redeal, after a game played part way, gives the
// very position NewDeal gives (piles, counters, moves, no history), for
// every variant and a few seeds and options, and plays on alike.
func TestRedeal(t *testing.T) {
	for _, v := range engine.Variants() {
		var all engine.Options
		for i := range v.Options {
			all |= 1 << uint(i)
		}
		s := engine.NewDeal(v, 1, 0)
		for seed := uint64(2); seed < 8; seed++ {
			var w engine.Walker
			w.Playout(s, engine.NewRand(seed), 60)
			opts := all & engine.Options(seed)
			if got := engine.NewDealInto(s, v, seed, opts); got != s {
				t.Fatalf("%s: NewDealInto did not reuse a state of its variant", v.ID)
			}
			want := engine.NewDeal(v, seed, opts)
			same := func(when string) {
				t.Helper()
				if string(s.Key(nil)) != string(want.Key(nil)) || s.Vars != want.Vars || s.Seed != want.Seed || s.Options != want.Options || s.Depth() != want.Depth() {
					t.Fatalf("%s seed %d options %d, %s: Redeal differs from NewDeal", v.ID, seed, opts, when)
				}
				if a, b := s.Moves(), want.Moves(); len(a) != len(b) {
					t.Fatalf("%s seed %d, %s: %d moves, NewDeal's %d", v.ID, seed, when, len(a), len(b))
				}
			}
			same("dealt")
			for i := 0; i < 10 && len(want.Moves()) > 0; i++ {
				m := want.Moves()[0]
				want.Do(m)
				s.Do(m)
				same("played on")
			}
		}
	}
}

// TestRegisterRefuses: Register refuses a variant whose words or packs are
// stated badly, naming the fault.
func TestRegisterRefuses(t *testing.T) {
	v, _ := engine.Lookup("le-cadran")
	other := engine.Word{ID: "deal", Label: engine.Text{EN: "Deal", RU: "Раздать"}, Says: engine.WordDeal.Says}
	for _, tc := range []struct {
		name, want string
		change     func(v *engine.Variant)
	}{
		{"actions by hand", "sets Actions", func(v *engine.Variant) { v.Actions = []string{"deal"} }},
		{"word without Russian", "lacks", func(v *engine.Variant) {
			v.Words = []engine.Word{{ID: "knock", Label: engine.Text{EN: "Knock"}, Says: engine.Text{EN: "a knock", RU: "стук"}}}
		}},
		{"word twice", "duplicate word", func(v *engine.Variant) { v.Words = []engine.Word{engine.WordDeal, engine.WordDeal} }},
		{"word unlike another game's", "differs", func(v *engine.Variant) { v.Words = []engine.Word{other} }},
		{"two pack counts", "set Packs only", func(v *engine.Variant) { v.Spec.Packs = 1 }},
		{"no packs", "set Packs only", func(v *engine.Variant) { v.Packs = 0 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &engine.Variant{ID: "toy-" + strings.ReplaceAll(tc.name, " ", "-"), Titles: v.Titles, Packs: 2,
				Piles: v.Piles, Words: []engine.Word{engine.WordDeal}, Spec: engine.Spec{Cards: 104}, Game: v.Game}
			tc.change(c)
			defer func() {
				if msg, _ := recover().(string); !strings.Contains(msg, tc.want) {
					t.Errorf("Register panicked with %q, want %q in it", msg, tc.want)
				}
			}()
			engine.Register(c)
		})
	}
}
