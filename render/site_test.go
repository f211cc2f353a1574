package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"html"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"pasyans/corpus"
	"pasyans/site"
)

// update rewrites the golden files: go test ./render -run Golden -update.
// The goldens are built from the embedded corpus, so a change to the
// corpus's text changes them too: review the diff, then update.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// loadEdition loads a corpus; diagnostics are logged (the site renders a
// corpus with problems as far as it was built; the build refuses it).
func loadEdition(t testing.TB, fsys fs.FS) *corpus.Edition {
	t.Helper()
	ed, err := corpus.Load(fsys)
	if ed == nil {
		t.Fatalf("corpus.Load: %v", err)
	}
	if err != nil {
		t.Logf("corpus diagnostics:\n%v", err)
	}
	return ed
}

// buildSite renders the embedded edition into a temporary folder.
func buildSite(t testing.TB, ed *corpus.Edition, fsys fs.FS) string {
	t.Helper()
	dir := t.TempDir()
	if err := Site(ed, dir, SiteOptions{Corpus: fsys}); err != nil {
		t.Fatalf("Site: %v", err)
	}
	return dir
}

// siteOnce builds the embedded edition once per test binary.
var siteOnce struct {
	dir string
	ed  *corpus.Edition
}

func builtSite(t *testing.T) (string, *corpus.Edition) {
	t.Helper()
	if siteOnce.dir == "" {
		ed := loadEdition(t, corpus.FS)
		dir, err := os.MkdirTemp("", "pasyans-site-")
		if err != nil {
			t.Fatal(err)
		}
		if err := Site(ed, dir, SiteOptions{Corpus: corpus.FS}); err != nil {
			t.Fatalf("Site: %v", err)
		}
		siteOnce.dir, siteOnce.ed = dir, ed
	}
	return siteOnce.dir, siteOnce.ed
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if siteOnce.dir != "" {
		os.RemoveAll(siteOnce.dir)
	}
	os.Exit(code)
}

var fingerprintRE = regexp.MustCompile(`\.[0-9a-f]{10}\.`)

func TestGolden(t *testing.T) {
	dir, _ := builtSite(t)
	for _, tc := range []struct{ page, golden string }{
		{"en/index.html", "home.en.html"},
		{"ru/index.html", "home.ru.html"},
		{"en/games/salic-law/index.html", "salic-law.en.html"},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			got, err := os.ReadFile(filepath.Join(dir, tc.page))
			if err != nil {
				t.Fatal(err)
			}
			// The fingerprints change with every style sheet, script and
			// font (and so with any page's characters): the golden file
			// keeps the placeholder.
			got = fingerprintRE.ReplaceAll(got, []byte("."+fingerprintMark+"."))
			golden := filepath.Join("testdata", tc.golden)
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./render -run Golden -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from %s:\n%s\n(if the change is intended: go test ./render -run Golden -update)", tc.page, golden, firstDiff(string(want), string(got)))
			}
		})
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + itoa(i+1) + ":\nwant: " + trunc(w) + "\ngot:  " + trunc(g)
		}
	}
	return "(no line differs)"
}

