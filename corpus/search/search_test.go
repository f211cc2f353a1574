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
		{"мђсто короля", "мест корол*"},
		{`"пустое мѣсто"`, "пуст+мест"},
		{`"пустое мѣсто`, "пуст+мест"},
		{`«пустое мѣсто» талонъ`, "пуст+мест талон*"},
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
		// An unfinished last word matches the keys it begins only when it
		// is no key itself.
		{"prefix", "корол", []string{"1:3", "1:2", "1:1"}},
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

func TestGrouped(t *testing.T) {
	ix := tiny(t, "1:1|король дама||", "2:1|король||", "1:2|король король король||", "3:1|король король||")
	rs := ix.Search(Parse(keyer, "король "))
	got := ids(ix, ix.Grouped(rs))
	// Ranked 1:2, 3:1, 2:1, 1:1; grouped by the best result of each group.
	if want := []string{"1:2", "1:1", "3:1", "2:1"}; !slices.Equal(got, want) {
		t.Errorf("Grouped = %v (ranked %v), want %v", got, ids(ix, rs), want)
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
	const h = "pasyans-search 1,"
	tests := []struct{ name, data, want string }{
		{"magic", `{"version":1}`, "not a search index"},
		{"version", "pasyans-search 2,", "version 2"},
		{"truncated", h + "1,1:", "string of 1 bytes"},
		{"number", h + "x,", "want a number"},
		{"huge", h + "99999999999,", "want a number"},
		{"count", h + "9000,", "9000 items"},
		{"unsorted", h + "2,1:b1:a0,", "not sorted"},
		{"offset", h + "1,1:a1,4:para1:x0:0:1,1:t0:0:0,2:ab1,1,5,0,", "outside the text"},
		{"key", h + "1,1:a1,4:para1:x0:0:1,1:t0:0:0,2:ab1,0,1,3,", "key 3 of 1"},
		{"same", h + "0,1,4:para1:x0:0:1,1:t0:0:1,", "not an earlier one"},
		{"trailing", h + "0,0,x", "1 bytes after"},
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
	f.Add([]byte("pasyans-search 1,1,1:a1,4:para1:x0:0:2,1:t0:0:0,2:ab1,0,1,0,1:t0:0:1,"))
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
