package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"pasyans/render/typo"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"pasyans/corpus"
	"pasyans/corpus/search"
	"pasyans/engine"
	"pasyans/site"
)

// Verdicts are the checker's verdicts on rules, by rule id: "verified",
// "failed", or another short word the checker defines. A rule absent from
// the map (or a nil map) has not been checked, and the site says so.
type Verdicts map[string]string

// SiteOptions configures Site.
type SiteOptions struct {
	// Verdicts are shown beside every rule; nil means "not checked".
	Verdicts Verdicts
	// Await, when set, is called before Verdicts is first read: it returns
	// nil once Verdicts holds the checker's verdicts, or an error when
	// there will be none (the check failed, the build was stopped), and
	// Site then stops with that error. A build renders the site while the
	// checker still runs: a page that shows no verdict does not wait, and
	// a page that waits gives its place among the page writers to one
	// that does not.
	Await func() error
	// BaseURL is the site's public address (BaseURL checks it), or "":
	// with it the pages name their language versions and canonical
	// address absolutely, their citations give their absolute URL (their
	// path from the edition's root without it), and the site gets
	// sitemap.xml and robots.txt.
	BaseURL string
	// Corpus is the corpus the edition was loaded from; its raw source
	// files are copied into the site for download (checked against the
	// manifest's SHA-256). Nil leaves the downloads out.
	Corpus fs.FS
}

