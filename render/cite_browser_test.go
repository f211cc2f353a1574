package render

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// fixedToday makes the page's clock read 5 March 2031, a day that is no
// edition's date, so that the reader's date is told from the build's.
const fixedToday = `(() => {
  const Real = Date, fixed = new Real(2031, 2, 5, 12, 0, 0).getTime();
  class Fixed extends Real {
    constructor(...a) { if (a.length === 0) super(fixed); else super(...a); }
    static now() { return fixed; }
  }
  window.Date = Fixed;
})()`

// TestCiteAccessDateBrowser opens a game page in each language with the
// reader's clock at 5 March 2031: the citation's access date is that day in
// the style's form (ГОСТ: «(дата обращения: 05.03.2031)»; MLA: "Accessed
// 5 Mar. 2031."), so are the BibTeX urldate and the CSL-JSON accessed date,
// and the note that the date is the edition's is hidden.
func TestCiteAccessDateBrowser(t *testing.T) {
	ctx, dir, _ := siteInBrowser(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: fixedToday}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ lang, text string }{
		{"ru", "(дата обращения: 05.03.2031)"},
		{"en", "Accessed 5 Mar. 2031."},
	} {
		sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		url := "file://" + filepath.ToSlash(dir) + "/" + gamePath(c.lang, "salic-law")
		err := chromedp.Do(sctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("main")))
		var got string
		if err == nil {
			got, err = chromedp.Run(sctx, chromedp.Evaluate[string](`JSON.stringify({
				text: document.querySelector(".cite-ref").textContent,
				datetime: document.querySelector("time.cite-accessed").getAttribute("datetime"),
				bib: document.querySelector(".cite-bibtex").textContent,
				csl: document.querySelector(".cite-csl").textContent,
				fallbackHidden: document.querySelector(".cite-fallback").hidden})`))
		}
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", c.lang, err)
		}
		var r struct {
			Text, Datetime, Bib, CSL string
			FallbackHidden           bool
		}
		if err := json.Unmarshal([]byte(got), &r); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.ReplaceAll(r.Text, "\u00a0", " "), c.text) || r.Datetime != "2031-03-05" {
			t.Errorf("%s: the citation %q (datetime %q) does not give the reader's date %q", c.lang, r.Text, r.Datetime, c.text)
		}
		if !strings.Contains(r.Bib, "urldate   = {2031-03-05}") {
			t.Errorf("%s: BibTeX without the reader's urldate: %q", c.lang, r.Bib)
		}
		var items []struct {
			Accessed, Issued struct {
				DateParts [][3]int `json:"date-parts"`
			}
		}
		if err := json.Unmarshal([]byte(r.CSL), &items); err != nil || len(items) != 1 {
			t.Fatalf("%s: CSL-JSON %q: %v", c.lang, r.CSL, err)
		}
		if items[0].Accessed.DateParts[0] != [3]int{2031, 3, 5} || items[0].Issued.DateParts[0] == [3]int{2031, 3, 5} {
			t.Errorf("%s: CSL-JSON accessed %v, issued %v: want the reader's day accessed and the edition's issued", c.lang, items[0].Accessed, items[0].Issued)
		}
		if !r.FallbackHidden {
			t.Errorf("%s: the note that the access date is the edition's is still shown", c.lang)
		}
	}
}
