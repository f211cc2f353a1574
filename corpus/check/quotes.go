package check

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"pasyans/corpus"
)

// CheckQuote is the check id of a quotation that is not the words of the
// text it is attributed to, or of a quotation of another work that is
// not marked as such.
const CheckQuote = "quote"

// quoted is a span of a unit in quotation marks.
type quoted struct {
	off   int    // of the opening mark in the unit's text
	inner string // the words between the marks
	cite  string // the work's key when the span stands in a cite: link
}

// citeLink matches a cite: link and the text after it, up to the end of
// its sentence or the next link: [«…»](cite:key) («…»).
var citeLink = regexp.MustCompile(`\[([^\]]*)\]\(cite:([^)\s]*)\)`)

// codeSpan and ruleLinkText match Markdown whose quotation marks are not
// quotations: code, and the text of rule links.
var (
	codeSpan     = regexp.MustCompile("`[^`]*`")
	ruleLinkText = regexp.MustCompile(`\[[^\]]*\]\(rule:[^)]*\)`)
)

// quotations returns the quoted spans of s, outermost marks only: «…»,
// „…“, “…” and "…". Those inside a cite: link carry its key.
func quotations(s string) []quoted {
	masked := []byte(s)
	blank := func(i, j int) {
		for k := i; k < j; k++ {
			if masked[k] < 0x80 {
				masked[k] = ' '
			}
		}
	}
	for _, m := range codeSpan.FindAllStringIndex(s, -1) {
		blank(m[0], m[1])
		blankQuotes(masked, m[0], m[1])
	}
	for _, m := range ruleLinkText.FindAllStringIndex(s, -1) {
		blank(m[0], m[1])
		blankQuotes(masked, m[0], m[1])
	}
	var out []quoted
	cites := citeLink.FindAllStringSubmatchIndex(s, -1)
	for _, m := range cites {
		for _, q := range spans(s[m[2]:m[3]]) {
			q.off += m[2]
			q.cite = s[m[4]:m[5]]
			out = append(out, q)
		}
		end := m[1]
		if r := renderingAfter(s[m[1]:]); r > 0 {
			end += r // the edition's rendering of the quotation, not a quotation
		}
		for k := m[0]; k < end; k++ {
			if masked[k] < 0x80 {
				masked[k] = ' '
			}
		}
		blankQuotes(masked, m[0], end)
	}
	for _, q := range spans(string(masked)) {
		_, open := utf8.DecodeRuneInString(s[q.off:])
		q.inner = strings.TrimSpace(s[q.off+open : q.off+open+len(q.inner)])
		out = append(out, q)
	}
	return out
}

// renderingAfter returns the length of the bracketed rendering that
// follows a cite: link, " («…»)", or 0 if none does.
func renderingAfter(s string) int {
	t := strings.TrimLeft(s, " \u00a0")
	if !strings.HasPrefix(t, "(") {
		return 0
	}
	i := strings.Index(t, ")")
	if i < 0 {
		return 0
	}
	return len(s) - len(t) + i + 1
}

// blankQuotes replaces the quotation marks of masked[i:j] by spaces of
// the same length, so that no span starts or ends there.
func blankQuotes(masked []byte, i, j int) {
	seg := string(masked[i:j])
	for _, q := range []string{"«", "»", "„", "“", "”"} {
		seg = strings.ReplaceAll(seg, q, strings.Repeat(" ", len(q)))
	}
	copy(masked[i:j], seg)
}

// spans returns the outermost quoted spans of s.
func spans(s string) []quoted {
	type open struct {
		off   int
		close rune
	}
	var out []quoted
	var stack []open
	for i, r := range s {
		if len(stack) > 0 && r == stack[len(stack)-1].close {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				_, n := utf8.DecodeRuneInString(s[top.off:])
				out = append(out, quoted{off: top.off, inner: s[top.off+n : i]})
			}
			continue
		}
		switch r {
		case '«':
			stack = append(stack, open{i, '»'})
		case '„':
			stack = append(stack, open{i, '“'})
		case '“':
			stack = append(stack, open{i, '”'})
		case '"':
			stack = append(stack, open{i, '"'})
		}
	}
	return out
}

// script returns "ru" when most letters of s are Cyrillic, "en" when
// most are Latin, "" when it has none.
func script(s string) string {
	cyr, lat := corpus.Letters(s)
	switch {
	case cyr == 0 && lat == 0:
		return ""
	case cyr >= lat:
		return "ru"
	}
	return "en"
}

