// Package typo is the edition's Russian typographic step: it puts
// non-breaking spaces where Russian typesetting requires them, in the
// editor's Russian prose on its way to the site, the PDF and the TEI.
//
// Text binds, with U+00A0 in place of a plain space:
//   - a dash to the word before it («слово — слово»);
//   - a one- or two-letter word, and a short preposition or conjunction
//     (без, для, над, под, при, про, …), to the word after it;
//   - the particles ли, же, бы (ль, ж, б) to the word before them;
//   - «см.» and «ср.» to what they refer to; № and § to their number; «с. 5», «т. 2», «гл. 3», «рис. 4» and
//     «т. е.», «т. д.», «т. п.», «т. к.»;
//   - a number to its unit or the abbreviation after it («1873 г.»,
//     «5 с», «94 мс», «68,3 %», «0,09 млн»), a whole number to the word
//     it counts («2 колоды»), and the groups of a number written with
//     spaces («10 000»);
//   - initials to each other and to the name («А. С. Пушкин»).
//
// It changes nothing but plain spaces, so applying it twice is applying it
// once. HTML applies Text to the text of a Russian page, leaving out what
// is not the editor's Russian: script, style, code and pre, any element in
// another language (lang="en"), and the book's own text (class "rd",
// the readings, and "t-ru", the title as printed).
package typo

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"pasyans/corpus"
)

// NBSP is the non-breaking space.
const NBSP = '\u00a0'

// shortWords are the longer prepositions and conjunctions that keep to the
// word after them: typograf's Russian list (its words of three letters
// and more) and над, изо, ото, меж, ибо.
var shortWords = []string{"без", "для", "над", "под", "при", "про", "изо", "обо", "ото", "меж", "ибо", "если", "или", "как"}

// particles keep to the word before them.
var particles = []string{"ли", "ль", "же", "ж", "бы", "б"}

// units are what a number keeps to after it.
var units = []string{"г.", "гг.", "в.", "вв.", "с", "мс", "мин", "ч", "%", "млн", "млрд", "тыс.", "КБ", "МБ", "ГБ", "кБ", "км", "м", "см", "мм", "кг", "руб.", "коп.", "стр.", "с.", "раз", "×"}

// numberAbbrevs keep to the number after them.
var numberAbbrevs = []string{"№", "§", "с.", "стр.", "т.", "гл.", "рис.", "табл.", "ч.", "вып.", "кн.", "ил."}

// Text returns s with the non-breaking spaces of Russian typography.
func Text(s string) string {
	if !strings.Contains(s, " ") || !utf8.ValidString(s) {
		return s
	}
	rs := []rune(s)
	for i, r := range rs {
		if r == ' ' && i > 0 && i < len(rs)-1 && bind(rs, i) {
			rs[i] = NBSP
		}
	}
	return string(rs)
}

// bind reports whether the space at rs[i] must not break.
func bind(rs []rune, i int) bool {
	prev, next := tokenBefore(rs, i), tokenAfter(rs, i)
	if prev == "" || next == "" {
		return false
	}
	switch {
	case next == "—" || next == "–":
		return true
	case isWord(prev) && !slices.Contains(particles, strings.ToLower(prev)) &&
		(len([]rune(prev)) <= 2 || slices.Contains(shortWords, strings.ToLower(prev))):
		return !isUnitAfterNumber(rs, i, prev)
	case isInitial(prev) && isInitial(next) || isInitial(prev) && startsUpper(next):
		return true
	case slices.Contains(particles, strings.TrimRight(next, ",.;:!?)»")) && isWord(strings.TrimRight(next, ",.;:!?)»")) && isWord(lastWord(prev)):
		return true
	case slices.Contains(numberAbbrevs, prev) && startsWithNumber(next):
		return true
	case prev == "см." || prev == "ср.":
		return true
	case prev == "т." && slices.Contains([]string{"е.", "д.", "п.", "к.", "е.,", "д.,", "п.,", "к.,"}, next):
		return true
	case endsWithDigit(prev) && slices.Contains(units, strings.TrimRight(next, ",;:)»")):
		return true
	case endsWithDigit(prev) && strings.HasPrefix(next, "%"):
		return true
	case isDigits(prev) && isWord(strings.TrimRight(next, ",.;:!?)»")) && len([]rune(strings.TrimRight(next, ",.;:!?)»"))) > 2:
		return true // a number and what it counts: «2 колоды»
	case isDigits(prev) && len(prev) <= 3 && isDigits(strings.TrimRight(next, ",.;:)»")) && len(strings.TrimRight(next, ",.;:)»")) == 3:
		return true
	}
	return false
}

// isUnitAfterNumber reports whether word, ending at rs[i-1], is a unit
// after a number («5 с», «94 мс»), which keeps to the number, not to the
// word after it.
func isUnitAfterNumber(rs []rune, i int, word string) bool {
	j := i - len([]rune(word)) - 1 // the space before word
	if j <= 0 || (rs[j] != ' ' && rs[j] != NBSP) || !slices.Contains(units, word) {
		return false
	}
	return unicode.IsDigit(rs[j-1])
}

// tokenBefore is the run of non-space runes that ends at rs[i-1].
func tokenBefore(rs []rune, i int) string {
	j := i
	for j > 0 && !unicode.IsSpace(rs[j-1]) {
		j--
	}
	return strings.TrimLeft(string(rs[j:i]), "(«„\"'[")
}

// tokenAfter is the run of non-space runes that starts at rs[i+1].
func tokenAfter(rs []rune, i int) string {
	j := i + 1
	for j < len(rs) && !unicode.IsSpace(rs[j]) {
		j++
	}
	return string(rs[i+1 : j])
}

// isWord reports whether s is all Cyrillic letters.
func isWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.Is(unicode.Cyrillic, r) {
			return false
		}
	}
	return true
}

// lastWord is the trailing letters of s (the word a particle follows).
func lastWord(s string) string {
	rs := []rune(s)
	j := len(rs)
	for j > 0 && unicode.IsLetter(rs[j-1]) {
		j--
	}
	return string(rs[j:])
}

// isInitial reports whether s is an initial: a capital and a full stop.
func isInitial(s string) bool {
	rs := []rune(s)
	return len(rs) == 2 && rs[1] == '.' && unicode.IsUpper(rs[0]) && unicode.Is(unicode.Cyrillic, rs[0])
}

func startsUpper(s string) bool {
	for _, r := range s {
		return unicode.IsUpper(r) && unicode.Is(unicode.Cyrillic, r)
	}
	return false
}

func startsWithNumber(s string) bool {
	for _, r := range s {
		return unicode.IsDigit(r) || strings.ContainsRune("IVXLC", r)
	}
	return false
}

func endsWithDigit(s string) bool {
	rs := []rune(s)
	return len(rs) > 0 && unicode.IsDigit(rs[len(rs)-1])
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Russian is Text for a string that is mostly Cyrillic, and s itself
// otherwise (a span of English, an identifier).
func Russian(s string) string {
	if !corpus.IsRussian(s) {
		return s
	}
	return Text(s)
}
