package render

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"pasyans/corpus"
	"pasyans/site"

	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"
	"github.com/go-fonts/dejavu/dejavusansmono"
	"github.com/go-fonts/dejavu/dejavuserif"
	"github.com/go-fonts/dejavu/dejavuserifbold"
	"github.com/go-fonts/dejavu/dejavuserifbolditalic"
	"github.com/go-fonts/dejavu/dejavuserifitalic"
	"github.com/jung-kurt/gofpdf"
)

// PDFOptions configures PDF.
type PDFOptions struct {
	// Paper is "a4" (the default when empty) or "letter".
	Paper string
	// Verdicts are the checker's verdicts by rule id ("verified",
	// "failed", …); a rule absent from the map is printed as not checked.
	Verdicts map[string]string
	// Await, when set, is called before Verdicts is read: it returns nil
	// once Verdicts holds the checker's verdicts, or an error when there
	// will be none, and PDF then stops with that error. So a build lays
	// out the book while the checker still runs.
	Await func() error
}

// The PDF's font families, all DejaVu from github.com/go-fonts/dejavu,
// embedded as subsets: they carry ѣ, і, ѳ, ѵ and ♠ ♥ ♦ ♣.
const (
	fontSerif = "serif"
	fontSans  = "sans"
	fontMono  = "mono"
)

// ErrPaper is returned for a paper size PDF does not know.
var ErrPaper = errors.New("unknown paper size (want a4 or letter)")

// PDF writes the annotated book of the edition to w: the title page, the
// contents, the introduction in English and Russian, a chapter per game
// (titles, the parallel Russian and English text with rule references,
// the layout diagram, an example deal, statistics, notes and apparatus),
// the glossary, the sources and the method. The output depends only on ed
// and o: the same input gives the same bytes.
//
// The book is laid out more than once: a pass learns on which page each
// chapter starts and where the index's entries are, the next prints the
// contents and the index with those numbers, until they settle.
func PDF(ed *corpus.Edition, w io.Writer, o PDFOptions) error {
	d, err := layoutBook(ed, o)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := d.f.Output(&buf); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	out, err := finishPDF(buf.Bytes(), d.meta())
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}

// meta is the book's description in the file's metadata.
func (d *pdfDoc) meta() pdfMeta {
	t := d.bookTitles()
	date := d.ed.Date()
	return pdfMeta{
		titleEN: t.EN,
		titleRU: t.RU,
		author: []string{
			"Adelaide Cadogan (the original, Illustrated Games of Patience, 1874)",
			"an anonymous Russian translator",
			"the pasyans edition of " + date.Format("2 January 2006"),
		},
		subject: "An annotated bilingual edition of a nineteenth-century Russian book of patience games: " +
			"the Russian text in its corrected reading beside an English translation, with notes, the apparatus " +
			"of the OCR's repairs and games checked by a program. " +
			"Аннотированное двуязычное издание русской книги XIX века о пасьянсах.",
		keywords: []string{"patience", "solitaire", "card games", "пасьянс", "Cadogan", "pre-reform Russian spelling",
			"дореформенная орфография", "bilingual edition", "digital edition"},
		lang:     "en",
		date:     date,
		front:    d.front,
		checksum: editionChecksum(d.ed),
	}
}

// layoutBook lays out the book until the page numbers of the contents
// and the index settle, and returns the last pass.
func layoutBook(ed *corpus.Edition, o PDFOptions) (*pdfDoc, error) {
	if ed == nil {
		return nil, errors.New("pdf: no edition")
	}
	var pages []int
	var ix *bookIndex
	var anchors map[string]int
	front := 0
	for pass := 0; pass < 4; pass++ {
		d, err := newPDFDoc(ed, o, pages)
		if err != nil {
			return nil, err
		}
		d.prevIndex, d.prevFront, d.prevAnchors = ix, front, anchors
		d.book()
		if err := d.f.Error(); err != nil {
			return nil, fmt.Errorf("pdf: %w", err)
		}
		got := d.tocPageNumbers()
		if pass > 0 && slices.Equal(got, pages) && ix.fingerprint() == d.index.fingerprint() {
			return d, nil
		}
		pages, ix, front, anchors = got, d.index, d.front, d.anchorPage
	}
	return nil, errors.New("pdf: the page numbers of the contents and the index do not settle")
}

