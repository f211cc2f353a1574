package check

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"pasyans/corpus"
	"pasyans/engine"
)

// CheckTerms is the id of the diagnostics of the terms check: a variant
// the terms table marks wrong, used in the editor's prose.
const CheckTerms = "terms-usage"

// ProseLine is one line of the editor's prose in one language, with the
// game it belongs to ("" for none).
type ProseLine struct {
	Pos  corpus.Pos
	Lang string // "ru" or "en"
	Text string
	Game string
}

// checkTerms reports every wrong variant of the terms table in the
// editor's prose of the corpus: the games' introductions, notes and rules
// lines, the front matter, the glossary's definitions, the sources'
// provenance and licence, and the deals' titles and commentary.
func checkTerms(ed *corpus.Edition) (corpus.Diagnostics, []ProseLine, error) {
	if len(ed.Terms) == 0 || ed.Files == nil {
		return nil, nil, nil
	}
	lines, err := CorpusProse(ed.Files)
	if err != nil {
		return nil, nil, err
	}
	return TermDiagnostics(ed.Terms, lines), lines, nil
}

// addWording adds to each group with editorial prose the check "wording":
// how many lines of it the terms table was held against.
func addWording(r *Report, lines []ProseLine) {
	n := map[*Group]int{}
	for _, l := range lines {
		n[groupOf(r, l.Pos.File)]++
	}
	for _, g := range r.Groups {
		if k := n[g]; k > 0 {
			g.add("wording", fmt.Sprintf("%d %s of editorial prose held to the terms table (terms.yaml)", k, plural(k, "line")),
				map[string]int{"lines": k})
		}
	}
}

// CorpusProse returns the lines of editorial prose of the corpus in fsys.
func CorpusProse(fsys fs.FS) ([]ProseLine, error) {
	var out []ProseLine
	for _, glob := range []string{"games/*.md", "book.md", "book.ru.md", "glossary.yaml", "sources.yaml", "deals/*/*.yaml"} {
		names, err := fs.Glob(fsys, glob)
		if err != nil {
			return nil, fmt.Errorf("terms: %w", err)
		}
		for _, name := range names {
			data, err := fs.ReadFile(fsys, name)
			if err != nil {
				return nil, fmt.Errorf("terms: %w", err)
			}
			out = append(out, ProseOf(name, string(data))...)
		}
	}
	return out, nil
}

// gameOfFile is the game a corpus or engine file belongs to ("" for none).
func gameOfFile(name string) string {
	switch {
	case strings.HasPrefix(name, "games/"):
		return strings.TrimSuffix(path.Base(name), ".md")
	case strings.HasPrefix(name, "deals/"):
		return path.Base(path.Dir(name))
	case strings.Contains(name, "engine/variants/"): // sthelena.go: st-helena
		base := strings.TrimSuffix(path.Base(name), ".go")
		for _, v := range engine.Variants() {
			if strings.ReplaceAll(v.ID, "-", "") == base {
				return v.ID
			}
		}
	}
	return ""
}

// yamlProse matches the prose values of the corpus's YAML files and the
// Russian strings of Go sources and site catalogs.
var yamlProse = regexp.MustCompile(`(?:^|[\s{,])(def_ru|def_en|provenance_ru|licence_ru|ru|en|RU|ReconstructedRU|DocRU):\s*"((?:[^"\\]|\\.)*)"`)

