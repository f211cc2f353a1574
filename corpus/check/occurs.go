package check

import (
	"fmt"
	"slices"
	"strings"

	"pasyans/corpus"
	"pasyans/normalize/stem"
)

// CheckOccurs is the check id of an occurs claim that the text does not
// bear out, or of a note that says where a word occurs without one.
const CheckOccurs = "occurs"

// maxGap is the most words a "…" in a form stands for.
const maxGap = 3

// textIndex holds the words of every reading of every paragraph with
// their spelling-blind keys (package stem, the keys search uses), so that
// a term is found in any reading and any spelling: the OCR's мђсто, the
// book's мѣсто and the modern место are one word, and so are the
// inflected forms the Snowball stemmer folds together.
type textIndex struct {
	k     *stem.Keyer
	paras []*corpus.Paragraph
	toks  map[string][][]stem.Token // paragraph id → tokens of each reading
}

func newTextIndex(ed *corpus.Edition) *textIndex {
	ix := &textIndex{k: stem.New(), paras: ed.Paragraphs, toks: map[string][][]stem.Token{}}
	for _, p := range ed.Paragraphs {
		for _, r := range []string{p.Diplomatic, p.Corrected, p.Modern} {
			ix.toks[p.ID] = append(ix.toks[p.ID], ix.k.Tokens(r))
		}
	}
	return ix
}

// pattern is a form's words in order, each matched on its key, or on its
// spelling for a word written "=word"; a gap stands for up to maxGap words.
// A whole pattern matches only a whole reading (a heading).
type pattern struct {
	elems []elem
	whole bool
}

type elem struct {
	gap   bool
	exact bool   // match norm, not key
	s     string // the key, or the norm of an exact word
}

// compile returns the pattern of a form: its words' keys, "…" (or "...")
// between words for a gap, "=" before a word matched on its spelling.
func (ix *textIndex) compile(form string, whole bool) (pattern, error) {
	p := pattern{whole: whole}
	for _, f := range strings.Fields(strings.ReplaceAll(form, "...", " … ")) {
		if strings.Trim(f, "…") == "" {
			if len(p.elems) == 0 || p.elems[len(p.elems)-1].gap {
				return p, fmt.Errorf("form %q: a gap (…) stands only between words", form)
			}
			p.elems = append(p.elems, elem{gap: true})
			continue
		}
		if w, ok := strings.CutPrefix(f, "="); ok {
			for _, t := range ix.k.Tokens(w) {
				p.elems = append(p.elems, elem{exact: true, s: ix.k.Norm(t.Word)})
			}
			continue
		}
		for _, key := range ix.k.Keys(f) {
			p.elems = append(p.elems, elem{s: key})
		}
	}
	if len(p.elems) == 0 {
		return p, fmt.Errorf("form %q has no word", form)
	}
	if p.elems[len(p.elems)-1].gap {
		return p, fmt.Errorf("form %q: a gap (…) stands only between words", form)
	}
	return p, nil
}

// matchAt reports whether es matches the tokens from i, and where the
// match ends.
func (ix *textIndex) matchAt(toks []stem.Token, i int, es []elem) (int, bool) {
	if len(es) == 0 {
		return i, true
	}
	e := es[0]
	if e.gap {
		for skip := 0; skip <= maxGap && i+skip <= len(toks); skip++ {
			if end, ok := ix.matchAt(toks, i+skip, es[1:]); ok {
				return end, true
			}
		}
		return 0, false
	}
	if i >= len(toks) {
		return 0, false
	}
	if e.exact && ix.k.Norm(toks[i].Word) != e.s || !e.exact && toks[i].Key != e.s {
		return 0, false
	}
	return ix.matchAt(toks, i+1, es[1:])
}

// hit is one occurrence: a paragraph and the words that matched.
type hit struct {
	para  string
	words string
}

// where returns the paragraphs, in edition order, in which a reading
// contains one of the patterns, each with the words of its first match.
func (ix *textIndex) where(pats []pattern) []hit {
	var out []hit
	for _, p := range ix.paras {
		if w, ok := ix.first(p.ID, pats); ok {
			out = append(out, hit{para: p.ID, words: w})
		}
	}
	return out
}

func (ix *textIndex) first(id string, pats []pattern) (string, bool) {
	for _, toks := range ix.toks[id] {
		for i := range toks {
			for _, p := range pats {
				if p.whole && i > 0 {
					continue
				}
				if end, ok := ix.matchAt(toks, i, p.elems); ok && (!p.whole || end == len(toks)) {
					ws := make([]string, 0, end-i)
					for _, t := range toks[i:end] {
						ws = append(ws, t.Word)
					}
					return strings.Join(ws, " "), true
				}
			}
		}
	}
	return "", false
}

