package render

import (
	"fmt"
	"html/template"
	"regexp"
	"strconv"
	"strings"

	"pasyans/corpus"
)

// The book's own footnotes. A call is a mark [N] in a paragraph's text; a
// footnote is a paragraph that holds only its number N (the e-text prints
// the number on a line of its own, the footnote's text on the next line).
// The site links each call to its footnote's number line and that line
// back to the call; a call whose footnote is not in the sources links to
// the paragraph's note that says so.

// footnotes indexes the calls and number lines of an edition.
type footnotes struct {
	lines map[int]string // N → the id of footnote N's number line
	calls map[int]string // N → the id of the (first) paragraph calling it
}

var (
	fnCall = regexp.MustCompile(`\[([0-9]{1,3})\]`)
	fnLine = regexp.MustCompile(`^\s*([0-9]{1,3})\s*$`)
	tagRE  = regexp.MustCompile(`<[^>]*>`)
)

func indexFootnotes(ed *corpus.Edition) footnotes {
	f := footnotes{lines: map[int]string{}, calls: map[int]string{}}
	for _, p := range ed.Paragraphs {
		if m := fnLine.FindStringSubmatch(p.Raw); m != nil {
			n, _ := strconv.Atoi(m[1])
			f.lines[n] = p.ID
			continue
		}
		for _, m := range fnCall.FindAllStringSubmatch(p.Corrected, -1) {
			n, _ := strconv.Atoi(m[1])
			if _, ok := f.calls[n]; !ok {
				f.calls[n] = p.ID
			}
		}
	}
	return f
}

// linkCalls turns each footnote mark [N] in the text (not in the tags) of
// rendered HTML into a link to footnote N; lost gives the target when the
// footnote is not in the sources.
func (pc *pageCtx) linkCalls(h string, lost func(n int) string) string {
	var b strings.Builder
	last := 0
	for _, t := range tagRE.FindAllStringIndex(h, -1) {
		b.WriteString(pc.linkCallsText(h[last:t[0]], lost))
		b.WriteString(h[t[0]:t[1]])
		last = t[1]
	}
	b.WriteString(pc.linkCallsText(h[last:], lost))
	return b.String()
}

func (pc *pageCtx) linkCallsText(s string, lost func(n int) string) string {
	return fnCall.ReplaceAllStringFunc(s, func(m string) string {
		n, _ := strconv.Atoi(m[1 : len(m)-1])
		href, label := "", pc.t("footnote.call", n)
		if id, ok := pc.s.fn.lines[n]; ok {
			href = pc.paraHref(id)
		} else if href = lost(n); href != "" {
			label = pc.t("footnote.lost", n)
		}
		if href == "" {
			return m
		}
		return fmt.Sprintf(`<a class="fncall" href="%s" aria-label="%s">%s</a>`,
			template.HTMLEscapeString(href), template.HTMLEscapeString(label), m)
	})
}

// footnoteBack returns, for a footnote's number line, the link back to
// the paragraph that calls it and the footnote's number; "" otherwise.
func (pc *pageCtx) footnoteBack(p *corpus.Paragraph) (href string, n int) {
	m := fnLine.FindStringSubmatch(p.Raw)
	if m == nil {
		return "", 0
	}
	n, _ = strconv.Atoi(m[1])
	if id, ok := pc.s.fn.calls[n]; ok {
		return pc.paraHref(id), n
	}
	return "", n
}
