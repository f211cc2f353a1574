package search_test

import (
	"bytes"
	"compress/gzip"
	"os"
	"slices"
	"strings"
	"testing"

	"pasyans/corpus"
	"pasyans/corpus/search"
	"pasyans/normalize/stem"
)

// editionIndex builds the index of the embedded edition.
func editionIndex(t *testing.T) (*search.Index, *stem.Keyer) {
	t.Helper()
	ed, err := corpus.Load(corpus.FS)
	if ed == nil {
		t.Fatalf("corpus.Load: %v", err)
	}
	k := stem.New()
	return search.Build(ed.SearchDocs(), k), k
}

// paras returns the paragraph ids that q finds, in rank order.
func paras(ix *search.Index, k *stem.Keyer, q string) []string {
	var out []string
	for _, r := range ix.Search(search.Parse(k, q)) {
		if d := ix.Doc(r.Doc); d.Kind == search.KindPara {
			out = append(out, d.ID)
		}
	}
	return out
}

// TestEditionQueries runs queries on the edition in the OCR's damaged
// form, the book's pre-reform spelling, modern spelling and English: the
// forms of one word find the same paragraphs in the same order, the best
// paragraphs are the expected ones, and each listed paragraph is found.
func TestEditionQueries(t *testing.T) {
	ix, k := editionIndex(t)
	tests := []struct {
		name  string
		forms []string // queries that must give the same paragraphs
		top   []string // the first paragraphs, in order
		has   []string // paragraphs that must be among the results
	}{
		{"place", []string{"мђсто", "мѣсто", "место", "мѣста", "МЕСТО"}, []string{"003:20", "002:8"},
			[]string{"000:7", "000:9", "000:13", "002:6", "002:8", "002:9", "002:15"}},
		{"king (ru)", []string{"короля", "королей", "король"}, []string{"000:3", "001:6"}, []string{"000:12", "002:5", "001:9"}},
		{"king (en)", []string{"king", "kings", "King"}, []string{"001:6", "000:3"}, []string{"000:3", "001:10", "002:5"}},
		{"talon", []string{"талонъ", "талон", "талона"}, []string{"002:15", "000:9"}, []string{"002:8", "000:13"}},
		{"talon (en)", []string{"talon"}, []string{"002:15", "000:9"}, []string{"000:13", "002:10"}},
		{"available", []string{"годныя", "годные", "годных"}, []string{"002:13"}, []string{"002:10", "001:3"}},
		{"marriage", []string{"марьяжъ", "марьяж"}, []string{"000:10"}, []string{"002:7", "000:13"}},
		{"zodiac", []string{"зодіакъ", "зодиак", "Зодиака"}, []string{"000:14"}, []string{"000:10", "000:12", "000:13"}},
		{"first (-аго)", []string{"перваго", "первого"}, []string{"000:16", "000:6"}, []string{"001:6"}},
		{"phrase", []string{`"пустое мѣсто"`, `"пустое место"`, `«пустое мђсто»`}, []string{"000:7", "000:13"}, nil},
		{"phrase (en)", []string{`"place left empty"`}, []string{"003:26"}, nil},
		{"irregular (en)", []string{"dealt", "dealing", "deal"}, nil, []string{"000:9", "001:12", "002:3"}},
		{"fleeting vowel", []string{"промежутки", "промежутокъ", "промежуток"}, []string{"002:8"}, nil},
		{"numeral", []string{"восемь", "восьми", "восьмп"}, nil, []string{"000:12", "001:4", "001:6"}},
		{"repaired form", []string{"евободныхъ", "свободных"}, nil, []string{"000:9", "002:8"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			first := paras(ix, k, tc.forms[0])
			for _, q := range tc.forms[1:] {
				if got := paras(ix, k, q); !slices.Equal(got, first) {
					t.Errorf("%q finds %v, %q finds %v: want the same", q, got, tc.forms[0], first)
				}
			}
			if len(first) < len(tc.top) || !slices.Equal(first[:len(tc.top)], tc.top) {
				t.Errorf("%q finds %v, want %v first", tc.forms[0], first, tc.top)
			}
			for _, id := range tc.has {
				if !slices.Contains(first, id) {
					t.Errorf("%q finds %v, without %s", tc.forms[0], first, id)
				}
			}
		})
	}
}

// TestEditionKinds checks that terms, rules and games are found too.
func TestEditionKinds(t *testing.T) {
	ix, k := editionIndex(t)
	tests := []struct{ q, kind, id string }{
		{"талонъ", search.KindTerm, "talon"},
		{"марьяжъ", search.KindTerm, "marriage"},
		{"Cadran", search.KindGame, "le-cadran"},
		{"Зодіакъ", search.KindGame, "zodiac"},
		{"Бонапартовский", search.KindGame, "st-helena"},
		{"cards reach the talon only from the pack", search.KindRule, "le-cadran/talon-from-pack"},
		{"Кадоган", search.KindNote, "000:7"},
		{"Cadogan", search.KindNote, "000:7"},
	}
	for _, tc := range tests {
		found := false
		for _, r := range ix.Search(search.Parse(k, tc.q)) {
			if d := ix.Doc(r.Doc); d.Kind == tc.kind && d.ID == tc.id {
				found = true
			}
		}
		if !found {
			t.Errorf("%q does not find %s %s", tc.q, tc.kind, tc.id)
		}
	}
}

