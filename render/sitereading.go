package render

import (
	"html"
	"slices"
	"strings"

	"pasyans/normalize"
)

// words widens each span of a reading to whole words and joins the
// spans that overlap or touch, so that a mark covers the changed words.
func words(ap *normalize.Apparatus, r normalize.Reading, spans []normalize.Span) []normalize.Span {
	for i := range spans {
		spans[i] = ap.Word(r, spans[i])
	}
	return normalize.Join(spans, true)
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
// earlier forms and the rules in a tooltip (tip formats its text). An
// apparatus that does not lead from one reading to the next (the checker
// reports it) marks nothing.
func markReadings(dipl, corr, mod string, app []normalize.Edit, tip func(m mark, modern bool) string) readings {
	var cmarks, mmarks []mark
	rd := normalize.Readings{Diplomatic: dipl, Corrected: corr, Modern: mod, Apparatus: app}
	if ap, err := normalize.NewApparatus(rd); err == nil {
		cmarks, mmarks = correctedMarks(ap), modernMarks(ap)
	}
	return readings{
		Diplomatic: html.EscapeString(dipl),
		Corrected:  writeMarks([]rune(corr), cmarks, func(m mark) string { return tip(m, false) }),
		Modern:     writeMarks([]rune(mod), mmarks, func(m mark) string { return tip(m, true) }),
	}
}

// The readings, for short.
const (
	dipR = normalize.DiplomaticReading
	corR = normalize.CorrectedReading
	modR = normalize.ModernReading
)

// correctedMarks marks the words of the corrected reading that the
// corrected layer changed.
func correctedMarks(ap *normalize.Apparatus) []mark {
	var spans []normalize.Span
	for i, e := range ap.Edits() {
		if e.Layer == normalize.Corrected {
			spans = append(spans, ap.Span(i, corR))
		}
	}
	var ms []mark
	for _, w := range words(ap, corR, spans) {
		es := layerEdits(ap.EditsIn(corR, w), normalize.Corrected)
		ms = append(ms, mark{a: w.Start, b: w.End, ocr: ap.Text(dipR, ap.Map(w, corR, dipR)), rules: normalize.RuleIDs(es)})
	}
	return ms
}

// modernMarks marks the words of the modern reading that either layer
// changed.
func modernMarks(ap *normalize.Apparatus) []mark {
	spans := make([]normalize.Span, len(ap.Edits()))
	for i := range spans {
		spans[i] = ap.Span(i, modR)
	}
	var ms []mark
	for _, w := range words(ap, modR, spans) {
		c := ap.Map(w, modR, corR)
		es := append(layerEdits(ap.EditsIn(corR, c), normalize.Corrected), layerEdits(ap.EditsIn(modR, w), normalize.Modern)...)
		ms = append(ms, mark{a: w.Start, b: w.End, prev: ap.Text(corR, c), ocr: ap.Text(dipR, ap.Map(c, corR, dipR)), rules: normalize.RuleIDs(es)})
	}
	return ms
}

// layerEdits keeps the edits of one layer.
func layerEdits(es []normalize.Edit, layer string) []normalize.Edit {
	return slices.DeleteFunc(es, func(e normalize.Edit) bool { return e.Layer != layer })
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
