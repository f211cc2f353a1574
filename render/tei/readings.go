package tei

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"pasyans/corpus"
	"pasyans/normalize"
)

// span is an apparatus edit placed in the corrected reading: runes
// [s, e) of the corrected text.
type span struct {
	s, e int
	edit normalize.Edit
}

// group is a run of edits that touch or overlap in the corrected text,
// runes [s, e): its corrected-layer edits (in order) and its modern-layer
// edits (in order).
type group struct {
	s, e      int
	corrected []span
	modern    []span
}

// groups places the paragraph's apparatus in the corrected reading and
// groups the edits that touch or overlap there. Corrected-layer edits
// have offsets in the diplomatic text, modern-layer edits in the
// corrected text.
func groups(p *corpus.Paragraph) ([]group, error) {
	var all []span
	delta := 0 // corrected - diplomatic offset after the edits so far
	lastC, lastM := 0, 0
	for _, e := range p.Apparatus {
		switch e.Layer {
		case normalize.Corrected:
			if e.Start < lastC || e.End < e.Start {
				return nil, fmt.Errorf("paragraph %s: corrected-layer edits out of order at [%d,%d)", p.ID, e.Start, e.End)
			}
			lastC = e.End
			s := e.Start + delta
			n := runeLen(e.After)
			all = append(all, span{s, s + n, e})
			delta += n - runeLen(e.Before)
		case normalize.Modern:
			if e.Start < lastM || e.End < e.Start {
				return nil, fmt.Errorf("paragraph %s: modern-layer edits out of order at [%d,%d)", p.ID, e.Start, e.End)
			}
			lastM = e.End
			all = append(all, span{e.Start, e.End, e})
		default:
			return nil, fmt.Errorf("paragraph %s: edit of unknown layer %q", p.ID, e.Layer)
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].s < all[j].s })
	var gs []group
	for _, sp := range all {
		if len(gs) == 0 || sp.s > gs[len(gs)-1].e {
			gs = append(gs, group{s: sp.s, e: sp.e})
		}
		g := &gs[len(gs)-1]
		g.e = max(g.e, sp.e)
		if sp.edit.Layer == normalize.Corrected {
			g.corrected = append(g.corrected, sp)
		} else {
			g.modern = append(g.modern, sp)
		}
	}
	return gs, nil
}

// fnCall is a footnote call in the book's text: [2].
var fnCall = regexp.MustCompile(`\[([0-9]{1,3})\]`)

func runeLen(s string) int { return utf8.RuneCountInString(s) }

// runes indexes a text by rune as normalize counts them (a byte that is
// not UTF-8 counts as one): sub(a, b) is runes [a, b) as the bytes of
// the text, so that no byte is lost.
type runes struct {
	s   string
	off []int // byte offset of each rune, and len(s) last
}

func indexRunes(s string) runes {
	r := runes{s: s, off: make([]int, 0, len(s)+1)}
	for i := 0; i < len(s); {
		r.off = append(r.off, i)
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
	}
	r.off = append(r.off, len(s))
	return r
}

func (r runes) len() int            { return len(r.off) - 1 }
func (r runes) sub(a, b int) string { return r.s[r.off[a]:r.off[b]] }

// at returns rune i (utf8.RuneError for a byte that is not UTF-8).
func (r runes) at(i int) rune {
	c, _ := utf8.DecodeRuneInString(r.s[r.off[i]:r.off[i+1]])
	return c
}

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
	gs, err := groups(p)
	if err != nil {
		return err
	}
	c := indexRunes(p.Corrected)
	gs = wordGroups(c, gs)
	anchors := noteAnchors(p)
	var dip, mod strings.Builder // the readings the choices give, to check
	pos := 0
	for _, g := range gs {
		if g.s < pos || g.e > c.len() {
			return fmt.Errorf("paragraph %s: apparatus offset %d outside the corrected text (%d runes)", p.ID, g.e, c.len())
		}
		for k := range anchors {
			if anchors[k].at >= g.s && anchors[k].at < g.e {
				anchors[k].at = g.s // an anchor inside a changed word stands before its choice
			}
		}
		anchors = d.plainAnchored(c, pos, g.s, anchors)
		dip.WriteString(c.sub(pos, g.s))
		mod.WriteString(c.sub(pos, g.s))
		word := c.sub(g.s, g.e)
		ocr, err := g.diplomatic(p, c)
		if err != nil {
			return err
		}
		dip.WriteString(ocr)
		if len(g.modern) == 0 {
			d.repair(p, g, word, ocr)
			mod.WriteString(word)
			pos = g.e
			continue
		}
		reg, err := normalize.Replay(word, shift(g.modern, g.s))
		if err != nil {
			return fmt.Errorf("paragraph %s: modern-layer edits: %w", p.ID, err)
		}
		d.w.start("choice", nil)
		d.w.start("orig", nil)
		if len(g.corrected) > 0 {
			d.repair(p, g, word, ocr)
		} else {
			d.w.text(word)
		}
		d.w.end("orig")
		d.w.inline("reg", d.ruleAttrs(joinRules(g.modern)), reg)
		d.w.end("choice")
		mod.WriteString(reg)
		pos = g.e
	}
	d.plainAnchored(c, pos, c.len(), anchors)
	dip.WriteString(c.sub(pos, c.len()))
	mod.WriteString(c.sub(pos, c.len()))
	if dip.String() != p.Diplomatic || mod.String() != p.Modern {
		return fmt.Errorf("paragraph %s: the apparatus does not lead from the diplomatic to the corrected and modern readings", p.ID)
	}
	return nil
}