// pdfDoc is one layout pass of the book.
type pdfDoc struct {
	f      *gofpdf.Fpdf
	ed     *corpus.Edition
	o      PDFOptions
	msgs   *messages // the site's catalogs: the statistics' labels, numbers and units
	widths map[widthKey]float64
	cur    tstyle

	pageW, pageH           float64
	mTop, mBot, mIn, mOut  float64 // margins, mm
	tw                     float64 // text width
	measure                float64 // the width of single-column text
	left                   float64 // the current page's left margin
	y                      float64 // the flow's current y
	bottom                 float64 // the lowest y text may reach
	headRight              string  // the running head of the current chapter
	opening                bool    // the current page opens a chapter: no running head
	toc                    []tocEntry
	tocLinks               []int               // the contents' link ids, in entry order (second pass)
	pageHook               func()              // called after a page break inside a flow
	float                  func()              // a figure that waits for the top of the next page
	prevPages              []int               // page numbers from the previous pass
	noFolio                map[int]bool        // pages without running head and folio
	front                  int                 // the pages of the front matter (roman folios); 0 while it is set
	frontDone              bool                // the front matter is complete
	index                  *bookIndex          // where games, terms and rules are
	log                    pageLog             // what each page holds (for the tests)
	inHeading              bool                // drawRows draws a heading
	inHead                 bool                // the running head is being drawn
	contentsPages          [2]int              // the first and last page of the contents
	links                  map[string]int      // the pass's internal links by target
	anchorPage             map[string]int      // paragraph anchor → the page it begins on
	prevAnchors            map[string]int      // the previous pass's anchorPage
	prevIndex              *bookIndex          // the previous pass's, printed in the index
	prevFront              int                 // the previous pass's front
	termsOf                map[string][]string // paragraph id → the index entries of its glossary terms
	figPages               []int               // pages with a diagram (for the tests)
	body, small, sans, ids tstyle
}

// tocEntry is a line of the contents and a bookmark.
type tocEntry struct {
	level int
	title string
	page  int
	link  int
}

// Colours.
var (
	black = [3]int{0, 0, 0}
	grey  = [3]int{95, 95, 95}
	red   = [3]int{170, 20, 30}
	green = [3]int{20, 110, 40}
)

