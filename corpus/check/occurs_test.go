package check

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"pasyans/corpus"
)

// occursRun loads fsys and runs the glossary and occurs checks only (not
// the probes), returning their diagnostics as strings.
func occursRun(t *testing.T, fsys fstest.MapFS) []string {
	t.Helper()
	ed := loadClean(t, fsys)
	f := &findings{}
	ix := newTextIndex(ed)
	checkOccursClaims(ed, ix, f)
	checkGlossaryOccurs(ed, ix, f)
	checkStatements(ed, ix, proseUnits(ed), f)
	var out []string
	for _, d := range f.diags {
		out = append(out, d.String())
	}
	return out
}

// lineOf returns the 1-based line of the first line of file that contains
// s.
func lineOf(t *testing.T, m fstest.MapFS, file, s string) int {
	t.Helper()
	for i, l := range strings.Split(string(m[file].Data), "\n") {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	t.Fatalf("%s: no line contains %q", file, s)
	return 0
}

// replace replaces old (which must occur once) in file.
func replace(t *testing.T, m fstest.MapFS, file, old, new string) {
	t.Helper()
	s := string(m[file].Data)
	if strings.Count(s, old) != 1 {
		t.Fatalf("%s: %q occurs %d times, want once", file, old, strings.Count(s, old))
	}
	m[file] = &fstest.MapFile{Data: []byte(strings.Replace(s, old, new, 1))}
}

// wantOne fails the test unless ds is one diagnostic starting with want.
func wantOne(t *testing.T, ds []string, want string) {
	t.Helper()
	if len(ds) != 1 || !strings.HasPrefix(ds[0], want) {
		t.Errorf("got %q, want one diagnostic starting %q", ds, want)
	}
}

func TestOccursRealCorpus(t *testing.T) {
	if ds := occursRun(t, realCorpus(t)); len(ds) > 0 {
		t.Errorf("the corpus fails:\n%s", strings.Join(ds, "\n"))
	}
}

// The 000:5 note as it stood before issue #36 said that the paragraph
// held "the only occurrence of the game's name in the sources"; 000:8 has
// the word too. Without an occurs claim the note is reported as an
// unchecked statement; with the claim it made, the claim fails.
func TestOccursOldConstitutionNote(t *testing.T) {
	const file = "games/constitution.md"
	const oldNote = "> Note. This is the only occurrence of the game's name in the sources; the heading of the game is lost (see 000:2)."
	const oldNoteRU = "> Примечание. Это название игры упомянуто в источниках один раз; заголовок игры утрачен (см. 000:2)."
	section := func(claims string) string {
		return "This forms the Constitution.\n\n" + claims + oldNote + "\n\n" + oldNoteRU + "\n\n## 000:6"
	}
	cut := func(m fstest.MapFS) string {
		s := string(m[file].Data)
		i := strings.Index(s, "This forms the Constitution.")
		j := strings.Index(s, "## 000:6")
		if i < 0 || j < i {
			t.Fatal("no 000:5 section in " + file)
		}
		return s[i : j+len("## 000:6")]
	}
	t.Run("note without claim", func(t *testing.T) {
		m := realCorpus(t)
		replace(t, m, file, cut(m), section(""))
		want := fmt.Sprintf("%s:%d: 000:5: the sentence says where a word occurs («the only occurrence»)", file, lineOf(t, m, file, oldNote))
		wantOne(t, occursRun(t, m), want)
	})
	t.Run("Russian note without claim", func(t *testing.T) {
		m := realCorpus(t)
		const ru = "> Примечание. Слово встречается только здесь."
		replace(t, m, file, cut(m), "This forms the Constitution.\n\n> Note. The word names the layout.\n\n"+ru+"\n\n## 000:6")
		want := fmt.Sprintf("%s:%d: 000:5: the sentence says where a word occurs («встречается только»)", file, lineOf(t, m, file, ru))
		wantOne(t, occursRun(t, m), want)
	})
	t.Run("note with its claim", func(t *testing.T) {
		m := realCorpus(t)
		replace(t, m, file, cut(m), section("```claims\noccurs: {term: конституція, in: [\"000:5\"]}\n```\n\n"))
		want := fmt.Sprintf("%s:%d: 000:5: claim occurs \"конституція\": claimed in [000:5], but the term occurs in 000:5 «конституцію», 000:8 «конституцію»",
			file, lineOf(t, m, file, "occurs: {term: конституція"))
		ds := occursRun(t, m)
		if len(ds) != 1 || ds[0] != want {
			t.Errorf("got %q, want [%q]", ds, want)
		}
	})
	t.Run("nowhere", func(t *testing.T) {
		m := realCorpus(t)
		replace(t, m, file, cut(m), section("```claims\noccurs: {term: парламентъ, in: []}\n```\n\n"))
		// The claim holds; the note's sentence, about another word, is
		// not borne out by it.
		want := fmt.Sprintf("%s:%d: 000:5: the sentence says more than its claim («the only occurrence»", file, lineOf(t, m, file, oldNote))
		if ds := occursRun(t, m); len(ds) != 1 || !strings.HasPrefix(ds[0], want) {
			t.Errorf("a word that occurs nowhere, claimed nowhere, beside the old note: got %q, want one diagnostic starting %q", ds, want)
		}
	})
}

// A glossary list with one paragraph added or removed fails at the line
// of its paragraphs key.
func TestOccursGlossaryList(t *testing.T) {
	const file = "glossary.yaml"
	const list = `paragraphs: ["000:5", "000:8"]`
	tests := []struct {
		name, list, want string
	}{
		{"removed", `paragraphs: ["000:5"]`, `term "constitution" (конституція) occurs in 000:8 («конституцію»), which its paragraphs list lacks`},
		{"added", `paragraphs: ["000:5", "000:8", "000:9"]`, `term "constitution" (конституція): paragraph 000:9 is listed, but no reading of it contains the term`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := realCorpus(t)
			replace(t, m, file, "  "+list, "  "+tt.list)
			want := fmt.Sprintf("%s:%d: %s", file, lineOf(t, m, file, tt.list), tt.want)
			if ds := occursRun(t, m); len(ds) != 1 || ds[0] != want {
				t.Errorf("got %q, want [%q]", ds, want)
			}
		})
	}
	// A multi-word term: every word's key in sequence, in another
	// inflection (основными картами, 001:8).
	t.Run("multi-word removed", func(t *testing.T) {
		m := realCorpus(t)
		s := string(m[file].Data)
		i := strings.Index(s, "- id: foundation-cards\n")
		j := strings.Index(s[i:], "  paragraphs: [")
		k := strings.Index(s[i+j:], "\n")
		old := s[i+j : i+j+k]
		if !strings.Contains(old, `"001:8", `) {
			t.Fatalf("foundation-cards does not list 001:8: %s", old)
		}
		replace(t, m, file, old, strings.Replace(old, `"001:8", `, "", 1))
		want := `term "foundation-cards" (основныя карты) occurs in 001:8 («основными картами»), which its paragraphs list lacks`
		ds := occursRun(t, m)
		if len(ds) != 1 || !strings.HasSuffix(ds[0], want) {
			t.Errorf("got %q, want one diagnostic ending %q", ds, want)
		}
	})
}

