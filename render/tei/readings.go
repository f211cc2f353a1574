package tei

import (
	"fmt"
	"sort"
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

// readings writes the Russian text of a paragraph with its three readings
// (see the package doc) and checks that the choices give them back.
func (d *doc) readings(p *corpus.Paragraph) error {
	gs, err := groups(p)
	if err != nil {
		return err
	}
	c := indexRunes(p.Corrected)
	var dip, mod strings.Builder // the readings the choices give, to check
	pos := 0
	plain := func(to int) error {
		if to < pos || to > c.len() {
			return fmt.Errorf("paragraph %s: apparatus offset %d outside the corrected text (%d runes)", p.ID, to, c.len())
		}
		s := c.sub(pos, to)
		d.w.text(s)
		dip.WriteString(s)
		mod.WriteString(s)
		pos = to
		return nil
	}
	for _, g := range gs {
		if err := plain(g.s); err != nil {
			return err
		}
		if len(g.modern) == 0 {
			for _, sp := range g.corrected {
				if err := plain(sp.s); err != nil {
					return err
				}
				if err := fits(p, c, sp); err != nil {
					return err
				}
				d.repair(p, sp)
				dip.WriteString(sp.edit.Before)
				mod.WriteString(sp.edit.After)
				pos = sp.e
			}
			continue
		}
		if g.e > c.len() {
			return fmt.Errorf("paragraph %s: apparatus offset %d outside the corrected text (%d runes)", p.ID, g.e, c.len())
		}
		orig := c.sub(g.s, g.e)
		reg, err := normalize.Replay(orig, shift(g.modern, g.s))
		if err != nil {
			return fmt.Errorf("paragraph %s: modern-layer edits: %w", p.ID, err)
		}
		d.w.start("choice", nil)
		d.w.start("orig", nil)
		at := g.s
		for _, sp := range g.corrected {
			d.w.text(c.sub(at, sp.s))
			dip.WriteString(c.sub(at, sp.s))
			if err := fits(p, c, sp); err != nil {
				return err
			}
			d.repair(p, sp)
			dip.WriteString(sp.edit.Before)
			at = sp.e
		}
		d.w.text(c.sub(at, g.e))
		dip.WriteString(c.sub(at, g.e))
		d.w.end("orig")
		rule := joinRules(g.modern)
		d.w.inline("reg", attrs{"type", rule, "ana", d.ruleRefs(rule)}, reg)
		d.w.end("choice")
		mod.WriteString(reg)
		pos = g.e
	}
	if err := plain(c.len()); err != nil {
		return err
	}
	if dip.String() != p.Diplomatic || mod.String() != p.Modern {
		return fmt.Errorf("paragraph %s: the apparatus does not lead from the diplomatic to the corrected and modern readings", p.ID)
	}
	return nil
}

// fits checks that a corrected-layer edit's After stands where it is
// placed in the corrected text c.
func fits(p *corpus.Paragraph, c runes, sp span) error {
	if sp.e > c.len() || c.sub(sp.s, sp.e) != sp.edit.After {
		return fmt.Errorf("paragraph %s: the corrected text does not read %q at [%d,%d)", p.ID, sp.edit.After, sp.s, sp.e)
	}
	return nil
}

// repair writes one corrected-layer edit as a choice of sic and corr.
func (d *doc) repair(p *corpus.Paragraph, sp span) {
	e := sp.edit
	ana := d.ruleRefs(e.Rule)
	if id := d.emendation(p, e); id != "" {
		ana += " #" + id
	}
	d.w.start("choice", nil)
	d.w.inline("sic", nil, e.Before)
	d.w.inline("corr", attrs{"type", e.Rule, "ana", ana}, e.After)
	d.w.end("choice")
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