func newPDFDoc(ed *corpus.Edition, o PDFOptions, prev []int) (*pdfDoc, error) {
	size := gofpdf.SizeType{Wd: 210, Ht: 297}
	switch o.Paper {
	case "", "a4":
	case "letter":
		size = gofpdf.SizeType{Wd: 215.9, Ht: 279.4}
	default:
		return nil, fmt.Errorf("pdf: %q: %w", o.Paper, ErrPaper)
	}
	f := gofpdf.NewCustom(&gofpdf.InitType{UnitStr: "mm", Size: size, OrientationStr: "P"})
	f.SetCreationDate(ed.Date())
	f.SetModificationDate(ed.Date())
	f.SetCatalogSort(true)
	f.SetCompression(true)
	f.SetAutoPageBreak(false, 0)
	f.SetProducer("pasyans (gofpdf)", true)
	f.SetCreator("pasyans", true)
	fonts := []struct {
		fam, style string
		ttf        []byte
	}{
		{fontSerif, "", dejavuserif.TTF},
		{fontSerif, "I", dejavuserifitalic.TTF},
		{fontSerif, "B", dejavuserifbold.TTF},
		{fontSerif, "BI", dejavuserifbolditalic.TTF},
		{fontSans, "", dejavusans.TTF},
		{fontSans, "B", dejavusansbold.TTF},
		{fontMono, "", dejavusansmono.TTF},
	}
	for _, ft := range fonts {
		// A copy: gofpdf's subsetter writes into the bytes it is given.
		f.AddUTF8FontFromBytes(ft.fam, ft.style, bytes.Clone(ft.ttf))
	}
	if err := f.Error(); err != nil {
		return nil, fmt.Errorf("pdf: fonts: %w", err)
	}
	msgs, err := loadMessages(site.FS)
	if err != nil {
		return nil, fmt.Errorf("pdf: %w", err)
	}
	d := &pdfDoc{f: f, ed: ed, o: o, msgs: msgs, widths: map[widthKey]float64{}, prevPages: prev, noFolio: map[int]bool{}, index: newBookIndex(),
		termsOf: map[string][]string{}, links: map[string]int{}, anchorPage: map[string]int{}}
	for _, t := range ed.Glossary {
		for _, p := range t.Paragraphs {
			d.termsOf[p] = append(d.termsOf[p], termIndexKey(t))
		}
	}
	d.pageW, d.pageH = size.Wd, size.Ht
	d.mTop, d.mBot, d.mIn, d.mOut = 22, 24, 22, 18
	d.tw = d.pageW - d.mIn - d.mOut
	d.measure = min(d.tw, 128) // about 70 characters of the body type
	d.body = tstyle{font: fontSerif, size: 10, color: black}
	d.small = tstyle{font: fontSerif, size: 8.5, color: black}
	d.sans = tstyle{font: fontSans, size: 8, color: grey}
	d.ids = tstyle{font: fontMono, size: 7.5, color: grey}
	f.SetFont(fontSerif, "", 10)
	d.cur = d.body
	f.SetHeaderFuncMode(d.header, false)
	f.SetFooterFunc(d.footer)
	if ed.Book != nil {
		f.SetTitle(ed.Book.Titles.EN, true)
		f.SetSubject(ed.Book.Titles.RU, true)
	}
	f.SetAuthor("pasyans edition", true)
	return d, nil
}

// bookTitles are the book's titles, or empty ones when book.md is missing.
func (d *pdfDoc) bookTitles() corpus.Titles {
	if d.ed.Book == nil {
		return corpus.Titles{}
	}
	return d.ed.Book.Titles
}

// newPage starts a page; the margins alternate (inner margin wider).
func (d *pdfDoc) newPage() {
	d.f.AddPage()
	if d.frontDone && d.front == 0 {
		d.front = d.f.PageNo() - 1
	}
	d.cur = tstyle{color: [3]int{-1, -1, -1}} // unknown: the next setFont sets both
	d.left = d.mIn
	if d.f.PageNo()%2 == 0 {
		d.left = d.mOut
	}
	d.y = d.mTop
	d.bottom = d.pageH - d.mBot
	d.opening = false
}

// header draws the running head: the book's title on even pages, the
// chapter's on odd ones; none on chapter openings and the title page.
func (d *pdfDoc) header() {
	// gofpdf carries the last page's colour over to the header: the
	// current style is unknown, so that the head is never drawn in it.
	d.cur = tstyle{color: [3]int{-1, -1, -1}}
	n := d.f.PageNo()
	if d.opening || d.noFolio[n] {
		return
	}
	left := d.mIn
	if n%2 == 0 {
		left = d.mOut
	}
	st := d.sans.sized(7.5)
	text := d.headRight
	al := alignRight
	if n%2 == 0 {
		text, al = d.versoHead(st), alignLeft
	}
	l := d.breakLines(plain(text, st), d.tw, "")
	if len(l) > 0 {
		d.inHead = true
		d.drawLine(l[0], left, 13, d.tw, al)
		d.inHead = false
	}
	d.f.SetDrawColor(160, 160, 160)
	d.f.SetLineWidth(0.15)
	d.f.Line(left, 15, left+d.tw, 15)
}