// fold normalises a quotation or a reading for comparison: Unicode NFC,
// case folded, runs of white space as one space. Nothing else: a
// quotation must give the text's words, spelling and punctuation.
func fold(s string) string {
	s = norm.NFC.String(s)
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// segments splits a quotation at its ellipses (an omission) and trims the
// punctuation a sentence around it adds at its ends.
func segments(q string) []string {
	q = strings.ReplaceAll(q, "...", "…")
	var out []string
	for _, seg := range strings.Split(q, "…") {
		seg = strings.TrimFunc(seg, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(".,;:!?", r) })
		if seg != "" {
			out = append(out, fold(seg))
		}
	}
	return out
}

// occursIn reports whether the segments occur in order in text.
func occursIn(segs []string, text string) bool {
	t := fold(text)
	for _, seg := range segs {
		i := strings.Index(t, seg)
		if i < 0 {
			return false
		}
		t = t[i+len(seg):]
	}
	return true
}

// quoteChecker holds what the quotation check compares with.
type quoteChecker struct {
	ed    *corpus.Edition
	ix    *textIndex
	names []string        // the games' Russian titles, normalised words
	latin map[string]bool // the games' and the works' titles in other languages, folded
	// headings are the book's headings (Правила., Игра.), folded: a span
	// that is one names the heading.
	headings map[string]bool
}

func newQuoteChecker(ed *corpus.Edition, ix *textIndex) *quoteChecker {
	qc := &quoteChecker{ed: ed, ix: ix, latin: map[string]bool{}, headings: map[string]bool{}}
	titles := []corpus.Titles{}
	for _, g := range ed.Games {
		titles = append(titles, g.Titles)
		for _, a := range []string{g.Titles.EN, g.Aliases.Cadogan1874, g.Aliases.Cadogan1914, g.Aliases.PySolFC} {
			qc.latin[fold(a)] = true
		}
	}
	if ed.Book != nil {
		titles = append(titles, ed.Book.Titles)
		qc.latin[fold(ed.Book.Titles.EN)] = true
	}
	for _, p := range ed.Paragraphs {
		if p.Kind == corpus.KindHead {
			for _, r := range []string{p.Corrected, p.Modern, p.Translation.Markdown} {
				qc.headings[strings.Join(segments(r), " ")] = true
			}
		}
	}
	for _, w := range ed.Works {
		qc.latin[fold(w.Title)] = true
	}
	for _, t := range titles {
		for _, tok := range ix.k.Tokens(t.RU + " " + t.RUModern) {
			qc.names = append(qc.names, ix.k.Norm(tok.Word))
		}
	}
	return qc
}

