package render

import "pasyans/render/figure"

// The PDF draws the same Figure as the SVG writer (package figure): one geometry,
// two outputs. Here layout units become millimetres and each Item becomes
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

// drawFigure draws f with its top-left corner at (x, y) at scale mm per
// unit.
func (d *pdfDoc) drawFigure(fig figure.Figure, x, y, scale float64) {
	f := d.f
	at := func(ux, uy float64) (float64, float64) { return x + ux*scale, y + uy*scale }
	r := 0.08 * scale // corner radius
	pt := func(units float64) float64 { return units * scale * ptPerMM }
	f.SetLineWidth(0.2)
	for _, it := range fig.Items {
		px, py := at(it.X, it.Y)
		w, h := it.W*scale, it.H*scale
		switch it.Kind {
		case figure.Place:
			f.SetDrawColor(150, 150, 150)
			f.SetDashPattern([]float64{1, 0.8}, 0)
			f.RoundedRect(px, py, w, h, r, "1234", "D")
			f.SetDashPattern([]float64{}, 0)
			if it.Text != "" {
				st := tstyle{font: fontSans, size: pt(0.32), color: [3]int{140, 140, 140}}
				d.textAt(it.Text, st, px+w/2, py+h/2+pt(0.32)/ptPerMM*0.35, alignCenter)
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
			d.textAt(it.Text, corner, px+0.13*scale, py+0.27*scale, alignCenter)
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
			st := tstyle{font: fontSans, size: pt(0.16), color: [3]int{60, 60, 60}}
			if w := d.width(it.Text, st); it.Fit > 0 && w > it.Fit*scale {
				st.size *= it.Fit * scale / w // squeezed into its room, as the SVG's textLength
			}
			d.textAt(it.Text, st, px, py, alignCenter)
		case figure.Caption:
			st := tstyle{font: fontSerif, style: "I", size: pt(0.19), color: [3]int{60, 60, 60}}
			d.textAt(it.Text, st, px, py, alignLeft)
		case figure.Count:
			// Black on a white chip, readable on a card back (21:1) as on
			// a face-up card.
			f.SetFillColor(255, 255, 255)
			f.SetDrawColor(70, 70, 70)
			cw := (0.14 + 0.11*float64(len(it.Text))) * scale
			f.RoundedRect(px-cw/2, py-0.2*scale, cw, 0.26*scale, 0.05*scale, "1234", "FD")
			st := tstyle{font: fontSans, style: "B", size: pt(0.2), color: black}
			d.textAt(it.Text, st, px, py, alignCenter)
		}
	}
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
}

// figureBlock places a figure in the flow, centred, with a caption under
// it, on a new page when it does not fit.
func (d *pdfDoc) figureBlock(fig figure.Figure, caption []span, maxH float64) {
	scale := figureScale(fig, d.tw, maxH)
	h := fig.H * scale
	capRows := d.setPara(para{spans: caption, align: alignCenter, before: 2}, d.tw*0.85)
	need := h + rowsHeight(capRows) + 4
	if d.y+need > d.bottom {
		d.breakPage()
	}
	d.y += 2
	x := d.left + (d.tw-fig.W*scale)/2
	d.drawFigure(fig, x, d.y, scale)
	d.figPages = append(d.figPages, d.f.PageNo())
	d.y += h
	d.y = d.drawRows(capRows, d.left+d.tw*0.075, d.y, d.tw*0.85) + 4
}
