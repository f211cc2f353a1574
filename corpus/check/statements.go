package check

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"pasyans/corpus"
)

// What an occurrence statement says of a word.
const (
	saysOnly  = "only"  // it occurs in one paragraph alone
	saysAgain = "again" // it occurs in the paragraphs named as well
	saysNever = "never" // it occurs nowhere
)

// occurrencePhrases are the phrases, English and Russian, by which prose
// says where a word occurs, with what each says. This is the one list:
// the check of sentences and TestOccurrencePhrases read it.
var occurrencePhrases = []struct {
	says string
	re   *regexp.Regexp
}{
	{saysNever, regexp.MustCompile(`\b(?:never (?:occurs|appears|used|found)|occurs? nowhere|appears? nowhere|is (?:found|used|attested) nowhere)\b|нигде не (?:встречается|употребляется|упоминается|попадается)|не встречается нигде`)},
	{saysOnly, regexp.MustCompile(`\b(?:the only (?:occurrence|place|instance|attestation)|(?:only|sole|single) (?:occurrence|attestation)|(?:occurs?|appears?|used|found|attested) (?:only|just|but) (?:here|once|in|as)|(?:is|are) (?:used|found|attested) only|nowhere else|not elsewhere|(?:occurs?|appears?) once|only here|once only|just once|attested only)\b|(?:встречается|употребляется|упоминается|попадается|упомянуто|засвидетельствован\p{L}*) (?:только|лишь|единожды|один раз)|(?:только|лишь) (?:здесь|тут|в этом)|нигде (?:больше|более|кроме|ещё|еще)|больше нигде|более нигде|единственн\p{L}* (?:случа|мест|упоминани|пример)|один-единственный раз`)},
	{saysAgain, regexp.MustCompile(`\b(?:occurs? (?:again|also|elsewhere|twice)|(?:also|again) (?:occurs|appears)|appears? (?:again|also|twice)|recurs?)\b|(?:встречается|употребляется|упоминается|попадается) (?:ещё|еще|также|тоже|снова|и в|дважды)|(?:снова|ещё раз|еще раз|также) (?:встречается|употребляется)`)},
}

// occursStatement returns the words of s that state where a word occurs
// and what they say, or "", "". It matches s in lower case (the phrases
// are written so), which is far faster than a case-blind expression.
func occursStatement(s string) (words, says string) {
	s = strings.ToLower(s)
	best := -1
	for _, p := range occurrencePhrases {
		if loc := p.re.FindStringIndex(s); loc != nil && (best < 0 || loc[0] < best) {
			best, words, says = loc[0], s[loc[0]:loc[1]], p.says
			if p.says == saysNever && strings.HasPrefix(s[loc[1]:], " else") {
				words, says = words+" else", saysOnly // "is found nowhere else"
			}
		}
	}
	return words, says
}

// claimOf is an occurs claim, or a glossary term's list, that a sentence
// may be matched to.
type claimOf struct {
	term string
	in   []string
	pos  corpus.Pos
}

// statementChecker holds the claims of the edition.
type statementChecker struct {
	ed     *corpus.Edition
	ix     *textIndex
	claims []claimOf // every occurs claim and every glossary term's list
}

func newStatementChecker(ed *corpus.Edition, ix *textIndex) *statementChecker {
	sc := &statementChecker{ed: ed, ix: ix}
	for _, p := range ed.Paragraphs {
		if p.Claims != nil {
			for _, o := range p.Claims.Occurs {
				sc.claims = append(sc.claims, claimOf{term: o.Term, in: o.In, pos: claimPos(p, "occurs")})
			}
		}
	}
	for _, t := range ed.Glossary {
		sc.claims = append(sc.claims, claimOf{term: t.ID, in: t.Paragraphs, pos: t.ParagraphsPos})
	}
	return sc
}

