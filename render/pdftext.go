package render

import (
	"pasyans/render/typo"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"pasyans/corpus"
	"pasyans/render/internal/hyphen"

	"github.com/yuin/goldmark/ast"
)

// The PDF's text machinery: styled spans are broken into lines by our own
// greedy line breaker (gofpdf's MultiCell knows one style per cell), with
// justification and a small rule-based hyphenator, so the two columns of
// the parallel text can be measured before anything is drawn.

// tstyle is a run's font, size and colour.
type tstyle struct {
	font  string  // fontSerif, fontSans, fontMono
	style string  // "", "I", "B", "BI"
	size  float64 // points
	color [3]int
	link  string  // where the text links to: "¶001:4" (a paragraph), "p12" (a page); "" for none
	rise  float64 // mm above the baseline (a footnote call)
}

func (s tstyle) linked(to string) tstyle { s.link = to; return s }

func (s tstyle) rised(mm float64) tstyle { s.rise = mm; return s }

func (s tstyle) with(style string) tstyle { s.style = style; return s }

func (s tstyle) sized(size float64) tstyle { s.size = size; return s }

func (s tstyle) colored(c [3]int) tstyle { s.color = c; return s }

// span is a run of text in one style.
type span struct {
	text string
	st   tstyle
}

// box is an unbreakable piece of a word in one style.
type box struct {
	text string
	st   tstyle
	w    float64
}

// word is a run of boxes between spaces.
type word struct {
	boxes []box
	w     float64
}

// tline is one laid-out line.
type tline struct {
	words   []word
	natural float64 // width with normal spaces
	spaces  float64 // the sum of the normal spaces between words
	last    bool    // the paragraph's last line: not justified
	hyphen  bool    // the line ends in a hyphen the breaker added
	lang    string  // the paragraph's language: Russian runs are marked as such
	whole   string  // when hyphen: the whole word, the text its head stands for
	tail    bool    // the first word is the tail of a hyphenated word
}

// align says how a paragraph's lines are set.
type align int

const (
	alignJustify align = iota
	alignLeft
	alignCenter
	alignRight
)

// para is a paragraph to set: spans, the language (for hyphenation) and
// the set's options.
type para struct {
	spans  []span
	lang   string // "en", "ru" or "" (no hyphenation)
	align  align
	indent float64 // left indent of every line, mm
	bullet []span  // a list item's marker, hung in the indent
	before float64 // space before the paragraph, mm
	lead   float64 // line height, mm; 0: from the largest size
	book   bool    // the book's own text: no typographic step
	anchor string  // a name for the page the paragraph begins on (pdfDoc.anchorPage)
	hang   float64 // the indent of all lines but the first, mm
}

// width measures s in style st, caching by style and text.
func (d *pdfDoc) width(s string, st tstyle) float64 {
	k := widthKey{st.font, st.style, st.size, s}
	if w, ok := d.widths[k]; ok {
		return w
	}
	d.setFont(st)
	w := d.f.GetStringWidth(s)
	d.widths[k] = w
	return w
}

type widthKey struct {
	font, style string
	size        float64
	text        string
}

// setFont selects st's font and colour when they differ from the current.
func (d *pdfDoc) setFont(st tstyle) {
	if d.cur.font != st.font || d.cur.style != st.style || d.cur.size != st.size {
		d.f.SetFont(st.font, st.style, st.size)
	}
	if d.cur.color != st.color {
		d.f.SetTextColor(st.color[0], st.color[1], st.color[2])
	}
	d.cur = st
}

// isSpace reports a breaking space (not U+00A0).
func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }

// words splits spans into words; a word may run across spans.
func (d *pdfDoc) words(spans []span) []word {
	var ws []word
	var cur word
	open := false
	flush := func() {
		if open && len(cur.boxes) > 0 {
			ws = append(ws, cur)
		}
		cur, open = word{}, false
	}
	for _, sp := range spans {
		s := sp.text
		for s != "" {
			i := strings.IndexFunc(s, isSpace)
			if i == 0 {
				flush()
				_, n := utf8.DecodeRuneInString(s)
				s = s[n:]
				continue
			}
			piece := s
			if i > 0 {
				piece, s = s[:i], s[i:]
			} else {
				s = ""
			}
			b := box{text: piece, st: sp.st, w: d.width(piece, sp.st)}
			cur.boxes = append(cur.boxes, b)
			cur.w += b.w
			open = true
		}
	}
	flush()
	return ws
}

