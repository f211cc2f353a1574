package check

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"pasyans/corpus"
)

// unit is one piece of the editor's prose in one language: a note's
// English or Russian half, half of a game's introduction, a section of
// book.md or book.ru.md, a glossary definition, a deal's comment. The
// prose checks (quotations, figures, occurrence statements, bilingual
// parity) read the editions's prose as units.
type unit struct {
	pos  corpus.Pos // the line of text's first line
	text string     // Markdown, or the plain text of a YAML field
	lang string     // "en" or "ru"
	// own are the paragraphs the unit is tied to: a note's paragraph.
	own []string
	// scope are the paragraphs a quotation of the book is sought in when
	// the unit cites none: its game's, or its term's.
	scope []string
	// claims are the occurs claims the unit's statements are held to:
	// those of a note's section.
	claims []corpus.Occurs
	// pair is the index of the unit's other half, -1 if none.
	pair int
	// glossary marks a glossary definition, which cites the text's words
	// in their dictionary form.
	glossary bool
	sents    []sentence // text's sentences, split once
}

// line returns the file line of byte offset off of u.text.
func (u *unit) line(off int) corpus.Pos {
	p := u.pos
	p.Line += strings.Count(u.text[:off], "\n")
	return p
}

// proseUnits returns every unit of the edition's prose, each English half
// followed by its Russian.
func proseUnits(ed *corpus.Edition) []unit {
	var us []unit
	pair := func(en, ru unit) {
		en.lang, ru.lang = "en", "ru"
		en.pair, ru.pair = len(us)+1, len(us)
		us = append(us, en, ru)
	}
	notes := func(p *corpus.Paragraph, scope []string) {
		var claims []corpus.Occurs
		if p.Claims != nil {
			claims = p.Claims.Occurs
		}
		for _, n := range p.Notes {
			en := unit{pos: n.Pos, text: n.Markdown, own: []string{p.ID}, scope: scope, claims: claims}
			ru := unit{pos: n.RUPos, text: n.RU.Markdown, own: []string{p.ID}, scope: scope, claims: claims}
			pair(en, ru)
		}
	}
	for _, g := range ed.Games {
		ids := paragraphIDs(g.Paragraphs)
		pair(unit{pos: g.Intro.Pos, text: g.Intro.Markdown, scope: ids}, unit{pos: g.IntroRU.Pos, text: g.IntroRU.Markdown, scope: ids})
		for _, p := range g.Paragraphs {
			notes(p, ids)
		}
	}
	if ed.Book != nil && ed.BookRU != nil {
		for i, s := range ed.Book.Sections {
			en := unit{pos: s.Text.Pos, text: s.Text.Markdown}
			if i == len(ed.Book.Sections)-1 {
				// book.ru.md's last section gives in its text what
				// book.md gives as its paragraphs' notes.
				for _, p := range ed.Book.Paragraphs {
					for _, n := range p.Notes {
						en.text += "\n\n" + p.ID + " " + n.Markdown
					}
				}
			}
			if i < len(ed.BookRU.Sections) {
				r := ed.BookRU.Sections[i]
				pair(en, unit{pos: r.Text.Pos, text: r.Text.Markdown})
			}
		}
		for _, p := range ed.Book.Paragraphs {
			notes(p, nil)
		}
	}
	for _, t := range ed.Glossary {
		pair(unit{pos: t.DefENPos, text: t.DefEN, scope: t.Paragraphs, glossary: true},
			unit{pos: t.DefRUPos, text: t.DefRU, scope: t.Paragraphs, glossary: true})
	}
	for _, d := range ed.Deals {
		// A comment on a move is held to the paragraphs it names only.
		for _, c := range d.Commentary {
			pair(unit{pos: c.ENPos, text: c.EN}, unit{pos: c.RUPos, text: c.RU})
		}
	}
	for i := range us {
		us[i].sents = sentences(us[i].text)
	}
	return us
}

