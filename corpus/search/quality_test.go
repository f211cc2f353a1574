package search_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"pasyans/corpus"
	"pasyans/corpus/search"
	"pasyans/normalize/stem"
)

// qualityCase is one query of testdata/queries.tsv with the paragraphs
// that answer it.
type qualityCase struct {
	class, query string
	line         int
	want         map[string]bool
}

// loadQualityCases reads the test set and computes each query's expected
// paragraphs from its word patterns, over the modern reading (a Russian
// query) or the English (an English query): see the file's head.
func loadQualityCases(t *testing.T, ed *corpus.Edition) []qualityCase {
	t.Helper()
	data, err := os.ReadFile("testdata/queries.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var out []qualityCase
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("testdata/queries.tsv:%d: want 3 fields, got %d", n, len(f))
		}
		c := qualityCase{class: f[0], query: f[1], line: n, want: map[string]bool{}}
		ru := strings.IndexFunc(f[1], func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) >= 0
		var pats [][]*regexp.Regexp
		for _, el := range strings.Split(f[2], " & ") {
			var seq []*regexp.Regexp
			for _, w := range strings.Split(el, "+") {
				re, err := regexp.Compile("^(?:" + w + ")$")
				if err != nil {
					t.Fatalf("testdata/queries.tsv:%d: %v", n, err)
				}
				seq = append(seq, re)
			}
			pats = append(pats, seq)
		}
		for _, p := range ed.Paragraphs {
			text := p.Translation.Plain()
			if ru {
				text = p.Modern
			}
			if matchesAll(oracleWords(text), pats) {
				c.want[p.ID] = true
			}
		}
		out = append(out, c)
	}
	return out
}

// oracleWords splits text into lower-case words, ё read as е; a
// hyphenated word gives the whole and each part, in a row, so that a
// pattern may match either.
func oracleWords(text string) [][]string {
	var out [][]string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '-'
	}) {
		w = strings.Trim(strings.ReplaceAll(w, "ё", "е"), "-")
		if w == "" {
			continue
		}
		alts := []string{w}
		if strings.Contains(w, "-") {
			alts = append(alts, strings.Split(w, "-")...)
		}
		out = append(out, alts)
	}
	return out
}

// matchesAll reports whether each sequence of patterns matches some run
// of words in a row.
func matchesAll(words [][]string, pats [][]*regexp.Regexp) bool {
	for _, seq := range pats {
		found := false
		for i := 0; i+len(seq) <= len(words) && !found; i++ {
			found = true
			for j, re := range seq {
				if !slices.ContainsFunc(words[i+j], re.MatchString) {
					found = false
					break
				}
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// drawnParas returns the paragraphs the search page draws for q, in
// order: the same call the WebAssembly program makes.
func drawnParas(ix *search.Index, k *stem.Keyer, q, lang string) []string {
	var out []string
	for _, g := range ix.Page(search.Parse(k, q), lang) {
		for _, r := range g.Results {
			if d := ix.Doc(r.Doc); d.Kind == search.KindPara {
				out = append(out, d.ID)
			}
		}
	}
	return out
}

// classScore sums recall and precision over a class of queries.
type classScore struct {
	n                    int
	want, found, correct int
	missed, wrong        []string
}

// tally adds up the scores of the test set's queries, per class and in
// all.
type tally struct {
	by    map[string]*classScore
	total classScore
}

// add counts one query's drawn paragraphs against what it wants, and
// returns its class's score.
func (ty *tally) add(c qualityCase, got []string) *classScore {
	if ty.by == nil {
		ty.by = map[string]*classScore{}
	}
	s := ty.by[c.class]
	if s == nil {
		s = &classScore{}
		ty.by[c.class] = s
	}
	for _, sc := range []*classScore{s, &ty.total} {
		sc.n++
		sc.want += len(c.want)
		sc.found += len(got)
		for _, id := range got {
			if c.want[id] {
				sc.correct++
			}
		}
	}
	return s
}

// classes lists the classes in order, then "all".
func (ty *tally) classes() []string {
	classes := make([]string, 0, len(ty.by)+1)
	for c := range ty.by {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	return append(classes, "all")
}

// of returns the score of a class, or of all queries for "all".
func (ty *tally) of(class string) *classScore {
	if class == "all" {
		return &ty.total
	}
	return ty.by[class]
}

// TestSearchQuality measures, per class of query, the recall of the
// book's paragraphs in the drawn list (found and expected / expected) and
// its precision (found and expected / found), micro-averaged, on the
// test set testdata/queries.tsv; -v prints the figures.
func TestSearchQuality(t *testing.T) {
	ed, err := corpus.Load(corpus.FS)
	if ed == nil {
		t.Fatalf("corpus.Load: %v", err)
	}
	k := stem.New()
	ix := search.Build(ed.SearchDocs(), k)
	cases := loadQualityCases(t, ed)
	if len(cases) < 150 {
		t.Errorf("the test set has %d queries, want at least 150", len(cases))
	}
	var ty tally
	for _, c := range cases {
		got := drawnParas(ix, k, c.query, "ru")
		s := ty.add(c, got)
		var missed, wrong []string
		for _, id := range got {
			if !c.want[id] {
				wrong = append(wrong, id)
			}
		}
		for id := range c.want {
			if !slices.Contains(got, id) {
				missed = append(missed, id)
			}
		}
		sort.Strings(missed)
		if len(missed) > 0 {
			s.missed = append(s.missed, fmt.Sprintf("%d %q misses %v", c.line, c.query, missed))
		}
		if len(wrong) > 0 {
			s.wrong = append(s.wrong, fmt.Sprintf("%d %q finds %v", c.line, c.query, wrong))
		}
	}
	for _, c := range ty.classes() {
		s := ty.of(c)
		if c != "all" {
			for _, m := range s.missed {
				t.Logf("  %s: %s", c, m)
			}
			for _, m := range s.wrong {
				t.Logf("  %s: %s", c, m)
			}
		}
		t.Logf("%-9s %3d queries: recall %.3f (%d/%d), precision %.3f (%d/%d)", c, s.n,
			ratio(s.correct, s.want), s.correct, s.want, ratio(s.correct, s.found), s.correct, s.found)
	}
	total := &ty.total
	if r, p := ratio(total.correct, total.want), ratio(total.correct, total.found); r < 0.95 || p < 0.98 {
		t.Errorf("recall %.3f, precision %.3f: want at least 0.95 and 0.98", r, p)
	}
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}
