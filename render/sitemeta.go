package render

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html/template"
	"net/url"
	"path"
	"strings"

	"pasyans/corpus"
)

// Metadata for readers' tools and search engines: every page's head says
// what the page is (description, Open Graph), names its twin in the
// other language, and the home pages describe the edition in schema.org
// JSON-LD. With SiteOptions.BaseURL (build -base-url) the alternates and
// the canonical address are absolute, as search engines require, and
// the site gets sitemap.xml and robots.txt; without it the alternates
// are relative and those are left out, since neither may name a
// relative address.

// The book the Russian text translates (book.md says how this is known).
const (
	originalTitle  = "Illustrated Games of Patience"
	originalAuthor = "Lady Adelaide Cadogan"
)

// pageURL is the public address of the site path p (its folder for an
// index.html), or its address relative to the page when the site has no
// base URL.
func (pc *pageCtx) pageURL(p string) string {
	if pc.s.o.BaseURL == "" {
		return pc.rel(p)
	}
	return pc.s.o.BaseURL + strings.TrimSuffix(p, "index.html")
}

// Head is the page's metadata for the <head>: description, icon,
// alternates, Open Graph and, on the home pages, the edition as JSON-LD;
// with a base URL also the canonical address and the body face's preload.
func (pc *pageCtx) Head() template.HTML {
	var b strings.Builder
	esc := template.HTMLEscapeString
	desc := pc.description()
	fmt.Fprintf(&b, "<meta name=\"description\" content=\"%s\">\n", esc(desc))
	fmt.Fprintf(&b, "<link rel=\"icon\" href=\"%s\" type=\"image/svg+xml\">\n", esc(pc.rel("static/favicon.svg")))
	if pc.s.o.BaseURL != "" {
		// The body face, fetched before the style sheet asks for it. Only
		// on a served site: a font preload is a CORS request, which a page
		// opened from file:// may not make (the style sheet's may).
		fmt.Fprintf(&b, "<link rel=\"preload\" href=\"%s\" as=\"font\" type=\"font/woff2\" crossorigin>\n", esc(pc.rel(fontPath(siteFonts[0].name))))
		fmt.Fprintf(&b, "<link rel=\"canonical\" href=\"%s\">\n", esc(pc.pageURL(pc.path)))
	}
	for _, alt := range pc.alternates() {
		fmt.Fprintf(&b, "<link rel=\"alternate\" hreflang=\"%s\" href=\"%s\">\n", alt[0], esc(alt[1]))
	}
	og := [][2]string{{"og:type", "website"}, {"og:site_name", pc.t("site.title")}, {"og:title", pc.fullTitle()},
		{"og:description", desc}, {"og:locale", pc.t("meta.locale")}, {"og:locale:alternate", pc.t("meta.other-locale")}}
	if pc.s.o.BaseURL != "" {
		og = append(og, [2]string{"og:url", pc.pageURL(pc.path)})
	}
	for _, m := range og {
		fmt.Fprintf(&b, "<meta property=\"%s\" content=\"%s\">\n", m[0], esc(m[1]))
	}
	if pc.kind == "home" || pc.kind == "root" {
		fmt.Fprintf(&b, "<script type=\"application/ld+json\">%s</script>\n", pc.editionLD())
	}
	return template.HTML(b.String())
}

// fullTitle is the page's <title>.
func (pc *pageCtx) fullTitle() string {
	if pc.kind == "root" || pc.Title == "" {
		return pc.t("site.title")
	}
	return pc.Title + " — " + pc.t("site.title")
}

// alternates are the page's language versions ([hreflang, URL]): itself
// and its twin, and the root page as x-default; with no base URL only
// the twin (a relative address).
func (pc *pageCtx) alternates() [][2]string {
	if pc.kind == "root" {
		out := [][2]string{}
		for _, l := range siteLangs {
			out = append(out, [2]string{l, pc.pageURL(l + "/index.html")})
		}
		if pc.s.o.BaseURL != "" {
			out = append(out, [2]string{"x-default", pc.pageURL("index.html")})
		}
		return out
	}
	twin := pc.Other() + strings.TrimPrefix(pc.path, pc.lang)
	if pc.s.o.BaseURL == "" {
		return [][2]string{{pc.Other(), pc.rel(twin)}}
	}
	out := [][2]string{}
	for _, l := range siteLangs {
		out = append(out, [2]string{l, pc.pageURL(l + strings.TrimPrefix(pc.path, pc.lang))})
	}
	return append(out, [2]string{"x-default", pc.pageURL("index.html")})
}