// space is the width of a normal space after w.
func (d *pdfDoc) space(w word) float64 {
	return d.width(" ", w.boxes[len(w.boxes)-1].st)
}

// breakLines sets spans into lines of the given width.
func (d *pdfDoc) breakLines(spans []span, width float64, lang string) []tline {
	return d.breakHanging(spans, width, 0, lang)
}

// breakHanging sets spans into lines of the given width, all but the
// first hang mm narrower (an index entry's turned lines).
func (d *pdfDoc) breakHanging(spans []span, first, hang float64, lang string) []tline {
	ws := d.words(spans)
	width := first
	var lines []tline
	var cur tline
	run := 0 // consecutive lines ending in a hyphen
	push := func() {
		if len(cur.words) > 0 {
			lines = append(lines, cur)
		}
		cur = tline{}
		width = first - hang
	}
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		sp := 0.0
		if len(cur.words) > 0 {
			sp = d.space(cur.words[len(cur.words)-1])
		}
		if cur.natural+sp+w.w <= width+0.01 {
			cur.words = append(cur.words, w)
			cur.natural += sp + w.w
			cur.spaces += sp
			continue
		}
		// It does not fit: hyphenate when the line would be loose.
		room := width - cur.natural - sp
		if len(cur.words) == 0 {
			room = width
		}
		want := (len(cur.words) == 0 || room > 2*d.width(" ", w.boxes[0].st)) && run < maxHyphenRun
		minTail := 2
		if i == len(ws)-1 {
			minTail = 4 // the paragraph's last line is more than a syllable
		}
		if head, tail, soft, ok := d.hyphenate(w, room, width, lang, want, minTail); ok {
			cur.words = append(cur.words, head)
			if len(cur.words) > 1 {
				cur.spaces += sp
				cur.natural += sp
			}
			cur.natural += head.w
			cur.hyphen = soft
			if soft {
				cur.whole = w.boxes[0].text
			}
			push()
			if soft {
				run++
				cur.tail = true
			}
			ws[i] = tail
			i--
			continue
		}
		if len(cur.words) == 0 { // a word longer than the line: force it
			cur.words = append(cur.words, w)
			cur.natural = w.w
			push()
			run = 0
			continue
		}
		push()
		run = 0
		i--
	}
	push()
	if len(lines) > 0 {
		lines[len(lines)-1].last = true
	}
	return lines
}

// maxHyphenRun is the most consecutive lines that may end in a hyphen.
const maxHyphenRun = 2

// softHyphen ends a line broken inside a word: the font draws it as a
// hyphen, and text extraction knows it for a break, not a letter.
const softHyphen = "\u00ad"

// hyphenate splits w so that its head with a hyphen fits in room, leaving
// at least minTail letters after the break. Only single-box words are
// split; a word longer than any line is cut anywhere. soft reports a break
// that added a hyphen (not one after the word's own hyphen, not a cut).
func (d *pdfDoc) hyphenate(w word, room, width float64, lang string, want bool, minTail int) (head, tail word, soft, ok bool) {
	if len(w.boxes) != 1 || room <= 0 {
		return
	}
	b := w.boxes[0]
	var points []int
	if want && lang != "" {
		points = hyphenPoints(b.text, lang)
	}
	rs := []rune(b.text)
	force := len(points) == 0 && w.w > width
	if force { // cut anywhere
		for i := 1; i < len(rs); i++ {
			points = append(points, i)
		}
	}
	for j := len(points) - 1; j >= 0; j-- {
		p := points[j]
		if !force && letters(rs[p:]) < minTail {
			continue
		}
		h := string(rs[:p])
		added := !force && !strings.HasSuffix(h, "-")
		if added {
			h += softHyphen
		}
		hw := d.width(h, b.st)
		if hw <= room {
			t := string(rs[p:])
			tw := d.width(t, b.st)
			return word{boxes: []box{{h, b.st, hw}}, w: hw}, word{boxes: []box{{t, b.st, tw}}, w: tw}, added, true
		}
	}
	return
}

