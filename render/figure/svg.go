package figure

import (
	"fmt"
	"strings"

	"pasyans/engine"
)

// escape writes text for SVG markup as html.EscapeString does (package
// html would bring its entity table into the WebAssembly engine).
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '\'':
			b.WriteString("&#39;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&#34;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Scale is how many SVG user units a layout unit takes.
const Scale = 60

// pad is the margin around a figure, in SVG units: it keeps labels wider
// than a card inside the picture.
const pad = 10

// Size is the width and height of the figure's SVG, in its own units (its
// layout at Scale, with pad around it): what a page reserves for it.
func Size(f Figure) (w, h float64) { return f.W*Scale + 2*pad, f.H*Scale + 2*pad }

// SVG writes the figure as an SVG element with a title for screen readers
// (the <title> child names the image; no id, so that many figures can share
// a page). Its classes are styled by the site's style sheet. The output
// depends only on the figure (deterministic).
func SVG(f Figure, title string) string {
	head, slots, tail := Parts(f, title)
	return head + strings.Join(slots, "") + tail
}

// Parts is SVG(f, title) in pieces: the opening tag with the title, the
// markup of each layout slot in order, and the captions with the closing
// tag. The deal player keeps each distinct piece once and joins them.
func Parts(f Figure, title string) (head string, slots []string, tail string) {
	var b strings.Builder
	w, h := Size(f)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="figure" viewBox="-%d -%d %s %s" width="%s" height="%s" role="img">`,
		pad, pad, num(w), num(h), num(w), num(h))
	fmt.Fprintf(&b, `<title>%s</title>`, escape(title))
	head = b.String()
	b.Reset()
	last := -1
	for _, it := range f.Items {
		if it.Slot < 0 {
			writeItem(&b, it, "")
			continue
		}
		if it.Slot != last {
			slots = append(slots, "")
			last = it.Slot
		}
		var sb strings.Builder
		writeItem(&sb, it, "")
		slots[len(slots)-1] += sb.String()
	}
	return head, slots, b.String() + `</svg>`
}

// Board writes the figure for the Play page: no title (the page names the
// table), each pile's items in a <g class="pile" data-pile="id"> that
// starts with its highlight rectangle (class hl, a little larger than
// the pile's cards) and its label (the page reads the pile's text in
// drawing order), a place's mark left out under cards, and each card
// keyed for the page's animation (data-card: the card and its
// occurrence, AS1, AS2 with two packs).
func Board(f Figure) string {
	var b strings.Builder
	w, h := Size(f)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="figure play-svg" viewBox="-%d -%d %s %s" width="%s" height="%s">`,
		pad, pad, num(w), num(h), num(w), num(h))
	seen := map[string]int{}
	var rest strings.Builder
	for start := 0; start < len(f.Items); {
		it := f.Items[start]
		end := start + 1
		for end < len(f.Items) && f.Items[end].Slot == it.Slot && it.Slot >= 0 {
			end++
		}
		group := f.Items[start:end]
		start = end
		if it.Slot < 0 || it.Pile == "" {
			for _, g := range group {
				writeItem(&rest, g, "")
			}
			continue
		}
		writePile(&b, group, seen)
	}
	b.WriteString(rest.String())
	b.WriteString(`</svg>`)
	return b.String()
}

// writePile writes one pile's group of Board.
func writePile(b *strings.Builder, group []Item, seen map[string]int) {
	x0, y0, x1, y1 := group[0].X, group[0].Y, group[0].X+group[0].W, group[0].Y+group[0].H
	cards := false
	for _, it := range group {
		if it.Kind == Label {
			continue
		}
		cards = cards || it.Kind == Card || it.Kind == Back
		x0, y0 = min(x0, it.X), min(y0, it.Y)
		x1, y1 = max(x1, it.X+it.W), max(y1, it.Y+it.H)
	}
	fmt.Fprintf(b, `<g class="pile" data-pile="%s"><rect class="hl" x="%s" y="%s" width="%s" height="%s" rx="8"/>`, escape(group[0].Pile),
		num(x0*Scale-4), num(y0*Scale-4), num((x1-x0)*Scale+8), num((y1-y0)*Scale+8))
	for _, it := range group {
		if it.Kind == Label {
			writeItem(b, it, "")
			b.WriteString(" ")
		}
	}
	for _, it := range group {
		switch {
		case it.Kind == Label:
			continue
		case it.Kind == Place && cards:
			it.Text = ""
		case it.Kind == Card:
			c := it.Text + it.Suit
			seen[c]++
			writeItem(b, it, fmt.Sprintf("%s%d", c, seen[c]))
			continue
		}
		writeItem(b, it, "")
	}
	b.WriteString(`</g>`)
}