// description is the page's <meta name="description"> in its language.
func (pc *pageCtx) description() string {
	rest := strings.TrimPrefix(pc.path, pc.lang+"/")
	switch pc.kind {
	case "root":
		en, err := pc.s.msgs.t("en", "meta.home")
		if err != nil && pc.err == nil {
			pc.err = err
		}
		return pc.t("meta.home") + " / " + en // the root page is Russian first
	case "game", "play":
		id := strings.Split(rest, "/")[1]
		for _, g := range pc.s.ed.Games {
			if g.ID == id {
				if pc.kind == "play" {
					return pc.t("meta.play", pc.gameTitle(g))
				}
				return pc.t("meta.game", pc.gameTitle(g))
			}
		}
	case "rule":
		return pc.t("meta.rule", strings.TrimSuffix(strings.TrimPrefix(rest, "rules/"), "/index.html"))
	}
	key, ok := map[string]string{"home": "meta.home", "glossary": "meta.glossary", "sources": "meta.sources",
		"method": "meta.method", "search": "meta.search"}[pc.kind]
	if !ok {
		key = "meta.home"
	}
	return pc.t(key)
}

// gameTitle is a game's name in the page's language.
func (pc *pageCtx) gameTitle(g *corpus.Game) string {
	if pc.lang == "ru" {
		return g.Titles.RUModern
	}
	return g.Titles.EN
}

// editionLD describes the edition in schema.org JSON-LD: the Russian
// book, the English original it translates, the edition's English
// translation, and the games as its parts.
func (pc *pageCtx) editionLD() string {
	type thing = map[string]any
	var titles corpus.Titles
	if pc.s.ed.Book != nil {
		titles = pc.s.ed.Book.Titles
	}
	var parts []thing
	for _, g := range pc.s.ed.Games {
		part := thing{"@type": "CreativeWork", "genre": "patience", "name": g.Titles.RUModern, "alternateName": g.Titles.EN,
			"inLanguage": "ru", "url": pc.pageURL(gamePath("ru", g.ID))}
		if g.Order > 0 {
			part["position"] = g.Order
		}
		parts = append(parts, part)
	}
	book := thing{
		"@context":      "https://schema.org",
		"@type":         "Book",
		"name":          titles.RUModern,
		"alternateName": titles.RU,
		"inLanguage":    "ru",
		"url":           pc.pageURL("ru/index.html"),
		"description":   pc.t("meta.home"),
		"translationOfWork": thing{"@type": "Book", "name": originalTitle, "inLanguage": "en",
			"author": thing{"@type": "Person", "name": originalAuthor}},
		"workTranslation": thing{"@type": "Book", "name": titles.EN, "inLanguage": "en",
			"url": pc.pageURL("en/index.html"), "translationOfWork": thing{"@type": "Book", "name": titles.RUModern}},
		"hasPart": parts,
	}
	data, err := json.Marshal(book)
	if err != nil && pc.err == nil {
		pc.err = err
	}
	// json.Marshal escapes <, > and & as \u003c…, so the script cannot be
	// closed from inside.
	return string(data)
}

// BaseURL checks a site's public address (build -base-url): an absolute
// http or https address, returned with a final slash.
func BaseURL(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("base URL %q: want an absolute http:// or https:// address such as https://example.org/pasyans/", s)
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	return u.String(), nil
}

// sitemap is sitemap.xml: every page's address with its language
// versions (written only with a base URL).
func (s *siteBuilder) sitemap() ([]byte, error) {
	var b strings.Builder
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, f := range s.plan() {
		if path.Ext(f.path) != ".html" {
			continue
		}
		pc := &pageCtx{s: s, path: f.path, kind: "page"}
		lang, rest, _ := strings.Cut(f.path, "/")
		fmt.Fprintf(&b, "<url><loc>%s</loc>", xmlEscape(pc.pageURL(f.path)))
		if lang == "ru" || lang == "en" {
			for _, l := range siteLangs {
				fmt.Fprintf(&b, `<xhtml:link rel="alternate" hreflang="%s" href="%s"/>`, l, xmlEscape(pc.pageURL(l+"/"+rest)))
			}
		}
		b.WriteString("</url>\n")
	}
	b.WriteString("</urlset>\n")
	return []byte(b.String()), nil
}

// robots is robots.txt: everything may be read; the sitemap's address.
func (s *siteBuilder) robots() ([]byte, error) {
	return []byte("User-agent: *\nAllow: /\n\nSitemap: " + s.o.BaseURL + "sitemap.xml\n"), nil
}

func xmlEscape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