// letters counts the letters in rs.
func letters(rs []rune) int {
	n := 0
	for _, r := range rs {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// Hyphenation: Liang's patterns (render/internal/hyphen) for the paragraph's
// language. Words with a capital after their first letter (ПЯТНАДЦАТЬ,
// PySolFC), digits or other signs inside are left whole; leading and
// trailing punctuation stays with the word.

// hyphenPoints returns the rune offsets inside s where it may break.
func hyphenPoints(s, lang string) []int {
	pat := hyphen.For(lang)
	if pat == nil {
		return nil
	}
	rs := []rune(s)
	a, b := 0, len(rs)
	for a < b && !unicode.IsLetter(rs[a]) {
		a++
	}
	for b > a && !unicode.IsLetter(rs[b-1]) {
		b--
	}
	for _, r := range rs[min(a+1, b):b] {
		if unicode.IsUpper(r) {
			return nil
		}
	}
	var pts []int
	start := a
	for i := a; i <= b; i++ { // the parts of a compound, each hyphenated
		if i < b && rs[i] != '-' {
			continue
		}
		for _, p := range pat.Points(string(rs[start:i])) {
			pts = append(pts, start+p)
		}
		if i < b && i-a >= 2 && b-i-1 >= 2 {
			pts = append(pts, i+1) // after the compound's own hyphen
		}
		start = i + 1
	}
	return pts
}

// drawLine draws one line at baseline y from x, justified to width unless
// it is the paragraph's last line or align says otherwise. Each run of one
// style is one text object holding its words and the spaces between them,
// so that text extraction gives whole words and real spaces; a justified
// run widens its spaces inside the text object (gofpdf's "J" cell, a TJ
// array), since word spacing (Tw) does not apply to its two-byte fonts.
func (d *pdfDoc) drawLine(l tline, x, y, width float64, al align) {
	extra := 0.0
	gaps := len(l.words) - 1
	switch al {
	case alignJustify:
		if !l.last && gaps > 0 && width > l.natural {
			extra = (width - l.natural) / float64(gaps)
		}
	case alignCenter:
		x += (width - l.natural) / 2
	case alignRight:
		x += width - l.natural
	}
	var r textRun
	for i, w := range l.words {
		// A hyphenated word's head stands for the whole word and its tail
		// for nothing, so that text extraction gives whole words.
		var actual *string
		switch {
		case i == 0 && l.tail: // also the middle of a word broken twice
			actual = new(string)
		case i == len(l.words)-1 && l.whole != "":
			actual = &l.whole
		}
		if actual != nil {
			d.drawRun(&r, y, extra, l.lang, nil)
		}
		for _, b := range w.boxes {
			if r.text.Len() > 0 && r.st != b.st {
				d.drawRun(&r, y, extra, l.lang, actual)
			}
			if r.text.Len() == 0 {
				r.st, r.x = b.st, x
			}
			r.text.WriteString(b.text)
			r.w += b.w
			x += b.w
		}
		if actual != nil {
			d.drawRun(&r, y, extra, l.lang, actual)
			if i < gaps {
				x += d.space(w) + extra
			}
			continue
		}
		if i < gaps {
			sp := d.space(w)
			r.text.WriteByte(' ')
			r.w += sp + extra
			r.gaps++
			x += sp + extra
		}
	}
	d.drawRun(&r, y, extra, l.lang, nil)
}

// textRun is a part of a line in one style.
type textRun struct {
	st   tstyle
	text strings.Builder
	x, w float64 // left edge and width, spaces included
	gaps int     // spaces inside
}

// drawRun draws r with its baseline at y and empties it.
func (d *pdfDoc) drawRun(r *textRun, y, extra float64, lang string, actual *string) {
	defer func() { *r = textRun{} }()
	if r.text.Len() == 0 {
		return
	}
	if lang == "ru" { // marked content: the document's language is English
		d.f.RawWriteStr("/Span <</Lang (ru)>> BDC")
		defer d.f.RawWriteStr("EMC")
	}
	if actual != nil { // the text the run stands for
		d.f.RawWriteStr("/Span <</ActualText " + pdfText(*actual) + ">> BDC")
		defer d.f.RawWriteStr("EMC")
	}
	d.setFont(r.st)
	s := r.text.String()
	d.logText(r.st.size, s)
	if r.st.link != "" {
		if l := d.linkTo(r.st.link); l != 0 {
			fs := r.st.size / ptPerMM
			d.f.Link(r.x, y-fs*0.8, r.w, fs, l)
		}
	}
	y -= r.st.rise
	if r.gaps == 0 || extra < 0.001 {
		d.f.Text(r.x, y, s)
		return
	}
	fs := r.st.size / ptPerMM
	d.f.SetCellMargin(0)
	d.f.SetXY(r.x, y-0.3*fs)
	d.f.CellFormat(r.w, 0, s, "", 0, "J", false, 0, "")
}

// lineHeight is the leading for a paragraph whose largest size is pt.
func lineHeight(pt float64) float64 { return pt * 0.3528 * 1.32 }

// maxSize is the largest font size among spans.
func maxSize(spans []span) float64 {
	m := 0.0
	for _, s := range spans {
		m = max(m, s.st.size)
	}
	return m
}

// row is one laid-out line of a column with its height: what the page
// breaker moves around.
type row struct {
	line   tline
	bullet []tline // a list marker, drawn in the indent of the first row
	indent float64
	h      float64 // the row's height including space before it
	before float64 // space above the baseline's line box (paragraph spacing)
	size   float64 // the line's font size, for the baseline
	al     align
	anchor string // the paragraph's anchor, on its first row
}

// setPara lays out p at width w into rows.
func (d *pdfDoc) setPara(p para, w float64) []row {
	if p.lang == "en" {
		p.spans = smartQuotes(p.spans)
	}
	if p.lang != "" {
		p.spans = linkParaRefs(p.spans)
	}
	lines := d.breakHanging(russianTypography(p), w-p.indent, p.hang, p.lang)
	size := maxSize(p.spans)
	lh := p.lead
	if lh == 0 {
		lh = lineHeight(size)
	}
	rows := make([]row, len(lines))
	for i, l := range lines {
		l.lang = p.lang
		rows[i] = row{line: l, indent: p.indent, h: lh, size: size, al: p.align}
		if i > 0 {
			rows[i].indent += p.hang
		}
	}
	if len(rows) > 0 {
		rows[0].anchor = p.anchor
		rows[0].h += p.before
		rows[0].before = p.before
		if len(p.bullet) > 0 {
			rows[0].bullet = d.breakLines(p.bullet, p.indent, "")
		}
	}
	return rows
}

// drawRows draws rows from top y at x in width w and returns the new y.
func (d *pdfDoc) drawRows(rows []row, x, y, w float64) float64 {
	for _, r := range rows {
		top := y + r.before
		base := top + (r.h-r.before)*0.78
		for i, b := range r.bullet {
			d.drawLine(b, x, base+float64(i)*(r.h-r.before), r.indent-1.2, alignLeft)
		}
		d.drawLine(r.line, x+r.indent, base, w-r.indent, r.al)
		if r.anchor != "" {
			d.anchorPage[r.anchor] = d.f.PageNo()
		}
		lr := loggedRow{page: d.f.PageNo(), x: x, top: top, bot: y + r.h, hyphen: r.line.hyphen, text: lineText(r.line)}
		if d.inHeading {
			d.log.headings = append(d.log.headings, lr)
		} else {
			d.log.rows = append(d.log.rows, lr)
		}
		y += r.h
	}
	return y
}

// rowsHeight sums the heights of rows.
func rowsHeight(rows []row) float64 {
	h := 0.0
	for _, r := range rows {
		h += r.h
	}
	return h
}

// Markdown. The corpus's texts are goldmark nodes over their source; they
// are turned into paras (raw HTML stays off in the corpus, so there is
// none to meet).

// mdParas turns a Text's top-level nodes into paragraphs in style base.
func mdParas(t corpus.Text, base tstyle, lang string, gap float64) []para {
	var out []para
	for _, n := range t.Nodes {
		out = append(out, mdBlock(n, t.Source, base, lang, 0, gap)...)
	}
	return out
}

func mdBlock(n ast.Node, src []byte, base tstyle, lang string, depth int, gap float64) []para {
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		return []para{{spans: inlines(n, src, base), lang: lang, before: gap, indent: float64(depth) * 5}}
	case *ast.Heading:
		st := base.with("B").sized(base.size + 1)
		st.font = fontSans
		return []para{{spans: inlines(n, src, st), align: alignLeft, before: gap * 1.5}}
	case *ast.List:
		var out []para
		i := n.Start
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			mark := "•"
			if n.IsOrdered() {
				mark = itoa(i) + "."
				i++
			}
			first := true
			for b := c.FirstChild(); b != nil; b = b.NextSibling() {
				ps := mdBlock(b, src, base, lang, depth+1, gap*0.4)
				for i := range ps {
					ps[i].indent += 2 // room for "10."
				}
				if first && len(ps) > 0 {
					ps[0].bullet = []span{{mark, base}}
					first = false
				}
				out = append(out, ps...)
			}
		}
		if len(out) > 0 {
			out[0].before = gap
		}
		return out
	case *ast.Blockquote:
		var out []para
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			out = append(out, mdBlock(c, src, base.sized(base.size-0.5), lang, depth+1, gap)...)
		}
		return out
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		mono := base.sized(base.size - 1)
		mono.font, mono.style = fontMono, ""
		var b strings.Builder
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			b.Write(seg.Value(src))
		}
		var out []para
		for _, l := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n") {
			out = append(out, para{spans: []span{{l, mono}}, align: alignLeft, indent: 4})
		}
		if len(out) > 0 {
			out[0].before = gap
		}
		return out
	case *ast.ThematicBreak:
		return []para{{spans: []span{{"*  *  *", base}}, align: alignCenter, before: gap}}
	}
	return nil
}

