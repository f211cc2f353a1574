package search

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"pasyans/normalize/stem"
)

var keyer = stem.New()

// tiny builds an index of paragraphs, each given as "id|corrected|english".
func tiny(t testing.TB, docs ...string) *Index {
	t.Helper()
	var ds []Doc
	for _, s := range docs {
		parts := strings.Split(s, "|")
		d := Doc{Kind: KindPara, ID: parts[0], Group: "g" + parts[0][:1]}
		if parts[1] != "" {
			d.Fields = append(d.Fields, Field{Name: "text", Reading: Corrected, Lang: "ru", Text: parts[1]})
		}
		if len(parts) > 2 && parts[2] != "" {
			d.Fields = append(d.Fields, Field{Name: "en", Lang: "en", Text: parts[2]})
		}
		ds = append(ds, d)
	}
	return Build(ds, keyer)
}

func ids(ix *Index, rs []Result) []string {
	var out []string
	for _, r := range rs {
		out = append(out, ix.docs[r.Doc].ID)
	}
	return out
}

func TestParse(t *testing.T) {
	tests := []struct {
		q    string
		want string // terms: keys joined by "+", "*" after a prefix term
	}{
		{"мѣсто", "мест*"},
		{"мѣсто ", "мест"},
		{"мђсто короля", "мест корл*"},
		{`"пустое мѣсто"`, "пуст+мест"},
		{`"пустое мѣсто`, "пуст+мест"},
		{`«пустое мѣсто» талонъ`, "пуст+мест талн*"},
		{`"king"`, "king"},
		{"kings King", "king"},
		{"  … — ", ""},
		{"", ""},
	}
	for _, tc := range tests {
		var got []string
		for _, term := range Parse(keyer, tc.q).Terms {
			s := strings.Join(term.Keys, "+")
			if term.Prefix {
				s += "*"
			}
			got = append(got, s)
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("Parse(%q) = %q, want %q", tc.q, g, tc.want)
		}
	}
}

// TestRanking checks the BM25 ranking and the matching rules on small
// indexes whose order is known.
func TestRanking(t *testing.T) {
	ix := tiny(t,
		"1:1|король и дама||",
		"1:2|король, король и король, а дама лежитъ въ сторонѣ отъ колоды||",
		"1:3|король||",
		"2:1||the king and the queen",
		"2:2|пустое мѣсто занять||",
		"2:3|мѣсто пустое||",
		"3:1|королева||",
		"3:2|мђсто|an empty place",
	)
	tests := []struct {
		name, q string
		want    []string
	}{
		// The short paragraph first, then by frequency against length.
		{"bm25", "король ", []string{"1:3", "1:2", "1:1"}},
		{"and", "король дама ", []string{"1:1", "1:2"}},
		{"english stem", "kings ", []string{"2:1"}},
		{"spelling", "место ", []string{"2:3", "2:2", "3:2"}},
		{"damaged", "мђсто ", []string{"2:3", "2:2", "3:2"}},
		{"phrase in order", `"пустое место"`, []string{"2:2"}},
		{"phrase across languages", `"empty place"`, []string{"3:2"}},
		{"unknown word", "туз ", nil},
		// An unfinished last word also matches the keys it begins: those
		// one letter longer when it is a key itself (королв, королева).
		{"prefix", "корол", []string{"1:3", "3:1", "1:2", "1:1"}},
		{"prefix unknown", "que", []string{"2:1"}},
		{"prefix of nothing", "зодi", nil},
		{"prefix too short", "ко", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ids(ix, ix.Search(Parse(keyer, tc.q)))
			if !slices.Equal(got, tc.want) {
				t.Errorf("Search(%q) = %v, want %v", tc.q, got, tc.want)
			}
		})
	}
}