func paragraphIDs(ps []*corpus.Paragraph) []string {
	ids := make([]string, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return ids
}

// paraRefPattern matches a paragraph reference, 001:7, or a range, 003:1–15 or
// 000:2–000:9.
var paraRefPattern = regexp.MustCompile(`\b(\d{3}):(\d+)(?:\s?[–-]\s?(?:(\d{3}):)?(\d+))?\b`)

// refs returns the paragraph ids s refers to, ranges expanded, in order
// of first mention.
func refs(s string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	for _, m := range paraRefPattern.FindAllStringSubmatch(s, -1) {
		from, _ := strconv.Atoi(m[2])
		to := from
		if m[4] != "" && (m[3] == "" || m[3] == m[1]) {
			to, _ = strconv.Atoi(m[4])
		}
		if to < from || to-from > 100 {
			to = from
		}
		for n := from; n <= to; n++ {
			add(m[1] + ":" + strconv.Itoa(n))
		}
	}
	return out
}

// sentence is a sentence of a unit: its text and where it starts.
type sentence struct {
	off  int
	text string
}

// sentences splits a unit's text into sentences: after ., ! or ? (and a
// closing quote or bracket) followed by a space and a capital, an opening
// quote or bracket, or a digit; a blank line ends one too. The
// abbreviations of the prose (c., cf., no., St., т. е., ср., см., г.) do
// not end a sentence.
func sentences(s string) []sentence {
	var out []sentence
	start := 0
	var rs []rune
	var offs []int
	for i, r := range s {
		rs = append(rs, r)
		offs = append(offs, i)
	}
	offs = append(offs, len(s))
	for i := 0; i < len(rs); i++ {
		end := -1
		switch {
		case rs[i] == '\n' && i+1 < len(rs) && rs[i+1] == '\n':
			end = i
		case strings.ContainsRune(".!?", rs[i]):
			j := i + 1
			for j < len(rs) && strings.ContainsRune("»\"”)*_", rs[j]) {
				j++
			}
			if j < len(rs) && unicode.IsSpace(rs[j]) && j+1 < len(rs) && startsSentence(rs[j+1]) && !abbreviation(rs[:i]) {
				end = j
			}
		}
		if end < 0 {
			continue
		}
		if t := strings.TrimSpace(s[offs[start]:offs[end]]); t != "" {
			out = append(out, sentence{off: offs[start], text: s[offs[start]:offs[end]]})
		}
		start, i = end, end
	}
	if t := strings.TrimSpace(s[offs[start]:]); t != "" {
		out = append(out, sentence{off: offs[start], text: s[offs[start]:]})
	}
	return out
}

func startsSentence(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune("«\"“(*[", r)
}

// abbreviations end with a full stop that does not end a sentence.
var abbreviations = []string{"c", "cf", "no", "st", "e.g", "i.e", "т. е", "т.е", "ср", "см", "г", "гг", "ок", "№", "pp", "p"}

func abbreviation(before []rune) bool {
	if len(before) > 8 {
		before = before[len(before)-8:] // the longest abbreviation and the rune before it
	}
	s := strings.ToLower(string(before))
	for _, a := range abbreviations {
		if strings.HasSuffix(s, a) {
			i := len(s) - len(a)
			if i == 0 {
				return true
			}
			r := []rune(s[:i])
			if prev := r[len(r)-1]; !unicode.IsLetter(prev) {
				return true
			}
		}
	}
	return false
}

// proseGroup runs the checks of the editor's prose, in both languages and
// wherever it stands (notes, introductions, book.md and book.ru.md,
// glossary definitions, deal commentary): quotations against the text,
// figures against the data, occurrence statements against the claims,
// and each English half against its Russian. Its diagnostics are filed
// under the groups of their files; the group holds the summaries.
func proseGroup(ed *corpus.Edition, ix *textIndex, f *findings) *Group {
	g := &Group{ID: "prose", Title: "editorial prose, both languages", Files: []string{"works.yaml"}}
	us := proseUnits(ed)
	sents, quotes := checkQuotes(ed, ix, us, f)
	mentions := checkReferences(ed, us, f)
	g.add("quotes", fmt.Sprintf("%d %s in %d %s read; %d %s held to the readings of their paragraphs, the edition's translation or a cited work; %d %s of works.yaml not linked to their record",
		sents, plural(sents, "sentence"), len(us), plural(len(us), "text"), quotes, plural(quotes, "quotation"), mentions, plural(mentions, "mention")),
		map[string]int{"sentences": sents, "texts": len(us), "quotations": quotes, "unlinked": mentions})
	_, figures := checkFigures(ed, us, f)
	g.add("figures", fmt.Sprintf("%d %s of the data in the prose, %d taken from the data", figures, plural(figures, "figure"), len(ed.Figures)),
		map[string]int{"sentences": sents, "figures": figures, "from_data": len(ed.Figures)})
	_, stmts := checkStatements(ed, ix, us, f)
	g.add("statements", fmt.Sprintf("%d %s saying where a word occurs, matched to occurs claims and glossary lists", stmts, plural(stmts, "sentence")),
		map[string]int{"sentences": sents, "statements": stmts})
	_, hedgesFound := checkHedges(ed, us, f)
	g.add("hedges", fmt.Sprintf("%d %s stating an inference of the edition or the book's date, or comparing the Russian with Cadogan, held to a hedge or to the text compared", hedgesFound, plural(hedgesFound, "sentence")),
		map[string]int{"sentences": sents, "statements": hedgesFound})
	pairs, _ := checkParity(us, f)
	g.add("parity", fmt.Sprintf("%d English/Russian %s compared: paragraph references, years, numbers, hedges", pairs, plural(pairs, "pair")),
		map[string]int{"sentences": sents, "pairs": pairs})
	return g
}