// compare returns the listed paragraphs the term is not in, and the hits
// in paragraphs not listed.
func compare(listed []string, found []hit) (missing []string, extra []hit) {
	in := map[string]bool{}
	for _, h := range found {
		in[h.para] = true
	}
	for _, id := range listed {
		if !in[id] {
			missing = append(missing, id)
		}
	}
	for _, h := range found {
		if !slices.Contains(listed, h.para) {
			extra = append(extra, h)
		}
	}
	return missing, extra
}

// termPatterns compiles the patterns of a glossary term; a bad form is
// reported at the term's line.
func (ix *textIndex) termPatterns(t *corpus.Term, f *findings) []pattern {
	var pats []pattern
	for _, form := range t.Patterns() {
		p, err := ix.compile(form, t.Heading)
		if err != nil {
			f.add(corpus.Diagnostic{Pos: t.Pos, Rule: corpus.CheckGlossary, Msg: fmt.Sprintf("term %q: %v", t.ID, err)}, "", "")
			continue
		}
		pats = append(pats, p)
	}
	return pats
}

// checkGlossaryOccurs verifies each term's paragraphs list against the
// text: every listed paragraph contains the term, in some reading and
// inflected form, and no unlisted one does. It returns the number of terms
// and of paragraph references verified.
func checkGlossaryOccurs(ed *corpus.Edition, ix *textIndex, f *findings) (terms, refs int) {
	for _, t := range ed.Glossary {
		pats := ix.termPatterns(t, f)
		if len(pats) == 0 {
			continue
		}
		missing, extra := compare(t.Paragraphs, ix.where(pats))
		for _, id := range missing {
			if ed.Paragraph(id) == nil {
				continue // the loader has reported it
			}
			f.add(corpus.Diagnostic{Pos: t.ParagraphsPos, Rule: corpus.CheckGlossary,
				Msg: fmt.Sprintf("term %q (%s): paragraph %s is listed, but no reading of it contains the term", t.ID, t.PreReform, id)}, "", "")
		}
		for _, h := range extra {
			f.add(corpus.Diagnostic{Pos: t.ParagraphsPos, Rule: corpus.CheckGlossary,
				Msg: fmt.Sprintf("term %q (%s) occurs in %s («%s»), which its paragraphs list lacks", t.ID, t.PreReform, h.para, h.words)}, "", "")
		}
		terms++
		refs += len(t.Paragraphs)
	}
	return terms, refs
}

// checkOccursClaims verifies the occurs claims of every paragraph section
// (the sentences that say where a word occurs are matched to them by
// checkStatements). It returns the number of claims verified.
func checkOccursClaims(ed *corpus.Edition, ix *textIndex, f *findings) int {
	n := 0
	for _, p := range ed.Paragraphs {
		var claims []corpus.Occurs
		if p.Claims != nil {
			claims = p.Claims.Occurs
		}
		for _, o := range claims {
			n++
			ix.checkOccurs(ed, p, o, f)
		}
	}
	return n
}

func (ix *textIndex) checkOccurs(ed *corpus.Edition, p *corpus.Paragraph, o corpus.Occurs, f *findings) {
	pos := claimPos(p, "occurs")
	bad := func(format string, args ...any) {
		f.add(corpus.Diagnostic{Pos: pos, Rule: CheckOccurs,
			Msg: fmt.Sprintf("%s: claim occurs %q: ", p.ID, o.Term) + fmt.Sprintf(format, args...)}, p.ID, "")
	}
	for _, id := range o.In {
		if ed.Paragraph(id) == nil {
			bad("no paragraph %s", id)
			return
		}
	}
	var pats []pattern
	if t := ed.Term(o.Term); t != nil {
		pats = ix.termPatterns(t, f)
	} else if pt, err := ix.compile(o.Term, false); err != nil {
		bad("%v", err)
		return
	} else {
		pats = []pattern{pt}
	}
	found := ix.where(pats)
	missing, extra := compare(o.In, found)
	if len(missing) == 0 && len(extra) == 0 {
		return
	}
	var at []string
	for _, h := range found {
		at = append(at, fmt.Sprintf("%s «%s»", h.para, h.words))
	}
	where := "nowhere"
	if len(at) > 0 {
		where = "in " + strings.Join(at, ", ")
	}
	bad("claimed in [%s], but the term occurs %s", strings.Join(o.In, ", "), where)
}