// TestReadingsCountOnce checks that a word in all three readings of a
// paragraph counts as often as in one, and that titles weigh more.
func TestReadingsCountOnce(t *testing.T) {
	three := Doc{Kind: KindPara, ID: "a", Fields: []Field{
		{Name: "text", Reading: Corrected, Text: "мѣсто"},
		{Name: "text", Reading: Diplomatic, Text: "мђсто"},
		{Name: "text", Reading: Modern, Text: "место"}}}
	one := Doc{Kind: KindPara, ID: "b", Fields: []Field{{Name: "text", Reading: Corrected, Text: "мѣсто"}}}
	title := Doc{Kind: KindTerm, ID: "c", Fields: []Field{{Name: "title", Text: "мѣсто"}, {Name: "def", Text: "карта"}}}
	other := Doc{Kind: KindPara, ID: "d", Fields: []Field{{Name: "text", Text: "карта"}}}
	ix := Build([]Doc{three, one, title, other}, keyer)
	rs := ix.Search(Parse(keyer, "место "))
	if len(rs) != 3 {
		t.Fatalf("found %v", ids(ix, rs))
	}
	if ix.docs[rs[0].Doc].ID != "c" {
		t.Errorf("the title does not rank first: %v", ids(ix, rs))
	}
	if rs[1].Score != rs[2].Score {
		t.Errorf("three readings score %v, one reading %v: want equal", rs[1].Score, rs[2].Score)
	}
}

func TestPageBookByGame(t *testing.T) {
	ix := tiny(t, "1:1|король дама||", "2:1|король||", "1:2|король король король||", "3:1|король король||")
	rs := ix.Search(Parse(keyer, "король "))
	page := ix.Page(Parse(keyer, "король "), "ru")
	if len(page) != 1 || page[0].Name != GroupBook {
		t.Fatalf("Page: %d groups, want the book's only", len(page))
	}
	got := ids(ix, page[0].Results)
	// Ranked 1:2, 3:1, 2:1, 1:1; the games in the order of their best
	// paragraph, each game's paragraphs in the book's order.
	if want := []string{"1:1", "1:2", "3:1", "2:1"}; !slices.Equal(got, want) {
		t.Errorf("Page = %v (ranked %v), want %v", got, ids(ix, rs), want)
	}
}

// TestPageGroups checks the order of the groups and that a note in the
// other language is listed after everything in the page's.
func TestPageGroups(t *testing.T) {
	docs := []Doc{
		{Kind: KindRule, ID: "g/r", Group: "g", Fields: []Field{{Name: "en", Lang: "en", Text: "king king king"}}},
		{Kind: KindTerm, ID: "king", Group: "glossary", Fields: []Field{{Name: "term", Lang: "en", Text: "king"}}},
		{Kind: KindNote, ID: "1:1", Group: "g", Lang: "en", Fields: []Field{{Name: "note", Lang: "en", Text: "The king."}}},
		{Kind: KindNote, ID: "1:1", Group: "g", Lang: "ru", Fields: []Field{{Name: "note", Lang: "ru", Text: "Король, king."}}},
		{Kind: KindPara, ID: "1:1", Group: "g", Fields: []Field{{Name: "en", Lang: "en", Text: "A king."}}},
	}
	ix := Build(docs, keyer)
	for _, tc := range []struct{ lang, want string }{
		{"ru", "book:1:1 notes:1:1/ru glossary:king rules:g/r other:1:1/en"},
		{"en", "book:1:1 notes:1:1/en glossary:king rules:g/r other:1:1/ru"},
	} {
		var got []string
		for _, g := range ix.Page(Parse(keyer, "king"), tc.lang) {
			for _, r := range g.Results {
				d := ix.Doc(r.Doc)
				s := g.Name + ":" + d.ID
				if d.Lang != "" {
					s += "/" + d.Lang
				}
				got = append(got, s)
			}
		}
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("Page(king, %s) = %s, want %s", tc.lang, s, tc.want)
		}
	}
}

