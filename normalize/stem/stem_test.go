package stem

import "testing"

// TestKeySpellings checks that every spelling of a word, and its inflected
// forms, give one key.
func TestKeySpellings(t *testing.T) {
	groups := []struct {
		name  string
		words []string
	}{
		{"yat", []string{"мѣсто", "место", "мђсто", "МѢСТО", "мѣста", "мѣстѣ"}},
		{"king", []string{"короля", "королей", "король", "королямъ"}},
		{"adjective", []string{"годныя", "годные", "годныхъ", "годных"}},
		{"genitive -аго", []string{"перваго", "первого"}},
		{"hard sign", []string{"талонъ", "талон", "талона"}},
		{"i decimal", []string{"линіи", "линии"}},
		{"english", []string{"king", "kings", "King"}},
		{"english verb", []string{"deal", "dealt", "deals", "dealing"}},
		{"english irregular", []string{"take", "took", "taken", "takes"}},
		{"english irregular (won)", []string{"win", "won", "wins"}},
		{"fleeting vowel", []string{"промежутокъ", "промежутки", "промежутка"}},
		{"numeral", []string{"восемь", "восьми", "восьмью"}},
		{"yo", []string{"ещё", "еще"}},
	}
	k := New()
	for _, g := range groups {
		t.Run(g.name, func(t *testing.T) {
			want := k.Key(g.words[0])
			if want == "" {
				t.Fatalf("Key(%q) is empty", g.words[0])
			}
			for _, w := range g.words[1:] {
				if got := k.Key(w); got != want {
					t.Errorf("Key(%q) = %q, Key(%q) = %q; want the same", w, got, g.words[0], want)
				}
			}
		})
	}
}

// TestKeyDistinct checks that different words keep different keys.
func TestKeyDistinct(t *testing.T) {
	pairs := [][2]string{
		{"мѣсто", "масть"},
		{"король", "дама"},
		{"king", "queen"},
		{"lay", "lie"},
		{"laid", "lie"},
		{"талонъ", "колода"},
	}
	k := New()
	for _, p := range pairs {
		if a, b := k.Key(p[0]), k.Key(p[1]); a == b {
			t.Errorf("Key(%q) = Key(%q) = %q", p[0], p[1], a)
		}
	}
}

func TestTokens(t *testing.T) {
	tests := []struct {
		in   string
		want []string // words
	}{
		{"Въ мѣсто короля, 3 карты.", []string{"Въ", "мѣсто", "короля", "3", "карты"}},
		{"мало-по-малу -- по-русски", []string{"мало-по-малу", "по-русски"}},
		{"kings' row", []string{"kings", "row"}},
		{"", nil},
		{"… — !", nil},
	}
	k := New()
	for _, tc := range tests {
		toks := k.Tokens(tc.in)
		var got []string
		for _, tk := range toks {
			if tc.in[tk.Start:tk.End] != tk.Word {
				t.Errorf("%q: token %q has offsets %d:%d", tc.in, tk.Word, tk.Start, tk.End)
			}
			got = append(got, tk.Word)
		}
		if len(got) != len(tc.want) {
			t.Errorf("Tokens(%q) = %q, want %q", tc.in, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("Tokens(%q) = %q, want %q", tc.in, got, tc.want)
				break
			}
		}
	}
}

func FuzzTokens(f *testing.F) {
	for _, s := range []string{"мѣсто мђсто", "kings' row", "мало-по-малу", "a\xffb", "-x-"} {
		f.Add(s)
	}
	k := New()
	f.Fuzz(func(t *testing.T, s string) {
		last := 0
		for _, tk := range k.Tokens(s) {
			if tk.Start < last || tk.End <= tk.Start || tk.End > len(s) {
				t.Fatalf("bad token %+v after %d in %q", tk, last, s)
			}
			if tk.Key == "" {
				t.Fatalf("token %q has no key", tk.Word)
			}
			last = tk.End
		}
	})
}

// TestNorm checks that Norm ignores spelling and OCR damage but not
// inflection, so that it can tell apart words the stemmer folds together.
func TestNorm(t *testing.T) {
	k := New()
	same := [][]string{
		{"мѣсто", "мђсто", "Место", "МѢСТО"},
		{"перваго", "первого"},
		{"играющихъ", "играющих"},
		{"King", "king"},
	}
	for _, g := range same {
		for _, w := range g[1:] {
			if a, b := k.Norm(g[0]), k.Norm(w); a != b {
				t.Errorf("Norm(%q) = %q, Norm(%q) = %q; want the same", g[0], a, w, b)
			}
		}
	}
	// The stemmer folds these together (one key); Norm keeps them apart.
	for _, p := range [][2]string{{"играющихъ", "играютъ"}, {"мѣсто", "мѣста"}} {
		if k.Key(p[0]) != k.Key(p[1]) {
			t.Errorf("Key(%q) != Key(%q): the test's premise is wrong", p[0], p[1])
		}
		if k.Norm(p[0]) == k.Norm(p[1]) {
			t.Errorf("Norm(%q) = Norm(%q) = %q", p[0], p[1], k.Norm(p[0]))
		}
	}
}

func TestTokenParts(t *testing.T) {
	k := New()
	toks := k.Tokens("the turned-up card, какой-нибудь")
	if len(toks) != 4 {
		t.Fatalf("got %d tokens, want 4", len(toks))
	}
	if got := toks[1].Parts; len(got) != 2 || got[0] != k.Key("turned") || got[1] != k.Key("up") {
		t.Errorf("turned-up: parts %v", got)
	}
	if got := toks[3].Parts; len(got) != 2 || got[0] != k.Key("какой") {
		t.Errorf("какой-нибудь: parts %v", got)
	}
	if toks[0].Parts != nil {
		t.Errorf("the: parts %v, want none", toks[0].Parts)
	}
}