// inlines flattens n's inline children into spans.
func inlines(n ast.Node, src []byte, st tstyle) []span {
	var out []span
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			out = append(out, span{string(c.Segment.Value(src)), st})
			if c.SoftLineBreak() || c.HardLineBreak() {
				out = append(out, span{" ", st})
			}
		case *ast.String:
			out = append(out, span{string(c.Value), st})
		case *ast.Emphasis:
			s := st.with("I")
			if c.Level >= 2 {
				s = st.with("B")
			}
			if st.style == "I" && c.Level == 1 {
				s = st.with("") // emphasis inside italics is roman
			}
			out = append(out, inlines(c, src, s)...)
		case *ast.CodeSpan:
			m := st.sized(st.size - 0.8)
			m.font, m.style = fontMono, ""
			out = append(out, inlines(c, src, m)...)
		case *ast.Link:
			out = append(out, inlines(c, src, st)...)
		case *ast.AutoLink:
			out = append(out, span{string(c.URL(src)), st})
		case *ast.Image:
			out = append(out, inlines(c, src, st)...)
		default:
			out = append(out, inlines(c, src, st)...)
		}
	}
	return out
}

// plain is text as one span.
func plain(s string, st tstyle) []span { return []span{{s, st}} }

// russianTypography applies the Russian typographic step (package typo) to
// the Russian spans of an editorial paragraph: not to the book's own text,
// nor to a paragraph of no language (the apparatus).
func russianTypography(p para) []span {
	if p.book || p.lang == "" {
		return p.spans
	}
	out := slices.Clone(p.spans) // p.spans may be shared
	for i := range out {
		out[i].text = typo.Russian(out[i].text)
	}
	return out
}