// versoHead is the running head of the even pages: the book's English
// and Russian titles, shortened (before the first comma, before «съ»)
// when both do not fit.
func (d *pdfDoc) versoHead(st tstyle) string {
	t := d.bookTitles()
	full := joinBi(t.EN, t.RU)
	if d.width(full, st) <= d.tw {
		return full
	}
	en, _, _ := strings.Cut(t.EN, ",")
	ru, _, _ := strings.Cut(t.RU, " съ ")
	return joinBi(en, ru)
}

// footer draws the folio, centred.
func (d *pdfDoc) footer() {
	d.cur = tstyle{color: [3]int{-1, -1, -1}}
	n := d.f.PageNo()
	if d.noFolio[n] {
		return
	}
	st := d.sans.sized(8)
	l := d.breakLines(plain(d.folio(n), st), d.tw, "")
	left := d.mIn
	if n%2 == 0 {
		left = d.mOut
	}
	d.drawLine(l[0], left, d.pageH-12, d.tw, alignCenter)
}

// folio is the number printed on page n: roman in the front matter,
// arabic from the first page of the introduction.
func (d *pdfDoc) folio(n int) string {
	front := d.front
	if front == 0 { // still in the front matter: the last pass's count
		front = d.prevFront
	}
	if front == 0 || n <= front {
		return roman(n)
	}
	return itoa(n - front)
}

// roman writes n (1-3999) in lower-case roman numerals.
func roman(n int) string {
	var b strings.Builder
	for _, v := range []struct {
		n int
		s string
	}{{1000, "m"}, {900, "cm"}, {500, "d"}, {400, "cd"}, {100, "c"}, {90, "xc"}, {50, "l"}, {40, "xl"}, {10, "x"}, {9, "ix"}, {5, "v"}, {4, "iv"}, {1, "i"}} {
		for n >= v.n {
			b.WriteString(v.s)
			n -= v.n
		}
	}
	return b.String()
}

// blankPage adds an empty page (the verso before a chapter that opens on
// a recto).
func (d *pdfDoc) blankPage() {
	d.plainPage()
}

// plainPage starts a page without running head and folio (the header
// is drawn as the page begins, so the page is marked before).
func (d *pdfDoc) plainPage() {
	d.noFolio[d.f.PageNo()+1] = true
	d.newPage()
}

// toRecto makes the next new page a recto (odd): it adds a blank verso
// when the current page is a recto.
func (d *pdfDoc) toRecto() {
	if d.f.PageNo()%2 == 1 {
		d.blankPage()
	}
}

// addTOC records a contents entry and bookmark at the current position.
func (d *pdfDoc) addTOC(level int, title string) {
	d.setFont(d.body)
	d.f.Bookmark(title, level, d.y)
	link := 0
	if len(d.toc) < len(d.tocLinks) {
		link = d.tocLinks[len(d.toc)]
		d.f.SetLink(link, d.y, d.f.PageNo())
	}
	d.toc = append(d.toc, tocEntry{level: level, title: title, page: d.f.PageNo(), link: link})
}

func (d *pdfDoc) tocPageNumbers() []int {
	out := make([]int, len(d.toc))
	for i, e := range d.toc {
		out[i] = e.page
	}
	return out
}

// need starts a new page unless h more millimetres fit on this one.
func (d *pdfDoc) need(h float64) {
	if d.y+h > d.bottom+0.01 {
		d.newPage()
	}
}

// flow sets paragraphs across the full text width, breaking pages between
// lines (keeping at least two lines of a paragraph together at either
// end).
func (d *pdfDoc) flow(ps []para) {
	for _, p := range ps {
		d.flowRows(d.setPara(p, d.measure), 0, d.measure)
	}
}

// flowColumns sets paragraphs in two columns (notes, lists of rules: small
// type that would run to a hundred characters a line across the page).
func (d *pdfDoc) flowColumns(ps []para) {
	var rows []row
	for _, p := range ps {
		rows = append(rows, d.setPara(p, d.colWidth())...)
	}
	if len(rows) > 0 {
		d.twoColumns(cont(rows))
	}
}

