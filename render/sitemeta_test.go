package render

import (
	"encoding/json"
	"encoding/xml"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pasyans/corpus"
)

var (
	metaDesc  = regexp.MustCompile(`<meta name="description" content="([^"]+)">`)
	canonical = regexp.MustCompile(`<link rel="canonical" href="([^"]+)">`)
	hreflang  = regexp.MustCompile(`<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">`)
	ldJSON    = regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`)
	cyrillic  = regexp.MustCompile(`\p{Cyrillic}`)
	preload   = regexp.MustCompile(`<link rel="preload" href="[./]*fonts/DejaVuSerif\.[0-9a-f]{10}\.woff2" as="font" type="font/woff2" crossorigin>`)
)

// TestMetadataWithBaseURL builds the site with a public address: every
// page has a description in its language, an absolute canonical address
// (its own) and absolute language alternates; sitemap.xml parses and
// lists every page; robots.txt names the sitemap.
func TestMetadataWithBaseURL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a second site")
	}
	const base = "https://example.org/pasyans/"
	ed := loadEdition(t, corpus.FS)
	dir := t.TempDir()
	if err := Site(ed, dir, SiteOptions{BaseURL: "https://example.org/pasyans"}); err != nil {
		t.Fatal(err)
	}
	pages := htmlPages(t, dir)
	for p, data := range pages {
		lang := "ru"
		if strings.HasPrefix(p, "en/") {
			lang = "en"
		}
		checkDescription(t, p, lang, data)
		if !preload.MatchString(data) {
			t.Errorf("%s: the body face is not preloaded", p)
		}
		want := base + strings.TrimSuffix(p, "index.html")
		if m := canonical.FindStringSubmatch(data); m == nil || m[1] != want {
			t.Errorf("%s: canonical %v, want %s", p, m, want)
		}
		alts := hreflang.FindAllStringSubmatch(data, -1)
		langs := map[string]string{}
		for _, a := range alts {
			langs[a[1]] = a[2]
			if !strings.HasPrefix(a[2], base) {
				t.Errorf("%s: hreflang %s href %q is not absolute", p, a[1], a[2])
			}
		}
		if langs["ru"] == "" || langs["en"] == "" || langs["x-default"] != base {
			t.Errorf("%s: alternates %v, want ru, en and x-default", p, langs)
		}
		if p != "index.html" && langs[lang] != want {
			t.Errorf("%s: its own alternate is %q, want %q", p, langs[lang], want)
		}
	}
	var sm struct {
		URLs []struct {
			Loc   string `xml:"loc"`
			Links []struct {
				Lang string `xml:"hreflang,attr"`
				Href string `xml:"href,attr"`
			} `xml:"link"`
		} `xml:"url"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(data, &sm); err != nil {
		t.Fatalf("sitemap.xml: %v", err)
	}
	locs := map[string]bool{}
	for _, u := range sm.URLs {
		locs[u.Loc] = true
	}
	for p := range pages {
		if !locs[base+strings.TrimSuffix(p, "index.html")] {
			t.Errorf("sitemap.xml: no %s", p)
		}
	}
	if len(sm.URLs) != len(pages) {
		t.Errorf("sitemap.xml: %d addresses for %d pages", len(sm.URLs), len(pages))
	}
	robots, err := os.ReadFile(filepath.Join(dir, "robots.txt"))
	if err != nil || !strings.Contains(string(robots), "Sitemap: "+base+"sitemap.xml\n") {
		t.Errorf("robots.txt: %q (%v)", robots, err)
	}
	checkEditionLD(t, ed, pages["en/index.html"], base+"ru/", base+"en/")
}

