package tei

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"pasyans/corpus"
	"pasyans/normalize"
)

// The readings, for short.
const (
	dipR = normalize.DiplomaticReading
	corR = normalize.CorrectedReading
	modR = normalize.ModernReading
)

// choices returns the spans of the corrected reading that a choice
// stands around: the edits' spans there, those that touch or overlap
// joined, then widened to the whole words they touch, and those that
// then overlap joined, so that every choice holds whole words.
func choices(ap *normalize.Apparatus) []normalize.Span {
	spans := make([]normalize.Span, len(ap.Edits()))
	for i := range spans {
		spans[i] = ap.Span(i, corR)
	}
	spans = normalize.Join(spans, true)
	for i := range spans {
		spans[i] = ap.Word(corR, spans[i])
	}
	return normalize.Join(spans, false)
}

// fnCall is a footnote call in the book's text: [2].
var fnCall = regexp.MustCompile(`\[([0-9]{1,3})\]`)

// readings writes the Russian text of a paragraph with its three readings
// (see the package doc) and checks that the choices give them back. Each
// intervention stands as one choice around the whole word (or the words)
// it touches, as the DTA base format and other editions of printed books
// encode them: a word with an OCR repair is <choice><corr/><sic/></choice>,
// a word the modern reading changes <choice><orig/><reg/></choice> with the
// repair's choice inside orig where a word has both. corr and orig come
// first, so that a tool that takes a choice's first child (the TEI
// Consortium's plain-text stylesheet) prints the corrected reading.
func (d *doc) readings(p *corpus.Paragraph) error {
	ap, err := normalize.NewApparatus(normalize.Readings{Diplomatic: p.Diplomatic, Corrected: p.Corrected, Modern: p.Modern, Apparatus: p.Apparatus})
	if err != nil {
		return fmt.Errorf("paragraph %s: the apparatus: %w", p.ID, err)
	}
	anchors := noteAnchors(p)
	var dip, mod strings.Builder // the readings the choices give, to check
	pos := 0
	for _, g := range choices(ap) {
		for k := range anchors {
			if anchors[k].at >= g.Start && anchors[k].at < g.End {
				anchors[k].at = g.Start // an anchor inside a changed word stands before its choice
			}
		}
		anchors = d.plainAnchored(ap, pos, g.Start, anchors)
		before := ap.Text(corR, normalize.Span{Start: pos, End: g.Start})
		dip.WriteString(before)
		mod.WriteString(before)
		word, ocr := ap.Text(corR, g), ap.Text(dipR, ap.Map(g, corR, dipR))
		corrected, modern := byLayer(ap.EditsIn(corR, g))
		dip.WriteString(ocr)
		pos = g.End
		if len(modern) == 0 {
			d.repair(p, corrected, word, ocr)
			mod.WriteString(word)
			continue
		}
		reg := ap.Text(modR, ap.Map(g, corR, modR))
		d.w.start("choice", nil)
		d.w.start("orig", nil)
		if len(corrected) > 0 {
			d.repair(p, corrected, word, ocr)
		} else {
			d.w.text(word)
		}
		d.w.end("orig")
		d.w.inline("reg", d.ruleAttrs(joinRules(modern)), reg)
		d.w.end("choice")
		mod.WriteString(reg)
	}
	d.plainAnchored(ap, pos, ap.Len(corR), anchors)
	rest := ap.Text(corR, normalize.Span{Start: pos, End: ap.Len(corR)})
	dip.WriteString(rest)
	mod.WriteString(rest)
	if dip.String() != p.Diplomatic || mod.String() != p.Modern {
		return fmt.Errorf("paragraph %s: the choices do not give back the diplomatic and the modern reading", p.ID)
	}
	return nil
}

// byLayer splits edits into the corrected layer's and the modern
// layer's, each in order.
func byLayer(es []normalize.Edit) (corrected, modern []normalize.Edit) {
	for _, e := range es {
		if e.Layer == normalize.Corrected {
			corrected = append(corrected, e)
		} else {
			modern = append(modern, e)
		}
	}
	return corrected, modern
}

// repair writes the words of a choice's span as a choice of corr (the
// corrected words) and sic (the OCR's), or the plain words if the
// corrected layer did not change them (corrected, its edits, is empty). The corr names every rule of the word in its type and
// ana, and who is responsible: the editor for an emendation, the rules
// for the rest.
func (d *doc) repair(p *corpus.Paragraph, corrected []normalize.Edit, word, ocr string) {
	if len(corrected) == 0 {
		d.w.text(word)
		return
	}
	as := d.ruleAttrs(joinRules(corrected))
	var ems []string
	for _, e := range corrected {
		if id := d.emendation(p, e); id != "" && !slices.Contains(ems, id) {
			ems = append(ems, id)
		}
	}
	var choice attrs
	if len(ems) > 0 {
		// An emendation is the editors' (resp), its choice has an id that
		// its reason points at, and its ana points at the reason too.
		as[3] += " #" + strings.Join(ems, " #")
		as[5] = "#" + respEditors
		id := "choice-" + ems[0]
		choice = attrs{"xml:id", id}
		for _, em := range ems {
			d.choices[em] = id
		}
	}
	d.w.start("choice", choice)
	d.w.inline("corr", as, word)
	d.w.inline("sic", nil, ocr)
	d.w.end("choice")
}

// plainAnchored writes runes [from, to) of the corrected reading that no
// choice covers, with the anchors that stand at from … to (to included)
// before the text at their place; it returns the anchors still to come.
func (d *doc) plainAnchored(ap *normalize.Apparatus, from, to int, anchors []noteAnchor) []noteAnchor {
	for len(anchors) > 0 && anchors[0].at <= to {
		at := max(from, anchors[0].at)
		d.plain(ap.Text(corR, normalize.Span{Start: from, End: at}))
		d.w.empty("anchor", attrs{"xml:id", anchors[0].id})
		from, anchors = at, anchors[1:]
	}
	d.plain(ap.Text(corR, normalize.Span{Start: from, End: to}))
	return anchors
}

// plain writes Russian text that no choice covers (see linkCalls).
func (d *doc) plain(s string) { d.linkCalls(s, "ru") }

// linkCalls writes text in lang with each footnote call [N] a ref to
// footnote N where the sources keep it.
func (d *doc) linkCalls(s, lang string) {
	last := 0
	for _, m := range fnCall.FindAllStringSubmatchIndex(s, -1) {
		n, _ := strconv.Atoi(s[m[2]:m[3]])
		if _, ok := d.footnotes[n]; !ok {
			continue
		}
		d.w.text(s[last:m[0]])
		d.w.inline("ref", attrs{"type", "noteAnchor", "target", "#" + footnoteID(n, lang)}, s[m[0]:m[1]])
		last = m[1]
	}
	d.w.text(s[last:])
}

// footnoteID is the xml:id of the book's footnote n in lang.
func footnoteID(n int, lang string) string {
	id := "fn-" + strconv.Itoa(n)
	if lang == "en" {
		return "en-" + id
	}
	return id
}

// joinRules joins the rule ids of edits with "+", each once, in order.
func joinRules(es []normalize.Edit) string {
	return strings.Join(normalize.RuleIDs(es), "+")
}