// fakeEdition is an edition of one paragraph per reading triple.
func fakeEdition(readings ...[3]string) *corpus.Edition {
	ed := &corpus.Edition{}
	for i, r := range readings {
		ed.Paragraphs = append(ed.Paragraphs, &corpus.Paragraph{ID: fmt.Sprintf("t:%d", i+1),
			Diplomatic: r[0], Corrected: r[1], Modern: r[2]})
	}
	return ed
}

// TestOccursSpellingBlind checks that a term is found whatever the
// spelling of the text or of the form: pre-reform ѣ and -аго, the OCR's
// ђ, modern spelling, other inflections; and that the form's syntax (gaps,
// exact words, headings) works.
func TestOccursSpellingBlind(t *testing.T) {
	ed := fakeEdition(
		// OCR damage in every reading: the key itself must repair it.
		[3]string{"на пустое мђсто", "на пустое мђсто", "на пустое мђсто"},
		[3]string{"перваго партнера", "перваго партнера", "первого партнера"},
		[3]string{"на мѣстѣ", "на мѣстѣ", "на месте"},
		[3]string{"надъ основными картами", "надъ основными картами", "над основными картами"},
		[3]string{"Вторично пасьянсъ не раскладывается.", "Вторично пасьянсъ не раскладывается.", "Вторично пасьянс не раскладывается."},
		[3]string{"Каждый изъ играющихъ", "Каждый изъ играющихъ", "Каждый из играющих"},
		[3]string{"Такъ играютъ оба", "Такъ играютъ оба", "Так играют оба"},
		[3]string{"Правила.", "Правила.", "Правила."},
		[3]string{"по тѣмъ же правиламъ", "по тѣмъ же правиламъ", "по тем же правилам"},
	)
	ix := newTextIndex(ed)
	tests := []struct {
		form    string
		heading bool
		want    []string
	}{
		{"мѣсто", false, []string{"t:1", "t:3"}},
		{"место", false, []string{"t:1", "t:3"}},
		{"мђсто", false, []string{"t:1", "t:3"}},
		{"пустое мѣсто", false, []string{"t:1"}},
		{"мѣсто пустое", false, nil},
		{"перваго", false, []string{"t:2"}},
		{"первого партнеръ", false, []string{"t:2"}},
		{"основныя карты", false, []string{"t:4"}},
		{"вторично не раскладывается", false, nil},
		{"вторично … не раскладывается", false, []string{"t:5"}},
		{"вторично ... не раскладывается", false, []string{"t:5"}},
		{"играть", false, []string{"t:6", "t:7"}},
		{"=играющіе", false, nil},
		{"=играющихъ", false, []string{"t:6"}},
		{"=играютъ", false, []string{"t:7"}},
		{"правила", true, []string{"t:8"}},
		{"правиламъ", false, []string{"t:9"}},
	}
	for _, tt := range tests {
		p, err := ix.compile(tt.form, tt.heading)
		if err != nil {
			t.Errorf("compile(%q): %v", tt.form, err)
			continue
		}
		var got []string
		for _, h := range ix.where([]pattern{p}) {
			got = append(got, h.para)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q (heading %v) found in %v, want %v", tt.form, tt.heading, got, tt.want)
		}
	}
}

