package render

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pasyans/render/typo"
)

// TestRussianTypography: every page of the built site has been through
// the Russian typographic step (applying it again changes nothing, so no
// plain space is left where Russian typography wants a non-breaking one),
// and the Russian game pages show its non-breaking spaces.
func TestRussianTypography(t *testing.T) {
	dir, ed := builtSite(t)
	pages := htmlPages(t, dir)
	for name, page := range pages {
		data := []byte(page)
		if again := typo.HTML(data); !bytes.Equal(again, data) {
			t.Errorf("%s: a space the Russian typographic step binds is plain: …%s…", name, nbspDiff(data, again))
		}
	}
	for _, g := range ed.Games {
		data, err := os.ReadFile(filepath.Join(dir, gamePath("ru", g.ID)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte("\u00a0— ")) || !bytes.Contains(data, []byte(" в\u00a0")) {
			t.Errorf("%s: no non-breaking space before a dash or after «в»", gamePath("ru", g.ID))
		}
	}
	t.Logf("%d pages", len(pages))
}

// nbspDiff is the text around the first byte where a and b differ.
func nbspDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo, hi := max(0, i-40), min(len(b), i+40)
	return strings.ToValidUTF8(string(b[lo:hi]), "")
}

// TestNumbersOnPages: the statistics of every game page print numbers in
// the page's language's format: no English decimal point, grouping comma,
// "%" without its space or five ungrouped digits on a Russian page, no
// Russian decimal comma or space-grouped digits on an English one (the
// seed range in brackets is identifiers, ungrouped on purpose).
func TestNumbersOnPages(t *testing.T) {
	dir, ed := builtSite(t)
	dd := regexp.MustCompile(`<dd>(.*?)</dd>`)
	wrong := map[string]*regexp.Regexp{
		"ru": regexp.MustCompile(`\d\.\d|\d,\d{3}\b|\d%|\d{5,}`),
		"en": regexp.MustCompile(`\d,\d(\D|$)|\d[ \x{a0}]\d{3}\b|\d[ \x{a0}]%`),
	}
	checked := 0
	for _, g := range ed.Games {
		for lang, re := range wrong {
			data, err := os.ReadFile(filepath.Join(dir, gamePath(lang, g.ID)))
			if err != nil {
				t.Fatal(err)
			}
			i := bytes.Index(data, []byte(`<dl class="stat-list">`))
			if i < 0 {
				continue
			}
			list := string(data[i:])
			list = list[:strings.Index(list, "</dl>")]
			for _, m := range dd.FindAllStringSubmatch(list, -1) {
				v := regexp.MustCompile(`\([^)]*\)`).ReplaceAllString(m[1], "")
				checked++
				if re.MatchString(v) {
					t.Errorf("%s: %q is not a %s number", gamePath(lang, g.ID), m[1], lang)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no statistics found")
	}
}
