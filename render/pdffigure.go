package render

import (
	"strings"

	"pasyans/render/figure"
)

// The PDF draws the same figure.Figure as the SVG writer (figure.go): one geometry,
// two outputs. Here layout units become millimetres and each figure.Item becomes
// vector paths and text.

// ptPerMM converts millimetres to points.
const ptPerMM = 1 / 0.3528

// maxCardMM is the widest a card is drawn, in mm.
const maxCardMM = 15.0

// figureScale is the mm per layout unit that fits f into w × h.
func figureScale(f figure.Figure, w, h float64) float64 {
	s := maxCardMM
	if f.W > 0 {
		s = min(s, w/f.W)
	}
	if f.H > 0 {
		s = min(s, h/f.H)
	}
	return s
}

// minPt is the smallest text a diagram prints: what a print can show.
const minPt = 6.0

// figureNotes is how a diagram's text is printed: keys numbers the
// labels that do not fit between their neighbours at minPt or more (the
// diagram prints the number, the legend the label), moved are the free
// captions that would cover a label (the legend prints them instead).
type figureNotes struct {
	keys   map[string]int
	moved  map[int]bool
	legend []string // the keyed labels in order
	notes  []string // the moved captions
}

// figureKeys decides which of fig's labels and captions stay in the
// diagram at scale.
func (d *pdfDoc) figureKeys(fig figure.Figure, scale float64) figureNotes {
	st := d.labelStyle(scale)
	fn := figureNotes{keys: map[string]int{}, moved: map[int]bool{}}
	for i, it := range fig.Items {
		if it.Kind != figure.Label {
			continue
		}
		room := 1e9
		for j, o := range fig.Items {
			if j != i && o.Kind == figure.Label && abs(o.Y-it.Y) < 0.3 {
				room = min(room, abs(o.X-it.X)*scale-1)
			}
		}
		if d.width(it.Text, st) <= room {
			continue
		}
		if _, ok := fn.keys[it.Text]; !ok {
			fn.keys[it.Text] = len(fn.legend) + 1
			fn.legend = append(fn.legend, it.Text)
		}
	}
	// A free caption that would cover a label goes to the legend.
	cst := d.captionStyle(scale)
	for i, it := range fig.Items {
		if it.Kind != figure.Caption {
			continue
		}
		ch := cst.size / ptPerMM
		cx0, cx1 := it.X*scale, it.X*scale+d.width(it.Text, cst)
		cy0, cy1 := it.Y*scale-ch*0.8, it.Y*scale+ch*0.2
		for _, o := range fig.Items {
			if o.Kind != figure.Label {
				continue
			}
			text := o.Text
			if k, ok := fn.keys[text]; ok {
				text = itoa(k)
			}
			lw, lh := d.width(text, st), st.size/ptPerMM
			lx, ly := o.X*scale-lw/2, o.Y*scale+lh*0.5-lh*0.8
			if cx0 < lx+lw && lx < cx1 && cy0 < ly+lh && ly < cy1 {
				fn.moved[i] = true
				fn.notes = append(fn.notes, it.Text)
				break
			}
		}
	}
	return fn
}

