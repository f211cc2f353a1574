package render

import (
	"fmt"
	"html/template"
	"pasyans/render/figure"
	"slices"
	"strconv"
	"strings"

	"pasyans/corpus"
	"pasyans/engine"
	"pasyans/normalize"
	"pasyans/source"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// paraView is one paragraph shown in parallel: the Russian readings and
// the English translation, with its footnote calls.
type paraView struct {
	ID, Anchor      string
	Dipl, Corr, Mod template.HTML
	Changed         int // marked words in the corrected reading
	EN              template.HTML
	Rules           template.HTML // the rules line in the page's language
	Notes           []int         // footnote numbers
	Modern          bool          // a source already in modern spelling
}

// noteView is a footnote.
type noteView struct {
	N    int
	Para string
	HTML template.HTML
}

// texts renders paragraphs and collects their notes as footnotes.
type texts struct {
	pc    *pageCtx
	mr    *mdRenderer
	notes []noteView
	mods  map[string]bool // sources in modern spelling
}

func newTexts(pc *pageCtx) *texts {
	t := &texts{pc: pc, mr: newMDRenderer(pc), mods: map[string]bool{}}
	for _, s := range pc.s.ed.Sources {
		t.mods[s.ID] = s.Modern
	}
	return t
}

func (t *texts) para(p *corpus.Paragraph) paraView {
	pc := t.pc
	v := paraView{ID: p.ID, Anchor: "p-" + anchorID(p.ID), Modern: t.mods[p.Source]}
	tip := func(m mark, modern bool) string {
		var parts []string
		if m.ocr != "" && m.ocr != m.prev || !modern {
			parts = append(parts, pc.t("app.ocr")+" "+orEmpty(m.ocr))
		}
		if modern {
			parts = append(parts, pc.t("app.old")+" "+orEmpty(m.prev))
		}
		return strings.Join(parts, "; ") + " — " + strings.Join(m.rules, ", ")
	}
	rd := markReadings(p.Diplomatic, p.Corrected, p.Modern, p.Apparatus, tip)
	v.Dipl, v.Corr, v.Mod = template.HTML(rd.Diplomatic), template.HTML(rd.Corrected), template.HTML(rd.Modern)
	v.Changed = strings.Count(rd.Corrected, "<mark")
	v.EN = template.HTML(t.mr.text(p.Translation))
	v.Rules = template.HTML(t.mr.text(p.RulesLine))
	if pc.lang == "ru" && p.RulesLineRU.Markdown != "" {
		v.Rules = template.HTML(t.mr.text(p.RulesLineRU))
	}
	for _, n := range p.Notes {
		num := len(t.notes) + 1
		h := t.mr.text(n.Lang(pc.lang))
		t.notes = append(t.notes, noteView{N: num, Para: p.ID, HTML: template.HTML(h)})
		v.Notes = append(v.Notes, num)
	}
	t.footnotes(&v, p)
	return v
}

func orEmpty(s string) string {
	if s == "" {
		return "∅"
	}
	return s
}

// gameLink names a game in a list.
type gameLink struct {
	ID, Href            string
	Title, RU, RUModern string
	Order               int
	Sub, SubLang        string // the name in the other language
	Range               string
	HasVariant          bool
	PlayHref            string // the Play page, "" for a game without a variant
}

func (pc *pageCtx) gameLink(g *corpus.Game) gameLink {
	l := gameLink{ID: g.ID, Href: pc.rel(gamePath(pc.lang, g.ID)), Title: g.Titles.EN, RU: g.Titles.RU, RUModern: g.Titles.RUModern,
		Order: g.Order, HasVariant: g.Variant != nil}
	l.Sub, l.SubLang = g.Titles.RU, "ru"
	if pc.lang == "ru" {
		l.Title = g.Titles.RUModern
		l.Sub, l.SubLang = g.Titles.EN, "en"
	}
	l.Range = paraRange(g.Paragraphs)
	if g.Variant != nil {
		l.PlayHref = pc.rel(playPath(pc.lang, g.ID))
	}
	return l
}

// paraRange writes the ids of paragraphs compactly: "001:1–10, 001:12".
func paraRange(ps []*corpus.Paragraph) string {
	var out []string
	for i := 0; i < len(ps); {
		j := i
		for j+1 < len(ps) && ps[j+1].Source == ps[i].Source && ps[j+1].N == ps[j].N+1 {
			j++
		}
		if j > i {
			out = append(out, fmt.Sprintf("%s–%d", ps[i].ID, ps[j].N))
		} else {
			out = append(out, ps[i].ID)
		}
		i = j + 1
	}
	return strings.Join(out, ", ")
}

// ---- home

type homeView struct {
	Titles   corpus.Titles
	Sections []sectionView
	Games    []gameLink
	Paras    []paraView
	Notes    []noteView
}

type sectionView struct {
	Title, ID string
	HTML      template.HTML
}

func (s *siteBuilder) homeData(pc *pageCtx) (any, error) {
	v := homeView{}
	book := s.ed.Book
	if pc.lang == "ru" && s.ed.BookRU != nil {
		book = s.ed.BookRU
	}
	if s.ed.Book != nil {
		v.Titles = s.ed.Book.Titles
	}
	pc.Title = v.Titles.EN
	if pc.lang == "ru" {
		pc.Title = v.Titles.RUModern
	}
	tx := newTexts(pc)
	pc.gameByOrder = map[int]*corpus.Game{}
	for _, g := range s.ed.Games {
		if g.Order > 0 {
			pc.gameByOrder[g.Order] = g
		}
		v.Games = append(v.Games, pc.gameLink(g))
	}
	if book != nil {
		for i, sec := range book.Sections {
			v.Sections = append(v.Sections, sectionView{Title: sec.Title, ID: fmt.Sprintf("s%d", i+1), HTML: template.HTML(tx.mr.text(sec.Text))})
		}
	}
	pc.gameByOrder = nil
	if s.ed.Book != nil {
		for _, p := range s.ed.Book.Paragraphs {
			v.Paras = append(v.Paras, tx.para(p))
		}
	}
	v.Notes = tx.notes
	return v, nil
}

// ---- game

type gameView struct {
	Link      gameLink
	Titles    corpus.Titles
	Aliases   [][2]string
	Intro     template.HTML
	Paras     []paraView
	Notes     []noteView
	Figure    template.HTML
	Deals     []dealView
	Stats     []statRow
	StatsNote string
	Rules     []ruleRow
	Options   []optionRow
	Variant   string
	Packs     int
	Prev      *gameLink
	Next      *gameLink
	// How to cite: the book's title, the edition's date, the page's and a
	// paragraph's address within the site.
	URL, ParaURL string
}

type ruleRow struct {
	ID, Href, Statement string
	Badge               template.HTML
	Book                []paraLink
	Reconstructed       string
	Option              string
}

type optionRow struct {
	ID, Text string
	Default  bool
}

type statRow struct{ Key, Value string }

func (s *siteBuilder) gameData(pc *pageCtx, g *corpus.Game) (any, error) {
	v := gameView{Link: pc.gameLink(g), Titles: g.Titles, Packs: g.Packs}
	pc.Title = v.Link.Title
	if g.Aliases.Cadogan1874 != "" {
		v.Aliases = append(v.Aliases, [2]string{pc.t("game.cadogan1874"), g.Aliases.Cadogan1874})
	}
	if g.Aliases.Cadogan1914 != "" {
		v.Aliases = append(v.Aliases, [2]string{pc.t("game.cadogan1914"), g.Aliases.Cadogan1914})
	}
	if g.Aliases.PySolFC != "" {
		v.Aliases = append(v.Aliases, [2]string{"PySolFC", g.Aliases.PySolFC})
	}
	tx := newTexts(pc)
	v.Intro = template.HTML(tx.mr.text(g.Intro))
	if pc.lang == "ru" && g.IntroRU.Markdown != "" {
		v.Intro = template.HTML(tx.mr.text(g.IntroRU))
	}
	for _, p := range g.Paragraphs {
		v.Paras = append(v.Paras, tx.para(p))
	}
	v.Notes = tx.notes
	v.cite(pc, s.ed, g)
	for i, o := range s.ed.Games {
		if o == g {
			if i > 0 {
				l := pc.gameLink(s.ed.Games[i-1])
				v.Prev = &l
			}
			if i+1 < len(s.ed.Games) {
				l := pc.gameLink(s.ed.Games[i+1])
				v.Next = &l
			}
		}
	}
	if vr := g.Variant; vr != nil {
		v.Variant = vr.ID
		v.Figure = template.HTML(figure.SVG(figure.New(vr, nil, pc.lang), pc.t("game.layout-title", v.Link.Title)))
		for _, r := range vr.Rules {
			row := ruleRow{ID: r.ID, Href: pc.rel(rulePath(pc.lang, r.ID)), Statement: pc.ruleStatement(r),
				Book: pc.paraLinks(r.Book), Reconstructed: r.Reconstructed, Option: r.Option}
			row.Badge = template.HTML(pc.badge(r.ID, ""))
			v.Rules = append(v.Rules, row)
		}
		for _, o := range vr.Options {
			text := o.EN
			if pc.lang == "ru" && o.RU != "" {
				text = o.RU
			}
			v.Options = append(v.Options, optionRow{ID: o.ID, Text: text, Default: o.Default})
		}
		for _, d := range s.deals[g.ID] {
			v.Deals = append(v.Deals, pc.buildDeal(g, d, tx.mr))
		}
	}
	if st := s.stats[g.ID]; st != nil {
		v.Stats = pc.statRows(st)
	}
	return v, nil
}

// statRows formats the solver's statistics, in a fixed order.
func (pc *pageCtx) statRows(st *corpus.Stats) []statRow {
	pct := pc.pct
	rows := []statRow{
		{pc.t("stats.deals"), pc.num(st.Deals) + " (" + strconv.FormatUint(st.FirstSeed, 10) + "–" + strconv.FormatUint(st.FirstSeed+uint64(max(st.Deals, 1))-1, 10) + ")"},
		{pc.t("stats.won"), pc.num(st.Won)},
		{pc.t("stats.lost"), pc.num(st.Lost)},
		{pc.t("stats.unknown"), pc.num(st.Unknown)},
	}
	if st.UnknownProgress > 0 {
		rows = append(rows, statRow{pc.t("stats.near"), pct(st.UnknownProgress)})
	}
	rows = append(rows, []statRow{
		{pc.t("stats.win_rate"), pct(st.WinRate)},
		{pc.t("stats.ci95"), pct(st.CI95[0]) + " – " + pct(st.CI95[1])},
		{pc.t("stats.budget"), pc.budget(st.Budget)},
	}...)
	if st.Threads > 1 {
		rows = append(rows, statRow{pc.t("stats.threads"), pc.num(st.Threads)})
	}
	if st.Shards > 1 {
		rows = append(rows, statRow{pc.t("stats.shards"), pc.num(st.Shards)})
	}
	if st.Retried > 0 {
		rows = append(rows, statRow{pc.t("stats.retried"), pc.t("stats.retried-value", st.Retried, pc.budget(st.RetryBudget))})
	}
	rows = append(rows, []statRow{
		{pc.t("stats.time"), pc.unit("unit.ms", pc.dec(st.MedianMS, 0)+" / "+pc.dec(st.P90MS, 0))},
		{pc.t("stats.speed"), pc.unit("unit.mln", pc.dec(st.NodesPerSec/1e6, 2))},
		{pc.t("stats.date"), pc.date(st.Date)},
	}...)
	if len(st.Options) > 0 {
		rows = append(rows, statRow{pc.t("stats.options"), strings.Join(st.Options, ", ")})
	}
	if st.OpenCards {
		rows = append(rows, statRow{pc.t("stats.open-cards"), pc.t("stats.open-cards-yes")})
	}
	return rows
}

// ---- rule

type ruleView struct {
	ID, Statement, EN, RU string
	Badge                 template.HTML
	Game                  *gameLink
	Book                  []paraLink
	Citers                []paraLink
	Reconstructed         string
	Option                string
	Engine, Verdict       string
	VerdictClass          string
}

type paraLink struct{ ID, Href string }

func (pc *pageCtx) paraLinks(ids []string) []paraLink {
	var out []paraLink
	for _, id := range ids {
		out = append(out, paraLink{ID: id, Href: pc.paraHref(id)})
	}
	return out
}

func (s *siteBuilder) ruleData(pc *pageCtx, e *ruleEntry) (any, error) {
	r := e.Rule
	v := ruleView{ID: e.ID, Statement: pc.ruleStatement(r), EN: r.EN, RU: r.RU, Reconstructed: pick2(pc.lang, r.Reconstructed, r.ReconstructedRU),
		Option: r.Option, Engine: pc.t("rule.enforced"), Verdict: pc.verdict(e.ID), VerdictClass: pc.verdictClass(e.ID)}
	pc.Title = v.Statement
	if v.Statement == "" {
		pc.Title = e.ID
	}
	if e.Variant != nil {
		for _, g := range s.ed.Games {
			if g.Variant == e.Variant {
				l := pc.gameLink(g)
				v.Game = &l
			}
		}
	}
	v.Book = pc.paraLinks(r.Book)
	v.Citers = pc.paraLinks(e.Citers)
	return v, nil
}

// ---- glossary

type termView struct {
	ID, PreReform, Modern, EN, Def string
	Paras                          []paraLink
}

func (s *siteBuilder) glossaryData(pc *pageCtx) (any, error) {
	pc.Title = pc.t("nav.glossary")
	terms := slices.Clone(s.ed.Glossary)
	col := collate.New(language.Russian)
	slices.SortStableFunc(terms, func(a, b *corpus.Term) int {
		if c := col.CompareString(a.Modern, b.Modern); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	var out []termView
	for _, t := range terms {
		def := t.DefEN
		if pc.lang == "ru" {
			def = t.DefRU
		}
		out = append(out, termView{ID: "t-" + anchorID(t.ID), PreReform: t.PreReform, Modern: t.Modern, EN: t.EN, Def: def, Paras: pc.paraLinks(t.Paragraphs)})
	}
	return out, nil
}

// ---- sources

type sourceView struct {
	source.Info
	Paragraphs int
	Href       string
	Owners     []gameLink
}

func (s *siteBuilder) sourcesData(pc *pageCtx) (any, error) {
	pc.Title = pc.t("nav.sources")
	var out []sourceView
	for _, src := range s.ed.Sources {
		v := sourceView{Info: src.Info, Paragraphs: len(src.Paragraphs)}
		if pc.lang == "ru" {
			v.Provenance, v.Licence = src.ProvenanceRU, src.LicenceRU
		}
		if s.o.Corpus != nil {
			v.Href = pc.rel(rawPath(src.ID))
		}
		seen := map[string]bool{}
		for _, g := range s.ed.Games {
			for _, p := range g.Paragraphs {
				if p.Source == src.ID && !seen[g.ID] {
					seen[g.ID] = true
					v.Owners = append(v.Owners, pc.gameLink(g))
				}
			}
		}
		out = append(out, v)
	}
	return out, nil
}

// ---- method

type methodView struct {
	Corrected, Modern []normRule
	Variants          []variantRow
	Checks            []string
	Verified, Failed  int
	Unchecked         int
	Rules             int
}

type normRule struct {
	ID, Doc  string
	Examples [][2]string
}

type variantRow struct {
	ID    string
	Game  *gameLink
	Packs int
	Rules int
}

func (s *siteBuilder) methodData(pc *pageCtx) (any, error) {
	pc.Title = pc.t("nav.method")
	v := methodView{}
	for _, r := range normalize.Rules() {
		nr := normRule{ID: r.ID, Doc: r.Doc}
		if pc.lang == "ru" && r.DocRU != "" {
			nr.Doc = r.DocRU
		}
		if len(r.Examples) > 3 {
			nr.Examples = r.Examples[:3]
		} else {
			nr.Examples = r.Examples
		}
		if strings.HasPrefix(r.ID, "modern/") {
			v.Modern = append(v.Modern, nr)
		} else {
			v.Corrected = append(v.Corrected, nr)
		}
	}
	for _, vr := range engine.Variants() {
		row := variantRow{ID: vr.ID, Packs: vr.Packs, Rules: len(vr.Rules)}
		for _, g := range s.ed.Games {
			if g.Variant == vr {
				l := pc.gameLink(g)
				row.Game = &l
			}
		}
		v.Variants = append(v.Variants, row)
	}
	v.Checks = []string{corpus.CheckOwned, corpus.CheckChecksum, corpus.CheckRuleLink, corpus.CheckVariant, corpus.CheckTitles,
		corpus.CheckTranslated, corpus.CheckGlossary, corpus.CheckDeal, corpus.CheckSource, corpus.CheckBilingual}
	for _, id := range s.ruleIDs {
		v.Rules++
		switch s.verdict(id) {
		case "verified":
			v.Verified++
		case "failed":
			v.Failed++
		default: // "" (no check ran) or "unchecked"
			v.Unchecked++
		}
	}
	return v, nil
}

// cite fills the "How to cite" block's address of the first paragraph
// (the citation itself is the page's: pageCtx.Cite).
func (v *gameView) cite(pc *pageCtx, ed *corpus.Edition, g *corpus.Game) {
	v.URL = strings.TrimSuffix(gamePath(pc.lang, g.ID), "index.html")
	if len(g.Paragraphs) > 0 {
		v.ParaURL = v.URL + "#p-" + anchorID(g.Paragraphs[0].ID)
	}
}

// footnotes links the book's footnote calls in the paragraph's readings
// and translation to their footnotes (or, for a footnote not in the
// sources, to the paragraph's note about it), and a footnote's number
// line back to its call.
func (t *texts) footnotes(v *paraView, p *corpus.Paragraph) {
	pc := t.pc
	lost := func(n int) string {
		mark := fmt.Sprintf("[%d]", n)
		for i, note := range p.Notes {
			if strings.Contains(note.Markdown, mark) {
				return "#n-" + strconv.Itoa(v.Notes[i])
			}
		}
		return ""
	}
	link := func(h template.HTML) template.HTML { return template.HTML(pc.linkCalls(string(h), lost)) }
	v.Dipl, v.Corr, v.Mod, v.EN = link(v.Dipl), link(v.Corr), link(v.Mod), link(v.EN)
	if href, n := pc.footnoteBack(p); href != "" {
		back := func(h template.HTML) template.HTML {
			return template.HTML(fmt.Sprintf(`<a class="fnmark" href="%s" aria-label="%s">%s</a>`,
				template.HTMLEscapeString(href), template.HTMLEscapeString(pc.t("footnote.back", n)), h))
		}
		v.Dipl, v.Corr, v.Mod, v.EN = back(v.Dipl), back(v.Corr), back(v.Mod), back(v.EN)
	}
}

// pick2 returns ru on a Russian page when it is not empty, else en.
func pick2(lang, en, ru string) string {
	if lang == "ru" && ru != "" {
		return ru
	}
	return en
}
