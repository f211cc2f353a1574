package normalize

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// fuzzSeeds returns the corpus paragraphs, their ids and the emendations.
func fuzzSeeds(f *testing.F) ([]string, []string, Emendations) {
	srcs, em := corpus(f)
	var ids, texts []string
	for _, src := range srcs {
		for _, p := range src.Paragraphs {
			ids = append(ids, p.ID)
			texts = append(texts, p.Raw)
		}
	}
	for _, r := range Rules() {
		for _, ex := range r.Examples {
			texts = append(texts, ex[0], ex[1])
		}
		texts = append(texts, r.NonExamples...)
	}
	return ids, texts, em
}

// seedParagraphs seeds f with the texts of fuzzSeeds, each with a
// paragraph number (an index of ids, modulo its length), and returns the
// ids and the emendations.
func seedParagraphs(f *testing.F) ([]string, Emendations) {
	ids, texts, em := fuzzSeeds(f)
	for i, s := range texts {
		f.Add(uint8(i), s)
	}
	return ids, em
}

// fuzzParagraphs fuzzes check with a paragraph id of ids and any valid
// UTF-8 text (the layers take no other; package source guarantees it).
func fuzzParagraphs(f *testing.F, ids []string, check func(t *testing.T, para, s string)) {
	f.Fuzz(func(t *testing.T, pi uint8, s string) {
		if !utf8.ValidString(s) {
			t.Skip("the layers take valid UTF-8")
		}
		check(t, ids[int(pi)%len(ids)], s)
	})
}

func FuzzCorrected(f *testing.F) {
	ids, em := seedParagraphs(f)
	l := CorrectedLayer(em)
	fuzzParagraphs(f, ids, func(t *testing.T, para, s string) {
		out, edits := l.Apply(para, s)
		checkEdits(t, s, out, edits)
		if !norm.NFC.IsNormalString(out) {
			t.Fatalf("corrected reading of %q is not NFC: %q", s, out)
		}
		if again, e2 := l.Apply(para, out); again != out {
			t.Fatalf("not idempotent: %q -> %q -> %q (%v)", s, out, again, e2)
		}
		mod, medits := ModernLayer().Apply(para, out)
		checkEdits(t, out, mod, medits)
	})
}

func FuzzModern(f *testing.F) {
	_, texts, _ := fuzzSeeds(f)
	for _, s := range texts {
		f.Add(s)
	}
	if data, err := os.ReadFile("testdata/period-forms.tsv"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			f.Add(strings.Split(strings.TrimPrefix(line, "#open\t"), "\t")[0])
		}
	}
	for _, r := range ModernLayer().Rules {
		for _, ex := range r.Examples {
			f.Add(ex[0])
		}
		for _, ne := range r.NonExamples {
			f.Add(ne)
		}
	}
	l := ModernLayer()
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			t.Skip()
		}
		out, edits := l.Apply("x:1", s)
		checkEdits(t, s, out, edits)
	})
}

func FuzzParseEmendations(f *testing.F) {
	data, err := os.ReadFile("../corpus/emendations.tsv")
	if err != nil {
		f.Fatal(err)
	}
	// The table's rows one by one under the header, not the whole table:
	// the fuzzer minimizes every new interesting input before it counts its
	// executions, and a 2 KB seed kept it minimizing (reporting 16
	// executions in 15 s).
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for _, row := range lines[1:] {
		f.Add([]byte(lines[0] + "\n" + row + "\n"))
	}
	f.Add([]byte(EmendationsHeader + "\n001\t3\tнзъ\tизъ\tr\n"))
	f.Add([]byte(EmendationsHeader + "\r\n001\t3\tа\tб\tr\r\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		em, err := ParseEmendations("e.tsv", bytes.NewReader(b))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "e.tsv:") {
				t.Fatalf("error without file:line: %v", err)
			}
			return
		}
		for _, e := range em {
			if e.OCR == "" || e.Corrected == "" || e.OCR == e.Corrected || e.Paragraph < 1 || e.Line < 2 {
				t.Fatalf("bad emendation accepted: %+v", e)
			}
		}
		// The parsed table drives a layer without trouble.
		l := CorrectedLayer(em)
		for _, e := range em {
			out, edits := l.Apply(e.ParaID(), "x "+e.OCR+" y")
			checkEdits(t, "x "+e.OCR+" y", out, edits)
		}
	})
}