// captionStyle is the style of a diagram's free captions at scale.
func (d *pdfDoc) captionStyle(scale float64) tstyle {
	return tstyle{font: fontSerif, style: "I", size: max(minPt, 0.19*scale*ptPerMM), color: [3]int{60, 60, 60}}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// labelStyle is the style of a diagram's pile labels at scale.
func (d *pdfDoc) labelStyle(scale float64) tstyle {
	return tstyle{font: fontSans, size: max(minPt, 0.16*scale*ptPerMM), color: [3]int{60, 60, 60}}
}

// covered reports whether a card lies on the place it.
func covered(fig figure.Figure, it figure.Item) bool {
	for _, o := range fig.Items {
		if (o.Kind == figure.Card || o.Kind == figure.Back) && abs(o.X-it.X) < 0.05 && abs(o.Y-it.Y) < 0.05 {
			return true
		}
	}
	return false
}

// cardRank is a rank as printed: 10, not the engine's T.
func cardRank(r string) string {
	if r == "T" {
		return "10"
	}
	return r
}

// drawFigure draws f with its top-left corner at (x, y) at scale mm per
// unit; keys replace the labels figureKeys numbered. No text is under
// minPt, and a place's mark is not drawn under a card.
func (d *pdfDoc) drawFigure(fig figure.Figure, x, y, scale float64, fn figureNotes) {
	f := d.f
	at := func(ux, uy float64) (float64, float64) { return x + ux*scale, y + uy*scale }
	r := 0.08 * scale // corner radius
	pt := func(units float64) float64 { return max(minPt, units*scale*ptPerMM) }
	f.SetLineWidth(0.2)
	figN := d.log.figure
	for i, it := range fig.Items {
		px, py := at(it.X, it.Y)
		w, h := it.W*scale, it.H*scale
		d.log.figure = 0 // only labels, captions, marks and counts are checked for overlaps
		switch it.Kind {
		case figure.Place:
			f.SetDrawColor(150, 150, 150)
			f.SetDashPattern([]float64{1, 0.8}, 0)
			f.RoundedRect(px, py, w, h, r, "1234", "D")
			f.SetDashPattern([]float64{}, 0)
			if it.Text != "" && !covered(fig, it) {
				d.log.figure = figN
				st := tstyle{font: fontSans, size: pt(0.32), color: [3]int{140, 140, 140}}
				d.textAt(it.Text, st, px+w/2, py+h/2+st.size/ptPerMM*0.35, alignCenter)
			}
		case figure.Card:
			f.SetDrawColor(70, 70, 70)
			f.SetFillColor(255, 255, 255)
			f.RoundedRect(px, py, w, h, r, "1234", "FD")
			c := black
			if it.Red {
				c = red
			}
			// The index, rank over suit, fits the visible strip of a
			// fanned card.
			corner := tstyle{font: fontSans, style: "B", size: pt(0.24), color: c}
			d.textAt(cardRank(it.Text), corner, px+0.13*scale, py+0.27*scale, alignCenter)
			d.textAt(it.Suit, corner.with(""), px+0.13*scale, py+0.5*scale, alignCenter)
			big := tstyle{font: fontSans, size: pt(0.5), color: c}
			d.textAt(it.Suit, big, px+w/2, py+h*0.62, alignCenter)
		case figure.Back:
			f.SetDrawColor(70, 70, 70)
			f.SetFillColor(58, 78, 128)
			f.RoundedRect(px, py, w, h, r, "1234", "FD")
			f.SetDrawColor(190, 200, 225)
			in := 0.09 * scale
			f.RoundedRect(px+in, py+in, w-2*in, h-2*in, r*0.6, "1234", "D")
		case figure.Label:
			d.log.figure = figN
			st := d.labelStyle(scale)
			text := it.Text
			if k, ok := fn.keys[text]; ok {
				text, st = itoa(k), st.with("B")
			}
			d.textAt(text, st, px, py+st.size/ptPerMM*0.5, alignCenter)
		case figure.Caption:
			if fn.moved[i] {
				continue
			}
			d.log.figure = figN
			d.textAt(it.Text, d.captionStyle(scale), px, py, alignLeft)
		case figure.Count:
			// Black on a white chip, readable on a card back (21:1) as on
			// a face-up card.
			st := tstyle{font: fontSans, style: "B", size: pt(0.2), color: black}
			f.SetFillColor(255, 255, 255)
			f.SetDrawColor(70, 70, 70)
			cw := d.width(it.Text, st) + 0.14*scale
			ch := st.size / ptPerMM * 1.2
			f.RoundedRect(px-cw/2, py-ch*0.8, cw, ch, 0.05*scale, "1234", "FD")
			d.log.figure = figN
			d.textAt(it.Text, st, px, py, alignCenter)
		}
	}
	d.log.figure = figN
}

// textAt draws s with its baseline at y, anchored at x by al.
func (d *pdfDoc) textAt(s string, st tstyle, x, y float64, al align) {
	w := d.width(s, st)
	switch al {
	case alignCenter:
		x -= w / 2
	case alignRight:
		x -= w
	}
	d.setFont(st)
	d.f.Text(x, y, s)
	d.logText(st.size, s)
	if d.log.figure > 0 && s != "" {
		asc := st.size / ptPerMM * 0.75
		d.log.labels = append(d.log.labels, loggedBox{page: d.f.PageNo(), figure: d.log.figure, x: x, y: y - asc, w: w, h: asc, text: s})
	}
}

// figureCaption sets a diagram's caption: the English, then the Russian
// on a line of its own.
func (d *pdfDoc) figureCaption(en, ru, legend []span) []row {
	w := d.tw * 0.85
	var rows []row
	if len(legend) > 0 {
		rows = d.setPara(para{spans: legend, align: alignCenter, before: 1.5}, w)
	}
	rows = append(rows, d.setPara(para{spans: en, align: alignCenter, before: 2, lang: "en"}, w)...)
	if len(ru) > 0 {
		rows = append(rows, d.setPara(para{spans: ru, align: alignCenter, before: 0.5, lang: "ru"}, w)...)
	}
	return rows
}

// figureMaxH is the height a figure may take: maxH, or for a tall table
// that maxH would shrink by a quarter or more (the Constitution, the
// Zodiac), nearly the whole page, so that it has a page of its own.
func (d *pdfDoc) figureMaxH(fig figure.Figure, maxH float64) float64 {
	full := d.pageH - d.mTop - d.mBot - 50 // room for a heading and the caption
	if figureScale(fig, d.tw, maxH) < 0.75*figureScale(fig, d.tw, full) {
		return full
	}
	return maxH
}

// figureNeed is the height a figure block takes: the figure at the scale
// that fits the text width and maxH, its caption, the space around.
func (d *pdfDoc) figureNeed(fig figure.Figure, maxH float64, en, ru []span) float64 {
	scale := figureScale(fig, d.tw, d.figureMaxH(fig, maxH))
	return fig.H*scale + rowsHeight(d.figureCaption(en, ru, d.legend(fig, scale))) + 6
}

// legend is the key to a diagram's numbered labels, or nil.
func (d *pdfDoc) legend(fig figure.Figure, scale float64) []span {
	fn := d.figureKeys(fig, scale)
	var sp []span
	for i, l := range fn.legend {
		if i > 0 {
			sp = append(sp, span{"   ", d.sans.sized(7)})
		}
		sp = append(sp, span{itoa(i+1) + "\u00a0", d.sans.sized(7).with("B").colored(black)}, span{strings.ReplaceAll(l, " ", "\u00a0"), d.sans.sized(7)})
	}
	for _, n := range fn.notes {
		if len(sp) > 0 {
			sp = append(sp, span{"   ", d.sans.sized(7)})
		}
		sp = append(sp, span{n, d.serif7i()})
	}
	return sp
}

// figureBlock places a figure in the flow, centred, with its caption
// under it, on a new page when it does not fit.
func (d *pdfDoc) figureBlock(fig figure.Figure, maxH float64, en, ru []span) {
	scale := figureScale(fig, d.tw, d.figureMaxH(fig, maxH))
	h := fig.H * scale
	keys := d.figureKeys(fig, scale)
	capRows := d.figureCaption(en, ru, d.legend(fig, scale))
	if d.y+d.figureNeed(fig, maxH, en, ru) > d.bottom {
		d.breakPage()
	}
	d.y += 2
	x := d.left + (d.tw-fig.W*scale)/2
	d.log.figure = len(d.figPages) + 1
	d.drawFigure(fig, x, d.y, scale, keys)
	d.log.figure = 0
	d.figPages = append(d.figPages, d.f.PageNo())
	d.log.rows = append(d.log.rows, loggedRow{page: d.f.PageNo(), x: x, top: d.y, bot: d.y + h, text: "[figure]", inFigureBlock: true})
	d.y += h
	d.y = d.drawRows(capRows, d.left+d.tw*0.075, d.y, d.tw*0.85) + 4
}

// serif7i is the style of a diagram's captions moved to its legend.
func (d *pdfDoc) serif7i() tstyle { return d.small.sized(7.5).with("I") }
