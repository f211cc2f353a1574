package tei

import (
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"pasyans/render/typo"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"pasyans/corpus"
	"pasyans/engine"
	"pasyans/normalize"

	"golang.org/x/text/unicode/norm"
)

// The schemas the document points at: the TEI Consortium's tei_all, and
// the edition's own (Schema), which build writes beside the document
// under the name SchemaFile, with the ODD as ODDFile.
const (
	teiAll     = "https://www.tei-c.org/release/xml/tei/custom/schema/relaxng/tei_all.rng"
	SchemaFile = "pasyans.rng"
	ODDFile    = "pasyans.odd"
)

// Namespace is the TEI namespace.
const Namespace = "http://www.tei-c.org/ns/1.0"

// doc is one document being written.
type doc struct {
	ed *corpus.Edition
	w  *writer
	// normRules are the declared normalisation rules by id; extra lists
	// the ids the apparatus uses that normalize.Rules does not know.
	normRules map[string]bool
	extra     map[string]bool
	heuristic map[string]bool // the rules that decide by a guess
	// choices maps an emendation's id to the xml:id of the choice that
	// applies it.
	choices map[string]string
	// rules are the engine rules listed in the back, by id, in order.
	rules   map[string]*engine.Rule
	ruleIDs []string
	paras   map[string]bool // the paragraph ids of the edition
	// footnotes maps a footnote's number to the paragraph that holds it.
	footnotes map[int]string
	// calls is the language whose footnote calls the Markdown being
	// written links ("" for none); lead is the label to leave out at the
	// start of the Markdown being written.
	calls, lead string
	// version names the program that writes the document, date the
	// edition's date.
	version string
	date    time.Time
}

