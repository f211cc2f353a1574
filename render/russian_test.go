package render

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRussianPages checks the built site without a browser: each Russian
// game page has its introduction, notes and rules lines in Russian, and
// each English page in English; the book's footnote calls are links.
func TestRussianPages(t *testing.T) {
	dir, ed := builtSite(t)
	intro := regexp.MustCompile(`(?s)<section class="game-intro" lang="(\w+)"[^>]*>(.*?)</section>`)
	for _, g := range ed.Games {
		for _, lang := range []string{"ru", "en"} {
			page := gamePath(lang, g.ID)
			data, err := os.ReadFile(filepath.Join(dir, page))
			if err != nil {
				t.Fatal(err)
			}
			h := string(data)
			if m := intro.FindStringSubmatch(h); m == nil || m[1] != lang || isRussian(m[2]) != (lang == "ru") {
				t.Errorf("%s: the introduction is not in %s", page, lang)
			}
			note, rules := "Note.", "Rules:"
			if lang == "ru" {
				note, rules = "Примечание.", "Правила:"
			}
			if len(g.Paragraphs) > 0 && strings.Count(h, `<li id="n-`) != strings.Count(h, `lang="`+lang+`"><a class="fnpara"`) {
				t.Errorf("%s: a note is not marked lang=%q", page, lang)
			}
			for _, p := range g.Paragraphs {
				if len(p.Notes) > 0 && !strings.Contains(h, "<p>"+note) {
					t.Errorf("%s: no note starts %q", page, note)
					break
				}
				if len(p.Rules) > 0 && !strings.Contains(h, `<div class="rules-lang" lang="`+lang+`"><p class="rules-line">`+rules) {
					t.Errorf("%s: no rules line starts %q", page, rules)
					break
				}
			}
		}
	}
	h, err := os.ReadFile(filepath.Join(dir, "ru/games/le-cadran/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(h), `<a class="fncall" href="#p-002-14"`) || !strings.Contains(string(h), `<a class="fnmark" href="#p-002-8"`) {
		t.Error("ru/games/le-cadran: footnote 2 is not linked both ways (002:8 ⇄ 002:14)")
	}
}

// isRussian reports whether most letters of the HTML's text are Cyrillic.
func isRussian(h string) bool {
	var cyr, lat int
	for _, r := range regexp.MustCompile(`<[^>]*>`).ReplaceAllString(h, " ") {
		switch {
		case r >= 'а' && r <= 'я' || r >= 'А' && r <= 'Я' || r == 'ё':
			cyr++
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			lat++
		}
	}
	return cyr > lat
}
