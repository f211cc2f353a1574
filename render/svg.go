package render

import (
	"fmt"
	"html"
	"strings"
)

// svgScale is how many SVG user units a layout unit takes.
const svgScale = 60

// svgPad is the margin around a figure, in SVG units.
const svgPad = 10

// SVG writes the figure as an SVG element with a title for screen readers
// (the <title> child names the image; no id, so that many figures can share
// a page). Its classes are styled by the site's style sheet; site.js draws
// later positions of a deal with the same markup (keep the two in step).
// The output depends only on the figure (deterministic).
func SVG(f Figure, title string) string {
	var b strings.Builder
	// A margin of svgPad around the figure keeps labels wider than a card
	// inside the picture.
	w, h := f.W*svgScale+2*svgPad, f.H*svgScale+2*svgPad
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="figure" viewBox="-%d -%d %s %s" width="%s" height="%s" role="img">`,
		svgPad, svgPad, num(w), num(h), num(w), num(h))
	fmt.Fprintf(&b, `<title>%s</title>`, html.EscapeString(title))
	for _, it := range f.Items {
		writeSVGItem(&b, it)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

func writeSVGItem(b *strings.Builder, it Item) {
	x, y, w, h := it.X*svgScale, it.Y*svgScale, it.W*svgScale, it.H*svgScale
	switch it.Kind {
	case Place:
		fmt.Fprintf(b, `<rect class="place" x="%s" y="%s" width="%s" height="%s" rx="5"/>`, num(x), num(y), num(w), num(h))
		if it.Text != "" {
			fmt.Fprintf(b, `<text class="mark" x="%s" y="%s">%s</text>`, num(x+w/2), num(y+h/2+5), html.EscapeString(it.Text))
		}
	case Card:
		cls := "card"
		if it.Red {
			cls += " red"
		}
		fmt.Fprintf(b, `<g class="%s"><rect x="%s" y="%s" width="%s" height="%s" rx="5"/>`, cls, num(x), num(y), num(w), num(h))
		fmt.Fprintf(b, `<text x="%s" y="%s">%s%s</text>`, num(x+6), num(y+15), rankText(it.Text), it.Suit)
		fmt.Fprintf(b, `<text class="pip" x="%s" y="%s">%s</text></g>`, num(x+w/2), num(y+h/2+10), it.Suit)
	case Back:
		fmt.Fprintf(b, `<rect class="back" x="%s" y="%s" width="%s" height="%s" rx="5"/>`, num(x), num(y), num(w), num(h))
	case Label:
		fmt.Fprintf(b, `<text class="label" x="%s" y="%s">%s</text>`, num(x), num(y), html.EscapeString(it.Text))
	case Caption:
		fmt.Fprintf(b, `<text class="caption" x="%s" y="%s">%s</text>`, num(x), num(y), html.EscapeString(it.Text))
	case Count:
		fmt.Fprintf(b, `<text class="count" x="%s" y="%s">%s</text>`, num(x), num(y), html.EscapeString(it.Text))
	}
}

// num writes a coordinate with at most one decimal, for stable output.
func num(v float64) string {
	s := fmt.Sprintf("%.1f", v)
	return strings.TrimSuffix(s, ".0")
}

// rankText is how a card's rank is printed: the ten as "10".
func rankText(r string) string {
	if r == "T" {
		return "10"
	}
	return r
}