// Site writes the static site of the edition into dir (created if
// needed; it should be empty): the root page, the /ru/ and /en/ trees,
// the style sheet, script and fonts, and the raw sources. Every link is
// relative, so the site works from file:// and from any folder of any
// host. The output depends only on the edition and the options.
func Site(ed *corpus.Edition, dir string, o SiteOptions) error {
	msgs, err := loadMessages(site.FS)
	if err != nil {
		return err
	}
	if o.BaseURL != "" {
		if o.BaseURL, err = BaseURL(o.BaseURL); err != nil {
			return fmt.Errorf("site: %w", err)
		}
	}
	s := &siteBuilder{ed: ed, o: o, msgs: msgs, dir: dir}
	if err := s.parseTemplates(); err != nil {
		return err
	}
	s.index()
	files := s.plan()
	// Make the pages in parallel: each is independent, and the output
	// does not depend on the order. They are written once the fonts and
	// the fingerprinted names are known (finishSite).
	errs := make([]error, len(files))
	out := make([][]byte, len(files))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	if s.o.Await != nil {
		// A page waiting for the verdicts holds no place in the pool.
		s.await = func() error {
			<-sem
			defer func() { sem <- struct{}{} }()
			return s.o.Await()
		}
	}
	for i, f := range files {
		if s.stopped.Load() {
			break
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			data, err := f.make()
			if err == nil && s.stopped.Load() {
				err = s.stopErr
			}
			out[i] = data
			if err != nil {
				errs[i] = fmt.Errorf("site: %s: %w", f.path, err)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if s.stopped.Load() {
		return s.stopErr
	}
	return s.finishSite(files, out)
}

// SitePages lists the paths of the files Site writes, sorted: the site
// map, and the truth the link checker tests against. The files whose
// names carry a fingerprint of their content (static/, fonts/) are left
// out: their names are known only once every page is made.
func SitePages(ed *corpus.Edition, o SiteOptions) []string {
	s := &siteBuilder{ed: ed, o: o}
	s.index()
	var out []string
	for _, f := range s.plan() {
		if !fingerprinted(f.path) {
			out = append(out, f.path)
		}
	}
	slices.Sort(out)
	return out
}

// siteBuilder holds what every page needs.
type siteBuilder struct {
	ed    *corpus.Edition
	o     SiteOptions
	msgs  *messages
	dir   string
	tmpls map[string]*template.Template

	paraPage map[string]string     // paragraph id → page path without the language ("games/zodiac/index.html")
	rules    map[string]*ruleEntry // every rule with a page
	ruleIDs  []string              // sorted
	deals    map[string][]*corpus.Deal
	stats    map[string]*corpus.Stats
	fn       footnotes // the book's footnote calls and number lines

	// Waiting for the verdicts (SiteOptions.Await): await is called by a
	// page writer of Site, and waits until they are in (haveVerdicts) or
	// will never be (stopped, with stopErr).
	await        func() error
	haveVerdicts atomic.Bool
	stopped      atomic.Bool
	stopOnce     sync.Once
	stopErr      error

	search searchScripts // search/index.js and search/forms.js, made once
}

// verdict returns the checker's verdict on rule id ("" when none), once
// the verdicts are in (see SiteOptions.Await). When they will never be,
// it returns "" and the site stops.
func (s *siteBuilder) verdict(id string) string {
	if s.await != nil && !s.haveVerdicts.Load() {
		if err := s.await(); err != nil {
			s.stopOnce.Do(func() { s.stopErr = err; s.stopped.Store(true) })
			return ""
		}
		s.haveVerdicts.Store(true)
	}
	return s.o.Verdicts[id]
}

// ruleEntry is a rule with what the site says about it.
type ruleEntry struct {
	ID      string
	Rule    *engine.Rule
	Variant *engine.Variant // nil for the core rules
	Citers  []string        // paragraph ids whose text links to it
}

// outFile is one file of the site and how to make it.
type outFile struct {
	path string
	make func() ([]byte, error)
}

func (s *siteBuilder) write(name string, data []byte) error {
	p := filepath.Join(s.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

// index computes the cross references: where each paragraph is shown,
// which rules exist and who cites them.
func (s *siteBuilder) index() {
	ed := s.ed
	s.paraPage = map[string]string{}
	s.rules = map[string]*ruleEntry{}
	s.deals = map[string][]*corpus.Deal{}
	s.stats = map[string]*corpus.Stats{}
	s.fn = indexFootnotes(ed)
	for _, g := range ed.Games {
		for _, p := range g.Paragraphs {
			s.paraPage[p.ID] = "games/" + g.ID + "/index.html"
		}
		if g.Variant != nil {
			for _, r := range g.Variant.Rules {
				s.rules[r.ID] = &ruleEntry{ID: r.ID, Rule: r, Variant: g.Variant}
			}
		}
	}
	if ed.Book != nil {
		for _, p := range ed.Book.Paragraphs {
			s.paraPage[p.ID] = "index.html"
		}
	}
	for _, r := range engine.CoreRules() {
		s.rules[r.ID] = &ruleEntry{ID: r.ID, Rule: r}
	}
	for _, p := range ed.Paragraphs {
		for _, l := range p.Rules {
			if l.Rule == nil {
				continue
			}
			e := s.rules[l.ID]
			if e == nil {
				_, v := engine.LookupRule(l.ID)
				e = &ruleEntry{ID: l.ID, Rule: l.Rule, Variant: v}
				s.rules[l.ID] = e
			}
			if !slices.Contains(e.Citers, p.ID) {
				e.Citers = append(e.Citers, p.ID)
			}
		}
	}
	s.ruleIDs = nil
	for id := range s.rules {
		s.ruleIDs = append(s.ruleIDs, id)
	}
	slices.Sort(s.ruleIDs)
	for _, d := range ed.Deals {
		s.deals[d.Game] = append(s.deals[d.Game], d)
	}
	for _, st := range ed.Stats {
		s.stats[st.Game] = st
	}
}

// Paths of pages, without the language prefix.
func gamePath(lang, id string) string { return lang + "/games/" + id + "/index.html" }
func rulePath(lang, id string) string { return lang + "/rules/" + id + "/index.html" }

// anchorID turns a paragraph or other id into an element id: "001:7" →
// "001-7".
func anchorID(id string) string {
	return strings.NewReplacer(":", "-", "/", "_", " ", "-").Replace(id)
}

// plan lists every file of the site with the function that makes it.
func (s *siteBuilder) plan() []outFile {
	var files []outFile
	page := func(lang, rest, kind string, build func(pc *pageCtx) (any, error)) {
		p := lang + "/" + rest
		files = append(files, outFile{path: p, make: func() ([]byte, error) { return s.page(p, lang, kind, build) }})
	}
	files = append(files, outFile{path: "index.html", make: s.rootPage})
	for _, lang := range siteLangs {
		page(lang, "index.html", "home", s.homeData)
		page(lang, "glossary/index.html", "glossary", s.glossaryData)
		page(lang, "sources/index.html", "sources", s.sourcesData)
		page(lang, "method/index.html", "method", s.methodData)
		page(lang, "search/index.html", "search", s.searchData)
		for _, g := range s.ed.Games {
			page(lang, "games/"+g.ID+"/index.html", "game", func(pc *pageCtx) (any, error) { return s.gameData(pc, g) })
			if g.Variant != nil {
				page(lang, "games/"+g.ID+"/play/index.html", "play", func(pc *pageCtx) (any, error) { return s.playData(pc, g) })
			}
		}
		for _, id := range s.ruleIDs {
			page(lang, "rules/"+id+"/index.html", "rule", func(pc *pageCtx) (any, error) { return s.ruleData(pc, s.rules[id]) })
		}
	}
	if s.o.BaseURL != "" {
		files = append(files, outFile{path: "sitemap.xml", make: s.sitemap}, outFile{path: "robots.txt", make: s.robots})
	}
	// The search index, shared by both languages' search pages.
	files = append(files, outFile{path: searchIndexPath, make: s.searchIndex})
	for _, name := range search.ShardNames() {
		files = append(files, outFile{path: searchFormsDir + "/" + name + ".js", make: s.searchShard(name)})
	}
	// Static files: the style sheet and scripts, the raw sources (the
	// fonts are made last, from every page: finishSite).
	_ = fs.WalkDir(site.FS, "static", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, outFile{path: p, make: func() ([]byte, error) { return fs.ReadFile(site.FS, p) }})
		}
		return nil
	})
	if s.o.Corpus != nil {
		for _, src := range s.ed.Sources {
			files = append(files, outFile{path: rawPath(src.ID), make: func() ([]byte, error) {
				data, err := fs.ReadFile(s.o.Corpus, src.File)
				if err != nil {
					return nil, err
				}
				sum := sha256.Sum256(data)
				if got := hex.EncodeToString(sum[:]); got != src.SHA256 {
					return nil, fmt.Errorf("%s: SHA-256 %s, manifest says %s", src.File, got, src.SHA256)
				}
				return data, nil
			}})
		}
	}
	return files
}

func rawPath(id string) string { return "raw/" + id + ".txt" }

// parseTemplates parses the base template with each page template.
func (s *siteBuilder) parseTemplates() error {
	s.tmpls = map[string]*template.Template{}
	funcs := template.FuncMap{
		"dict":   func(args ...any) []any { return args },
		"anchor": anchorID,
	}
	base, err := template.New("base.html").Funcs(funcs).ParseFS(site.FS, "templates/base.html", "templates/parts.html")
	if err != nil {
		return err
	}
	pages, err := fs.Glob(site.FS, "templates/*.html")
	if err != nil {
		return err
	}
	for _, p := range pages {
		kind := strings.TrimSuffix(path.Base(p), ".html")
		if kind == "base" || kind == "parts" {
			continue
		}
		t, err := template.Must(base.Clone()).ParseFS(site.FS, p)
		if err != nil {
			return err
		}
		s.tmpls[kind] = t
	}
	return nil
}

// pageData is what a page template receives: the page context (links,
// messages) and the page's own data.
type pageData struct {
	P *pageCtx
	D any
}

// page renders one page of kind with the data build makes.
func (s *siteBuilder) page(p, lang, kind string, build func(pc *pageCtx) (any, error)) ([]byte, error) {
	pc := &pageCtx{s: s, path: p, lang: lang, kind: kind, cited: map[string]string{}}
	d, err := build(pc)
	if err != nil {
		return nil, err
	}
	if pc.err != nil {
		return nil, pc.err
	}
	t := s.tmpls[kind]
	if t == nil {
		return nil, fmt.Errorf("no template %q", kind)
	}
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, "base", pageData{P: pc, D: d}); err != nil {
		return nil, err
	}
	if pc.err != nil {
		return nil, pc.err
	}
	return typo.HTML(b.Bytes()), nil // the Russian typographic step, in one place for every page
}

// pageCtx is one page being rendered: its path, its language and what its
// texts cited. Templates call its methods: .P.T "nav.home", .P.Rel "static/site.css".
type pageCtx struct {
	s     *siteBuilder
	path  string // "en/games/zodiac/index.html"
	lang  string
	kind  string
	Title string
	cited map[string]string // rule id → popover element id
	err   error
	// Main are extra attributes of the page's <main> element (the Play
	// page's data-game, data-seed, …).
	Main template.HTMLAttr

	gameByOrder map[int]*corpus.Game // set while rendering the home page's introduction
}

// Lang is the page's language.
func (pc *pageCtx) Lang() string { return pc.lang }

// Kind is the page's template name.
func (pc *pageCtx) Kind() string { return pc.kind }

// Other is the other interface language.
func (pc *pageCtx) Other() string {
	if pc.lang == "ru" {
		return "en"
	}
	return "ru"
}

// Rel returns the relative URL from this page to the site path to.
func (pc *pageCtx) Rel(to string) string { return pc.rel(to) }

func (pc *pageCtx) rel(to string) (rel string) {
	frag := ""
	if i := strings.IndexByte(to, '#'); i >= 0 {
		to, frag = to[:i], to[i:]
	}
	if to == pc.path && frag != "" {
		return frag
	}
	if fingerprinted(to) {
		defer func() { rel = withMark(rel, fingerprintMark) }()
	}
	from := strings.Split(path.Dir(pc.path), "/")
	if from[0] == "." {
		from = nil
	}
	parts := strings.Split(to, "/")
	i := 0
	for i < len(from) && i < len(parts)-1 && from[i] == parts[i] {
		i++
	}
	var b strings.Builder
	for range from[i:] {
		b.WriteString("../")
	}
	b.WriteString(strings.Join(parts[i:], "/"))
	return b.String() + frag
}

// L returns the path of this page's language tree joined with rest.
func (pc *pageCtx) L(rest string) string { return pc.rel(pc.lang + "/" + rest) }

// Switch is the link to this page in the other language.
func (pc *pageCtx) Switch() string {
	if pc.kind == "root" {
		return ""
	}
	return pc.rel(pc.Other() + strings.TrimPrefix(pc.path, pc.lang))
}

// T returns the interface string key in the page's language.
func (pc *pageCtx) T(key string, args ...any) (string, error) {
	return pc.s.msgs.t(pc.lang, key, args...)
}

// t is T for Go code: the first missing key is kept as the page's error.
func (pc *pageCtx) t(key string, args ...any) string {
	s, err := pc.T(key, args...)
	if err != nil && pc.err == nil {
		pc.err = err
	}
	return s
}

// paraHref links a paragraph id to its anchor, or "" if no page shows it.
func (pc *pageCtx) paraHref(id string) string {
	p, ok := pc.s.paraPage[id]
	if !ok {
		return ""
	}
	return pc.rel(pc.lang + "/" + p + "#p-" + anchorID(id))
}

// badge renders a rule link: its text (if any) linking to the rule's
// page, then a small [R] badge coloured by the checker's verdict: a link
// to the rule's page that site.js makes the button opening the rule's
// popover (whose markup the page carries once per rule, see Popovers). A
// rule id that names no rule gives the text and a dashed badge.
func (pc *pageCtx) badge(id, text string) string {
	e := pc.s.rules[id]
	var b strings.Builder
	if e == nil {
		if text != "" {
			b.WriteString(template.HTMLEscapeString(text))
		}
		fmt.Fprintf(&b, `<span class="badge unresolved" title="%s">R</span>`, template.HTMLEscapeString(pc.t("rule.unresolved", id)))
		return b.String()
	}
	pop := "rp-" + anchorID(id)
	pc.cited[id] = pop
	if text != "" {
		fmt.Fprintf(&b, `<a class="rule-text" href="%s">%s</a>`, template.HTMLEscapeString(pc.rel(rulePath(pc.lang, id))), template.HTMLEscapeString(text))
	}
	fmt.Fprintf(&b, `<a class="badge %s" href="%s" data-pop="%s" aria-label="%s">R</a>`,
		pc.verdictClass(id), template.HTMLEscapeString(pc.rel(rulePath(pc.lang, id))), pop, template.HTMLEscapeString(pc.t("rule.badge", id)))
	return b.String()
}

// ruleStatement is the rule's statement in the page's language.
func (pc *pageCtx) ruleStatement(r *engine.Rule) string {
	if pc.lang == "ru" {
		return r.RU
	}
	return r.EN
}

// verdictClass is the CSS class of a rule's checker verdict.
func (pc *pageCtx) verdictClass(id string) string {
	switch v := pc.s.verdict(id); v {
	case "", "unchecked":
		return "unchecked"
	case "verified", "failed":
		return v
	default:
		return "other"
	}
}

// verdict describes the checker's verdict on a rule.
func (pc *pageCtx) verdict(id string) string {
	switch v := pc.s.verdict(id); v {
	case "":
		return pc.t("verdict.none")
	case "unchecked":
		return pc.t("verdict.unchecked")
	case "verified":
		return pc.t("verdict.verified")
	case "failed":
		return pc.t("verdict.failed")
	default:
		return v
	}
}

// Popovers renders the popovers of the rules the page's texts cited as
// data: a JSON object from each popover's element id to its markup, which
// site.js puts into the page when a reader first reaches a badge (a page
// citing many rules, or one rule many times, keeps its DOM small).
func (pc *pageCtx) Popovers() (template.HTML, error) {
	if len(pc.cited) == 0 {
		return "", nil
	}
	pops := make(map[string]string, len(pc.cited))
	for id, pop := range pc.cited {
		pops[pop] = pc.popover(id)
	}
	data, err := json.Marshal(pops) // sorted keys; <, > and & escaped
	if err != nil {
		return "", fmt.Errorf("%s: rule popovers: %w", pc.path, err)
	}
	return template.HTML(`<script type="application/json" id="rule-pops">` + string(data) + `</script>`), nil
}

// popover is the markup of the popover of rule id.
func (pc *pageCtx) popover(id string) string {
	e := pc.s.rules[id]
	var b strings.Builder
	fmt.Fprintf(&b, `<div popover id="%s" class="rule-pop" role="dialog" aria-labelledby="%s-h">`, pc.cited[id], pc.cited[id])
	fmt.Fprintf(&b, `<p class="rid" id="%s-h"><a href="%s"><code>%s</code></a></p>`, pc.cited[id],
		template.HTMLEscapeString(pc.rel(rulePath(pc.lang, id))), template.HTMLEscapeString(id))
	first, second := []string{"en", e.Rule.EN}, []string{"ru", e.Rule.RU}
	if pc.lang == "ru" { // the page's language first
		first, second = second, first
	}
	fmt.Fprintf(&b, `<p lang="%s">%s</p><p lang="%s">%s</p>`, first[0], template.HTMLEscapeString(first[1]), second[0], template.HTMLEscapeString(second[1]))
	fmt.Fprintf(&b, `<p class="status"><span class="st-engine">%s</span> · <span class="st-check %s">%s</span></p>`,
		template.HTMLEscapeString(pc.t("rule.enforced")), pc.verdictClass(id), template.HTMLEscapeString(pc.verdict(id)))
	fmt.Fprintf(&b, `<button type="button" class="close" popovertarget="%s" popovertargetaction="hide">%s</button></div>`,
		pc.cited[id], template.HTMLEscapeString(pc.t("ui.close")))
	return b.String()
}

// rootPage is the site's root: the two languages.
func (s *siteBuilder) rootPage() ([]byte, error) {
	return s.page("index.html", "ru", "root", func(pc *pageCtx) (any, error) {
		v := rootView{}
		if s.ed.Book != nil {
			v.Titles = s.ed.Book.Titles
		}
		var err error
		for _, m := range []struct {
			dst       *string
			lang, key string
		}{{&v.SubRU, "ru", "root.sub"}, {&v.SubEN, "en", "root.sub"}, {&v.EnterRU, "ru", "root.enter"}, {&v.EnterEN, "en", "root.enter"}} {
			if *m.dst, err = s.msgs.t(m.lang, m.key); err != nil {
				return nil, err
			}
		}
		return v, nil
	})
}

// rootView is the root page's data: the title and both languages' links.
type rootView struct {
	Titles                         corpus.Titles
	SubRU, SubEN, EnterRU, EnterEN string
}
