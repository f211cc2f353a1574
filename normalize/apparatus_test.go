package normalize

import (
	"slices"
	"strings"
	"testing"
	"unicode"
)

// exampleReadings are three readings with every kind of edit: the
// corrected layer replaces b by BB, inserts X before cd and deletes the
// final ef; the modern layer deletes the X again and replaces the final
// space by "!".
//
//	diplomatic  "ab cd ef"
//	corrected   "aBB Xcd "
//	modern      "aBB cd!"
var exampleReadings = Readings{
	Diplomatic: "ab cd ef",
	Corrected:  "aBB Xcd ",
	Modern:     "aBB cd!",
	Apparatus: []Edit{
		{Layer: Corrected, Start: 1, End: 2, Before: "b", After: "BB", Rule: "r1"},
		{Layer: Corrected, Start: 3, End: 3, Before: "", After: "X", Rule: "r2"},
		{Layer: Corrected, Start: 6, End: 8, Before: "ef", After: "", Rule: "r3"},
		{Layer: Modern, Start: 4, End: 5, Before: "X", After: "", Rule: "m1"},
		{Layer: Modern, Start: 7, End: 8, Before: " ", After: "!", Rule: "m2+r1"},
	},
}

const (
	dip = DiplomaticReading
	cor = CorrectedReading
	mod = ModernReading
)

func TestApparatusMap(t *testing.T) {
	ap, err := NewApparatus(exampleReadings)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		from, to Reading
		s, want  Span
	}{
		{"unchanged", cor, mod, Span{0, 2}, Span{0, 2}},
		{"the end takes the edit at it", dip, cor, Span{0, 1}, Span{0, 3}},
		{"a replacement grows", dip, cor, Span{1, 2}, Span{1, 3}},
		{"a position inside a replacement takes all of it", cor, dip, Span{2, 2}, Span{1, 2}},
		{"an insertion at a position", dip, cor, Span{3, 3}, Span{4, 5}},
		{"back to the insertion's place", cor, dip, Span{4, 5}, Span{3, 3}},
		{"a deletion", dip, cor, Span{6, 8}, Span{8, 8}},
		{"a span touching edits takes them", dip, cor, Span{2, 3}, Span{1, 5}},
		{"the whole text", cor, dip, Span{0, 8}, Span{0, 8}},
		{"diplomatic to modern, the end taking the edit at it", dip, mod, Span{3, 5}, Span{4, 7}},
		{"modern to diplomatic", mod, dip, Span{4, 6}, Span{3, 8}},
		{"an insertion the next layer deletes", dip, mod, Span{3, 3}, Span{4, 4}},
		{"modern to corrected", mod, cor, Span{6, 7}, Span{7, 8}},
		{"the end takes the deletion at it", mod, dip, Span{6, 7}, Span{5, 8}},
		{"same reading", mod, mod, Span{2, 4}, Span{2, 4}},
		{"out of range is clamped", cor, cor, Span{-3, 99}, Span{0, 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ap.Map(tc.s, tc.from, tc.to); got != tc.want {
				t.Errorf("Map(%v, %d, %d) = %v, want %v", tc.s, tc.from, tc.to, got, tc.want)
			}
		})
	}
}

func TestApparatusEdits(t *testing.T) {
	ap, err := NewApparatus(exampleReadings)
	if err != nil {
		t.Fatal(err)
	}
	want := [][3]Span{ // each edit's span in the diplomatic, corrected and modern reading
		{{1, 2}, {1, 3}, {1, 3}},
		{{3, 3}, {4, 5}, {4, 4}},
		{{6, 8}, {8, 8}, {6, 7}}, // the deletion's place in the modern reading holds the "!" edit it touches
		{{3, 3}, {4, 5}, {4, 4}},
		{{5, 8}, {7, 8}, {6, 7}},
	}
	for i := range ap.Edits() {
		for r := dip; r <= mod; r++ {
			if got := ap.Span(i, r); got != want[i][r] {
				t.Errorf("edit %d in reading %d: %v, want %v", i, r, got, want[i][r])
			}
		}
	}
	for _, tc := range []struct {
		r     Reading
		s     Span
		rules []string
	}{
		{cor, Span{0, 3}, []string{"r1"}},
		{cor, Span{4, 7}, []string{"r2", "m1"}},
		{cor, Span{5, 7}, nil},
		{mod, Span{6, 7}, []string{"r3", "m2", "r1"}},
		{dip, Span{0, 8}, []string{"r1", "r2", "r3", "m1", "m2"}},
	} {
		if got := RuleIDs(ap.EditsIn(tc.r, tc.s)); strings.Join(got, " ") != strings.Join(tc.rules, " ") {
			t.Errorf("rules of the edits in %v of reading %d: %q, want %q", tc.s, tc.r, got, tc.rules)
		}
	}
	for _, tc := range []struct {
		r       Reading
		s, want Span
		text    string
	}{
		{cor, Span{1, 3}, Span{0, 3}, "aBB"},
		{dip, Span{3, 3}, Span{3, 5}, "cd"},
		{mod, Span{6, 7}, Span{4, 7}, "cd!"},
		{mod, Span{3, 4}, Span{0, 6}, "aBB cd"},
		{dip, Span{2, 3}, Span{0, 5}, "ab cd"},
		{cor, Span{7, 8}, Span{4, 8}, "Xcd "},
	} {
		got := ap.Word(tc.r, tc.s)
		if got != tc.want || ap.Text(tc.r, got) != tc.text {
			t.Errorf("Word(%d, %v) = %v %q, want %v %q", tc.r, tc.s, got, ap.Text(tc.r, got), tc.want, tc.text)
		}
	}
}

func TestNewApparatusErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edits []Edit
		next  string // the corrected reading
		want  string
	}{
		{"unknown layer", []Edit{{Layer: "diplomatic"}}, "абв", `unknown layer "diplomatic"`},
		{"beyond the text", []Edit{{Start: 2, End: 9, Before: "x"}}, "абв", "beyond the text"},
		{"before mismatch", []Edit{{Start: 0, End: 1, Before: "x", After: "y"}}, "ybв", `the text is "а", the edit says "x"`},
		{"overlap", []Edit{{Start: 0, End: 2, Before: "аб"}, {Start: 1, End: 2, Before: "б"}}, "в", "out of order"},
		{"inverted", []Edit{{Start: 2, End: 1}}, "абв", "inverted"},
		{"after mismatch", []Edit{{Start: 0, End: 1, Before: "а", After: "я"}}, "юбв", `does not read "я" at rune 0`},
		{"the output is longer", nil, "абвг", "the edits give 3 runes, the next reading has 4"},
		{"the output differs", nil, "абг", `does not read "абв"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for i := range tc.edits {
				if tc.edits[i].Layer == "" {
					tc.edits[i].Layer = Corrected
				}
			}
			_, err := NewApparatus(Readings{Diplomatic: "абв", Corrected: tc.next, Modern: tc.next, Apparatus: tc.edits})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one with %q", err, tc.want)
			}
		})
	}
}

// TestApparatusCorpus maps every paragraph of the corpus.
func TestApparatusCorpus(t *testing.T) {
	srcs, em := corpus(t)
	r := NewReader(em)
	edits := 0
	for _, src := range srcs {
		for _, p := range src.Paragraphs {
			rd := r.Read(p, src.Modern)
			checkApparatus(t, rd)
			edits += len(rd.Apparatus)
		}
	}
	if edits < 100 {
		t.Fatalf("only %d edits", edits)
	}
}

// FuzzApparatus maps the readings the layers make of any text.
func FuzzApparatus(f *testing.F) {
	ids, em := seedParagraphs(f)
	rd := NewReader(em)
	fuzzParagraphs(f, ids, func(t *testing.T, para, s string) {
		checkApparatus(t, rd.Read(paragraph{para, s}, false))
	})
}

// paragraph is a Paragraph for tests.
type paragraph struct{ id, raw string }

func (p paragraph) ParagraphID() string { return p.id }
func (p paragraph) RawText() string     { return p.raw }

// checkApparatus checks the map of rd: every edit's spans lie in their
// readings and read its Before and After; mapping keeps order, a span
// mapped there and back holds itself, and a span no edit touches maps to
// the same text.
func checkApparatus(t *testing.T, rd Readings) {
	t.Helper()
	ap, err := NewApparatus(rd)
	if err != nil {
		t.Fatalf("%q: %v", rd.Diplomatic, err)
	}
	for i, e := range ap.Edits() {
		in := dip
		if e.Layer == Modern {
			in = cor
		}
		for r := dip; r <= mod; r++ {
			if sp := ap.Span(i, r); sp.Start < 0 || sp.End < sp.Start || sp.End > ap.Len(r) {
				t.Fatalf("%q: edit %d's span %v outside reading %d (%d runes)", rd.Diplomatic, i, sp, r, ap.Len(r))
			}
		}
		if ap.Text(in, ap.Span(i, in)) != e.Before || ap.Text(in+1, ap.Span(i, in+1)) != e.After {
			t.Fatalf("%q: edit %d %+v does not stand at its spans", rd.Diplomatic, i, e)
		}
		found := false
		for _, f := range ap.EditsIn(in, ap.Span(i, in)) {
			found = found || f == e
		}
		if !found {
			t.Fatalf("%q: edit %d is not in its own span", rd.Diplomatic, i)
		}
	}
	for from := dip; from <= mod; from++ {
		checkWords(t, ap, from)
		for to := dip; to <= mod; to++ {
			if to != from {
				checkMap(t, ap, from, to)
			}
		}
	}
}

// checkWords checks that Word gives whole words at every position of
// reading r.
func checkWords(t *testing.T, ap *Apparatus, r Reading) {
	t.Helper()
	text := ap.texts[r]
	for p := 0; p <= ap.Len(r); p++ {
		w := ap.Word(r, Span{p, p})
		if w.Start > p || w.End < p || w.Start > 0 && IsWordRune(text.at(w.Start-1)) || w.End < text.len() && IsWordRune(text.at(w.End)) {
			t.Fatalf("%d: the word around %d is %v", r, p, w)
		}
	}
}

// checkMap checks Map from one reading to another at every position.
func checkMap(t *testing.T, ap *Apparatus, from, to Reading) {
	t.Helper()
	last := Span{}
	edited := touched(ap, from)
	for p := 0; p <= ap.Len(from); p++ {
		m := ap.Map(Span{p, p}, from, to)
		if m.Start > m.End || m.Start < last.Start || m.End < last.End || m.End > ap.Len(to) {
			t.Fatalf("%d→%d: position %d maps to %v after %v", from, to, p, m, last)
		}
		last = m
		if back := ap.Map(m, to, from); back.Start > p || back.End < p {
			t.Fatalf("%d→%d→%d: position %d comes back as %v", from, to, from, p, back)
		}
		if p < ap.Len(from) && !edited[p] {
			if got, want := ap.Text(to, ap.Map(Span{p, p + 1}, from, to)), ap.Text(from, Span{p, p + 1}); got != want {
				t.Fatalf("%d→%d: unchanged rune %d %q maps to %q", from, to, p, want, got)
			}
		}
	}
}

// touched returns, for each rune of reading r, whether an edit's span
// there overlaps or touches it.
func touched(ap *Apparatus, r Reading) []bool {
	t := make([]bool, ap.Len(r)+1)
	for i := range ap.Edits() {
		sp := ap.Span(i, r)
		for q := max(sp.Start-1, 0); q <= sp.End; q++ {
			t[q] = true
		}
	}
	return t
}

// TestIsWordRune: the fast paths agree with the Unicode classes at every
// code point.
func TestIsWordRune(t *testing.T) {
	for r := rune(-1); r <= unicode.MaxRune; r++ {
		want := unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
		if IsWordRune(r) != want {
			t.Fatalf("IsWordRune(%U) = %v, want %v", r, !want, want)
		}
		if isLetter(r) != (want && !unicode.IsDigit(r)) {
			t.Fatalf("isLetter(%U) = %v", r, isLetter(r))
		}
	}
}

func TestJoin(t *testing.T) {
	for _, tc := range []struct {
		name     string
		in       []Span
		touching bool
		want     []Span
	}{
		{"none", nil, true, nil},
		{"apart", []Span{{5, 6}, {0, 2}}, true, []Span{{0, 2}, {5, 6}}},
		{"overlapping", []Span{{3, 6}, {0, 4}, {5, 9}}, false, []Span{{0, 9}}},
		{"touching kept apart", []Span{{0, 2}, {2, 4}}, false, []Span{{0, 2}, {2, 4}}},
		{"touching joined", []Span{{2, 4}, {0, 2}}, true, []Span{{0, 4}}},
		{"an empty span inside", []Span{{0, 4}, {2, 2}}, false, []Span{{0, 4}}},
		{"an empty span first keeps its place", []Span{{2, 2}, {2, 5}}, false, []Span{{2, 2}, {2, 5}}},
		{"an empty span after joins", []Span{{2, 5}, {2, 2}}, false, []Span{{2, 5}}},
		{"an empty span at the end", []Span{{0, 2}, {2, 2}}, true, []Span{{0, 2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Join(slices.Clone(tc.in), tc.touching)
			if !slices.Equal(got, tc.want) {
				t.Errorf("Join(%v, %v) = %v, want %v", tc.in, tc.touching, got, tc.want)
			}
		})
	}
}