// ProseOf splits a file into its lines of editorial prose. Markdown: every
// line but front matter, headings and code; its language is Russian when
// most of its letters outside link targets are Cyrillic (book.ru.md:
// always). YAML and Go: the
// quoted values of the prose keys (ru, def_ru, RU, ReconstructedRU, …).
func ProseOf(name, text string) []ProseLine {
	game := gameOfFile(name)
	var out []ProseLine
	lines := strings.Split(text, "\n")
	if strings.HasSuffix(name, ".md") {
		inFront, inCode := false, false
		for i, l := range lines {
			t := strings.TrimSpace(l)
			switch {
			case i == 0 && t == "---":
				inFront = true
				continue
			case inFront:
				inFront = t != "---"
				continue
			case strings.HasPrefix(t, "```"):
				inCode = !inCode
				continue
			case inCode || t == "" || strings.HasPrefix(t, "#"):
				continue
			}
			lang := "en"
			if name == "book.ru.md" || corpus.IsRussian(linkTarget.ReplaceAllString(t, "")) {
				lang = "ru"
			}
			out = append(out, ProseLine{corpus.Pos{File: name, Line: i + 1}, lang, t, game})
		}
		return out
	}
	if lang, ok := catalogLang(name); ok {
		for i, l := range lines {
			if m := catalogLine.FindStringSubmatch(l); m != nil {
				out = append(out, ProseLine{corpus.Pos{File: name, Line: i + 1}, lang, m[1], ""})
			}
		}
		return out
	}
	for i, l := range lines {
		for _, m := range yamlProse.FindAllStringSubmatch(l, -1) {
			lang := "ru"
			if strings.HasSuffix(m[1], "en") {
				lang = "en"
			}
			out = append(out, ProseLine{corpus.Pos{File: name, Line: i + 1}, lang, m[2], game})
		}
	}
	return out
}

// linkTarget is a Markdown link's target, (rule:new-places/under-foundation):
// its Latin letters do not make a Russian rules line English.
var linkTarget = regexp.MustCompile(`\]\([^)]*\)`)

// catalogLine is a message of a site catalog (site/i18n/<lang>.yaml).
var catalogLine = regexp.MustCompile(`^[\w.-]+:\s*"((?:[^"\\]|\\.)*)"`)

// catalogLang is the language of a site catalog, by its file name.
func catalogLang(name string) (string, bool) {
	switch {
	case strings.HasSuffix(name, "i18n/ru.yaml"):
		return "ru", true
	case strings.HasSuffix(name, "i18n/en.yaml"):
		return "en", true
	}
	return "", false
}

// exempt masks what is not the editor's own wording: «quotations» (the
// book's words and titles), `code` and Markdown link targets (rule:…).
var exempt = regexp.MustCompile("«[^»]*»|`[^`]*`|\\]\\([^)]*\\)")

// TermDiagnostics reports the wrong variants of terms in lines.
func TermDiagnostics(terms []*corpus.Usage, lines []ProseLine) corpus.Diagnostics {
	var ds corpus.Diagnostics
	for _, pl := range lines {
		text := exempt.ReplaceAllStringFunc(pl.Text, func(s string) string { return strings.Repeat(" ", len(s)) })
		for _, u := range terms {
			if !u.Applies(pl.Game) {
				continue
			}
			for _, re := range u.Wrong(pl.Lang) {
				for _, loc := range re.FindAllStringIndex(text, -1) {
					if !wholeWord(text, loc) {
						continue
					}
					want := u.RU
					if pl.Lang == "en" {
						want = u.EN
					}
					ds = append(ds, corpus.Diagnostic{Pos: pl.Pos, Rule: CheckTerms,
						Msg: fmt.Sprintf("%q: the edition's term for %s is %q (terms.yaml: %s)", text[loc[0]:loc[1]], u.ID, want, u.ID)})
				}
			}
		}
	}
	return ds
}

// wholeWord reports whether text[loc] is whole words: no letter joins it on
// either side, and a capitalized match does not open a sentence (where a
// capital is the sentence's, not the term's).
func wholeWord(text string, loc []int) bool {
	before, after := lastRune(text[:loc[0]]), firstRune(text[loc[1]:])
	if unicode.IsLetter(before) || unicode.IsLetter(after) {
		return false
	}
	first := firstRune(text[loc[0]:])
	if unicode.IsUpper(first) {
		head := strings.TrimRight(text[:loc[0]], " \u00a0>")
		if head == "" || slices.Contains([]rune(".!?:—("), lastRune(head)) {
			return false
		}
	}
	return true
}

func firstRune(s string) rune {
	for _, r := range s {
		return r
	}
	return 0
}

func lastRune(s string) rune {
	r := []rune(s)
	if len(r) == 0 {
		return 0
	}
	return r[len(r)-1]
}
