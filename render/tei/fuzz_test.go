package tei

import (
	"strings"
	"testing"
	"unicode/utf8"

	"pasyans/corpus"
	"pasyans/normalize"
	"pasyans/source"
)

// tiny makes an edition of one paragraph whose text is s, read through
// the real normalisation layers (with an emendation of its first word,
// if it has one), and s in every other text the document carries: the
// source's fields, the titles and a glossary entry.
func tiny(s string) *corpus.Edition {
	p := &corpus.Paragraph{ID: "000:1", Source: "000", N: 1, Raw: s, Diplomatic: s, Corrected: s, Modern: s}
	var em normalize.Emendations
	if utf8.ValidString(s) {
		if w := strings.Fields(s); len(w) > 0 && !strings.ContainsRune(w[0], utf8.RuneError) {
			em = normalize.Emendations{{Source: "000", Paragraph: 1, OCR: w[0], Corrected: w[0] + "ѣ", Reason: s, Line: 2}}
		}
		r := normalize.NewReader(em).Read(source.Paragraph{ID: p.ID, Source: "000", N: 1, Raw: s}, false)
		p.Corrected, p.Modern, p.Apparatus = r.Corrected, r.Modern, r.Apparatus
	}
	titles := corpus.Titles{RU: s, RUModern: s, EN: s}
	return &corpus.Edition{
		Sources:     []*source.Source{{Info: source.Info{ID: "000", File: s, Original: s, SHA256: s, Encoding: s, Title: s, Provenance: s, Licence: s}}},
		Paragraphs:  []*corpus.Paragraph{p},
		Book:        &corpus.Book{ID: "book", Titles: titles},
		Glossary:    []*corpus.Term{{ID: s, PreReform: s, Modern: s, EN: s, DefEN: s, DefRU: s, Paragraphs: []string{"000:1", s}}},
		Emendations: em,
	}
}

// FuzzDocument: no text of the corpus (markup characters, "]]>", control
// characters, noncharacters, bytes that are not UTF-8) breaks the XML,
// and the three readings and the other texts come back from it exactly.
func FuzzDocument(f *testing.F) {
	for _, s := range []string{"", "a]]>b", "<p>&amp;</p>\"'", "\x00\x01\x1f\x7f", "\r\n\r\t", "\uFFFE\uFFFF\U0010FFFF",
		"\xff\xfe bad", "Свђтъ изъ", "ДВЂ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", "зa 3ам", "е\u0308 и\u0306", "  два  пробѣла  "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ed := tiny(s)
		b, err := Bytes(ed)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		root, err := parse(b)
		if err != nil {
			t.Fatalf("%q: the document does not parse: %v", s, err)
		}
		cs, err := chars(root)
		if err != nil {
			t.Fatal(err)
		}
		p := ed.Paragraphs[0]
		para := byID(root)["p-000-1"]
		if para == nil {
			t.Fatalf("%q: no p-000-1", s)
		}
		for _, c := range []struct {
			sic, orig bool
			want      string
		}{{true, true, p.Diplomatic}, {false, true, p.Corrected}, {false, false, p.Modern}} {
			if got := reading(para, c.sic, c.orig, cs); got != c.want {
				t.Errorf("reading sic=%v orig=%v of %q:\n got %q\nwant %q", c.sic, c.orig, s, got, c.want)
			}
		}
		for _, g := range root.all("gloss") {
			if got := reading(g, false, false, cs); got != s {
				t.Errorf("gloss: got %q, want %q", got, s)
			}
		}
		emended := false
		for _, e := range p.Apparatus {
			emended = emended || strings.Contains(e.Rule, "emendation")
		}
		if emended && !strings.Contains(string(b), `#em-2"`) {
			t.Errorf("%q: the emendation's reason is not pointed at", s)
		}
	})
}
