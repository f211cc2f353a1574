package check

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"pasyans/corpus"
)

// CheckParity is the check id of an English/Russian pair of prose that
// does not say the same: other paragraph references, years, numbers or
// hedges.
const CheckParity = "parity"

// hedges are the bilingual list of the words that qualify a statement:
// each class is present in both halves of a pair or in neither. This is
// the one list; TestHedges reads it.
var hedges = []struct {
	name   string
	en, ru *regexp.Regexp
}{
	{"probably", regexp.MustCompile(`(?i)\bprobabl[ey]\b|\blikely\b`), ruWords(`вероятно|вероятнее|по всей вероятности|скорее всего`)},
	{"perhaps", regexp.MustCompile(`(?i)\bperhaps\b|\bpossibly\b`), ruWords(`возможно|может быть`)},
	{"seems", regexp.MustCompile(`(?i)\bseems?\b|\bapparently\b|\blooks? like\b`), ruWords(`по-видимому|видимо|кажется`)},
	{"as far as could be checked", regexp.MustCompile(`(?i)as far as (?:it |this |they )?(?:could|can) be (?:checked|compared)`), regexp.MustCompile(`(?i)насколько (?:это |их )?удалось (?:проверить|сравнить)`)},
	{"not checked", regexp.MustCompile(`(?i)not (?:been )?(?:checked|seen|found)|could not be (?:checked|found)|\b(?:no|neither)\b[^.;]{0,80}\bha(?:s|ve) been (?:found|traced|checked|seen)`), regexp.MustCompile(`(?i)не провер|проверить не удалось|не видел|не найден|найти не удалось`)},
	{"the edition's reading", regexp.MustCompile(`(?i)the edit(?:ion|or) reads|the edit(?:ion|or)'s reading`), regexp.MustCompile(`(?i)издани\p{L}* (?:так и )?читает|издател\p{L}* (?:так и )?читает|прочтени\p{L}* (?:издания|издателя|издателем)|издател\p{L}* держится прочтения`)},
	{"an inference", regexp.MustCompile(`(?i)\binfer(?:s|red|ence)?\b`), ruWords(`вывод\p{L}*|заключает`)},
}

// ruWords matches one of the Russian words or phrases alt as whole words
// (Go's \b knows only ASCII letters).
func ruWords(alt string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:` + alt + `)(?:$|[^\p{L}])`)
}

var (
	yearPattern   = regexp.MustCompile(`\b(?:1[5-9]\d\d|20\d\d)\b`)
	numberPattern = regexp.MustCompile(`\b\d{1,3}(?:[,\x{a0}\x{202f}]\d{3})+\b|\b\d+\b`)
	// linkDest is a Markdown link's destination, which is not prose.
	linkDest = regexp.MustCompile(`\]\([^)]*\)`)
)

// facts are what a half of a pair says that the other must say too.
type facts struct {
	refs, years, numbers []string
	hedges               map[string]bool
}

// factsOf returns the facts of a unit's text in its language.
func factsOf(text, lang string) facts {
	s := codeSpan.ReplaceAllString(text, " ")
	s = linkDest.ReplaceAllString(s, "]")
	fs := facts{refs: refs(s), hedges: map[string]bool{}}
	s = paraRefPattern.ReplaceAllString(s, " ")
	fs.years = uniq(yearPattern.FindAllString(s, -1))
	s = yearPattern.ReplaceAllString(s, " ")
	for _, n := range numberPattern.FindAllString(s, -1) {
		fs.numbers = append(fs.numbers, strings.NewReplacer(",", "", "\u00a0", "", "\u202f", "").Replace(n))
	}
	fs.numbers = uniq(fs.numbers)
	for _, h := range hedges {
		re := h.en
		if lang == "ru" {
			re = h.ru
		}
		if re.MatchString(s) {
			fs.hedges[h.name] = true
		}
	}
	return fs
}

func uniq(ss []string) []string {
	slices.Sort(ss)
	return slices.Compact(ss)
}

// checkParity compares the halves of every pair of units and returns the
// number of pairs and of sentences compared.
func checkParity(us []unit, f *findings) (pairs, sents int) {
	for i := range us {
		en := &us[i]
		if en.lang != "en" || en.pair < 0 || en.pair >= len(us) {
			continue
		}
		ru := &us[en.pair]
		if strings.TrimSpace(en.text) == "" || strings.TrimSpace(ru.text) == "" {
			continue // the bilingual check reports a missing half
		}
		pairs++
		sents += len(en.sents) + len(ru.sents)
		for _, msg := range compareFacts(factsOf(en.text, "en"), factsOf(ru.text, "ru")) {
			f.add(corpus.Diagnostic{Pos: ru.pos, Rule: CheckParity,
				Msg: fmt.Sprintf("the Russian does not say what the English (line %d) says: %s", en.pos.Line, msg)}, first(ru.own), "")
		}
	}
	return pairs, sents
}

func first(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	return ss[0]
}

// compareFacts returns what differs between the English and the Russian.
func compareFacts(en, ru facts) []string {
	var out []string
	diff := func(what string, a, b []string) {
		a, b = uniq(slices.Clone(a)), uniq(slices.Clone(b))
		var onlyEN, onlyRU []string
		for _, x := range a {
			if !slices.Contains(b, x) {
				onlyEN = append(onlyEN, x)
			}
		}
		for _, x := range b {
			if !slices.Contains(a, x) {
				onlyRU = append(onlyRU, x)
			}
		}
		if len(onlyEN) > 0 {
			out = append(out, fmt.Sprintf("%s %s only in the English", what, strings.Join(onlyEN, ", ")))
		}
		if len(onlyRU) > 0 {
			out = append(out, fmt.Sprintf("%s %s only in the Russian", what, strings.Join(onlyRU, ", ")))
		}
	}
	diff("paragraph", en.refs, ru.refs)
	diff("year", en.years, ru.years)
	diff("number", en.numbers, ru.numbers)
	for _, h := range hedges {
		switch {
		case en.hedges[h.name] && !ru.hedges[h.name]:
			out = append(out, fmt.Sprintf("the hedge %q only in the English", h.name))
		case ru.hedges[h.name] && !en.hedges[h.name]:
			out = append(out, fmt.Sprintf("the hedge %q only in the Russian", h.name))
		}
	}
	return out
}