// names reports whether sentence s names the term of c: one of its forms
// (any spelling, any inflection) or, for a glossary term, its English.
func (sc *statementChecker) names(s string, c claimOf) bool {
	forms := []string{c.term}
	if t := sc.ed.Term(c.term); t != nil {
		forms = append(t.Patterns(), t.Modern)
		if strings.Contains(strings.ToLower(s), strings.ToLower(t.EN)) {
			return true
		}
	}
	toks := sc.ix.k.Tokens(s)
	for _, form := range forms {
		p, err := sc.ix.compile(form, false)
		if err != nil {
			continue
		}
		for i := range toks {
			if _, ok := sc.ix.matchAt(toks, i, p.elems); ok {
				return true
			}
		}
	}
	return false
}

// agrees reports whether a claim bears out what a statement says of the
// paragraphs ps (empty when the sentence names none).
func agrees(c claimOf, says string, ps []string) bool {
	switch says {
	case saysNever:
		return len(c.in) == 0
	case saysOnly:
		return len(c.in) == 1 && (len(ps) == 0 || slices.Contains(ps, c.in[0]))
	}
	if len(c.in) < 2 {
		return false
	}
	for _, id := range ps {
		if !slices.Contains(c.in, id) {
			return false
		}
	}
	return true
}

// checkStatements finds the sentences of every unit that say where a word
// occurs and matches each to a claim that says the same: an occurs claim
// of the unit's section, or any occurs claim or glossary list whose term
// the sentence names. It returns the number of sentences read and of
// statements found.
func checkStatements(ed *corpus.Edition, ix *textIndex, us []unit, f *findings) (sents, found int) {
	sc := newStatementChecker(ed, ix)
	for i := range us {
		u := &us[i]
		sents += len(u.sents)
		if w, _ := occursStatement(maskQuotations(u.text)); w == "" {
			continue
		}
		for _, s := range u.sents {
			text := maskQuotations(s.text)
			words, says := occursStatement(text)
			if words == "" {
				continue
			}
			found++
			sc.check(u, s, words, says, f)
		}
	}
	return sents, found
}

func (sc *statementChecker) check(u *unit, s sentence, words, says string, f *findings) {
	ps := append(append([]string{}, u.own...), refs(s.text)...)
	var cands []claimOf
	for _, o := range u.claims {
		cands = append(cands, claimOf{term: o.Term, in: o.In})
	}
	for _, c := range sc.claims {
		if sc.names(s.text, c) {
			cands = append(cands, c)
		}
	}
	para := ""
	if len(u.own) > 0 {
		para = u.own[0] + ": "
	}
	bad := func(format string, args ...any) {
		f.add(corpus.Diagnostic{Pos: u.line(s.off + max(0, strings.Index(strings.ToLower(s.text), words))), Rule: CheckOccurs,
			Msg: para + fmt.Sprintf(format, args...)}, strings.TrimSuffix(para, ": "), "")
	}
	if len(cands) == 0 {
		bad("the sentence says where a word occurs («%s»), but no occurs claim of its section, and no claim or glossary list of a term it names, says so: state it as an occurs claim, so that it is checked", words)
		return
	}
	var said []string
	for _, c := range cands {
		if agrees(c, says, ps) {
			return
		}
		said = append(said, fmt.Sprintf("%s in [%s]", c.term, strings.Join(c.in, ", ")))
	}
	bad("the sentence says more than its claim («%s» %s): the claims say %s", words, describe(says, ps), strings.Join(said, "; "))
}

// describe says in words what a statement says.
func describe(says string, ps []string) string {
	where := strings.Join(ps, ", ")
	switch says {
	case saysNever:
		return "says the word occurs nowhere"
	case saysOnly:
		if where == "" {
			return "says the word occurs in one paragraph alone"
		}
		return "says the word occurs only in " + where
	}
	return "says the word occurs in " + where + " and elsewhere"
}

// maskQuotations replaces the quoted spans of s by spaces, so that a
// phrase quoted (a mention, «только здесь») is not taken as said.
func maskQuotations(s string) string {
	b := []byte(s)
	for _, q := range spans(s) {
		_, open := utf8.DecodeRuneInString(s[q.off:])
		end := q.off + open + len(q.inner)
		_, closing := utf8.DecodeRuneInString(s[end:])
		for k := q.off; k < end+closing; k++ {
			b[k] = ' '
		}
	}
	return string(b)
}