// flowRows draws rows dx from the left margin in width w, breaking pages
// with widow and orphan control.
func (d *pdfDoc) flowRows(rows []row, dx, w float64) {
	for len(rows) > 0 {
		fit := 0
		h := 0.0
		for fit < len(rows) && d.y+h+rows[fit].h <= d.bottom+0.01 {
			h += rows[fit].h
			fit++
		}
		if fit == len(rows) {
			d.y = d.drawRows(rows, d.left+dx, d.y, w)
			return
		}
		// Orphans and widows: two lines at least on either side.
		if len(rows)-fit < 2 && fit > 2 {
			fit--
		}
		fit = noHyphenAtFoot(rows, fit)
		if fit > 0 {
			d.drawRows(rows[:fit], d.left+dx, d.y, w)
			rows = rows[fit:]
		}
		rows[0].h -= rows[0].before
		rows[0].before = 0
		d.breakPage()
	}
}

// noHyphenAtFoot moves the last of the k rows that stay on a page to the
// next while it ends in a hyphen (a word is not broken across a page
// turn); fewer than two rows left behind means none (orphan control).
func noHyphenAtFoot(rows []row, k int) int {
	for k > 0 && rows[k-1].line.hyphen {
		k--
	}
	if k < 2 {
		return 0
	}
	return k
}

// breakPage continues the current flow on a new page.
func (d *pdfDoc) breakPage() {
	d.newPage()
	if d.float != nil {
		d.runFloat()
		if d.y+7+4*lineHeight(10) > d.bottom { // no room left under the figure
			d.newPage()
		}
	}
	if d.pageHook != nil {
		d.pageHook()
	}
}

// runFloat places the figure waiting for a page's top, if any, keeping
// the flow's page hook.
func (d *pdfDoc) runFloat() {
	if d.float == nil {
		return
	}
	fl, hook := d.float, d.pageHook
	d.float = nil
	fl()
	d.pageHook = hook
}

// heading sets a heading kept with at least keep mm of what follows.
func (d *pdfDoc) heading(text string, st tstyle, before, after, keep float64) {
	rows := d.setPara(para{spans: plain(text, st), align: alignLeft, lang: ""}, d.tw)
	h := rowsHeight(rows)
	if d.y > d.mTop+0.01 {
		d.y += before
	}
	if d.y+h+after+keep > d.bottom+0.01 {
		d.breakPage()
	}
	d.inHeading = true
	d.y = d.drawRows(rows, d.left, d.y, d.tw) + after
	d.inHeading = false
}

// chapter opens a chapter on a new page with a title and a bookmark.
func (d *pdfDoc) chapter(level int, title, runhead string, sub ...string) {
	d.toRecto()
	d.headRight = runhead
	d.opening = true
	d.newPage()
	d.y = d.mTop + 8
	d.addTOC(level, title)
	st := tstyle{font: fontSans, style: "B", size: 17, color: black}
	rows := d.setPara(para{spans: plain(title, st), align: alignLeft}, d.tw)
	d.y = d.drawRows(rows, d.left, d.y, d.tw)
	for _, s := range sub {
		if s == "" {
			continue
		}
		rows := d.setPara(para{spans: plain(s, d.body.sized(11).colored(grey)), align: alignLeft, before: 1}, d.tw)
		d.y = d.drawRows(rows, d.left, d.y, d.tw)
	}
	d.y += 3
	d.f.SetDrawColor(120, 120, 120)
	d.f.SetLineWidth(0.3)
	d.f.Line(d.left, d.y, d.left+d.tw, d.y)
	d.y += 6
}

// book lays out the whole book.
func (d *pdfDoc) book() {
	d.halfTitle()
	d.blankPage()
	d.titlePage()
	d.imprint()
	d.contents()
	if d.f.PageNo()%2 == 1 {
		d.blankPage() // the front matter is an even number of pages
	}
	d.frontDone = true
	d.introduction()
	d.games()
	d.glossary()
	d.sources()
	d.method()
	d.indexPages()
	d.colophon()
}
