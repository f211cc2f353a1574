package render

import (
	"encoding/json"
	"fmt"
	"html/template"
	"strings"
	"time"
)

// Citation: every page is cited in the form its language's readers use —
// ГОСТ Р 7.0.100–2018 on Russian pages, MLA (9th edition) on English ones —
// and offered as BibTeX and CSL-JSON for reference managers; its head
// carries the citation_* meta tags that Zotero and library software read.
// One citation value serves every form.

// citation is what a page is cited as.
type citation struct {
	Title     string    // the page's title in its language
	Container string    // the edition's title in the page's language
	Date      time.Time // the edition's date (and, without script, the access date)
	URL       string    // absolute with SiteOptions.BaseURL, else the path from the edition's root
	Lang      string
	Key       string // the BibTeX key and CSL id: pasyans-ru-games-salic-law
}

// mlaMonths are the month names of an MLA date.
var mlaMonths = [12]string{"Jan.", "Feb.", "Mar.", "Apr.", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."}

// citation returns the page's citation.
func (pc *pageCtx) citation() citation {
	c := citation{Title: pc.Title, Date: pc.s.ed.Date(), Lang: pc.lang}
	if b := pc.s.ed.Book; b != nil {
		c.Container = b.Titles.EN
		if pc.lang == "ru" {
			c.Container = b.Titles.RUModern
		}
	}
	if c.Title == "" {
		c.Title = c.Container
	}
	p := strings.TrimSuffix(pc.path, "index.html")
	c.URL = p
	if base := strings.TrimSuffix(pc.s.o.BaseURL, "/"); base != "" {
		c.URL = base + "/" + p
	}
	c.Key = "pasyans-" + strings.Trim(strings.NewReplacer("/", "-", ".html", "").Replace(p), "-")
	if c.Key == "pasyans-" {
		c.Key = "pasyans"
	}
	return c
}

// Cite is the page's citation in its language's style (HTML: MLA's
// container title in italics, the access date a <time class="cite-accessed">
// element), BibTeX and CSL-JSON, and the note that says, as long as the
// site's script has not put the reader's date in, that the access date is
// the edition's.
type Cite struct {
	Text        template.HTML
	BibTeX, CSL string
	Fallback    string
}

// accessMark stands for the access date in the formatted message until
// the <time> element replaces it (after the Russian typographic step,
// which must not see the element's attributes).
const accessMark = "\ue000"

// Cite returns the page's citation for the "How to cite" block. The access
// date is the reader's: the site's script (site.js, initCiteDate) writes the
// day the page is viewed into the text (ГОСТ Р 7.0.100–2018: «(дата
// обращения: 06.12.2026)»; MLA 9: "Accessed 6 Dec. 2026."), the BibTeX
// urldate and the CSL-JSON accessed date. Without script the edition's date
// stands there, and the fallback note says so.
func (pc *pageCtx) Cite() Cite {
	c := pc.citation()
	d := c.Date
	esc := template.HTMLEscapeString
	access := d.Format("02.01.2006")
	months := ""
	if c.Lang == "en" {
		access = mlaDate(d)
		months = ` data-months="` + strings.Join(mlaMonths[:], " ") + `"`
	}
	text := pc.t("cite.text", esc(c.Title), esc(c.Container), fmt.Sprint(d.Year()), esc(c.URL), accessMark, mlaDate(d))
	iso := d.Format("2006-01-02")
	text = strings.Replace(text, accessMark, `<time class="cite-accessed" datetime="`+iso+`"`+months+`>`+access+`</time>`, 1)
	return Cite{Text: template.HTML(text), BibTeX: c.bibtex(), CSL: c.cslJSON(),
		Fallback: pc.t("cite.accessed-fallback", pc.date(iso))}
}

// mlaDate is a day as MLA writes it: 6 Dec. 2026.
func mlaDate(d time.Time) string {
	return fmt.Sprintf("%d %s %d", d.Day(), mlaMonths[d.Month()-1], d.Year())
}

// bibtexEscape escapes BibTeX's special characters.
var bibtexEscape = strings.NewReplacer(`\`, `\textbackslash{}`, "{", `\{`, "}", `\}`, "&", `\&`, "%", `\%`, "#", `\#`, "_", `\_`, "$", `\$`)

func (c citation) bibtex() string {
	lang := map[string]string{"ru": "russian", "en": "english"}[c.Lang]
	fields := [][2]string{
		{"title", "{" + bibtexEscape.Replace(c.Title) + "}"},
		{"booktitle", "{" + bibtexEscape.Replace(c.Container) + "}"},
		{"note", "{" + map[string]string{"ru": "Аннотированное двуязычное издание", "en": "Annotated bilingual edition"}[c.Lang] + "}"},
		{"year", fmt.Sprint(c.Date.Year())},
		{"url", "{" + c.URL + "}"},
		{"urldate", "{" + c.Date.Format("2006-01-02") + "}"},
		{"language", "{" + lang + "}"},
	}
	var b strings.Builder
	fmt.Fprintf(&b, "@misc{%s,\n", c.Key)
	for i, f := range fields {
		sep := ","
		if i == len(fields)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "  %-9s = %s%s\n", f[0], f[1], sep)
	}
	b.WriteString("}")
	return b.String()
}

// cslItem is a CSL-JSON item (the fields a web page needs).
type cslItem struct {
	ID             string  `json:"id"`
	Type           string  `json:"type"`
	Title          string  `json:"title"`
	ContainerTitle string  `json:"container-title"`
	Issued         cslDate `json:"issued"`
	Accessed       cslDate `json:"accessed"`
	URL            string  `json:"URL"`
	Language       string  `json:"language"`
}

type cslDate struct {
	DateParts [][3]int `json:"date-parts"`
}

func (c citation) cslJSON() string {
	d := cslDate{DateParts: [][3]int{{c.Date.Year(), int(c.Date.Month()), c.Date.Day()}}}
	item := cslItem{ID: c.Key, Type: "webpage", Title: c.Title, ContainerTitle: c.Container,
		Issued: d, Accessed: d, URL: c.URL, Language: c.Lang}
	data, err := json.MarshalIndent([]cslItem{item}, "", "  ")
	if err != nil { // a struct of strings and ints always marshals
		panic(err)
	}
	return string(data)
}

// CitationMeta are the page's citation_* meta tags (Highwire Press tags,
// read by Zotero and library software).
func (pc *pageCtx) CitationMeta() template.HTML {
	c := pc.citation()
	tags := [][2]string{
		{"citation_title", c.Title},
		{"citation_inbook_title", c.Container},
		{"citation_publisher", "pasyans"},
		{"citation_publication_date", c.Date.Format("2006/01/02")},
		{"citation_language", c.Lang},
	}
	if pc.s.o.BaseURL != "" {
		tags = append(tags, [2]string{"citation_public_url", c.URL})
	}
	var b strings.Builder
	for _, t := range tags {
		if t[1] == "" {
			continue
		}
		fmt.Fprintf(&b, "<meta name=\"%s\" content=\"%s\">\n", t[0], template.HTMLEscapeString(t[1]))
	}
	return template.HTML(b.String())
}