func trunc(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

var (
	attrRef  = regexp.MustCompile(`\s(href|src|popovertarget|aria-labelledby|aria-describedby|for|data-deal|data-pop)="([^"]*)"`)
	rulePops = regexp.MustCompile(`<script type="application/json" id="rule-pops">([^<]*)</script>`)
	idAttr   = regexp.MustCompile(`\sid="([^"]*)"`)
	cssURL   = regexp.MustCompile(`url\("?([^")]+)"?\)`)
)

// TestLinks checks every internal link of the output: each href and src
// names a file of the site (explicitly: no bare folders, as file:// needs),
// each #fragment an id of its target page, each popovertarget,
// aria-labelledby and data-deal an id of the same page, each badge's
// data-pop a popover of the page's data (whose markup has that id); no
// page refers to another host for a resource, and no page has a duplicate
// id.
func TestLinks(t *testing.T) {
	dir, _ := builtSite(t)
	ids := map[string]map[string]bool{}
	pages := htmlPages(t, dir)
	for rel, data := range pages {
		ids[rel] = map[string]bool{}
		for _, m := range idAttr.FindAllStringSubmatch(data, -1) {
			id := html.UnescapeString(m[1])
			if ids[rel][id] {
				t.Errorf("%s: duplicate id %q", rel, id)
			}
			ids[rel][id] = true
		}
	}
	exists := func(rel string) bool {
		st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel)))
		return err == nil && !st.IsDir()
	}
	checked := 0
	for page, data := range pages {
		pops := map[string]string{}
		if m := rulePops.FindStringSubmatch(data); m != nil {
			if err := json.Unmarshal([]byte(m[1]), &pops); err != nil {
				t.Errorf("%s: rule popovers: %v", page, err)
			}
		}
		for _, m := range attrRef.FindAllStringSubmatch(data, -1) {
			attr, val := m[1], html.UnescapeString(m[2])
			switch attr {
			case "data-pop":
				if !strings.Contains(pops[val], ` id="`+val+`"`) {
					t.Errorf("%s: data-pop=%q names no popover of the page's data", page, val)
				}
				continue
			case "popovertarget", "aria-labelledby", "aria-describedby", "for", "data-deal":
				for _, id := range strings.Fields(val) {
					if !ids[page][id] {
						t.Errorf("%s: %s=%q names no element of the page", page, attr, id)
					}
				}
				continue
			}
			checked++
			if strings.HasPrefix(val, "http://") || strings.HasPrefix(val, "https://") || strings.HasPrefix(val, "//") {
				if attr == "src" || strings.Contains(m[0], "stylesheet") {
					t.Errorf("%s: %s=%q loads from another host", page, attr, val)
				}
				continue
			}
			if strings.HasPrefix(val, "mailto:") {
				continue
			}
			target, frag, _ := strings.Cut(val, "#")
			resolved := page
			if target != "" {
				resolved = path.Join(path.Dir(page), target)
				if strings.HasPrefix(resolved, "..") || strings.HasSuffix(target, "/") {
					t.Errorf("%s: %s=%q leaves the site or names a folder", page, attr, val)
					continue
				}
				if !exists(resolved) {
					t.Errorf("%s: %s=%q: no file %s", page, attr, val, resolved)
					continue
				}
			}
			if frag != "" && strings.HasSuffix(resolved, "/play/index.html") && strings.HasPrefix(frag, "seed=") {
				// A Play page's fragment is a position (seed, options,
				// moves), not an element id.
				if _, err := strconv.ParseUint(strings.SplitN(strings.TrimPrefix(frag, "seed="), "&", 2)[0], 10, 64); err != nil {
					t.Errorf("%s: %s=%q: the Play fragment has no seed", page, attr, val)
				}
				continue
			}
			if frag != "" {
				if tids, ok := ids[resolved]; !ok || !tids[frag] {
					t.Errorf("%s: %s=%q: no id %q in %s", page, attr, val, frag, resolved)
				}
			}
		}
	}
	css, err := os.ReadFile(filepath.Join(dir, assetPath(t, dir, "static/site.css")))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range cssURL.FindAllStringSubmatch(string(css), -1) {
		if !exists(path.Join("static", m[1])) {
			t.Errorf("site.css: url(%s): no such file", m[1])
		}
	}
	if checked < 1000 {
		t.Errorf("only %d links checked: is the site complete?", checked)
	}
	t.Logf("%d pages, %d links checked", len(pages), checked)
}

// TestEveryPageHasItsTwin checks the language switch: every page of one
// language exists in the other, and links to it.
func TestEveryPageHasItsTwin(t *testing.T) {
	dir, ed := builtSite(t)
	for _, p := range SitePages(ed, SiteOptions{}) {
		lang, rest, ok := strings.Cut(p, "/")
		if !ok || (lang != "en" && lang != "ru") {
			continue
		}
		other := map[string]string{"en": "ru", "ru": "en"}[lang]
		data, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		depth := strings.Count(p, "/")
		want := strings.Repeat("../", depth) + other + "/" + rest
		if !strings.Contains(string(data), `href="`+want+`" hreflang="`+other+`"`) {
			t.Errorf("%s: no language switch to %s", p, want)
		}
		if !strings.Contains(string(data), `<html lang="`+lang+`">`) {
			t.Errorf("%s: not marked lang=%s", p, lang)
		}
	}
}

func TestDeterministic(t *testing.T) {
	dir1, ed := builtSite(t)
	dir2 := buildSite(t, ed, corpus.FS)
	assertSameTree(t, dir1, dir2)
	// A fresh load of the corpus too: nothing may depend on map order.
	dir3 := buildSite(t, loadEdition(t, corpus.FS), corpus.FS)
	for _, p := range []string{"en/index.html", "ru/games/salic-law/index.html", "en/method/index.html"} {
		a, _ := os.ReadFile(filepath.Join(dir1, p))
		b, _ := os.ReadFile(filepath.Join(dir3, p))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs after a fresh load", p)
		}
	}
	t.Logf("%d files identical", countFiles(dir1))
}

