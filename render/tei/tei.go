package tei

import (
	"bytes"
	"fmt"
	"io"
	"pasyans/render/typo"
	"sort"
	"strconv"
	"strings"

	"pasyans/corpus"
	"pasyans/engine"
	"pasyans/normalize"

	"golang.org/x/text/unicode/norm"
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
	// rules are the engine rules listed in the back, by id, in order.
	rules   map[string]*engine.Rule
	ruleIDs []string
	paras   map[string]bool // the paragraph ids of the edition
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
	d.w.tag("TEI", attrs{"xmlns", Namespace, "xml:lang", "en"}, false)
	d.header(1, chars)
	d.w.b.Write(body)
	d.w.close(0, "TEI")
	d.w.b.WriteByte('\n')
	return bytes.Clone(d.w.b.Bytes()), nil
}

func newDoc(ed *corpus.Edition) *doc {
	d := &doc{ed: ed, w: newWriter(), normRules: map[string]bool{}, extra: map[string]bool{},
		rules: map[string]*engine.Rule{}, paras: map[string]bool{}}
	for _, r := range normalize.Rules() {
		d.normRules[r.ID] = true
	}
	for _, p := range ed.Paragraphs {
		d.paras[p.ID] = true
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

// normID is the xml:id of a normalisation rule's category.
func normID(id string) string { return "nr-" + ncName(id) }

// ruleID is the xml:id of an engine rule's entry.
func ruleID(id string) string { return "rule-" + ncName(id) }

// emendationID is the xml:id of an emendation's reason.
func emendationID(e normalize.Emendation) string { return "em-" + strconv.Itoa(e.Line) }

// emendation returns the id of the emendation an edit applies, or "".
func (d *doc) emendation(p *corpus.Paragraph, e normalize.Edit) string {
	if !contains(strings.Split(e.Rule, "+"), "emendation") {
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
}

func (d *doc) owners() []owner {
	var os []owner
	if b := d.ed.Book; b != nil {
		os = append(os, owner{b.ID, "front-matter", b.Titles, b.Paragraphs, corpus.Text{}, corpus.Text{}})
	}
	for _, g := range d.ed.Games {
		os = append(os, owner{g.ID, "game", g.Titles, g.Paragraphs, g.Intro, g.IntroRU})
	}
	var none []*corpus.Paragraph
	for _, p := range d.ed.Paragraphs {
		if p.Owner == "" {
			none = append(none, p)
		}
	}
	if len(none) > 0 {
		os = append(os, owner{"unowned", "unowned", corpus.Titles{}, none, corpus.Text{}, corpus.Text{}})
	}
	return os
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
		lang := b.Lang
		if lang == "" {
			lang = "en"
		}
		id := "introduction-" + ncName(lang)
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
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
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
		d.w.nl(depth + 1)
		d.w.start("head", attrs{"type", "editorial"})
		if lang == "ru" {
			d.w.start("choice", nil)
			d.w.inline("orig", nil, o.titles.RU)
			d.w.inline("reg", nil, o.titles.RUModern)
			d.w.end("choice")
		} else {
			d.w.text(o.titles.EN)
		}
		d.w.end("head")
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
	return nil
}

// unit writes a paragraph, or a footnote's lines as one note.
func (d *doc) unit(depth int, u []*corpus.Paragraph, lang string) error {
	p := u[0]
	switch p.Kind {
	case corpus.KindRunningHead:
		return d.para(depth, p, "fw", attrs{"type", "header", "place", "top"}, lang)
	case corpus.KindFootnote:
		n := ""
		if footnoteNumber(p) {
			n = strings.TrimSpace(p.Corrected)
		}
		d.w.open(depth, "note", attrs{"type", "footnote", "place", "foot", "n", n})
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
// readings, or its English translation.
func (d *doc) para(depth int, p *corpus.Paragraph, name string, as attrs, lang string) error {
	d.w.nl(depth)
	if lang == "ru" {
		d.w.start(name, append(attrs{"xml:id", paraID(p.ID, "p"), "n", p.ID, "source", "#source-" + ncName(p.Source)}, as...))
		if err := d.readings(p); err != nil {
			return err
		}
	} else {
		d.w.start(name, append(attrs{"xml:id", paraID(p.ID, "en"), "n", p.ID, "corresp", "#" + paraID(p.ID, "p")}, as...))
		d.markdown(p.Translation)
	}
	d.w.end(name)
	return nil
}

// back writes the editor's notes, the rule links, the engine's rules, the
// glossary and the emendations' reasons.
func (d *doc) back(depth int) {
	d.w.open(depth, "back", nil)
	d.w.open(depth+1, "div", attrs{"type", "notes", "xml:id", "notes"})
	for _, p := range d.ed.Paragraphs {
		for i, n := range p.Notes {
			id := paraID(p.ID, "note") + "-" + strconv.Itoa(i+1)
			d.w.nl(depth + 2)
			d.w.start("note", attrs{"xml:id", id, "type", "editorial", "xml:lang", "en",
				"target", "#" + paraID(p.ID, "p")})
			d.markdown(n.Text)
			d.w.end("note")
			if n.RU.Markdown == "" {
				continue
			}
			d.w.nl(depth + 2)
			d.w.start("note", attrs{"xml:id", id + "-ru", "type", "editorial", "xml:lang", "ru",
				"target", "#" + paraID(p.ID, "p"), "corresp", "#" + id})
			d.w.ru = true
			d.markdown(n.RU)
			d.w.ru = false
			d.w.end("note")
		}
	}
	d.w.close(depth+1, "div")
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

// engineRules lists the engine's rules that the games play or the text
// cites.
func (d *doc) engineRules(depth int) {
	if len(d.ruleIDs) == 0 {
		return
	}
	d.w.open(depth, "div", attrs{"type", "rules", "xml:id", "rules"})
	d.w.open(depth+1, "list", attrs{"type", "rules"})
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
	d.w.close(depth+1, "list")
	d.w.close(depth, "div")
}

// glossary writes the glossary as a list of terms.
func (d *doc) glossary(depth int) {
	if len(d.ed.Glossary) == 0 {
		return
	}
	d.w.open(depth, "div", attrs{"type", "glossary", "xml:id", "glossary"})
	d.w.open(depth+1, "list", attrs{"type", "gloss"})
	for _, t := range d.ed.Glossary {
		d.w.open(depth+2, "item", attrs{"xml:id", "term-" + ncName(t.ID), "n", t.ID})
		d.w.elem(depth+3, "term", attrs{"xml:lang", "ru", "type", "pre-reform"}, t.PreReform)
		d.w.elem(depth+3, "term", attrs{"xml:lang", "ru", "type", "modern"}, t.Modern)
		d.w.elem(depth+3, "term", attrs{"xml:lang", "en"}, t.EN)
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
	d.w.close(depth+1, "list")
	d.w.close(depth, "div")
}

// emendations writes the reasons of the editor's emendations, which the
// corr elements point at.
func (d *doc) emendations(depth int) {
	if len(d.ed.Emendations) == 0 {
		return
	}
	ems := append([]normalize.Emendation(nil), d.ed.Emendations...)
	sort.SliceStable(ems, func(i, j int) bool { return ems[i].Line < ems[j].Line })
	d.w.open(depth, "div", attrs{"type", "emendations", "xml:id", "emendations"})
	d.w.open(depth+1, "interpGrp", attrs{"type", "emendation"})
	for _, e := range ems {
		d.w.elem(depth+2, "interp", attrs{"xml:id", emendationID(e), "n", e.ParaID() + " " + e.OCR + " → " + e.Corrected}, e.Reason)
	}
	d.w.close(depth+1, "interpGrp")
	d.w.close(depth, "div")
}
