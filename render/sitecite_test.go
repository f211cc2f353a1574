package render

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestCitation parses every page of the built site: its head has the
// citation_* meta tags in its language, and each game page cites itself by
// ГОСТ Р 7.0.100–2018 (Russian) or MLA (English), with BibTeX and CSL-JSON
// that parse.
func TestCitation(t *testing.T) {
	dir, ed := builtSite(t)
	for path, page := range htmlPages(t, dir) {
		if !strings.Contains(path, "/") {
			continue // the root page is the choice of language, no page of the edition
		}
		doc, err := html.Parse(strings.NewReader(page))
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		lang, meta := "", map[string]string{}
		walk(doc, func(n *html.Node) {
			switch {
			case n.Type == html.ElementNode && n.Data == "html":
				lang = attr(n, "lang")
			case n.Type == html.ElementNode && n.Data == "meta" && strings.HasPrefix(attr(n, "name"), "citation_"):
				meta[attr(n, "name")] = attr(n, "content")
			}
		})
		for _, name := range []string{"citation_title", "citation_inbook_title", "citation_publisher", "citation_publication_date"} {
			if meta[name] == "" {
				t.Errorf("%s: no %s meta tag", path, name)
			}
		}
		if meta["citation_language"] != lang {
			t.Errorf("%s: citation_language %q on a page in %q", path, meta["citation_language"], lang)
		}
	}
	gost := regexp.MustCompile(`^.+ // .+ : аннотированное двуязычное издание\. – \d{4}\. – URL: \S+ \(дата обращения: \d\d\.\d\d\.\d{4}\)\. – Текст : электронный\.$`)
	mla := regexp.MustCompile(`^“.+\.” .+: An Annotated Bilingual Edition, \d{1,2} [A-Z][a-z]+\.? \d{4}, \S+\. Accessed \d{1,2} [A-Z][a-z]+\.? \d{4}\.$`)
	for _, g := range ed.Games {
		for lang, re := range map[string]*regexp.Regexp{"ru": gost, "en": mla} {
			data, err := os.ReadFile(filepath.Join(dir, gamePath(lang, g.ID)))
			if err != nil {
				t.Fatal(err)
			}
			doc, err := html.Parse(strings.NewReader(string(data)))
			if err != nil {
				t.Fatal(err)
			}
			var text, bib, csl, italic, accessed, fallback string
			walk(doc, func(n *html.Node) {
				switch attr(n, "class") {
				case "cite-ref":
					text = strings.ReplaceAll(textOf(n), "\u00a0", " ")
					walk(n, func(c *html.Node) {
						if c.Type == html.ElementNode && c.Data == "i" {
							italic = textOf(c)
						}
					})
				case "cite-accessed":
					accessed = attr(n, "datetime")
				case "note cite-fallback":
					fallback = textOf(n)
				case "cite-bibtex":
					bib = textOf(n)
				case "cite-csl":
					csl = textOf(n)
				}
			})
			if !re.MatchString(text) {
				t.Errorf("%s/%s: the citation is not in the page's style: %q", lang, g.ID, text)
			}
			// MLA sets the container (the edition) in italics; ГОСТ none.
			if wantItalic := map[string]string{"en": ed.Book.Titles.EN + ": An Annotated Bilingual Edition"}[lang]; strings.ReplaceAll(italic, "\u00a0", " ") != wantItalic {
				t.Errorf("%s/%s: the italic part of the citation is %q, want %q", lang, g.ID, italic, wantItalic)
			}
			// Without script the access date is the edition's, and a note
			// says so; the browser test sees the script put the reader's in.
			if day := ed.Date().Format("2006-01-02"); accessed != day || !strings.Contains(bib, "urldate   = {"+day+"}") {
				t.Errorf("%s/%s: the fallback access date is %q (BibTeX %q), want the edition's %s", lang, g.ID, accessed, bib, day)
			}
			if !strings.Contains(fallback, map[string]string{"ru": "дата выпуска издания", "en": "the date of this edition"}[lang]) {
				t.Errorf("%s/%s: no note that the access date is the edition's: %q", lang, g.ID, fallback)
			}
			if !strings.HasPrefix(bib, "@misc{pasyans-"+lang+"-games-"+g.ID+",") || strings.Count(bib, "{") != strings.Count(bib, "}") {
				t.Errorf("%s/%s: BibTeX %q", lang, g.ID, bib)
			}
			var items []map[string]any
			if err := json.Unmarshal([]byte(csl), &items); err != nil || len(items) != 1 || items[0]["type"] != "webpage" || items[0]["language"] != lang {
				t.Errorf("%s/%s: CSL-JSON %q: %v", lang, g.ID, csl, err)
			}
		}
	}
}

func walk(n *html.Node, f func(*html.Node)) {
	f(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func textOf(n *html.Node) string {
	var b strings.Builder
	walk(n, func(c *html.Node) {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	})
	return b.String()
}