// Write writes the edition as one TEI P5 document. The same edition
// gives the same bytes. It fails only where the model contradicts itself
// (an apparatus that does not lead from one reading to the next).
func Write(w io.Writer, ed *corpus.Edition) error {
	b, err := Bytes(ed)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Bytes returns the edition as one TEI P5 document (see Write).
func Bytes(ed *corpus.Edition) ([]byte, error) {
	d := newDoc(ed)
	if err := d.text(1); err != nil {
		return nil, err
	}
	body := d.w.b.Bytes()
	chars := d.w
	d.w = newWriter()
	d.w.b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>`)
	d.w.nl(0)
	for _, href := range []string{teiAll, SchemaFile} {
		d.w.b.WriteString(`<?xml-model href="` + href + `" type="application/xml" schematypens="http://relaxng.org/ns/structure/1.0"?>`)
		d.w.nl(0)
	}
	d.w.tag("TEI", attrs{"xmlns", Namespace, "xml:lang", "en"}, false)
	d.header(1, chars)
	d.w.b.Write(body)
	d.w.close(0, "TEI")
	d.w.b.WriteByte('\n')
	return bytes.Clone(d.w.b.Bytes()), nil
}

func newDoc(ed *corpus.Edition) *doc {
	d := &doc{ed: ed, w: newWriter(), normRules: map[string]bool{}, extra: map[string]bool{}, heuristic: map[string]bool{}, choices: map[string]string{},
		rules: map[string]*engine.Rule{}, paras: map[string]bool{}, footnotes: map[int]string{},
		version: programVersion(), date: ed.Date()}
	for _, r := range normalize.Rules() {
		d.normRules[r.ID] = true
		d.heuristic[r.ID] = r.Heuristic
	}
	for _, p := range ed.Paragraphs {
		d.paras[p.ID] = true
		if p.Kind == corpus.KindFootnote && footnoteNumber(p) {
			n, _ := strconv.Atoi(strings.TrimSpace(p.Corrected))
			d.footnotes[n] = p.ID
		}
	}
	add := func(r *engine.Rule) {
		if r != nil && d.rules[r.ID] == nil {
			d.rules[r.ID] = r
			d.ruleIDs = append(d.ruleIDs, r.ID)
		}
	}
	for _, g := range ed.Games {
		if g.Variant != nil {
			for _, r := range g.Variant.Rules {
				add(r)
			}
		}
	}
	for _, p := range ed.Paragraphs {
		for _, l := range p.Rules {
			add(l.Rule)
		}
	}
	return d
}

// programVersion names the running program: its module version, or its
// commit (with "-modified" for a build from a changed work tree), or
// "devel" when the build records neither (go test, go run without VCS
// stamping).
func programVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, modified := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified {
		rev += "-modified"
	}
	return rev
}

// ruleRefs returns the pointers of a "+"-joined list of normalisation
// rule ids, noting the ids that need a declaration of their own.
func (d *doc) ruleRefs(list string) string {
	var refs []string
	for _, id := range strings.Split(list, "+") {
		if !d.normRules[id] {
			d.extra[id] = true
		}
		refs = append(refs, "#"+normID(id))
	}
	return strings.Join(refs, " ")
}

// ruleAttrs returns the type, ana and resp of a corr or reg whose word
// the "+"-joined rules changed, and cert="medium" if one of them decides
// by a guess.
func (d *doc) ruleAttrs(rule string) attrs {
	as := attrs{"type", rule, "ana", d.ruleRefs(rule), "resp", "#" + respRules}
	for _, id := range strings.Split(rule, "+") {
		if d.heuristic[id] {
			return append(as, "cert", "medium")
		}
	}
	return as
}

// normID is the xml:id of a normalisation rule's category.
func normID(id string) string { return "nr-" + ncName(id) }

// ruleID is the xml:id of an engine rule's entry.
func ruleID(id string) string { return "rule-" + ncName(id) }

// emendationID is the xml:id of an emendation's reason.
func emendationID(e normalize.Emendation) string { return "em-" + strconv.Itoa(e.Line) }

// emendation returns the id of the emendation an edit applies, or "".
func (d *doc) emendation(p *corpus.Paragraph, e normalize.Edit) string {
	if !slices.Contains(strings.Split(e.Rule, "+"), "emendation") {
		return ""
	}
	before := norm.NFC.String(e.Before)
	found := ""
	for _, em := range d.ed.Emendations {
		if em.ParaID() != p.ID || !strings.Contains(before, em.OCR) {
			continue
		}
		if strings.Contains(e.After, em.Corrected) {
			return emendationID(em)
		}
		if found == "" {
			found = emendationID(em) // a later rule changed the corrected form too
		}
	}
	return found
}

// owner is a div of the text: the book's front matter or a game.
type owner struct {
	id, kind string
	titles   corpus.Titles
	paras    []*corpus.Paragraph
	intro    corpus.Text // the editor's English introduction to a game
	introRU  corpus.Text // its Russian
	// after are the running heads that stand in the sources after the
	// owner's text and before the next owner's.
	after []*corpus.Paragraph
}

func (d *doc) owners() []owner {
	var os []owner
	if b := d.ed.Book; b != nil {
		os = append(os, owner{id: b.ID, kind: "front-matter", titles: b.Titles, paras: b.Paragraphs})
	}
	for _, g := range d.ed.Games {
		os = append(os, owner{id: g.ID, kind: "game", titles: g.Titles, paras: append([]*corpus.Paragraph(nil), g.Paragraphs...), intro: g.Intro, introRU: g.IntroRU})
	}
	if len(os) > 0 && os[0].kind == "front-matter" {
		placeRunningHeads(os)
	}
	var none []*corpus.Paragraph
	for _, p := range d.ed.Paragraphs {
		if p.Owner == "" {
			none = append(none, p)
		}
	}
	if len(none) > 0 {
		os = append(os, owner{id: "unowned", kind: "unowned", paras: none})
	}
	return os
}

// placeRunningHeads moves the running heads that the front matter owns
// (os[0]) to where they stand in the sources: into the game whose text
// runs on past them, or after the game whose text they follow.
func placeRunningHeads(os []owner) {
	var keep []*corpus.Paragraph
	for _, fw := range os[0].paras {
		if fw.Kind != corpus.KindRunningHead || !placeRunningHead(os[1:], fw) {
			keep = append(keep, fw)
		}
	}
	os[0].paras = keep
}

// placeRunningHead places one running head among the games (see
// placeRunningHeads), reporting whether a game's text precedes it.
func placeRunningHead(games []owner, fw *corpus.Paragraph) bool {
	gi, pi := -1, -1 // the game and index of the paragraph just before fw
	for i, g := range games {
		for j, p := range g.paras {
			if p.Source == fw.Source && p.N < fw.N && (gi < 0 || p.N > games[gi].paras[pi].N) {
				gi, pi = i, j
			}
		}
	}
	if gi < 0 {
		return false
	}
	g := &games[gi]
	for _, p := range g.paras {
		if p.Source == fw.Source && p.N > fw.N {
			g.paras = slices.Insert(g.paras, pi+1, fw)
			return true
		}
	}
	g.after = append(g.after, fw)
	return true
}

// text writes the text element: the Russian edition and the English
// translation as a group, then the back.
func (d *doc) text(depth int) error {
	d.w.open(depth, "text", nil)
	d.front(depth + 1)
	d.w.open(depth+1, "group", nil)
	for _, lang := range []string{"ru", "en"} {
		typ := "edition"
		if lang == "en" {
			typ = "translation"
		}
		d.w.open(depth+2, "text", attrs{"xml:id", lang, "xml:lang", lang, "type", typ})
		d.w.open(depth+3, "body", nil)
		for _, o := range d.owners() {
			if err := d.owner(depth+4, o, lang); err != nil {
				return err
			}
		}
		d.w.close(depth+3, "body")
		d.w.close(depth+2, "text")
	}
	d.w.close(depth+1, "group")
	d.back(depth + 1)
	d.w.close(depth, "text")
	return nil
}

// front writes the book's introduction (book.md, book.ru.md), in each
// language it has.
func (d *doc) front(depth int) {
	var bs []*corpus.Book
	for _, b := range []*corpus.Book{d.ed.Book, d.ed.BookRU} {
		if b != nil && len(b.Sections) > 0 {
			bs = append(bs, b)
		}
	}
	if len(bs) == 0 {
		return
	}
	d.w.open(depth, "front", nil)
	for _, b := range bs {
		lang := bookLang(b)
		id := introID(b)
		d.w.open(depth+1, "div", attrs{"xml:id", id, "type", "introduction", "xml:lang", lang})
		d.w.ru = lang == "ru"
		for i, s := range b.Sections {
			d.w.open(depth+2, "div", attrs{"xml:id", id + "-" + strconv.Itoa(i+1), "type", "section"})
			d.w.elem(depth+3, "head", nil, s.Title)
			d.blocks(depth+3, s.Text)
			d.w.close(depth+2, "div")
		}
		d.w.ru = false
		d.w.close(depth+1, "div")
	}
	d.w.close(depth, "front")
}

// bookLang is the language of an introduction, English unless it says.
func bookLang(b *corpus.Book) string {
	if b.Lang == "" {
		return "en"
	}
	return b.Lang
}

// introID is the xml:id of an introduction's div.
func introID(b *corpus.Book) string { return "introduction-" + ncName(bookLang(b)) }

// section is a heading of the book (or none) and what follows it up to
// the next heading.
type section struct {
	heads []*corpus.Paragraph
	units [][]*corpus.Paragraph // a paragraph, or the lines of a footnote
}

// sections splits an owner's paragraphs at its headings and gathers each
// footnote's lines (from its number to the next line that is not part of
// a footnote).
func sections(ps []*corpus.Paragraph) []section {
	ss := []section{{}}
	for i, p := range ps {
		last := &ss[len(ss)-1]
		switch {
		case p.Kind == corpus.KindHead:
			if len(last.units) > 0 || (len(ss) == 1 && len(last.heads) == 0) {
				ss = append(ss, section{})
				last = &ss[len(ss)-1]
			}
			last.heads = append(last.heads, p)
		case p.Kind == corpus.KindFootnote && i > 0 && ps[i-1].Kind == corpus.KindFootnote && !footnoteNumber(p) && len(last.units) > 0:
			last.units[len(last.units)-1] = append(last.units[len(last.units)-1], p)
		default:
			last.units = append(last.units, []*corpus.Paragraph{p})
		}
	}
	if len(ss[0].units) == 0 && len(ss) > 1 {
		ss = ss[1:]
	}
	return ss
}

// footnoteNumber reports whether a footnote line is the note's number.
func footnoteNumber(p *corpus.Paragraph) bool {
	s := strings.TrimSpace(p.Corrected)
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// owner writes one owner's div in one language.
func (d *doc) owner(depth int, o owner, lang string) error {
	id := lang + "-" + ncName(o.id)
	as := attrs{"xml:id", id, "type", o.kind, "n", o.id}
	if lang == "en" {
		as = append(as, "corresp", "#ru-"+ncName(o.id))
	}
	d.w.open(depth, "div", as)
	if o.titles != (corpus.Titles{}) {
		d.editorialHead(depth+1, o.titles, lang)
	}
	intro := o.intro
	if lang == "ru" {
		intro = o.introRU
	}
	if len(intro.Nodes) > 0 {
		d.w.open(depth+1, "argument", attrs{"xml:lang", lang})
		d.w.ru = lang == "ru"
		d.blocks(depth+2, intro)
		d.w.ru = false
		d.w.close(depth+1, "argument")
	}
	if lang == "ru" && o.kind == "game" && len(o.paras) > 0 && o.paras[0].Kind != corpus.KindHead {
		// The text begins without the game's heading: what stood before
		// it in the book is lost.
		d.w.nl(depth + 1)
		d.w.empty("gap", attrs{"reason", "lost", "extent", "the beginning of the game, its heading included"})
	}
	if o.kind == "front-matter" {
		if err := d.frontLines(depth+1, o, lang); err != nil {
			return err
		}
		d.w.close(depth, "div")
		return nil
	}
	for i, s := range sections(o.paras) {
		dd := depth + 1
		if len(s.heads) > 0 {
			as := attrs{"type", "section", "xml:id", fmt.Sprintf("%s-s%d", id, i+1)}
			if lang == "en" {
				as = append(as, "corresp", fmt.Sprintf("#ru-%s-s%d", ncName(o.id), i+1))
			}
			d.w.open(dd, "div", as)
			dd++
			for _, h := range s.heads {
				if err := d.para(dd, h, "head", nil, lang); err != nil {
					return err
				}
			}
		}
		for _, u := range s.units {
			if err := d.unit(dd, u, lang); err != nil {
				return err
			}
		}
		if len(s.heads) > 0 {
			d.w.close(depth+1, "div")
		}
	}
	d.w.close(depth, "div")
	for _, fw := range o.after {
		if err := d.unit(depth, []*corpus.Paragraph{fw}, lang); err != nil {
			return err
		}
	}
	return nil
}

// frontLines writes the lines of the sources that the book's front
// matter owns and that stand nowhere in the book's text: a heading there
// is the reader site's catalogue line (000:1), not a heading of the book.
func (d *doc) frontLines(depth int, o owner, lang string) error {
	for _, p := range o.paras {
		var err error
		if p.Kind == corpus.KindHead {
			err = d.para(depth, p, "ab", attrs{"type", "catalogue-line"}, lang)
		} else {
			err = d.unit(depth, []*corpus.Paragraph{p}, lang)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// editorialHead writes the game's title that the editors give it, as
// supplied text: in Russian the pre-reform title, with its modern form
// where the two differ.
func (d *doc) editorialHead(depth int, t corpus.Titles, lang string) {
	d.w.nl(depth)
	d.w.start("head", attrs{"type", "editorial"})
	d.w.start("supplied", attrs{"reason", "editorial", "resp", "#" + respEditors})
	switch {
	case lang != "ru":
		d.w.text(t.EN)
	case t.RU == t.RUModern:
		d.w.text(t.RU)
	default:
		d.w.start("choice", nil)
		d.w.inline("orig", nil, t.RU)
		d.w.inline("reg", attrs{"resp", "#" + respEditors}, t.RUModern)
		d.w.end("choice")
	}
	d.w.end("supplied")
	d.w.end("head")
}

// unit writes a paragraph, or a footnote's lines as one note.
func (d *doc) unit(depth int, u []*corpus.Paragraph, lang string) error {
	p := u[0]
	switch p.Kind {
	case corpus.KindRunningHead:
		return d.para(depth, p, "fw", attrs{"type", "header", "place", "top"}, lang)
	case corpus.KindFootnote:
		as := attrs{"type", "footnote", "place", "foot"}
		if footnoteNumber(p) {
			n := strings.TrimSpace(p.Corrected)
			k, _ := strconv.Atoi(n)
			as = append(attrs{"xml:id", footnoteID(k, lang)}, append(as, "n", n)...)
		} else {
			as = append(as, "n", "")
		}
		d.w.open(depth, "note", as)
		for _, q := range u {
			if err := d.para(depth+1, q, "p", nil, lang); err != nil {
				return err
			}
		}
		d.w.close(depth, "note")
		return nil
	}
	return d.para(depth, p, "p", nil, lang)
}

// para writes one paragraph as element name: the Russian with its three
// readings, or its English translation; the editor's notes on it, in the
// same language, stand at its end.
func (d *doc) para(depth int, p *corpus.Paragraph, name string, as attrs, lang string) error {
	d.w.nl(depth)
	if lang == "ru" {
		d.w.start(name, append(attrs{"xml:id", paraID(p.ID, "p"), "n", p.ID, "source", "#source-" + ncName(p.Source)}, as...))
		if err := d.readings(p); err != nil {
			return err
		}
	} else {
		d.w.start(name, append(attrs{"xml:id", paraID(p.ID, "en"), "n", p.ID, "corresp", "#" + paraID(p.ID, "p")}, as...))
		d.calls = "en"
		d.markdown(p.Translation)
		d.calls = ""
	}
	d.notes(p, lang)
	d.w.end(name)
	return nil
}

// notes writes the editor's notes on a paragraph in one language, each a
// note at the end of the paragraph that points at it, the English and
// the Russian of a note paired by corresp. The opening "Note." or
// "Примечание." of the corpus's blockquotes is the note's label, not its
// text, and is left out.
func (d *doc) notes(p *corpus.Paragraph, lang string) {
	for i, n := range p.Notes {
		id := paraID(p.ID, "note") + "-" + strconv.Itoa(i+1)
		idRU := id + "-ru"
		t, self, other, target := n.Text, id, idRU, paraID(p.ID, "en")
		if lang == "ru" {
			t, self, other, target = n.RU, idRU, id, paraID(p.ID, "p")
		}
		if t.Markdown == "" {
			continue
		}
		targets := "#" + target
		if _, ok := quotedWord(p.Corrected, n.RU.Markdown, n.Markdown); ok {
			// The note is about a word: it points at the word's anchor
			// (the English note at its paragraph too).
			targets = "#" + anchorID(p.ID, i)
			if lang != "ru" {
				targets = "#" + target + " " + targets
			}
		}
		as := attrs{"xml:id", self, "type", "editorial", "place", "end", "xml:lang", lang, "target", targets, "resp", "#" + respEditors}
		if n.RU.Markdown != "" {
			as = append(as, "corresp", "#"+other)
		}
		d.w.start("note", as)
		d.lead = notePrefix(lang)
		d.w.ru = lang == "ru"
		d.markdown(t)
		d.w.ru = false
		d.lead = ""
		d.w.end("note")
	}
}

// notePrefix is the label that opens a note's blockquote in the corpus.
func notePrefix(lang string) string {
	if lang == "ru" {
		return "Примечание. "
	}
	return "Note. "
}

// back writes the rule links, the engine's rules, the
// glossary and the emendations' reasons.
func (d *doc) back(depth int) {
	d.w.open(depth, "back", nil)
	d.w.open(depth+1, "div", attrs{"type", "rule-links", "xml:id", "rule-links"})
	for _, p := range d.ed.Paragraphs {
		if p.RulesLine.Markdown == "" {
			continue
		}
		d.w.nl(depth + 2)
		d.w.start("note", attrs{"xml:id", paraID(p.ID, "rules"), "type", "rule-links", "xml:lang", "en", "target", "#" + paraID(p.ID, "p")})
		d.markdown(p.RulesLine)
		d.w.end("note")
		if p.RulesLineRU.Markdown != "" {
			d.w.nl(depth + 2)
			d.w.start("note", attrs{"xml:id", paraID(p.ID, "rules") + "-ru", "type", "rule-links", "xml:lang", "ru",
				"target", "#" + paraID(p.ID, "p"), "corresp", "#" + paraID(p.ID, "rules")})
			d.w.ru = true
			d.markdown(p.RulesLineRU)
			d.w.ru = false
			d.w.end("note")
		}
	}
	d.w.close(depth+1, "div")
	d.engineRules(depth + 1)
	d.glossary(depth + 1)
	d.emendations(depth + 1)
	d.w.close(depth, "back")
}

// backList writes a div of the back matter, of type and xml:id name,
// around one container element (a list, an interpGrp) with attributes
// in; items writes the container's entries at depth+2.
func (d *doc) backList(depth int, name, container string, in attrs, items func()) {
	d.w.open(depth, "div", attrs{"type", name, "xml:id", name})
	d.w.open(depth+1, container, in)
	items()
	d.w.close(depth+1, container)
	d.w.close(depth, "div")
}

// engineRules lists the engine's rules that the games play or the text
// cites.
func (d *doc) engineRules(depth int) {
	if len(d.ruleIDs) == 0 {
		return
	}
	d.backList(depth, "rules", "list", attrs{"type", "rules"}, func() {
		for _, id := range d.ruleIDs {
			r := d.rules[id]
			d.w.open(depth+2, "item", attrs{"xml:id", ruleID(id), "n", id})
			d.w.elem(depth+3, "label", nil, id)
			d.w.elem(depth+3, "ab", attrs{"xml:lang", "en", "type", "statement"}, r.EN)
			d.w.elem(depth+3, "ab", attrs{"xml:lang", "ru", "type", "statement"}, typo.Text(r.RU))
			if len(r.Book) > 0 {
				d.w.nl(depth + 3)
				d.w.start("ab", attrs{"type", "attested"})
				d.w.text("Stated in ")
				for i, pid := range r.Book {
					if i > 0 {
						d.w.text(", ")
					}
					if d.paras[pid] {
						d.w.inline("ref", attrs{"target", "#" + paraID(pid, "p")}, pid)
					} else {
						d.w.text(pid)
					}
				}
				d.w.text(".")
				d.w.end("ab")
			}
			if r.Reconstructed != "" {
				d.w.elem(depth+3, "ab", attrs{"type", "reconstructed"}, r.Reconstructed)
			}
			if r.Option != "" {
				d.w.elem(depth+3, "ab", attrs{"type", "option"}, r.Option)
			}
			d.w.close(depth+2, "item")
		}
	})
}

// glossary writes the glossary as a list of terms.
func (d *doc) glossary(depth int) {
	if len(d.ed.Glossary) == 0 {
		return
	}
	d.backList(depth, "glossary", "list", attrs{"type", "gloss"}, func() {
		for _, t := range d.ed.Glossary {
			d.w.nl(depth + 2)
			d.w.start("label", attrs{"xml:id", "term-" + ncName(t.ID), "n", t.ID})
			d.w.inline("term", attrs{"xml:lang", "ru", "type", "pre-reform"}, t.PreReform)
			if t.Modern != t.PreReform {
				d.w.text(" (")
				d.w.inline("term", attrs{"xml:lang", "ru", "type", "modern"}, t.Modern)
				d.w.text(")")
			}
			d.w.text(" — ")
			d.w.inline("term", attrs{"xml:lang", "en"}, t.EN)
			d.w.end("label")
			d.w.open(depth+2, "item", attrs{"corresp", "#term-" + ncName(t.ID)})
			d.w.elem(depth+3, "gloss", attrs{"xml:lang", "en"}, t.DefEN)
			d.w.elem(depth+3, "gloss", attrs{"xml:lang", "ru"}, typo.Text(t.DefRU))
			var ts []string
			for _, pid := range t.Paragraphs {
				if d.paras[pid] {
					ts = append(ts, "#"+paraID(pid, "p"))
				}
			}
			if len(ts) > 0 {
				d.w.nl(depth + 3)
				d.w.empty("ptr", attrs{"type", "attested", "target", strings.Join(ts, " ")})
			}
			d.w.close(depth+2, "item")
		}
	})
}

// emendations writes the reasons of the editor's emendations, which the
// corr elements point at.
func (d *doc) emendations(depth int) {
	if len(d.ed.Emendations) == 0 {
		return
	}
	ems := append([]normalize.Emendation(nil), d.ed.Emendations...)
	sort.SliceStable(ems, func(i, j int) bool { return ems[i].Line < ems[j].Line })
	d.backList(depth, "emendations", "interpGrp", attrs{"type", "emendation"}, func() {
		for _, e := range ems {
			d.w.nl(depth + 2)
			as := attrs{"xml:id", emendationID(e), "n", e.ParaID() + " " + e.OCR + " → " + e.Corrected, "resp", "#" + respEditors}
			switch {
			case d.choices[emendationID(e)] != "":
				as = append(as, "corresp", "#"+d.choices[emendationID(e)])
			case d.paras[e.ParaID()]:
				as = append(as, "corresp", "#"+paraID(e.ParaID(), "p"))
			}
			d.w.start("interp", as)
			d.w.start("desc", nil)
			d.w.inline("term", attrs{"type", "ocr", "xml:lang", "ru"}, e.OCR)
			d.w.text(" → ")
			d.w.inline("term", attrs{"type", "corrected", "xml:lang", "ru"}, e.Corrected)
			d.w.text(": " + e.Reason)
			d.w.end("desc")
			d.w.end("interp")
		}
	})
}

// Schema is the RELAX NG schema (schema/pasyans.rng) that checks what the
// edition's ODD (ODD, schema/pasyans.odd) restricts, beside tei_all;
// build writes both beside the document, which points at them.
//
//go:embed schema/pasyans.rng
var Schema []byte

// ODD is the edition's TEI customisation (schema/pasyans.odd).
//
//go:embed schema/pasyans.odd
var ODD []byte