// TestEditionIndex checks that the index is deterministic and within its
// budget: 300 KB gzip-compressed.
func TestEditionIndex(t *testing.T) {
	a, _ := editionIndex(t)
	b, _ := editionIndex(t)
	da, err := a.Encode()
	if err != nil {
		t.Fatal(err)
	}
	db, _ := b.Encode()
	if !bytes.Equal(da, db) {
		t.Fatal("two builds of the index differ")
	}
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(da)
	w.Close()
	t.Logf("%d documents, %d keys; %d bytes, %d gzip-compressed", a.Len(), a.Keys(), len(da), gz.Len())
	if gz.Len() > 300<<10 {
		t.Errorf("the index is %d bytes gzip-compressed, over the 300 KB budget", gz.Len())
	}
}

// TestEditionTyping checks that while a word is typed, letter by letter
// from the third, the results never lose a paragraph that the whole word
// finds (свобод, сво and свободн once found 1, 17 and 13), and that a
// query whose last word is begun finds something from its first letter.
// (A beginning that is itself a key of four letters or more matches
// only keys one letter longer: found, marri (marry) stop there.)
func TestEditionTyping(t *testing.T) {
	ix, k := editionIndex(t)
	for _, w := range []string{"свободный", "промежуток", "восемь", "марьяжъ", "колоды", "vacancy"} {
		whole := paras(ix, k, w+" ")
		if len(whole) == 0 {
			t.Errorf("%q finds nothing", w)
		}
		r := []rune(w)
		for n := 3; n <= len(r); n++ {
			got := paras(ix, k, string(r[:n]))
			for _, id := range whole {
				if !slices.Contains(got, id) {
					t.Errorf("%q (typing %q) finds %v, without %s", string(r[:n]), w, got, id)
					break
				}
			}
		}
	}
	for _, q := range []string{"пустое м", "пустое ме", "восемь к", "eight a"} {
		if got := paras(ix, k, q); len(got) == 0 {
			t.Errorf("%q finds nothing", q)
		}
	}
}

// TestFrontMatter checks that the sections of the book's front matter
// (book.md, book.ru.md) are found, each in its language: a word of a
// section's title finds that section on the page of its language, the
// other language's among the other group.
func TestFrontMatter(t *testing.T) {
	ix, k := editionIndex(t)
	tests := []struct{ q, lang, title string }{
		{"apparatus", "en", "The text and its three readings"},
		{"аппарат", "ru", "Текст и три его чтения"},
		{"publisher", "en", "The book"},
	}
	for _, tc := range tests {
		found := false
		for _, g := range ix.Page(search.Parse(k, tc.q), tc.lang) {
			for _, r := range g.Results {
				d := ix.Doc(r.Doc)
				if d.Kind == search.KindGame && d.ID == "book" && d.Fields[0].Text == tc.title {
					found = true
					if g.Name != search.GroupNotes || d.Lang != tc.lang {
						t.Errorf("%q: the section %q (%s) is in the group %s", tc.q, tc.title, d.Lang, g.Name)
					}
				}
			}
		}
		if !found {
			t.Errorf("%q on the %s page: the section %q is not found", tc.q, tc.lang, tc.title)
		}
	}
}

// TestFormTable checks the form table against the keyer: forms not in
// the text (another case, a fleeting vowel, an irregular English form, an
// OCR-damaged and a pre-reform spelling) are found with the keyer's key,
// and a word no text has is not.
func TestFormTable(t *testing.T) {
	ix, k := editionIndex(t)
	ft := ix.FormTable(k)
	for _, w := range []string{"восемь", "королям", "took", "dealing", "промежутки", "мђсто", "евободныхъ", "МѢСТО", "re-deal", "следовать"} {
		got, ok := ft.Lookup(search.Fold(w))
		if want := k.Key(w); !ok || got != want {
			t.Errorf("%s: the table gives %q (%v), the keyer %q", w, got, ok, want)
		}
	}
	for _, w := range []string{"компьютер", "xylophone"} {
		if got, ok := ft.Lookup(search.Fold(w)); ok {
			t.Errorf("%s: the table gives %q, want nothing", w, got)
		}
	}
	// The hand-written forms of package stem's test (nouns with a fleeting
	// vowel, numerals, verbs with their gerunds and participles): of those
	// whose key the index has, how many the table knows, and never with
	// another key.
	data, err := os.ReadFile("../../normalize/stem/testdata/forms.txt")
	if err != nil {
		t.Fatal(err)
	}
	known, total := 0, 0
	var missed []string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		for _, w := range strings.Fields(line) {
			want := k.Key(w)
			if !ix.HasKey(want) {
				continue
			}
			total++
			got, ok := ft.Lookup(search.Fold(w))
			switch {
			case ok && got == want:
				known++
			case ok:
				t.Errorf("%s: the table gives %q, the keyer %q", w, got, want)
			default:
				missed = append(missed, w)
			}
		}
	}
	t.Logf("the table knows %d of the %d forms of stem's testdata/forms.txt whose key the index has; not %v", known, total, missed)
	if known*10 < total*9 {
		t.Errorf("the table knows %d of %d forms: want at least 90%%", known, total)
	}
}