// writeItem writes one item; key, when not empty, is a card's data-card.
func writeItem(b *strings.Builder, it Item, key string) {
	x, y, w, h := it.X*Scale, it.Y*Scale, it.W*Scale, it.H*Scale
	switch it.Kind {
	case Place:
		fmt.Fprintf(b, `<rect class="place" x="%s" y="%s" width="%s" height="%s" rx="5"/>`, num(x), num(y), num(w), num(h))
		if it.Text != "" {
			fmt.Fprintf(b, `<text class="mark" x="%s" y="%s">%s</text>`, num(x+w/2), num(y+h/2+5), escape(it.Text))
		}
	case Card:
		cls := "card"
		if it.Red {
			cls += " red"
		}
		if it.Moved {
			cls += " moved"
		}
		if key != "" {
			cls += `" data-card="` + key
		}
		fmt.Fprintf(b, `<g class="%s"><rect x="%s" y="%s" width="%s" height="%s" rx="5"/>`, cls, num(x), num(y), num(w), num(h))
		if it.Strip {
			// Rank over suit in the strip a fan to the right leaves; the
			// ten squeezed to the strip's width (else only its "1" shows).
			fit := ""
			if it.Text == "T" {
				fit = ` textLength="13" lengthAdjust="spacingAndGlyphs"`
			}
			fmt.Fprintf(b, `<text class="idx" x="%s" y="%s"%s>%s</text>`, num(x+fanStep*Scale/2), num(y+15), fit, RankText(it.Text))
			fmt.Fprintf(b, `<text class="idx" x="%s" y="%s">%s</text>`, num(x+fanStep*Scale/2), num(y+30), it.Suit)
		} else {
			fmt.Fprintf(b, `<text x="%s" y="%s">%s%s</text>`, num(x+6), num(y+15), RankText(it.Text), it.Suit)
		}
		fmt.Fprintf(b, `<text class="pip" x="%s" y="%s">%s</text></g>`, num(x+w/2), num(y+h/2+10), it.Suit)
	case Back:
		fmt.Fprintf(b, `<rect class="back" x="%s" y="%s" width="%s" height="%s" rx="5"/>`, num(x), num(y), num(w), num(h))
	case Label:
		fit := ""
		if it.Fit > 0 {
			fit = fmt.Sprintf(` textLength="%s" lengthAdjust="spacingAndGlyphs"`, num(it.Fit*Scale))
		}
		fmt.Fprintf(b, `<text class="label" x="%s" y="%s"%s>%s</text>`, num(x), num(y), fit, escape(it.Text))
	case Caption:
		fmt.Fprintf(b, `<text class="caption" x="%s" y="%s">%s</text>`, num(x), num(y), escape(it.Text))
	case Count:
		fmt.Fprintf(b, `<text class="count" x="%s" y="%s">%s</text>`, num(x), num(y), escape(it.Text))
	}
}

// num writes a coordinate with at most one decimal, for stable output.
func num(v float64) string {
	s := fmt.Sprintf("%.1f", v)
	return strings.TrimSuffix(s, ".0")
}

// CardName is a card written as the figure prints it, for what a page
// says of the table ("10♥"); "" for a card the player cannot see ("??").
func CardName(c string) string {
	card, err := engine.ParseCard(c)
	if err != nil {
		return ""
	}
	return RankText(card.Rank().String()) + card.Suit().Symbol()
}

// RankText is how a card's rank is printed: the ten as "10".
func RankText(r string) string {
	if r == "T" {
		return "10"
	}
	return r
}