// smartQuotes sets English typewriter quotes as curly ones and three
// dots as an ellipsis, outside code (monospaced spans). A quote opens
// after a space, an opening bracket or a dash, and closes elsewhere.
func smartQuotes(spans []span) []span {
	out := make([]span, len(spans))
	prev := ' '
	for i, sp := range spans {
		out[i] = sp
		if sp.st.font == fontMono {
			prev = 'x'
			continue
		}
		text := strings.ReplaceAll(sp.text, "...", "…")
		var b strings.Builder
		for _, r := range text {
			opening := unicode.IsSpace(prev) || strings.ContainsRune("([{—–-\u00a0", prev)
			switch {
			case r == '"' && opening:
				r = '“'
			case r == '"':
				r = '”'
			case r == '\'' && opening:
				r = '‘'
			case r == '\'':
				r = '’'
			}
			b.WriteRune(r)
			prev = r
		}
		out[i].text = b.String()
	}
	return out
}

// paraRefRE matches a paragraph reference in prose: "002:14".
var paraRefRE = regexp.MustCompile(`\b[0-9]{3}:[0-9]{1,3}\b`)

// linkParaRefs makes each paragraph reference in prose a link to the
// paragraph (spans already linked are left alone).
func linkParaRefs(spans []span) []span {
	var out []span
	for _, sp := range spans {
		if sp.st.link != "" {
			out = append(out, sp)
			continue
		}
		out = append(out, restyleMatches(sp, paraRefRE, func(m []string) span {
			return span{m[0], sp.st.linked("¶" + m[0])}
		})...)
	}
	return out
}

// restyleMatches splits sp at each match of re, the match replaced by
// what f makes of it (f gets the match and its groups).
func restyleMatches(sp span, re *regexp.Regexp, f func(m []string) span) []span {
	var out []span
	last := 0
	for _, m := range re.FindAllStringSubmatchIndex(sp.text, -1) {
		if m[0] > last {
			out = append(out, span{sp.text[last:m[0]], sp.st})
		}
		groups := make([]string, len(m)/2)
		for i := range groups {
			if m[2*i] >= 0 {
				groups[i] = sp.text[m[2*i]:m[2*i+1]]
			}
		}
		out = append(out, f(groups))
		last = m[1]
	}
	if last < len(sp.text) || len(out) == 0 {
		out = append(out, span{sp.text[last:], sp.st})
	}
	return out
}