func TestOccursCompileErrors(t *testing.T) {
	ix := newTextIndex(&corpus.Edition{})
	for _, form := range []string{"", "…", "… карты", "карты …", "карты … … масть", "--"} {
		if _, err := ix.compile(form, false); err == nil {
			t.Errorf("compile(%q): no error", form)
		}
	}
}

// TestOccursStatement checks the phrases that make a note a statement
// about where a word occurs, and some that do not.
func TestOccursStatement(t *testing.T) {
	yes := []string{
		"This is the only occurrence of the game's name in the sources.",
		"The name of the game occurs only here.",
		"the word occurs again in 000:8, and nowhere else",
		"Полушарія is attested only here",
		"Слово встречается только здесь.",
		"нигде больше в источниках",
	}
	no := []string{
		"The only game heading in capitals that the sources preserve.",
		"The text never says what the Grace is for.",
		"A vacancy stays open only when the whole row below is empty.",
	}
	for _, s := range yes {
		if w, _ := occursStatement(s); w == "" {
			t.Errorf("%q: not taken as a statement of where a word occurs", s)
		}
	}
	for _, s := range no {
		if m, _ := occursStatement(s); m != "" {
			t.Errorf("%q: taken as a statement of where a word occurs («%s»)", s, m)
		}
	}
}

func FuzzOccursCompile(f *testing.F) {
	for _, s := range []string{"основныя карты", "вторично … не раскладывается", "=играющихъ", "…", "a ... b", "мђсто"} {
		f.Add(s)
	}
	ix := newTextIndex(fakeEdition([3]string{"на пустое мђсто", "на пустое мѣсто", "на пустое место"}))
	f.Fuzz(func(t *testing.T, form string) {
		p, err := ix.compile(form, false)
		if err != nil {
			return
		}
		if len(p.elems) == 0 || p.elems[0].gap || p.elems[len(p.elems)-1].gap {
			t.Fatalf("compile(%q) = %+v: empty or a gap at an end", form, p)
		}
		ix.where([]pattern{p})
	})
}