// TestRelated checks the words that stand for others: a form the
// corrected reading repairs, a gerund and its verb, a hyphenated word's
// parts.
func TestRelated(t *testing.T) {
	docs := []Doc{
		{Kind: KindPara, ID: "1:1", Fields: []Field{
			{Name: "text", Reading: Diplomatic, Lang: "ru", Text: "евободныхъ мѣстъ"},
			{Name: "text", Reading: Corrected, Lang: "ru", Text: "свободныхъ мѣстъ"}}},
		{Kind: KindPara, ID: "1:2", Fields: []Field{{Name: "text", Reading: Corrected, Lang: "ru", Text: "свободное мѣсто"}}},
		{Kind: KindPara, ID: "1:3", Fields: []Field{{Name: "text", Reading: Corrected, Lang: "ru", Text: "начиная съ нижняго"}}},
		{Kind: KindPara, ID: "1:4", Fields: []Field{{Name: "text", Reading: Corrected, Lang: "ru", Text: "начинаютъ играть"}}},
		{Kind: KindPara, ID: "1:5", Fields: []Field{{Name: "en", Lang: "en", Text: "a turned-up card"}}},
		{Kind: KindPara, ID: "1:6", Fields: []Field{{Name: "en", Lang: "en", Text: "he turns it"}}},
	}
	ix := Build(docs, keyer)
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"евободныхъ ", []string{"1:1", "1:2"}},
		{"свободный ", []string{"1:1", "1:2"}},
		{"начинаю ", []string{"1:3", "1:4"}},
		{"начиная ", []string{"1:3", "1:4"}},
		{"up ", []string{"1:5"}},
		{"turn ", []string{"1:5", "1:6"}},
		{"turned-up ", []string{"1:5"}},
	} {
		got := ids(ix, ix.Search(Parse(keyer, tc.q)))
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("Search(%q) = %v, want %v", tc.q, got, tc.want)
		}
	}
}

func TestSnippets(t *testing.T) {
	long := strings.Repeat("слово ", 60) + "мѣсто " + strings.Repeat("конецъ ", 60)
	docs := []Doc{
		{Kind: KindPara, ID: "1:1", Fields: []Field{
			{Name: "text", Reading: Corrected, Lang: "ru", Text: "Положить на мѣсто <короля>."},
			{Name: "text", Reading: Diplomatic, Lang: "ru", Text: "Положить на мђсто <короля>."},
			{Name: "text", Reading: Modern, Lang: "ru", Text: "Положить на место <короля>."},
			{Name: "en", Lang: "en", Text: "Put it in the king's place."},
			{Name: "note", Lang: "en", Text: "Nothing to see."},
		}},
		{Kind: KindPara, ID: "1:2", Fields: []Field{{Name: "text", Reading: Corrected, Lang: "ru", Text: long}}},
		{Kind: KindTerm, ID: "t", Fields: []Field{
			{Name: "title", Reading: Corrected, Lang: "ru", Text: "талонъ"},
			{Name: "title", Reading: Modern, Lang: "ru", Text: "талон"},
			{Name: "def", Lang: "en", Text: "the waste pile, a place"},
		}},
	}
	ix := Build(docs, keyer)
	tests := []struct {
		q, reading string
		doc        int
		want       []string // name:reading:html
	}{
		{"место короля", Diplomatic, 0, []string{"text:diplomatic:Положить на <mark>мђсто</mark> &lt;<mark>короля</mark>&gt;."}},
		{"место короля", Modern, 0, []string{"text:modern:Положить на <mark>место</mark> &lt;<mark>короля</mark>&gt;."}},
		{"place", Corrected, 0, []string{"en::Put it in the king&#39;s <mark>place</mark>."}},
		{`"мѣсто короля"`, Corrected, 0, []string{"text:corrected:Положить на <mark>мѣсто</mark> &lt;<mark>короля</mark>&gt;."}},
		{"мѣсто ", Corrected, 1, []string{"text:corrected:…слово слово слово <mark>мѣсто</mark> конецъ конецъ конецъ конецъ конецъ…"}},
		// A title names the result even without a match, in the reading.
		{"place", Modern, 2, []string{"title:modern:талон", "def::the waste pile, a <mark>place</mark>"}},
	}
	for _, tc := range tests {
		var got []string
		for _, s := range ix.Snippets(Parse(keyer, tc.q), tc.doc, tc.reading, 60) {
			got = append(got, s.Name+":"+s.Reading+":"+s.HTML)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Snippets(%q, %s, doc %d):\n got %q\nwant %q", tc.q, tc.reading, tc.doc, got, tc.want)
		}
	}
	if got, want := ix.Forms(Parse(keyer, "место king"), 0), []string{"king's", "место", "мђсто", "мѣсто"}; !slices.Equal(got, want) {
		t.Errorf("Forms = %q, want %q", got, want)
	}
}