// TestPageSize keeps every game page, without the fonts (which are
// separate files), at or under 300 KB.
func TestPageSize(t *testing.T) {
	dir, ed := builtSite(t)
	const limit = 300 << 10
	static := 0
	for _, f := range []string{"static/site.css", "static/site.js"} {
		st, err := os.Stat(filepath.Join(dir, assetPath(t, dir, f)))
		if err != nil {
			t.Fatal(err)
		}
		static += int(st.Size())
	}
	for _, lang := range siteLangs {
		for _, g := range ed.Games {
			p := filepath.Join(dir, lang, "games", g.ID, "index.html")
			st, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			total := int(st.Size()) + static
			t.Logf("%s/games/%s: %d KB (+ css and js: %d KB)", lang, g.ID, st.Size()>>10, total>>10)
			if total > limit {
				t.Errorf("%s/games/%s: %d bytes with its style sheet and script, over %d", lang, g.ID, total, limit)
			}
		}
	}
}

// TestEscaping puts markup into a translation and a note: it must show
// as text, and dangerous links must lose their destination.
func TestEscaping(t *testing.T) {
	m := fstest.MapFS{}
	err := fs.WalkDir(corpus.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(corpus.FS, p)
		m[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	f := m["games/salic-law.md"]
	if f == nil {
		t.Fatal("no games/salic-law.md in the corpus")
	}
	old := "## 001:2\n\nRules.\n"
	if !bytes.Contains(f.Data, []byte(old)) {
		t.Fatalf("games/salic-law.md has no %q: the corpus changed; update the test", old)
	}
	evil := "## 001:2\n\nRules. <script>alert('x')</script> <img src=\"http://example.com/x.png\" onerror=\"alert(1)\"> [click](javascript:alert(1)) ![pic](http://example.com/p.png)\n\n<div onclick=\"alert(2)\">block</div>\n"
	f.Data = bytes.Replace(f.Data, []byte(old), []byte(evil), 1)
	ed := loadEdition(t, m)
	dir := buildSite(t, ed, m)
	data, err := os.ReadFile(filepath.Join(dir, "en", "games", "salic-law", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	for _, bad := range []string{"<script>alert", "<img src=\"http://example.com", "javascript:", "<div onclick", "http://example.com/p.png\""} {
		if strings.Contains(page, bad) {
			t.Errorf("the page contains %q", bad)
		}
	}
	for _, good := range []string{"&lt;script&gt;alert('x')&lt;/script&gt;", "&lt;img src=&#34;http://example.com/x.png&#34;", "click", "[pic]", "&lt;div onclick=&#34;alert(2)&#34;&gt;block&lt;/div&gt;"} {
		if !strings.Contains(page, good) {
			t.Errorf("the page lacks the escaped text %q", good)
		}
	}
}

// siteMessages loads the site's catalogs (site.FS).
func siteMessages(t testing.TB) *messages {
	t.Helper()
	msgs, err := loadMessages(site.FS)
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

// TestCatalogs: the real catalogs load (same keys in both languages), and
// a key missing in one language is an error naming it.
func TestCatalogs(t *testing.T) {
	if _, err := loadMessages(site.FS); err != nil {
		t.Fatal(err)
	}
	en, _ := fs.ReadFile(site.FS, "i18n/en.yaml")
	ru, _ := fs.ReadFile(site.FS, "i18n/ru.yaml")
	broken := fstest.MapFS{
		"i18n/en.yaml": {Data: append(append([]byte{}, en...), "only.english: \"x\"\n"...)},
		"i18n/ru.yaml": {Data: ru},
	}
	_, err := loadMessages(broken)
	if err == nil || !strings.Contains(err.Error(), `ru.yaml: missing key "only.english"`) {
		t.Errorf("a key missing in ru.yaml: got %v", err)
	}
	msgs := siteMessages(t)
	if _, err := msgs.t("en", "no.such.key"); err == nil {
		t.Error("an unknown key gave no error")
	}
}

// TestCatalogsUsed: every key the templates and the code use exists (the
// build would fail otherwise), and every key is used somewhere.
func TestCatalogsUsed(t *testing.T) {
	msgs := siteMessages(t)
	used := map[string]bool{}
	callRe := regexp.MustCompile(`(?:\.T |pc\.t\()"([a-z0-9_.-]+)"`)
	quoted := map[string]bool{}
	add := func(src string) {
		for _, m := range callRe.FindAllStringSubmatch(src, -1) {
			used[m[1]] = true
		}
		for k := range msgs.keys {
			if strings.Contains(src, `"`+k+`"`) {
				quoted[k] = true
			}
		}
	}
	tmpls, _ := fs.Glob(site.FS, "templates/*.html")
	for _, p := range tmpls {
		data, _ := fs.ReadFile(site.FS, p)
		add(string(data))
	}
	gos, _ := filepath.Glob("site*.go")
	for _, p := range gos {
		data, _ := os.ReadFile(p)
		add(string(data))
	}
	for k := range used {
		if !msgs.keys[k] {
			t.Errorf("key %q is used but in no catalog", k)
		}
	}
	for k := range msgs.keys {
		base := k[:max(strings.LastIndexByte(k, '-'), 0)] // a plural form is used with its message
		if !quoted[k] && !quoted[base] && !strings.HasPrefix(k, "stats.") {
			t.Errorf("key %q is in the catalogs but never used", k)
		}
	}
}

// assetPath finds the fingerprinted name of the site file p in dir
// ("static/site.css" → "static/site.3f2a9c01d4.css").
func assetPath(t *testing.T, dir, p string) string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, filepath.FromSlash(withMark(p, "[0-9a-f]*"))))
	if err != nil || len(m) != 1 {
		t.Fatalf("%s: want one fingerprinted file, found %v (%v)", p, m, err)
	}
	rel, _ := filepath.Rel(dir, m[0])
	return filepath.ToSlash(rel)
}

func TestRel(t *testing.T) {
	for _, tc := range []struct{ from, to, want string }{
		{"index.html", "en/index.html", "en/index.html"},
		{"en/index.html", "static/site.css", "../static/site.@fp@.css"},
		{"en/index.html", "fonts/DejaVuSerif.woff2", "../fonts/DejaVuSerif.@fp@.woff2"},
		{"en/games/zodiac/index.html", "en/games/salic-law/index.html", "../salic-law/index.html"},
		{"en/games/zodiac/index.html", "en/games/zodiac/index.html#p-000-10", "#p-000-10"},
		{"en/games/zodiac/index.html", "ru/games/zodiac/index.html", "../../../ru/games/zodiac/index.html"},
		{"en/rules/zodiac/x/index.html", "en/index.html#games", "../../../index.html#games"},
	} {
		pc := &pageCtx{path: tc.from}
		if got := pc.rel(tc.to); got != tc.want {
			t.Errorf("rel(%s → %s) = %q, want %q", tc.from, tc.to, got, tc.want)
		}
	}
}

// BenchmarkBuildSite renders the whole edition (both languages, every
// page, the fonts and sources) from a loaded edition.
func BenchmarkBuildSite(b *testing.B) {
	ed := loadEdition(b, corpus.FS)
	for b.Loop() {
		dir := b.TempDir()
		if err := Site(ed, dir, SiteOptions{Corpus: corpus.FS}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadAndBuildSite is what 'pasyans build' does for the site:
// load the corpus, then render.
func BenchmarkLoadAndBuildSite(b *testing.B) {
	for b.Loop() {
		ed, err := corpus.Load(corpus.FS)
		var ds corpus.Diagnostics
		if ed == nil || (err != nil && !errors.As(err, &ds)) {
			b.Fatal(err)
		}
		if err := Site(ed, b.TempDir(), SiteOptions{Corpus: corpus.FS}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestStatsThreads checks that a game's page says how many searches ran
// at once on each deal when its statistics were made with more than one
// (pasyans stats -threads), in both languages, and only then.
func TestStatsThreads(t *testing.T) {
	dir, ed := builtSite(t)
	msgs := siteMessages(t)
	label := map[string]string{}
	for _, lang := range []string{"en", "ru"} {
		l, err := msgs.t(lang, "stats.threads") // the Russian through the typographic step
		if err != nil {
			t.Fatal(err)
		}
		label[lang] = "<dt>" + l + "</dt><dd>"
	}
	several := 0
	for _, st := range ed.Stats {
		for lang, l := range label {
			page, err := os.ReadFile(filepath.Join(dir, lang, "games", st.Game, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			shown := strings.Contains(string(page), l+itoa(st.Threads)+"</dd>")
			if want := st.Threads > 1; shown != want || (!want && strings.Contains(string(page), l)) {
				t.Errorf("%s/%s: threads %d, row shown %v", lang, st.Game, st.Threads, shown)
			}
		}
		if st.Threads > 1 {
			several++
		}
	}
	if several == 0 {
		t.Log("no statistics of the corpus were made with more than one thread")
	}
}
