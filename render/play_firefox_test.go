package render

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pasyans/engine"
)

// puppeteerVersion is the puppeteer-core release that drives Firefox over
// WebDriver BiDi; .ci/run installs it from the npm registry into .ci/ff.
const puppeteerVersion = "25.19.0"

// TestPlayFirefox plays the Play pages in Firefox ESR (Debian's
// firefox-esr, driven over WebDriver BiDi by puppeteer-core), from file://
// and over HTTP under the site's Content-Security-Policy: every game's
// page draws its deal without an error, the hostile links of issue 48 give
// a message beside a playable board, and hints followed from the deal
// end in a win. Without Firefox, node or puppeteer-core the test is
// skipped, except on CI, where it fails.
func TestPlayFirefox(t *testing.T) {
	if testing.Short() {
		t.Skip("drives Firefox")
	}
	ff, errFF := exec.LookPath("firefox-esr")
	node, errNode := exec.LookPath("node")
	mods, _ := filepath.Abs(filepath.Join("..", ".ci", "ff"))
	_, errMod := os.Stat(filepath.Join(mods, "node_modules", "puppeteer-core", "package.json"))
	if err := firstErr(errFF, errNode, errMod); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Firefox ESR, node or puppeteer-core is missing (%v), and CI=true: .ci/run installs them", err)
		}
		t.Skipf("Firefox ESR, node or puppeteer-core missing (%v): apt-get install firefox-esr; npm install --prefix .ci/ff puppeteer-core@%s", err, puppeteerVersion)
	}
	dir, _ := builtSite(t)
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", playCSP)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		files.ServeHTTP(w, r)
	}))
	defer srv.Close()

	type plan struct {
		Pages []string `json:"pages"`
		Links []string `json:"links"`
		Hints []string `json:"hints"`
	}
	var p plan
	for i, v := range engine.Variants() {
		p.Pages = append(p.Pages, playPath([]string{"en", "ru"}[i%2], v.ID)+"#seed=3")
	}
	for _, f := range []string{"#seed=99999999999999999999", "#seed=1&options=bogus", "#garbage", "#seed=1e3"} {
		p.Links = append(p.Links, playPath("en", "st-helena")+f)
	}
	p.Hints = []string{playPath("en", "st-helena") + "#seed=1", playPath("ru", "la-belle-lucie") + "#seed=1"}
	in, _ := json.Marshal(p)
	cmd := exec.Command(node, filepath.Join("testdata", "play_firefox.cjs"), mods, ff, "file://"+filepath.ToSlash(dir)+"/", srv.URL+"/")
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	outText, err := cmd.Output()
	if err != nil {
		t.Fatalf("node play_firefox.cjs: %v\n%s", err, stderr.String())
	}
	var out struct {
		Pages []struct {
			Base, Page, State, Error string
			MS                       float64
			Piles                    int
		}
		Links []struct {
			Base, Frag, Message, Seed, AfterNewDeal string
			Piles                                   int
		}
		Hints  []struct{ Base, Page, Result string }
		Errors []string
	}
	if err := json.Unmarshal(outText, &out); err != nil {
		t.Fatalf("%v: %.300s", err, outText)
	}
	var times []string
	for _, pg := range out.Pages {
		if pg.Error != "" || pg.Piles == 0 || pg.State != "playing" {
			t.Errorf("Firefox %s%s: state %q, %d piles, error %q", pg.Base, pg.Page, pg.State, pg.Piles, pg.Error)
		}
		times = append(times, strings.SplitN(pg.Page, "/", 4)[2]+" "+strings.TrimSuffix(strings.SplitN(pg.Base, ":", 2)[0], "s")+" "+time.Duration(pg.MS*float64(time.Millisecond)).Round(time.Millisecond).String())
	}
	for _, l := range out.Links {
		if l.Message != "bad-link" || l.Piles == 0 || !strings.HasPrefix(l.AfterNewDeal, "/") || l.AfterNewDeal == "/0" {
			t.Errorf("Firefox %s%s: data-message %q, %d piles; after New deal %q", l.Base, l.Frag, l.Message, l.Piles, l.AfterNewDeal)
		}
	}
	for _, h := range out.Hints {
		if !strings.HasPrefix(h.Result, "won after") {
			t.Errorf("Firefox %s%s: following the hints: %s", h.Base, h.Page, h.Result)
		}
	}
	for _, e := range out.Errors {
		t.Errorf("Firefox: %s", e)
	}
	t.Logf("Firefox ESR, %v in all; time to the first board: %s", time.Since(start).Round(time.Second), strings.Join(times, ", "))
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
