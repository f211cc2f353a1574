package hyphen

import (
	"strings"
	"testing"
)

// TestWords hyphenates the words the PDF used to break wrongly (issue
// #53) and a few more: every break the patterns allow, at least two
// letters either side.
func TestWords(t *testing.T) {
	for _, tc := range []struct{ lang, word, want string }{
		{"en", "paragraph", "para-graph"},
		{"en", "library", "li-brary"},
		{"en", "marked", "marked"},
		{"en", "solver", "solver"},
		{"en", "running", "run-ning"},
		{"en", "descend", "de-scend"},
		{"en", "turned", "turned"},
		{"en", "sentence", "sen-tence"},
		{"en", "called", "called"},
		{"en", "between", "be-tween"},
		{"en", "stressed", "stressed"},
		{"en", "sources", "sources"},
		{"en", "foundation", "foun-da-tion"},
		{"en", "constitution", "con-sti-tu-tion"},
		{"ru", "обозначающее", "обо-зна-ча-ю-щее"},
		{"ru", "разобранный", "разо-бран-ный"},
		{"ru", "перекладки", "пе-ре-клад-ки"},
		{"ru", "программа", "про-грам-ма"},
		{"ru", "выкладка", "вы-клад-ка"},
		{"ru", "неудавшимся", "не-удав-шим-ся"},
		{"ru", "столбцов", "столб-цов"},
		{"ru", "вторично", "вто-рич-но"},
		{"ru", "можетъ", "мо-жетъ"},
		{"ru", "вѣрно", "вѣр-но"},
		{"ru", "подъемъ", "подъ-емъ"},
		{"ru", "государственный", "го-су-дар-ствен-ный"},
		{"ru", "раскладываютъ", "рас-кла-ды-ва-ютъ"},
		{"ru", "нихъ", "нихъ"},
		{"ru", "выходъ", "вы-ходъ"},
		{"ru", "я", "я"},
		{"ru", "ёж", "ёж"},
		{"en", "don't", "don't"}, // not a word of letters alone
		{"en", "", ""},
	} {
		if got := For(tc.lang).Hyphenate(tc.word, "-"); got != tc.want {
			t.Errorf("%s %q: got %q, want %q", tc.lang, tc.word, got, tc.want)
		}
	}
}

// TestParse covers the file format: patterns, exceptions, minimums,
// comments, and errors with line numbers.
func TestParse(t *testing.T) {
	p, err := Parse(strings.NewReader("UTF-8\nLEFTHYPHENMIN 3\n% a comment\n1ba\nta-ble\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Left != 3 || p.Right != 2 {
		t.Errorf("minimums %d, %d; want 3, 2", p.Left, p.Right)
	}
	if got := p.Hyphenate("abcbad", "-"); got != "abc-bad" {
		t.Errorf("got %q", got)
	}
	if got := p.Hyphenate("table", "-"); got != "table" { // "ta" is under the left minimum
		t.Errorf("exception: got %q", got)
	}
	for _, bad := range []string{"x\n123\n", "LEFTHYPHENMIN x\n", "a\xffb\n"} {
		if _, err := Parse(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "line 2") && !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: error %v, want one with its line", bad, err)
		}
	}
}

func FuzzPoints(f *testing.F) {
	for _, s := range []string{"paragraph", "обозначающее", "ѣѣѣ", "a", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := len([]rune(s))
		last := 0
		for _, i := range For("ru").Points(s) {
			if i <= last || i < 2 || n-i < 2 {
				t.Fatalf("%q: bad point %d", s, i)
			}
			last = i
		}
		_ = For("en").Points(s)
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"UTF-8\nLEFTHYPHENMIN 2\n.a1b\nta-ble\n", "1\n", "%\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(strings.NewReader(s))
		if err != nil {
			return
		}
		_ = p.Hyphenate("abcdefgh", "-")
	})
}