// isName reports whether a span is a title, not a quotation: a game's
// Russian title in any inflection (each word shares all but its last
// three letters, and at least four, with a word of a title), or a game's
// or a work's title in another language.
func (qc *quoteChecker) isName(s string) bool {
	if qc.latin[fold(strings.Trim(s, ".,;: "))] || qc.headings[strings.Join(segments(s), " ")] {
		return true
	}
	toks := qc.ix.k.Tokens(s)
	if len(toks) == 0 || script(s) != "ru" {
		return false
	}
	for _, t := range toks {
		w := []rune(qc.ix.k.Norm(t.Word))
		n := max(4, len(w)-3)
		if len(w) < n {
			return false
		}
		found := false
		for _, name := range qc.names {
			if strings.HasPrefix(name, string(w[:n])) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// checkQuotes checks the quotations of every unit and returns the number
// of sentences it read and of quotations it held to a text.
func checkQuotes(ed *corpus.Edition, ix *textIndex, us []unit, f *findings) (sents, quotes int) {
	qc := newQuoteChecker(ed, ix)
	for i := range us {
		u := &us[i]
		sents += len(u.sents)
		for _, q := range quotations(u.text) {
			if qc.checkQuote(u, q, f) {
				quotes++
			}
		}
	}
	return sents, quotes
}

// tied returns the paragraphs a quotation at off is attributed to: the
// unit's own, those its sentence and the unit cite, else the unit's
// scope; and whether its sentence names one explicitly.
func (u *unit) tied(off int) (ids []string, explicit bool) {
	sent := refs(u.sentenceAt(off))
	ids = append(append(append([]string{}, u.own...), sent...), refs(u.text)...)
	if len(ids) == 0 || u.glossary {
		ids = append(ids, u.scope...)
	}
	return dedupe(ids), len(sent) > 0
}

// in reports whether the quotation's segments occur in a reading of one
// of the paragraphs; stems also accepts the same words in other
// inflections (a glossary's term cited in its dictionary form).
func (qc *quoteChecker) in(ids []string, segs []string, stems bool) bool {
	for _, id := range ids {
		p := qc.ed.Paragraph(id)
		if p == nil {
			continue
		}
		if occursIn(segs, p.Diplomatic) || occursIn(segs, p.Corrected) || occursIn(segs, p.Modern) {
			return true
		}
		if stems && len(segs) == 1 {
			if pt, err := qc.ix.compile(segs[0], false); err == nil && len(pt.elems) <= 3 {
				if _, ok := qc.ix.first(id, []pattern{pt}); ok {
					return true
				}
			}
		}
	}
	return false
}

// checkQuote checks one quotation and reports whether it was one the
// check holds to a text.
func (qc *quoteChecker) checkQuote(u *unit, q quoted, f *findings) bool {
	bad := func(format string, args ...any) {
		f.add(corpus.Diagnostic{Pos: u.line(q.off), Rule: CheckQuote, Msg: fmt.Sprintf(format, args...)}, "", "")
	}
	if q.cite != "" {
		return qc.checkCited(u, q, bad)
	}
	ids, explicit := u.tied(q.off)
	if len(ids) == 0 || qc.isName(q.inner) {
		return false // not tied to the text, or a title
	}
	segs := segments(q.inner)
	if len(segs) == 0 {
		return false
	}
	switch script(q.inner) {
	case "ru":
		if qc.in(ids, segs, u.glossary) {
			return true
		}
		if !explicit && qc.in(paragraphIDs(qc.ed.Paragraphs), segs, u.glossary) {
			return true // the words of another paragraph, which the sentence does not name
		}
		bad("«%s» is not the words of %s in any reading: quote the text exactly, or paraphrase it without quotation marks", q.inner, strings.Join(ids, ", "))
		return true
	case "en":
		if qc.inTranslation(ids, segs) || !explicit && qc.inTranslation(paragraphIDs(qc.ed.Paragraphs), segs) {
			return true
		}
		bad("«%s» is English that is not the edition's translation of %s: if it quotes another work, mark it [«…»](cite:KEY) with a key of works.yaml; if it is the edition's own gloss, put it in single quotes", q.inner, strings.Join(ids, ", "))
		return true
	}
	return false
}

// inTranslation reports whether the quotation's segments occur in the
// edition's translation of one of the paragraphs.
func (qc *quoteChecker) inTranslation(ids []string, segs []string) bool {
	for _, id := range ids {
		if p := qc.ed.Paragraph(id); p != nil && occursIn(segs, p.Translation.Markdown) {
			return true
		}
	}
	return false
}

// dedupe returns ids without repetitions, in order.
func dedupe(ids []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// checkCited checks a quotation of another work: the work is one the
// edition has seen, and on the Russian side a Russian rendering in
// brackets follows it.
func (qc *quoteChecker) checkCited(u *unit, q quoted, bad func(string, ...any)) bool {
	w := qc.ed.Work(q.cite)
	if w == nil {
		return false // the loader reports the key
	}
	if fold(q.inner) == fold(w.Title) || slices.ContainsFunc(w.CitedAs, func(n string) bool { return fold(n) == fold(q.inner) }) {
		return false // the work's title, not a quotation from it
	}
	if !w.Seen {
		bad("%q quotes %s, which the edition has not seen (works.yaml: seen: false): paraphrase it, citing where its words are reported", q.inner, q.cite)
		return true
	}
	if u.lang == "ru" && script(q.inner) != "ru" {
		rest := u.text[q.off:]
		if i := strings.Index(rest, ")"); i >= 0 {
			rest = strings.TrimLeft(rest[i+1:], " \u00a0")
		}
		if !strings.HasPrefix(rest, "(") || script(rest[:min(len(rest), strings.Index(rest+")", ")"))]) != "ru" {
			bad("%q quotes %s in %s on the Russian side: follow it with a Russian rendering in brackets, ([«…»](cite:%s)) («…»)", q.inner, q.cite, w.Lang, q.cite)
		}
	}
	return true
}

// sentenceAt returns the sentence of u that holds byte offset off.
func (u *unit) sentenceAt(off int) string {
	for _, s := range u.sents {
		if off >= s.off && off < s.off+len(s.text) {
			return s.text
		}
	}
	return ""
}

// checkReferences reports a mention of a work of works.yaml by one of its
// names (cited_as) that is not a cite: link to its record. It returns the
// number of mentions found.
func checkReferences(ed *corpus.Edition, us []unit, f *findings) int {
	n := 0
	for i := range us {
		u := &us[i]
		text := citeLink.ReplaceAllStringFunc(u.text, func(m string) string { return strings.Repeat(" ", len(m)) })
		for _, w := range ed.Works {
			for _, name := range w.CitedAs {
				off := 0
				for {
					j := strings.Index(text[off:], name)
					if j < 0 {
						break
					}
					n++
					f.add(corpus.Diagnostic{Pos: u.line(off + j), Rule: CheckQuote,
						Msg: fmt.Sprintf("%q names a work without a reference a reader can follow: link it to its record, [%s](cite:%s)", name, name, w.Key)}, first(u.own), "")
					off += j + len(name)
				}
			}
		}
	}
	return n
}
