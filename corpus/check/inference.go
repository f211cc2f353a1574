package check

import (
	"fmt"
	"regexp"
	"strings"

	"pasyans/corpus"
)

// CheckHedge is the check id of an inference stated as a fact (the book's
// working date among them), or of a comparison with Cadogan that does not
// say which of her texts it uses.
const CheckHedge = "hedge"

// inferences are the edition's own inferences (book.md says so of each),
// English and Russian: a sentence that states one must carry a hedge of
// the bilingual list (hedges) or call it an inference. This is the one
// list; TestInferences reads it.
var inferences = []struct {
	name   string
	en, ru *regexp.Regexp
}{
	{"a line is a running head", regexp.MustCompile(`(?i)\brunning heads?\b`), ruWords(`колонтитул\p{L}*`)},
	{"the translation keeps Cadogan's order of the games", regexp.MustCompile(`(?i)\b(?:keeps|follows|in) (?:the|her) order of (?:her|the) (?:twenty-four )?games\b`), ruWords(`(?:сохранён|сохраняет|сохраняя) порядок`)},
	{"the footnotes are numbered through the volume", regexp.MustCompile(`(?i)\bthrough the whole volume\b`), ruWords(`сквозн\p{L}* сч[её]том|сквозь весь том`)},
	{"the side piles are positions 1–4 (the numbering of 003:4 is reconstructed)", regexp.MustCompile(`(?i)\bside piles (?:take|are|occupy) (?:the )?positions\b`), ruWords(`боковые стопки занимают места`)},
	{"a game's text ends where the sources break off", regexp.MustCompile(`(?i)\btext of the game ends here\b|\bthe game's text ends here\b`), ruWords(`текст игры (?:здесь )?кончается|здесь текст игры кончается`)},
}

// cadoganText matches a sentence that compares the Russian with a text of
// Cadogan's; the unit must say which (a year, or a cite: link), since the
// edition has checked the 1914 text and not the 1874 one.
var cadoganText = regexp.MustCompile(`(?i)Cadogan's (?:text|note|wording|explicit|rule|sentence)|Cadogan (?:has|says|gives|writes|permits)|the Russian (?:omits|has dropped|drops|adds)|(?:текст|примечани|формулировк)\p{L}* Кадоган|у Кадоган (?:сказано|говорится|—)|пропущено .* Кадоган`)

var cadoganWhich = regexp.MustCompile(`\b1874\b|\b1914\b|\(cite:cadogan`)

// checkHedges reports the sentences that state one of the edition's
// inferences without a hedge, and the units that compare the Russian with
// Cadogan without saying which of her texts. It returns the number of
// sentences read and of statements found.
func checkHedges(ed *corpus.Edition, us []unit, f *findings) (sents, found int) {
	dates := bookDates(ed)
	for i := range us {
		u := &us[i]
		sents += len(u.sents)
		found += checkDate(u, dates, f)
		if !mayStateInference(u) {
			continue
		}
		for _, s := range u.sents {
			text := maskQuotations(s.text)
			for _, inf := range inferences {
				re := inf.en
				if u.lang == "ru" {
					re = inf.ru
				}
				loc := re.FindStringIndex(text)
				if loc == nil {
					continue
				}
				found++
				if !hedged(text, u.lang) {
					f.add(corpus.Diagnostic{Pos: u.line(s.off + loc[0]), Rule: CheckHedge,
						Msg: fmt.Sprintf("«%s» states an inference of the edition (%s) as a fact: hedge it (probably, as far as can be seen, …) or call it an inference", text[loc[0]:loc[1]], inf.name)}, first(u.own), "")
				}
			}
			if loc := cadoganText.FindStringIndex(text); loc != nil {
				found++
				if !cadoganWhich.MatchString(u.text) && !hedged(text, u.lang) {
					f.add(corpus.Diagnostic{Pos: u.line(s.off + loc[0]), Rule: CheckHedge,
						Msg: fmt.Sprintf("«%s» compares the Russian with Cadogan without saying which of her texts (the 1914 text, checked; the 1874 one, which the Russian translates, not checked): name it, or cite it [“…”](cite:cadogan-1914)", text[loc[0]:loc[1]])}, first(u.own), "")
				}
			}
		}
	}
	return sents, found
}

// bookDates returns the book's year and its date as each language
// prints it (book.md's and book.ru.md's date:), or nil when there is none.
func bookDates(ed *corpus.Edition) map[string]string {
	if ed.Book == nil || ed.BookRU == nil {
		return nil
	}
	year := regexp.MustCompile(`\d{4}`).FindString(ed.Book.Date)
	if year == "" {
		return nil
	}
	return map[string]string{"year": year, "en": ed.Book.Date, "ru": ed.BookRU.Date}
}

// workingDate matches the words by which the prose calls the book's date
// a working date.
var workingDate = regexp.MustCompile(`(?i)working date|рабоч\p{L}* дат`)

// checkDate reports the sentences of u that give the book's year as a
// fact: without its date as the edition prints it (c. 1873), without
// calling it a working date and without a hedge. A year in a quotation
// (003:2's) is the quoted text's. It returns the number of sentences
// that give the year.
func checkDate(u *unit, dates map[string]string, f *findings) int {
	if dates == nil || !strings.Contains(u.text, dates["year"]) {
		return 0
	}
	n := 0
	for _, s := range u.sents {
		text := maskQuotations(s.text)
		i := strings.Index(text, dates["year"])
		if i < 0 {
			continue
		}
		n++
		if strings.Contains(text, dates[u.lang]) || workingDate.MatchString(text) || hedged(text, u.lang) {
			continue
		}
		f.add(corpus.Diagnostic{Pos: u.line(s.off + i), Rule: CheckHedge,
			Msg: fmt.Sprintf("%s, the book's working date, is given as a fact: write %q, as the edition's note does, or call it the working date", dates["year"], dates[u.lang])}, first(u.own), "")
	}
	return n
}

// mayStateInference reports whether a unit holds a phrase the check
// looks at, so that the sentences of the others need not be read.
func mayStateInference(u *unit) bool {
	if cadoganText.MatchString(u.text) {
		return true
	}
	for _, inf := range inferences {
		if inf.en.MatchString(u.text) || inf.ru.MatchString(u.text) {
			return true
		}
	}
	return false
}

// hedged reports whether a sentence carries a hedge of the bilingual list
// or calls what it says an inference.
func hedged(s, lang string) bool {
	for _, h := range hedges {
		re := h.en
		if lang == "ru" {
			re = h.ru
		}
		if re.MatchString(s) {
			return true
		}
	}
	return false
}
