package render

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// englishNumber matches a number written the English way: a comma
// grouping thousands, a decimal point, a percent sign close up, an English
// unit after a number.
var englishNumber = regexp.MustCompile(`\d,\d{3}(?:\D|$)|\d\.\d|\d%|\d ?(?:ms|s|M)\b`)

// TestPDFNumbersInRussian reads the book's text (pdftotext): every game's
// statistics stand in Russian under the Russian text, their numbers
// grouped the Russian way («Сыграно раскладов: 10 000»), and no line of
// Russian text anywhere in the book writes a number the English way
// ("10,000", "68.3%", "94 ms").
func TestPDFNumbersInRussian(t *testing.T) {
	text := strings.NewReplacer("\u00a0", " ", "\u202f", " ").Replace(bookText(t))
	ed := testEdition(t)
	if len(ed.Stats) == 0 {
		t.Fatal("the test edition has no statistics")
	}
	for _, st := range ed.Stats {
		want := "Сыграно раскладов: " + groupRU(st.Deals)
		if !strings.Contains(text, want) {
			t.Errorf("%s: the book has no %q", st.Game, want)
		}
	}
	cyrillic := regexp.MustCompile(`\p{Cyrillic}`)
	for i, line := range strings.Split(text, "\n") {
		if cyrillic.MatchString(line) && englishNumber.MatchString(line) {
			t.Errorf("line %d of the book's text: an English number in Russian: %q", i+1, line)
		}
	}
}

// groupRU groups the digits of n in threes with spaces, as Russian does
// (written here by hand, not through x/text, to check it). x/text groups
// four digits too (1 000), on the site as in the book.
func groupRU(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func TestEnglishNumber(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"Сыграно раскладов: 10,000", true},
		{"Доля выигрышей: 68.3%", true},
		{"Время: 94 ms", true},
		{"Сыграно раскладов: 10 000 (1–10000)", false},
		{"Доля выигрышей: 68,3 %", false},
		{"Время: 94 мс, 0,09 млн", false},
	} {
		if got := englishNumber.MatchString(c.s); got != c.want {
			t.Errorf("%q: got %v, want %v", c.s, got, c.want)
		}
	}
}
