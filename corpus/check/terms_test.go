package check

import (
	"iter"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pasyans/corpus"
)

func TestTermDiagnostics(t *testing.T) {
	terms := []*corpus.Usage{
		{ID: "rank", RU: "достоинство", EN: "rank", WrongRU: []string{`очк(о|а|у)`}},
		{ID: "equator", RU: "экватор", EN: "equator", WrongRU: []string{`Экватор\p{L}*`}, Only: []string{"zodiac"}},
		{ID: "foundation", RU: "основание", EN: "foundation", WrongRU: []string{`базов\p{L}*`}, Except: []string{"swiss"}},
		{ID: "stock", RU: "колода", EN: "pack", WrongEN: []string{`deck\p{L}*`}},
	}
	for _, u := range terms {
		if err := corpus.CompileUsage(u); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name, file, text string
		want             []string // "line: variant"
	}{
		{"wrong variant", "games/fifteen.md", "x\n\nКарта на очко старше.\n", []string{"games/fifteen.md:3 очко"}},
		{"quotation of the book", "games/fifteen.md", "Книга говорит «на одно очко».\n", nil},
		{"code and link target", "games/fifteen.md", "Правила: [старше](rule:x/очко), `очко`.\n", nil},
		{"rules line with long link targets", "games/new-places.md", "Правила: [на одно очко](rule:new-places/under-foundation-of-a-very-long-rule-name-in-latin).\n", []string{"games/new-places.md:1 очко"}},
		{"inside a word", "games/fifteen.md", "Очковтирательство и точкой.\n", nil},
		{"English line", "games/fifteen.md", "The очко of a card.\n", nil},
		{"English term", "games/fifteen.md", "The deck is dealt.\n", []string{"games/fifteen.md:1 deck"}},
		{"only: another game", "games/swiss.md", "Карта с Экватора уходит.\n", nil},
		{"only: its game", "deals/zodiac/seed-1.yaml", "    ru: \"Карта с Экватора уходит.\"\n", []string{"deals/zodiac/seed-1.yaml:1 Экватора"}},
		{"capital opening a sentence", "deals/zodiac/seed-1.yaml", "    ru: \"Всё. Экватор пуст.\"\n", nil},
		{"except", "games/swiss.md", "На базовые карты.\n", nil},
		{"front matter and code", "games/fifteen.md", "---\nid: очко\n---\n```claims\nочко\n```\n", nil},
		{"catalog", "site/i18n/ru.yaml", "a.b: \"на базовую\"\n", []string{"site/i18n/ru.yaml:1 базовую"}},
		{"go source", "engine/variants/fifteen.go", "\t\tRU: \"на очко старше\", EN: \"x\"\n", []string{"engine/variants/fifteen.go:1 очко"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, d := range TermDiagnostics(terms, ProseOf(tc.file, tc.text)) {
				got = append(got, d.Pos.String()+" "+strings.Trim(strings.SplitN(d.Msg, ":", 2)[0], `"`))
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestTermsEdition: the edition's prose, in the corpus and outside it (the
// engine's Russian strings, the normalization rules' descriptions, the site's
// catalogs, the PDF's own Russian strings), uses no variant the terms table
// marks wrong.
func TestTermsEdition(t *testing.T) {
	ed, err := corpus.Load(corpus.FS)
	if err != nil {
		t.Fatal(err)
	}
	if len(ed.Terms) < 10 {
		t.Fatalf("terms.yaml has %d terms", len(ed.Terms))
	}
	lines, err := CorpusProse(ed.Files)
	if err != nil {
		t.Fatal(err)
	}
	for f, data := range repoFiles(t, "engine/*.go", "engine/variants/*.go", "normalize/*.go", "site/i18n/*.yaml") {
		lines = append(lines, ProseOf(f, data)...)
	}
	lines = append(lines, pdfStrings(t)...)
	for _, d := range TermDiagnostics(ed.Terms, lines) {
		t.Error(d)
	}
}

// repoFiles yields the files of the repository matching the globs (paths
// from its root), but not Go tests, each with its path and text.
func repoFiles(t *testing.T, globs ...string) iter.Seq2[string, string] {
	t.Helper()
	var files []string
	for _, glob := range globs {
		m, _ := filepath.Glob("../../" + glob)
		files = append(files, m...)
	}
	return func(yield func(string, string) bool) {
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if !yield(strings.TrimPrefix(f, "../../"), string(data)) {
				return
			}
		}
	}
}

// goString is a Go string literal.
var goString = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// pdfStrings are the Russian string literals of the PDF's code (its own
// captions, headings and notes), one line each.
func pdfStrings(t *testing.T) []ProseLine {
	t.Helper()
	var out []ProseLine
	for f, data := range repoFiles(t, "render/pdf*.go") {
		for i, l := range strings.Split(data, "\n") {
			for _, m := range goString.FindAllStringSubmatch(l, -1) {
				if corpus.IsRussian(m[1]) {
					out = append(out, ProseLine{corpus.Pos{File: f, Line: i + 1}, "ru", m[1], ""})
				}
			}
		}
	}
	if len(out) < 10 {
		t.Fatalf("%d Russian strings in render/pdf*.go", len(out))
	}
	return out
}