// wordGroups widens each group to the whole words it touches in the
// corrected text c and merges the groups that then meet, so that every
// choice holds whole words.
func wordGroups(c runes, gs []group) []group {
	var out []group
	for _, g := range gs {
		s, e := g.s, g.e
		for s > 0 && normalize.IsWordRune(c.at(s-1)) {
			s--
		}
		for e < c.len() && normalize.IsWordRune(c.at(e)) {
			e++
		}
		if n := len(out); n > 0 && s < out[n-1].e {
			last := &out[n-1]
			last.e = max(last.e, e)
			last.corrected = append(last.corrected, g.corrected...)
			last.modern = append(last.modern, g.modern...)
			continue
		}
		g.s, g.e = s, e
		out = append(out, g)
	}
	return out
}

// diplomatic returns the group's words as the OCR has them: the corrected
// words with each repair's After put back to its Before.
func (g group) diplomatic(p *corpus.Paragraph, c runes) (string, error) {
	var b strings.Builder
	at := g.s
	for _, sp := range g.corrected {
		if sp.s < at || sp.e > g.e {
			return "", fmt.Errorf("paragraph %s: corrected-layer edits overlap at [%d,%d)", p.ID, sp.s, sp.e)
		}
		if err := fits(p, c, sp); err != nil {
			return "", err
		}
		b.WriteString(c.sub(at, sp.s))
		b.WriteString(sp.edit.Before)
		at = sp.e
	}
	b.WriteString(c.sub(at, g.e))
	return b.String(), nil
}

// fits checks that a corrected-layer edit's After stands where it is
// placed in the corrected text c.
func fits(p *corpus.Paragraph, c runes, sp span) error {
	if sp.e > c.len() || c.sub(sp.s, sp.e) != sp.edit.After {
		return fmt.Errorf("paragraph %s: the corrected text does not read %q at [%d,%d)", p.ID, sp.edit.After, sp.s, sp.e)
	}
	return nil
}

// repair writes the repaired words of a group as a choice of corr (the
// corrected words) and sic (the OCR's), or the plain words if the group
// has no repair. The corr names every rule of the word in its type and
// ana, and who is responsible: the editor for an emendation, the rules
// for the rest.
func (d *doc) repair(p *corpus.Paragraph, g group, word, ocr string) {
	if len(g.corrected) == 0 {
		d.w.text(word)
		return
	}
	as := d.ruleAttrs(joinRules(g.corrected))
	var ems []string
	for _, sp := range g.corrected {
		if id := d.emendation(p, sp.edit); id != "" && !slices.Contains(ems, id) {
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

// plainAnchored writes runes [from, to) of the corrected text c that no
// choice covers, with the anchors that stand at from … to (to included)
// before the text at their place; it returns the anchors still to come.
func (d *doc) plainAnchored(c runes, from, to int, anchors []noteAnchor) []noteAnchor {
	for len(anchors) > 0 && anchors[0].at <= to {
		at := max(from, anchors[0].at)
		d.plain(c.sub(from, at))
		d.w.empty("anchor", attrs{"xml:id", anchors[0].id})
		from, anchors = at, anchors[1:]
	}
	d.plain(c.sub(from, to))
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

// shift returns the spans' edits with offsets relative to from.
func shift(ss []span, from int) []normalize.Edit {
	es := make([]normalize.Edit, len(ss))
	for i, sp := range ss {
		es[i] = sp.edit
		es[i].Start -= from
		es[i].End -= from
	}
	return es
}

// joinRules joins the rule ids of edits with "+", each once, in order.
func joinRules(ss []span) string {
	var ids []string
	for _, sp := range ss {
		for _, id := range strings.Split(sp.edit.Rule, "+") {
			if !contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	return strings.Join(ids, "+")
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
