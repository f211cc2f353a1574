package render

import (
	"html"
	"slices"
	"strings"
	"unicode"

	"pasyans/normalize"
)

// A layerMap relates a layer's input to its output: the text cut into
// segments, each either unchanged or replaced by one edit. Offsets are in
// runes.
type layerMap struct {
	in, out []rune
	segs    []seg
}

type seg struct {
	inS, inE, outS, outE int
	edit                 *normalize.Edit // nil for unchanged text
}

// newLayerMap builds the map of a layer from its input and its edits
// (sorted, non-overlapping, offsets in runes of the input). Edits that do
// not match the input are ignored: the map then follows the input.
func newLayerMap(input string, edits []normalize.Edit) *layerMap {
	m := &layerMap{in: []rune(input)}
	pos := 0
	for i := range edits {
		e := &edits[i]
		if e.Start < pos || e.End > len(m.in) || e.End < e.Start || string(m.in[e.Start:e.End]) != e.Before {
			continue
		}
		if e.Start > pos {
			m.add(pos, e.Start, nil, m.in[pos:e.Start])
		}
		m.add(e.Start, e.End, e, []rune(e.After))
		pos = e.End
	}
	if pos < len(m.in) {
		m.add(pos, len(m.in), nil, m.in[pos:])
	}
	return m
}

func (m *layerMap) add(inS, inE int, e *normalize.Edit, out []rune) {
	s := seg{inS: inS, inE: inE, outS: len(m.out), edit: e}
	m.out = append(m.out, out...)
	s.outE = len(m.out)
	m.segs = append(m.segs, s)
}

// back maps an output position to the input: the least input position
// when start is true, the greatest otherwise (a position at the edge of a
// replaced segment takes the whole segment).
func (m *layerMap) back(p int, start bool) int {
	best := -1
	for _, s := range m.segs {
		var c int
		switch {
		case s.edit == nil && s.outS <= p && p <= s.outE:
			c = s.inS + p - s.outS
		case s.edit != nil && p == s.outS && start:
			c = s.inS
		case s.edit != nil && p == s.outE && !start:
			c = s.inE
		default:
			continue
		}
		if best < 0 || (start && c < best) || (!start && c > best) {
			best = c
		}
	}
	if best < 0 {
		return p
	}
	return best
}

// fwd maps an input position to the output, like back the other way.
func (m *layerMap) fwd(p int, start bool) int {
	best := -1
	for _, s := range m.segs {
		var c int
		switch {
		case s.edit == nil && s.inS <= p && p <= s.inE:
			c = s.outS + p - s.inS
		case s.edit != nil && s.inS <= p && p <= s.inE && start:
			c = s.outS
		case s.edit != nil && s.inS <= p && p <= s.inE && !start:
			c = s.outE
		default:
			continue
		}
		if best < 0 || (start && c < best) || (!start && c > best) {
			best = c
		}
	}
	if best < 0 {
		return p
	}
	return best
}

// changed returns the output ranges of the replaced segments.
func (m *layerMap) changed() [][2]int {
	var r [][2]int
	for _, s := range m.segs {
		if s.edit != nil {
			r = append(r, [2]int{s.outS, s.outE})
		}
	}
	return r
}

// rules lists the rules of the edits whose output lies in [a, b].
func (m *layerMap) rules(a, b int, into []string) []string {
	for _, s := range m.segs {
		if s.edit != nil && s.outS >= a && s.outE <= b {
			for _, id := range strings.Split(s.edit.Rule, "+") {
				if !slices.Contains(into, id) {
					into = append(into, id)
				}
			}
		}
	}
	return into
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// words widens each range of text to whole words and merges ranges that
// overlap or touch, so that a mark covers the changed words.
func words(text []rune, rs [][2]int) [][2]int {
	for i := range rs {
		a, b := rs[i][0], rs[i][1]
		for a > 0 && isWordRune(text[a-1]) {
			a--
		}
		for b < len(text) && isWordRune(text[b]) {
			b++
		}
		rs[i] = [2]int{a, b}
	}
	slices.SortFunc(rs, func(x, y [2]int) int { return x[0] - y[0] })
	var out [][2]int
	for _, r := range rs {
		if n := len(out); n > 0 && r[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out
}

// mark is one marked word (or group of words) of a reading.
type mark struct {
	a, b  int    // rune range in the reading
	ocr   string // the diplomatic form
	prev  string // the corrected form (modern reading only)
	rules []string
}

// readings holds the marked HTML of a paragraph's readings.
type readings struct {
	Diplomatic, Corrected, Modern string
}

// markReadings renders the three readings of a paragraph, marking in the
// corrected and the modern reading every word an edit changed, with the
// earlier forms and the rules in a tooltip (tip formats its text).
func markReadings(dipl, corr, mod string, app []normalize.Edit, tip func(m mark, modern bool) string) readings {
	var ce, me []normalize.Edit
	for _, e := range app {
		switch e.Layer {
		case normalize.Corrected:
			ce = append(ce, e)
		case normalize.Modern:
			me = append(me, e)
		}
	}
	cm := newLayerMap(dipl, ce)
	mm := newLayerMap(corr, me)
	rd := readings{Diplomatic: html.EscapeString(dipl)}

	// The corrected reading: the changed words of the corrected layer.
	var cmarks []mark
	if string(cm.out) == corr {
		for _, r := range words(cm.out, cm.changed()) {
			cmarks = append(cmarks, mark{a: r[0], b: r[1], ocr: string(cm.in[cm.back(r[0], true):cm.back(r[1], false)]),
				rules: cm.rules(r[0], r[1], nil)})
		}
	}
	rd.Corrected = writeMarks([]rune(corr), cmarks, func(m mark) string { return tip(m, false) })

	// The modern reading: the words changed by either layer.
	var mmarks []mark
	if string(mm.out) == mod && string(cm.out) == corr {
		rs := mm.changed()
		for _, r := range cm.changed() {
			rs = append(rs, [2]int{mm.fwd(r[0], true), mm.fwd(r[1], false)})
		}
		for _, r := range words(mm.out, rs) {
			ca, cb := mm.back(r[0], true), mm.back(r[1], false)
			rules := cm.rules(ca, cb, nil)
			rules = mm.rules(r[0], r[1], rules)
			mmarks = append(mmarks, mark{a: r[0], b: r[1], prev: string(mm.in[ca:cb]),
				ocr: string(cm.in[cm.back(ca, true):cm.back(cb, false)]), rules: rules})
		}
	}
	rd.Modern = writeMarks([]rune(mod), mmarks, func(m mark) string { return tip(m, true) })
	return rd
}

// writeMarks escapes text and wraps each mark in a focusable <mark>
// carrying its tooltip in the title (site.js turns it into data-tip, shown
// on hover and focus by the style sheet, and keeps it for screen readers).
func writeMarks(text []rune, marks []mark, tip func(mark) string) string {
	var b strings.Builder
	pos := 0
	for _, m := range marks {
		if m.a < pos || m.b > len(text) {
			continue
		}
		b.WriteString(html.EscapeString(string(text[pos:m.a])))
		b.WriteString(`<mark tabindex="0" title="`)
		b.WriteString(html.EscapeString(tip(m)))
		b.WriteString(`">`)
		b.WriteString(html.EscapeString(string(text[m.a:m.b])))
		b.WriteString(`</mark>`)
		pos = m.b
	}
	b.WriteString(html.EscapeString(string(text[pos:])))
	return b.String()
}
