package render

// pageLog records what a layout pass put on each page, for the tests
// that read the book as a typesetter would: text sizes, the rows of the
// flow, headings and the boxes of the diagrams' labels.
type pageLog struct {
	texts    []loggedText
	rows     []loggedRow
	headings []loggedRow
	labels   []loggedBox
	figure   int // the number of the figure being drawn (0: none)
}

// loggedText is a piece of text drawn on a page.
type loggedText struct {
	page  int
	size  float64 // points
	text  string
	color [3]int
	head  bool // in the running head
}

// loggedRow is a row of a flow (or a heading): page, left edge, the
// row's top and bottom, and whether it ends in an added hyphen.
type loggedRow struct {
	page          int
	x, top, bot   float64
	hyphen        bool
	text          string
	inFigureBlock bool
}

// loggedBox is the box a diagram's label covers.
type loggedBox struct {
	page, figure int
	x, y, w, h   float64 // mm, y the top
	text         string
}

// text logs s drawn in size and in the colour gofpdf will draw it in.
func (l *pageLog) text(page int, size float64, color [3]int, s string, head bool) {
	l.texts = append(l.texts, loggedText{page, size, s, color, head})
}

// lineText is a line's words as a string (for messages).
func lineText(t tline) string {
	s := ""
	for i, w := range t.words {
		if i > 0 {
			s += " "
		}
		for _, b := range w.boxes {
			s += b.text
		}
	}
	return s
}

// logText logs text about to be drawn, in gofpdf's current text colour.
func (d *pdfDoc) logText(size float64, s string) {
	r, g, b := d.f.GetTextColor()
	d.log.text(d.f.PageNo(), size, [3]int{r, g, b}, s, d.inHead)
}
