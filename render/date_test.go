package render

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"pasyans/corpus"
	"pasyans/site"
)

// TestBookDateInMessages: every message of the site that prints the
// book's year prints it as the edition's own note does, as a working date
// (book.md's date:, book.ru.md's date:), never as a fact.
func TestBookDateInMessages(t *testing.T) {
	ed := loadEdition(t, corpus.FS)
	year := regexp.MustCompile(`\d{4}`).FindString(ed.Book.Date)
	if year == "" {
		t.Fatalf("book.md's date %q has no year", ed.Book.Date)
	}
	for lang, date := range map[string]string{"en": ed.Book.Date, "ru": ed.BookRU.Date} {
		data, err := fs.ReadFile(site.FS, "i18n/"+lang+".yaml")
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for i, line := range strings.Split(string(data), "\n") {
			if !strings.Contains(line, year) {
				continue
			}
			n++
			if !strings.Contains(line, date) {
				t.Errorf("i18n/%s.yaml:%d: the book's year without its working date %q: %s", lang, i+1, date, line)
			}
		}
		if n == 0 {
			t.Errorf("i18n/%s.yaml never prints the book's date", lang)
		}
	}
}
