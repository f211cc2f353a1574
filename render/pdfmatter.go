package render

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"pasyans/corpus"
)

// The book's front and back matter besides the title page and the
// contents: the half-title, the imprint, the index and the colophon.

// halfTitle sets the first page: the book's title alone.
func (d *pdfDoc) halfTitle() {
	d.plainPage()
	t := d.bookTitles()
	d.y = d.pageH * 0.3
	w := d.tw * 0.8
	x := d.left + (d.tw-w)/2
	for _, s := range []struct {
		text string
		st   tstyle
	}{
		{t.RU, tstyle{font: fontSerif, size: 15, color: black}},
		{t.EN, tstyle{font: fontSerif, style: "I", size: 12, color: grey}},
	} {
		if s.text != "" {
			d.y = d.drawRows(d.setPara(para{spans: plain(s.text, s.st), align: alignCenter, before: 3}, w), x, d.y, w)
		}
	}
}

// editionChecksum is the SHA-256 of what the edition prints: the sources'
// checksums, every paragraph's corrected reading and translation, the
// glossary: two editions with the same checksum print the same text.
func editionChecksum(ed *corpus.Edition) string {
	h := sha256.New()
	for _, s := range ed.Sources {
		fmt.Fprintf(h, "source %s %s\n", s.ID, s.SHA256)
	}
	for _, p := range ed.Paragraphs {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00", p.ID, p.Corrected, p.Translation.Markdown)
	}
	for _, t := range ed.Glossary {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00", t.PreReform, t.EN, t.DefEN, t.DefRU)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// imprint sets the back of the title page: the edition, its date and
// checksum, the original, the translator, the typesetting.
func (d *pdfDoc) imprint() {
	d.plainPage()
	date := d.ed.Date()
	sum := editionChecksum(d.ed)
	lines := []para{
		{spans: []span{{"Original: Lady Adelaide Cadogan, ", d.small}, {"Illustrated Games of Patience", d.small.with("I")}, {" (London, 1874). " +
			"Russian translation by an anonymous translator, known from a damaged electronic text that names neither translator, date nor publisher.", d.small}}, lang: "en", align: alignLeft},
		{spans: plain("Оригинал: леди Аделаида Кадоган, «Illustrated Games of Patience» (Лондон, 1874). "+
			"Русский перевод анонимного переводчика, известный по повреждённому электронному тексту, в котором не названы ни переводчик, ни дата, ни издатель.", d.small), lang: "ru", align: alignLeft, before: 2},
		{spans: plain("Edition of "+date.Format("2 January 2006")+" · Издание от "+ruDate(date), d.small), align: alignLeft, before: 6},
		{spans: []span{{"Version ", d.small}, {date.Format("2006-01-02"), d.ids.sized(7.5).colored(black)},
			{" · SHA-256 of the printed text (sources, readings, translation, glossary): ", d.small}}, align: alignLeft, before: 1.5},
		{spans: plain(sum[:32]+" "+sum[32:], d.ids.sized(7.5).colored(black)), align: alignLeft, before: 0.5},
		{spans: plain("The web edition gives every paragraph in its three readings (diplomatic, corrected, modern); "+
			"this book prints the corrected reading.", d.small), lang: "en", align: alignLeft, before: 6},
		{spans: plain("Set in DejaVu Serif, Sans and Sans Mono by pasyans with gofpdf; hyphenation by Liang's patterns. "+
			"See the colophon.", d.small.colored(grey)), lang: "en", align: alignLeft, before: 2},
	}
	h := 0.0
	for _, p := range lines {
		h += rowsHeight(d.setPara(p, d.tw*0.8))
	}
	d.y = d.bottom - h
	for _, p := range lines {
		d.y = d.drawRows(d.setPara(p, d.tw*0.8), d.left, d.y, d.tw*0.8)
	}
}

var ruMonths = [...]string{"января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"}

// ruDate writes a date the Russian way: "6 декабря 2026 г.".
func ruDate(t time.Time) string {
	return fmt.Sprintf("%d %s %d г.", t.Day(), ruMonths[t.Month()-1], t.Year())
}

// The index: games, terms and rules with the pages where they are.

// indexKind is a part of the index.
type indexKind int

const (
	ixGame indexKind = iota
	ixTerm
	ixRule
	ixPara // not printed: the paragraphs' pages, for references
)

// bookIndex records the pages of the index's entries during a pass, and
// where each paragraph begins.
type bookIndex struct {
	pages  map[indexKind]map[string][]int // kind → entry → physical pages, ascending
	paraAt map[string]float64             // paragraph id → the y of its first line
}

func newBookIndex() *bookIndex {
	return &bookIndex{pages: map[indexKind]map[string][]int{ixGame: {}, ixTerm: {}, ixRule: {}, ixPara: {}}, paraAt: map[string]float64{}}
}

// paraPage is the page on which paragraph id begins, or 0.
func (ix *bookIndex) paraPage(id string) int {
	if ix == nil {
		return 0
	}
	if ps := ix.pages[ixPara][id]; len(ps) > 0 {
		return ps[0]
	}
	return 0
}

// linkTo returns the link (made once a pass) to a target of the previous
// pass: "¶id" a paragraph, "pN" page N; 0 when it is not known yet.
func (d *pdfDoc) linkTo(target string) int {
	if l, ok := d.links[target]; ok {
		return l
	}
	page, y := 0, 0.0
	switch {
	case strings.HasPrefix(target, "¶"):
		id := strings.TrimPrefix(target, "¶")
		page = d.prevIndex.paraPage(id)
		if page > 0 {
			y = max(0, d.prevIndex.paraAt[id]-3)
		}
	case strings.HasPrefix(target, "p"):
		page, _ = strconv.Atoi(target[1:])
	default: // an anchor of the previous pass
		page = d.prevAnchors[target]
	}
	l := 0
	if page > 0 {
		l = d.f.AddLink()
		d.f.SetLink(l, y, page)
	}
	d.links[target] = l
	return l
}

// add records that entry of kind is on page.
func (ix *bookIndex) add(kind indexKind, entry string, page int) {
	ps := ix.pages[kind][entry]
	if i, ok := slices.BinarySearch(ps, page); !ok {
		ix.pages[kind][entry] = slices.Insert(ps, i, page)
	}
}

// fingerprint is the index's content as one string (the passes settle
// when it no longer changes).
func (ix *bookIndex) fingerprint() string {
	var b strings.Builder
	for k := ixGame; k <= ixPara; k++ {
		for _, e := range sortedKeys(ix.pages[k]) {
			fmt.Fprintf(&b, "%d %s %v\n", k, e, ix.pages[k][e])
		}
	}
	return b.String()
}

func sortedKeys(m map[string][]int) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// indexPages sets the index from the previous pass's pages (the first
// pass sets it without numbers, which changes no page before it).
func (d *pdfDoc) indexPages() {
	d.chapter(0, "Index", "Index · Указатель", "Указатель пасьянсов, терминов и правил")
	prev := d.prevIndex
	if prev == nil {
		prev = newBookIndex()
	}
	parts := []struct {
		kind   indexKind
		en, ru string
		keys   []string
	}{
		{ixGame, "Games", "Пасьянсы", d.gameIndexKeys()},
		{ixTerm, "Terms", "Термины", d.termIndexKeys()},
		{ixRule, "Rules", "Правила", d.ruleIndexKeys()},
	}
	cw := d.colWidth()
	for _, part := range parts {
		var rows []row
		for _, k := range part.keys {
			st := d.small
			if part.kind == ixRule {
				st = d.ids.sized(7).colored(black)
			}
			sp := []span{{k, st}}
			for i, p := range prev.pages[part.kind][k] {
				sep := ", "
				if i == 0 {
					sep = "  "
				}
				sp = append(sp, span{sep, d.small}, span{d.folio(p), d.small.linked("p" + itoa(p))})
			}
			rows = append(rows, d.setPara(para{spans: sp, align: alignLeft, hang: 4, lead: lineHeight(8.5)}, cw)...)
		}
		d.sectionKeep(part.en+" · "+part.ru, 4*lineHeight(8.5))
		d.twoColumns(rows)
	}
}

// twoColumns sets rows in two columns, the left filled to the page's
// foot first, breaking pages as needed.
func (d *pdfDoc) twoColumns(rows []row) {
	cw := d.colWidth()
	for len(rows) > 0 {
		avail := d.bottom - d.y
		nl := columnSplit(rows, fitRows(rows, avail))
		nr := columnSplit(rows[nl:], fitRows(rows[nl:], avail))
		if nl+nr >= len(rows) && len(rows) > 1 { // all fit: balance the columns
			half := 0.0
			for nl = 0; nl < len(rows) && half+rows[nl].h <= rowsHeight(rows)/2+0.01; nl++ {
				half += rows[nl].h
			}
			nl = max(columnSplit(rows, nl), 1)
			nr = len(rows) - nl
		}
		if nl == 0 {
			d.breakPage()
			continue
		}
		yl := d.drawRows(rows[:nl], d.left, d.y, cw)
		yr := d.drawRows(cont(rows[nl:nl+nr]), d.left+cw+colGap, d.y, cw)
		rows = rows[nl+nr:]
		d.y = max(yl, yr)
		if len(rows) > 0 {
			rows = cont(rows)
			d.breakPage()
		}
	}
}

// columnSplit adjusts the k rows that fit a column: none ending in an
// added hyphen, no single line of a paragraph left or carried (the rows
// of a paragraph after its first have no space before them).
func columnSplit(rows []row, k int) int {
	if k >= len(rows) {
		return len(rows)
	}
	for k > 0 && rows[k-1].line.hyphen {
		k--
	}
	// A paragraph's first line alone at the foot, or its last alone at
	// the top of the next column: move the split up one line.
	if k > 0 && rows[k-1].before > 0 && rows[k].before == 0 {
		k--
	}
	if k > 1 && k < len(rows) && rows[k].before == 0 && (k+1 == len(rows) || rows[k+1].before > 0) {
		k--
	}
	for k > 0 && rows[k-1].line.hyphen {
		k--
	}
	return k
}

func (d *pdfDoc) gameIndexKeys() []string {
	var out []string
	for _, g := range d.ed.Games {
		out = append(out, gameIndexKey(g))
	}
	return out
}

// gameIndexKey is a game's index entry: its English and Russian titles.
func gameIndexKey(g *corpus.Game) string {
	k := g.Titles.EN
	if k == "" {
		k = g.ID
	}
	if g.Titles.RU != "" {
		k += " (" + g.Titles.RU + ")"
	}
	return k
}

func (d *pdfDoc) termIndexKeys() []string {
	var out []string
	for _, t := range d.ed.Glossary {
		out = append(out, termIndexKey(t))
	}
	// Alphabetical, ignoring case and a leading article.
	key := func(s string) string { return strings.TrimPrefix(strings.ToLower(s), "the ") }
	sort.SliceStable(out, func(i, j int) bool { return key(out[i]) < key(out[j]) })
	return out
}

// termIndexKey is a term's index entry: the English and the pre-reform
// Russian.
func termIndexKey(t *corpus.Term) string { return t.EN + " (" + t.PreReform + ")" }

func (d *pdfDoc) ruleIndexKeys() []string {
	var out []string
	for _, g := range d.ed.Games {
		if g.Variant == nil {
			continue
		}
		for _, r := range g.Variant.Rules {
			out = append(out, r.ID)
		}
	}
	return out
}

// colophon sets the last page: how the book was made.
func (d *pdfDoc) colophon() {
	d.plainPage()
	d.opening = true
	ps := []para{
		{spans: plain("Colophon · Выходные сведения", tstyle{font: fontSans, style: "B", size: 10, color: black}), align: alignLeft},
		{spans: plain("This book was set by pasyans, the program of this edition, from the same sources as the web edition, "+
			"with the gofpdf library, on A4 or US Letter paper. The text is set in DejaVu Serif, the headings in DejaVu Sans and the "+
			"identifiers in DejaVu Sans Mono (Bitstream Vera derivatives, free licence), embedded as subsets. Words are "+
			"hyphenated by Frank Liang's algorithm with the Russian patterns of Alexander Lebedev (ruhyphal, LPPL) and the "+
			"English patterns of the hyphen library (after Knuth and Liang; GPL/LGPL/MPL), as Debian packages them; "+
			"the pre-reform letters are read as their modern counterparts.", d.small), lang: "en", before: 3},
		{spans: plain("Книга набрана программой издания pasyans из тех же источников, что и веб-издание, с помощью библиотеки gofpdf. "+
			"Шрифты — DejaVu Serif, Sans и Sans Mono. Переносы расставлены по алгоритму Ф. Лианга с русскими шаблонами "+
			"А. И. Лебедева и английскими шаблонами библиотеки hyphen; дореформенные буквы читаются как их современные соответствия.", d.small), lang: "ru", before: 2},
		{spans: plain("Edition of "+d.ed.Date().Format("2 January 2006")+"; SHA-256 of the printed text "+editionChecksum(d.ed)[:16]+"…", d.small.colored(grey)), align: alignLeft, before: 3},
	}
	h := 0.0
	for _, p := range ps {
		h += rowsHeight(d.setPara(p, d.tw*0.8))
	}
	d.y = d.bottom - h
	d.flow2(ps, d.tw*0.8)
}

// flow2 sets paragraphs at width w from the left margin (no page breaks:
// for short matter that fits).
func (d *pdfDoc) flow2(ps []para, w float64) {
	for _, p := range ps {
		d.y = d.drawRows(d.setPara(p, w), d.left, d.y, w)
	}
}