// TestMetadataRelative: without a base URL the pages keep a relative
// alternate to their twin and a description, and name no canonical
// address; there is no sitemap.xml or robots.txt.
func TestMetadataRelative(t *testing.T) {
	dir, ed := builtSite(t)
	for p, data := range htmlPages(t, dir) {
		lang := "ru"
		if strings.HasPrefix(p, "en/") {
			lang = "en"
		}
		checkDescription(t, p, lang, data)
		if preload.MatchString(data) {
			t.Errorf("%s: a font preload, which file:// refuses", p)
		}
		if canonical.MatchString(data) {
			t.Errorf("%s: a canonical link without a base URL", p)
		}
		for _, a := range hreflang.FindAllStringSubmatch(data, -1) {
			if strings.Contains(a[2], "://") {
				t.Errorf("%s: hreflang %s href %q is absolute", p, a[1], a[2])
			}
		}
	}
	for _, f := range []string{"sitemap.xml", "robots.txt"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s written without a base URL", f)
		}
	}
	pages := htmlPages(t, dir)
	checkEditionLD(t, ed, pages["ru/index.html"], "index.html", "../en/index.html")
}

func checkDescription(t *testing.T, p, lang, data string) {
	t.Helper()
	m := metaDesc.FindStringSubmatch(data)
	if m == nil || len(m[1]) < 50 {
		t.Errorf("%s: description %v", p, m)
		return
	}
	d := html.UnescapeString(m[1])
	if lang == "ru" && !cyrillic.MatchString(d) {
		t.Errorf("%s: Russian page, description %q", p, d)
	}
	if lang == "en" && strings.HasPrefix(p, "en/") && !strings.Contains(p, "/rules/") && len(cyrillic.FindAllString(d, -1)) > len(d)/4 {
		t.Errorf("%s: English page, description %q", p, d)
	}
}

// checkEditionLD parses the home page's JSON-LD: a schema.org Book named
// as the edition, translating Cadogan's book, with the edition's English
// translation and every game as a part.
func checkEditionLD(t *testing.T, ed *corpus.Edition, page, ruURL, enURL string) {
	t.Helper()
	m := ldJSON.FindStringSubmatch(page)
	if m == nil {
		t.Fatal("home page: no JSON-LD")
	}
	type named struct {
		Type     string `json:"@type"`
		Name     string `json:"name"`
		Lang     string `json:"inLanguage"`
		URL      string `json:"url"`
		Position int    `json:"position"`
	}
	var book struct {
		Context string `json:"@context"`
		named
		Original struct {
			named
			Author named `json:"author"`
		} `json:"translationOfWork"`
		Translation named   `json:"workTranslation"`
		Parts       []named `json:"hasPart"`
	}
	dec := json.NewDecoder(strings.NewReader(m[1]))
	if err := dec.Decode(&book); err != nil {
		t.Fatalf("JSON-LD: %v\n%s", err, m[1])
	}
	if book.Context != "https://schema.org" || book.Type != "Book" || book.Name != ed.Book.Titles.RUModern || book.Lang != "ru" || book.URL != ruURL {
		t.Errorf("JSON-LD: the edition is %+v", book.named)
	}
	if book.Original.Name != originalTitle || book.Original.Author.Name != originalAuthor {
		t.Errorf("JSON-LD: translation of %+v", book.Original)
	}
	if book.Translation.Type != "Book" || book.Translation.Lang != "en" || book.Translation.Name != ed.Book.Titles.EN || book.Translation.URL != enURL {
		t.Errorf("JSON-LD: translation %+v", book.Translation)
	}
	if len(book.Parts) != len(ed.Games) {
		t.Errorf("JSON-LD: %d parts for %d games", len(book.Parts), len(ed.Games))
	}
	for i, g := range ed.Games {
		if i < len(book.Parts) && (book.Parts[i].Name != g.Titles.RUModern || book.Parts[i].Position != g.Order || book.Parts[i].URL == "") {
			t.Errorf("JSON-LD: part %d is %+v, want %s", i, book.Parts[i], g.ID)
		}
	}
}

// htmlPages reads every page of the site in dir.
func htmlPages(t *testing.T, dir string) map[string]string {
	t.Helper()
	pages := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		pages[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}