// TestCodec checks that an index read back searches as the one written,
// and that writing is deterministic.
func TestCodec(t *testing.T) {
	ix := tiny(t, "1:1|король и дама|the king", "1:2|мѣсто|", "2:1||a place")
	ix.docs[1].Fields = append(ix.docs[1].Fields, ix.docs[1].Fields[0]) // a repeated reading
	ix.docs[1].Fields[1].Reading = Modern
	ix.invert()
	data, err := ix.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := back.Encode()
	if !bytes.Equal(data, again) {
		t.Errorf("encode → decode → encode differs:\n%s\n%s", data, again)
	}
	if n := bytes.Count(data, []byte("мѣсто")); n != 1 {
		t.Errorf("the repeated reading is written %d times: %s", n, data)
	}
	for _, q := range []string{"король", "king", "место", "place", `"король и дама"`} {
		a, b := ix.Search(Parse(keyer, q)), back.Search(Parse(keyer, q))
		if !slices.Equal(a, b) {
			t.Errorf("%q: %v before, %v after", q, a, b)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	const h = "pasyans-search 3,"
	tests := []struct{ name, data, want string }{
		{"magic", `{"version":1}`, "not a search index"},
		{"version", "pasyans-search 2,", "version 2"},
		{"truncated", h + "1,1:", "string of 1 bytes"},
		{"number", h + "x,", "want a number"},
		{"huge", h + "99999999999,", "want a number"},
		{"count", h + "9000,", "9000 items"},
		{"unsorted", h + "2,1:b1:a0,", "not sorted"},
		{"alias", h + "1,1:a1,0,5,", "key 5 of 1"},
		{"parts", h + "1,1:a0,1,0,2,0,7,", "key 7 of 1"},
		{"words", h + "1,1:a0,0,1,4:para1:x0:0:0:1,1:t0:0:0,2:ab0,2,1,1,", "2 keys for 1 words"},
		{"key", h + "1,1:a0,0,1,4:para1:x0:0:0:1,1:t0:0:0,2:ab0,1,4,", "key 3 of 1"},
		{"same words", h + "1,1:a0,0,1,4:para1:x0:0:0:1,1:t0:0:0,2:ab1,", "not an earlier one"},
		{"same", h + "0,0,0,1,4:para1:x0:0:0:1,1:t0:0:1,", "not an earlier one"},
		{"trailing", h + "0,0,0,0,x", "1 bytes after"},
	}
	for _, tc := range tests {
		_, err := Decode([]byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Decode error %v, want %q", tc.name, err, tc.want)
		}
	}
}

func FuzzDecode(f *testing.F) {
	data, _ := tiny(f, "1:1|король и дама|the king", "2:1||a place").Encode()
	f.Add(data)
	f.Add([]byte("pasyans-search 3,1,1:a0,0,1,4:para1:x0:0:0:2,1:t0:0:0,2:ab0,1,1,1:t0:0:1,"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ix, err := Decode(data)
		if err != nil {
			return
		}
		for _, q := range []string{"a", "король", `"king place"`} {
			for _, r := range ix.Search(Parse(keyer, q)) {
				ix.Snippets(Parse(keyer, q), r.Doc, Corrected, 40)
				ix.Forms(Parse(keyer, q), r.Doc)
			}
		}
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"мѣсто", `"пустое мѣсто`, "«a» „b“ c", "\"\"", "a\xffb"} {
		f.Add(s)
	}
	ix := tiny(f, "1:1|король и дама|the king", "2:1|пустое мѣсто|a place")
	f.Fuzz(func(t *testing.T, q string) {
		pq := Parse(keyer, q)
		for _, term := range pq.Terms {
			if len(term.Keys) == 0 || slices.Contains(term.Keys, "") {
				t.Fatalf("Parse(%q): term %+v without a key", q, term)
			}
		}
		for _, r := range ix.Search(pq) {
			for _, s := range ix.Snippets(pq, r.Doc, Modern, 10) {
				if strings.Count(s.HTML, "<mark>") != strings.Count(s.HTML, "</mark>") {
					t.Fatalf("unbalanced marks: %q", s.HTML)
				}
			}
		}
	})
}
