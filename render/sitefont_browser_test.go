package render

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestFontsLoadInBrowser opens a game page of the built site from disk
// in headless Chromium, asks for every face site.css declares and checks
// that the browser accepted each WOFF2 file (its font sanitiser refuses
// a malformed one) and draws the pre-reform letters with it.
func TestFontsLoadInBrowser(t *testing.T) {
	ctx, dir, _ := siteInBrowser(t)
	url := "file://" + filepath.ToSlash(dir) + "/ru/games/salic-law/index.html"
	if _, err := chromedp.Run(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	status, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(async () => {
		const faces = ['normal 400 16px "Edition Serif"', 'normal 700 16px "Edition Serif"', 'italic 400 16px "Edition Serif"',
			'normal 400 16px "Edition Sans"', 'normal 700 16px "Edition Sans"'];
		await Promise.allSettled(faces.map(f => document.fonts.load(f, "ѣ")));
		return [...document.fonts].map(f => f.family + " " + f.weight + " " + f.style + ": " + f.status);
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	pre, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.fonts.check('16px "Edition Serif"', "ѣ")`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%v", status)
	if len(status) != len(siteFonts) {
		t.Errorf("the page declares %d faces, want %d: %v", len(status), len(siteFonts), status)
	}
	for _, s := range status {
		if !strings.HasSuffix(s, ": loaded") {
			t.Errorf("face %s", s)
		}
	}
	if !pre {
		t.Error(`document.fonts.check("Edition Serif", "ѣ") is false`)
	}
}
