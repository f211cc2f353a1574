package render

import (
	"fmt"
	"strconv"

	"pasyans/render/figure"
	"strings"
	"unicode"

	"pasyans/corpus"
	"pasyans/engine"
	"pasyans/normalize"
)

// colGap is the gap between the Russian and the English columns, mm.
const colGap = 7.0

// games sets the part title and a chapter per game.
func (d *pdfDoc) games() {
	d.chapter(0, "The Games", "The Games · Пасьянсы", "Пасьянсы")
	d.flow([]para{{spans: plain("Each game is given with its titles, the layout diagram redrawn from the engine's geometry, "+
		"the Russian text in its corrected reading (the book's pre-reform spelling, with the damage of the OCR repaired) "+
		"beside the English translation, paragraph by paragraph (the rules each paragraph states, with the checker's verdict, are listed under Method), "+
		"an example deal replayed by the engine and the solver's statistics when they have been gathered. "+
		"Under each paragraph stand the editor's notes, the Russian under the Russian and the English under the English, "+
		"and the apparatus: every word the OCR gave otherwise, with the rule that repaired it. A "+emendedMark+" after a Russian word "+
		"marks a repair; an apparatus entry gives the corrected reading, then, after the bracket, the form the OCR has, and the rule "+
		"(emendation: from the editor's table of emendations).", d.body), lang: "en"}})
	for _, g := range d.ed.Games {
		d.game(g)
	}
}

// gameTitle is "4. The Salic Law", or the title alone for a game that is
// not in the book's numbering.
func gameTitle(g *corpus.Game) string {
	t := g.Titles.EN
	if t == "" {
		t = g.ID
	}
	if g.Order > 0 {
		return itoa(g.Order) + ". " + t
	}
	return t
}

func (d *pdfDoc) game(g *corpus.Game) {
	d.pageHook = nil
	ru := g.Titles.RU
	if g.Titles.RUModern != "" && g.Titles.RUModern != g.Titles.RU {
		ru += "  ·  modern spelling: " + g.Titles.RUModern
	}
	var al []string
	for _, a := range []struct{ k, v string }{
		{"Cadogan 1874", g.Aliases.Cadogan1874},
		{"Cadogan 1914", g.Aliases.Cadogan1914},
		{"PySolFC", g.Aliases.PySolFC},
	} {
		if a.v != "" {
			al = append(al, a.k+": "+a.v)
		}
	}
	aliases := ""
	if len(al) > 0 {
		aliases = "Also known as — " + strings.Join(al, "; ")
	}
	d.chapter(1, gameTitle(g), joinBi(gameTitle(g), g.Titles.RU), ru, aliases)
	d.index.add(ixGame, gameIndexKey(g), d.f.PageNo())
	if g.Order == 0 {
		d.flow([]para{{spans: plain("Not one of the book's twenty-four games: from the modern description (source 003).", d.small.with("I").colored(grey)), align: alignLeft}})
	}
	d.flow(mdParas(g.Intro, d.body, "en", 2))
	d.flow(mdParas(g.IntroRU, d.body, "ru", 2))

	if g.Variant != nil {
		fig := figure.New(g.Variant, nil, "en")
		cap := []span{{"The layout of " + g.Titles.EN, d.small.with("I")}}
		capRU := []span{{"Раскладка пасьянса «" + g.Titles.RU + "»", d.small.with("I").colored(grey)}}
		if g.Variant.Layout.Reconstructed != "" {
			cap = append(cap, span{" (reconstructed: see below)", d.small.with("I")})
			capRU = append(capRU, span{" (восстановлена издателем: см. ниже)", d.small.with("I").colored(grey)})
		}
		maxH := d.pageH * 0.42
		// The heading goes with the diagram and its caption; when they do
		// not fit the rest of the page, the text begins there and the
		// diagram heads the next page.
		need := d.figureNeed(fig, maxH, cap, capRU)
		layout := func() {
			d.gameSection("The layout · Раскладка", need)
			d.figureBlock(fig, maxH, cap, capRU)
			if ru, en := d.layoutNote(g); len(en) > 0 {
				d.placePair(pair{ru: ru, en: en})
				d.y += 3
			}
		}
		if d.y+need+12 > d.bottom && d.bottom-d.y > 7+8*lineHeight(10)+12 {
			d.float = layout
		} else {
			layout()
		}
	}

	d.gameSection("Text and translation · Текст и перевод", 7+5*lineHeight(10))
	d.parallel(g.Paragraphs)
	if d.float != nil { // the text ended on the page: the diagram follows
		d.runFloat()
	}

	if g.Variant != nil {
		for _, dl := range d.ed.Deals {
			if dl.Game == g.ID {
				d.deal(g, dl)
				break // the first deal of the game
			}
		}
	}
	for _, st := range d.ed.Stats {
		if st.Game == g.ID {
			d.stats(st)
			break
		}
	}
}

// layoutNote is the note on a reconstructed layout, set under the
// diagram: why and from what, in Russian and English.
func (d *pdfDoc) layoutNote(g *corpus.Game) (ru, en []row) {
	if g.Variant == nil || g.Variant.Layout.Reconstructed == "" {
		return nil, nil
	}
	l := g.Variant.Layout
	cw := d.colWidth()
	en = d.setPara(para{spans: plain("The layout is reconstructed: "+sentence(l.Reconstructed), d.small), lang: "en", align: alignLeft}, cw)
	if l.ReconstructedRU != "" {
		ru = d.setPara(para{spans: plain("Раскладка восстановлена издателем: "+sentence(l.ReconstructedRU), d.small), lang: "ru", align: alignLeft}, cw)
	}
	return ru, en
}

// section is a heading inside a chapter, kept with what follows.
func (d *pdfDoc) section(title string) { d.sectionKeep(title, 3*lineHeight(10)) }

// gameSection is a section of a game's chapter, with a bookmark under the
// game's.
func (d *pdfDoc) gameSection(title string, keep float64) {
	d.sectionKeep(title, keep)
	d.f.Bookmark(title, 2, d.y-lineHeight(11.5)-2)
}

// sectionKeep is a section heading kept with keep mm of what follows.
func (d *pdfDoc) sectionKeep(title string, keep float64) {
	d.pageHook = nil
	d.heading(title, tstyle{font: fontSans, style: "B", size: 11.5, color: black}, 5, 2, keep)
}

// subsection is a smaller heading.
func (d *pdfDoc) subsection(title string) {
	d.heading(title, tstyle{font: fontSans, style: "B", size: 9.5, color: [3]int{40, 40, 40}}, 3, 1.5, 3*lineHeight(10))
}

// Parallel text.

// colWidth is the width of one of the two columns.
func (d *pdfDoc) colWidth() float64 { return (d.tw - colGap) / 2 }

// columnHeads draws the two columns' heads at the current y.
func (d *pdfDoc) columnHeads(ru, en string) {
	st := d.sans.with("B").sized(7.5)
	cw := d.colWidth()
	d.textAt(ru, st, d.left, d.y+3, alignLeft)
	d.textAt(en, st, d.left+cw+colGap, d.y+3, alignLeft)
	d.f.SetDrawColor(170, 170, 170)
	d.f.SetLineWidth(0.15)
	d.f.Line(d.left, d.y+4.5, d.left+d.tw, d.y+4.5)
	d.log.headings = append(d.log.headings, loggedRow{page: d.f.PageNo(), x: d.left, top: d.y, bot: d.y + 7, text: ru + " | " + en})
	d.y += 7
}

// pair is a paragraph set in the two columns.
type pair struct {
	label  string
	ru, en []row
	terms  []string // index entries on the pair's first page
	rules  []string
	notes  []footnote // the book's footnotes the pair calls
	noted  bool       // the paragraph has notes or apparatus at the game's end
}

// footnote is one of the book's own footnotes, set at the foot of the
// page that calls it: the Russian and the English side by side.
type footnote struct {
	n      int
	ru, en []row
}

// parallel sets paragraphs in two columns, Russian (corrected reading) on
// the left, English on the right, each pair starting at the same height;
// a pair that does not fit is split at the same page break in both
// columns, with at least two lines of each column on either side.
func (d *pdfDoc) parallel(ps []*corpus.Paragraph) {
	const ruHead, enHead = "Русский текст (исправленное чтение)", "English translation"
	if d.y+7+4*lineHeight(10) > d.bottom {
		d.newPage()
	}
	d.columnHeads(ruHead, enHead)
	d.pageHook = func() { d.columnHeads(ruHead+" — продолжение", enHead+" (continued)") }
	notes := d.bookFootnotes(ps)
	for i, p := range ps {
		if p.Kind == corpus.KindFootnote {
			continue // set at the foot of the page that calls it
		}
		pr := d.makePair(p)
		for _, n := range callsIn(p) {
			if fn, ok := notes[n]; ok {
				pr.notes = append(pr.notes, fn)
				delete(notes, n) // once, at the first call
			}
		}
		if i > 0 {
			pr.ru[0].h += 3.5
			pr.ru[0].before += 3.5
			pr.en[0].h += 3.5
			pr.en[0].before += 3.5
		}
		d.placePair(pr)
		if np := d.notePair(p); np != nil {
			d.placePair(*np)
		}
	}
	d.pageHook = nil
	d.y += 2
}

func (d *pdfDoc) makePair(p *corpus.Paragraph) pair {
	cw := d.colWidth()
	ruText := p.Corrected
	if ruText == "" {
		ruText = p.Diplomatic
	}
	// The columns are set ragged-right: justified in 41 characters,
	// word spaces grew past an em.
	ruSpans := plain(ruText, d.body)
	if ruText == p.Corrected {
		ruSpans = d.markEmended(p, ruText)
	}
	ru := d.setPara(para{spans: withCalls(ruSpans), lang: "ru", align: alignLeft, book: true}, cw)
	var en []row
	for i, q := range mdParas(p.Translation, d.body, "en", 1.5) {
		if i == 0 {
			q.before = 0
		}
		q.align = alignLeft
		q.spans = withCalls(q.spans)
		en = append(en, d.setPara(q, cw)...)
	}
	if len(en) == 0 {
		en = d.setPara(para{spans: plain("[not translated]", d.body.with("I").colored(grey))}, cw)
	}
	if len(ru) == 0 {
		ru = d.setPara(para{spans: plain("—", d.body.colored(grey))}, cw)
	}
	pr := pair{label: p.ID, ru: ru, en: en, noted: len(p.Notes) > 0 || len(apparatus(p)) > 0}
	for _, rl := range p.Rules {
		pr.rules = append(pr.rules, rl.ID)
	}
	pr.terms = d.termsOf[p.ID]
	return pr
}

// emendedMark follows a word the edition emended: the apparatus (in the
// game's notes, where it links to) gives the OCR's form.
const emendedMark = "°"

// markEmended sets the corrected reading with a mark after each word the
// apparatus records.
func (d *pdfDoc) markEmended(p *corpus.Paragraph, text string) []span {
	var ends []int
	for _, a := range apparatus(p) {
		if a.end > 0 && (len(ends) == 0 || ends[len(ends)-1] < a.end) {
			ends = append(ends, a.end)
		}
	}
	if len(ends) == 0 {
		return plain(text, d.body)
	}
	rs := []rune(text)
	mark := d.sans.sized(6.5).colored(grey).linked("notes " + p.ID)
	var out []span
	last := 0
	for _, e := range ends {
		if e > len(rs) || e < last {
			continue
		}
		out = append(out, span{string(rs[last:e]), d.body}, span{emendedMark, mark})
		last = e
	}
	return append(out, span{string(rs[last:]), d.body})
}

// verdictSpan is the checker's verdict on rule id.
func (d *pdfDoc) verdictSpan(id string, st tstyle) span {
	if d.o.Await != nil {
		d.f.SetError(d.o.Await()) // an error halts the layout
	}
	switch v := d.o.Verdicts[id]; v {
	case "", "unchecked":
		return span{"not checked", st}
	case "verified":
		return span{"✓ verified", st.with("B").colored(green)}
	case "failed":
		return span{"✗ failed", st.with("B").colored(red)}
	default:
		return span{v, st.with("B")}
	}
}

// placePair draws a pair, splitting it across pages when it must.
func (d *pdfDoc) placePair(pr pair) {
	cw := d.colWidth()
	label := true
	for {
		bottom := d.bottom
		if label && len(pr.notes) > 0 { // room for the footnotes on the first page
			bottom -= d.footnotesHeight(pr.notes)
		}
		avail := bottom - d.y
		kr, ke := fitRows(pr.ru, avail), fitRows(pr.en, avail)
		if kr == len(pr.ru) && ke == len(pr.en) {
			d.placeFootnotes(pr, label, bottom)
			d.pairLabel(pr, label)
			yr := d.drawRows(pr.ru, d.left, d.y, cw)
			ye := d.drawRows(pr.en, d.left+cw+colGap, d.y, cw)
			d.y = max(yr, ye)
			return
		}
		kr, ke = splitAt(kr, len(pr.ru)), splitAt(ke, len(pr.en))
		if kr < len(pr.ru) {
			kr = noHyphenAtFoot(pr.ru, kr)
		}
		if ke < len(pr.en) {
			ke = noHyphenAtFoot(pr.en, ke)
		}
		atTop := d.y <= d.mTop+8
		small := max(len(pr.ru), len(pr.en)) < 5
		if (kr == 0 && len(pr.ru) > 0) || (ke == 0 && len(pr.en) > 0) || (small && !atTop) {
			if atTop { // cannot happen with pages taller than four lines
				kr, ke = max(kr, 1), max(ke, 1)
			} else {
				d.breakPage()
				continue
			}
		}
		d.placeFootnotes(pr, label, bottom)
		d.pairLabel(pr, label)
		label = false
		d.drawRows(pr.ru[:kr], d.left, d.y, cw)
		d.drawRows(pr.en[:ke], d.left+cw+colGap, d.y, cw)
		pr.ru, pr.en = cont(pr.ru[kr:]), cont(pr.en[ke:])
		d.breakPage()
	}
}

// bookFootnotes sets the book's footnotes among ps by number: a
// paragraph holding only a number opens footnote N, the footnote
// paragraphs after it are its text.
func (d *pdfDoc) bookFootnotes(ps []*corpus.Paragraph) map[int]footnote {
	out := map[int]footnote{}
	n := 0
	cw := d.colWidth()
	for _, p := range ps {
		if p.Kind != corpus.KindFootnote {
			continue
		}
		if m := fnLine.FindStringSubmatch(p.Raw); m != nil {
			n, _ = strconv.Atoi(m[1])
			continue
		}
		if n == 0 {
			continue
		}
		fn := out[n]
		fn.n = n
		call := []span{{itoa(n) + "\u00a0", d.small.sized(6.5).rised(1)}}
		ru := p.Corrected
		if ru == "" {
			ru = p.Diplomatic
		}
		rs := append(append([]span{}, call...), span{ru, d.small})
		anchor := ""
		if len(fn.ru) == 0 {
			anchor = "fn " + itoa(n)
		}
		fn.ru = append(fn.ru, d.setPara(para{spans: rs, lang: "ru", align: alignLeft, before: 0.5, anchor: anchor}, cw)...)
		var es []span
		for _, q := range mdParas(p.Translation, d.small, "en", 0) {
			es = append(es, q.spans...)
		}
		es = append(append([]span{}, call...), es...)
		fn.en = append(fn.en, d.setPara(para{spans: es, lang: "en", align: alignLeft, before: 0.5}, cw)...)
		out[n] = fn
	}
	return out
}

// callsIn lists the footnote numbers p's corrected reading calls ([N]).
func callsIn(p *corpus.Paragraph) []int {
	var out []int
	for _, m := range fnCall.FindAllStringSubmatch(p.Corrected, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, n)
	}
	return out
}

// withCalls sets the footnote calls [N] in spans as raised numbers
// linked to the footnote; adjacent spans of one style are joined first,
// so that a call split by the Markdown parser is found.
func withCalls(spans []span) []span {
	var joined []span
	for _, sp := range spans {
		if n := len(joined); n > 0 && joined[n-1].st == sp.st {
			joined[n-1].text += sp.text
			continue
		}
		joined = append(joined, sp)
	}
	var out []span
	for _, sp := range joined {
		if sp.st.font == fontMono {
			out = append(out, sp)
			continue
		}
		out = append(out, restyleMatches(sp, fnCall, func(m []string) span {
			return span{m[1], sp.st.sized(6.5).rised(1).linked("fn " + m[1])}
		})...)
	}
	return out
}

// footnotesHeight is the height the footnotes take at a page's foot.
func (d *pdfDoc) footnotesHeight(fns []footnote) float64 {
	h := 3.0 // the rule and the space above it
	for _, fn := range fns {
		h += max(rowsHeight(fn.ru), rowsHeight(fn.en))
	}
	return h
}

// placeFootnotes sets the pair's footnotes at the foot of the page (above
// bottom and the ones already there), on the pair's first page.
func (d *pdfDoc) placeFootnotes(pr pair, first bool, bottom float64) {
	if !first || len(pr.notes) == 0 {
		return
	}
	y := bottom + 2
	d.f.SetDrawColor(150, 150, 150)
	d.f.SetLineWidth(0.15)
	d.f.Line(d.left, y, d.left+30, y)
	y += 1
	cw := d.colWidth()
	for _, fn := range pr.notes {
		yr := d.drawRows(fn.ru, d.left, y, cw)
		ye := d.drawRows(fn.en, d.left+cw+colGap, y, cw)
		y = max(yr, ye)
	}
	d.bottom = bottom
}

// pairLabel prints the paragraph id in the margin beside the pair's first
// line.
func (d *pdfDoc) pairLabel(pr pair, first bool) {
	if !first {
		return
	}
	top := d.y
	if len(pr.ru) > 0 {
		top += pr.ru[0].before
	}
	for _, t := range pr.terms {
		d.index.add(ixTerm, t, d.f.PageNo())
	}
	if pr.label != "" {
		d.index.add(ixPara, pr.label, d.f.PageNo())
		d.index.paraAt[pr.label] = top
	}
	for _, r := range pr.rules {
		d.index.add(ixRule, r, d.f.PageNo())
	}
	if pr.label == "" {
		return
	}
	// In the outer margin: left of the text on a verso, right on a recto.
	st := d.ids.sized(6.5)
	if pr.noted {
		st = st.linked("notes " + pr.label) // the id leads to the paragraph's notes
	}
	if d.f.PageNo()%2 == 1 {
		d.textAt(pr.label, st, d.left+d.tw+1.8, top+lineHeight(10)*0.74, alignLeft)
		return
	}
	d.textAt(pr.label, st, d.left-1.8, top+lineHeight(10)*0.74, alignRight)
}

// fitRows counts the rows that fit in h.
func fitRows(rows []row, h float64) int {
	n, sum := 0, 0.0
	for n < len(rows) && sum+rows[n].h <= h+0.01 {
		sum += rows[n].h
		n++
	}
	return n
}

// splitAt adjusts a split after k of n rows so that neither side keeps a
// single line (orphan, widow); 0 means move the whole to the next page.
func splitAt(k, n int) int {
	if k >= n {
		return n
	}
	if n-k < 2 && k > 2 {
		k--
	}
	if k < 2 && n > 1 {
		return 0
	}
	return k
}

// cont drops the space before a column's continuation at a page's top.
func cont(rows []row) []row {
	if len(rows) > 0 {
		rows[0].h -= rows[0].before
		rows[0].before = 0
	}
	return rows
}

// Example deal.

// deal sets an example deal: initial position, moves with commentary,
// final position.
func (d *pdfDoc) deal(g *corpus.Game, dl *corpus.Deal) {
	v := g.Variant
	// The heading, the deal's title and its initial position go together.
	keep := 3 * lineHeight(10)
	if opts, err := v.ParseOptions(dl.Options); err == nil {
		fig := figure.New(v, engine.NewDeal(v, dl.Seed, opts), "en")
		keep = fig.H*figureScale(fig, d.tw, d.pageH*0.38) + 24
	}
	d.gameSection("An example deal · Пример расклада", keep)
	title := dl.Title.EN
	if dl.Title.RU != "" {
		title += " — " + dl.Title.RU
	}
	opts, err := v.ParseOptions(dl.Options)
	head := []span{{title, d.body.with("I")}}
	d.flow([]para{{spans: head, align: alignLeft}})
	desc := fmt.Sprintf("Deal %d of %s", dl.Seed, v.ID)
	if len(dl.Options) > 0 {
		desc += ", options " + strings.Join(dl.Options, ", ")
	}
	desc += fmt.Sprintf("; %d moves; stated outcome: %s.", len(dl.Moves), dl.Outcome)
	switch {
	case dl.Proof != nil && dl.Outcome == "failed":
		desc += fmt.Sprintf(" Move %d is the fatal move: from the position before it the solver found a win; from the position after it, a search of every reachable position (at most %d positions, %s) found none.", dl.ProvedAfter(), dl.Proof.Nodes, dl.Proof.Budget)
	case dl.Proof != nil:
		desc += fmt.Sprintf(" A search of every position reachable from the deal (at most %d positions, %s) found no win.", dl.Proof.Nodes, dl.Proof.Budget)
	}
	d.flow([]para{{spans: plain(desc, d.small), align: alignLeft, before: 1}})
	if err != nil {
		d.flow([]para{{spans: plain("The deal's options are not the engine's: "+err.Error(), d.small.colored(red)), before: 1}})
		return
	}
	s := engine.NewDeal(v, dl.Seed, opts)
	d.figureBlock(figure.New(v, s, "en"), d.pageH*0.38, []span{{"The initial position (deal " + fmt.Sprint(dl.Seed) + ")", d.small.with("I")}},
		[]span{{"Начальная позиция (расклад № " + fmt.Sprint(dl.Seed) + ")", d.small.with("I").colored(grey)}})

	d.subsection("The moves · Ходы")
	d.flow(d.moveParas(dl))
	n, ill := s.Play(dl.Moves)
	result := "won"
	if !s.Won() {
		result = "not won"
	}
	summary := fmt.Sprintf("After %d moves the engine finds the deal %s", n, result)
	st := d.small
	if ill != nil {
		summary += fmt.Sprintf("; it stopped at move %d: %s", n+1, ill.Error())
		st = st.colored(red)
	}
	d.flow([]para{{spans: plain(summary+".", st), align: alignLeft, before: 2}})
	d.figureBlock(figure.New(v, s, "en"), d.pageH*0.38, []span{{"The final position", d.small.with("I")}},
		[]span{{"Конечная позиция", d.small.with("I").colored(grey)}})
}

// maxPrintedMoves is the longest move list the book prints in full.
const maxPrintedMoves = 100

// moveParas writes the moves in compact notation, numbered, with each
// comment after its move.
func (d *pdfDoc) moveParas(dl *corpus.Deal) []para {
	comments := map[int][]corpus.Comment{}
	for _, c := range dl.Commentary {
		comments[c.Move] = append(comments[c.Move], c)
	}
	mono := d.ids.sized(7.5).colored(black)
	num := d.sans.sized(6.5)
	var out []para
	var run []span
	flush := func() {
		if len(run) > 0 {
			out = append(out, para{spans: run, align: alignLeft, before: 1})
			run = nil
		}
	}
	long := len(dl.Moves) > maxPrintedMoves
	if long {
		out = append(out, para{spans: plain(fmt.Sprintf("The %d moves in full are in the web edition; the book gives the moves with a comment. "+
			"Все ходы (%d) приведены в веб-издании; здесь — ходы с комментарием.", len(dl.Moves), len(dl.Moves)), d.small.with("I").colored(grey)),
			align: alignLeft, before: 1})
	}
	for i, m := range dl.Moves {
		k := i + 1
		cs := comments[k]
		if len(cs) == 0 {
			if !long {
				run = append(run, span{itoa(k) + "\u00a0", num}, span{m.Text + "   ", mono})
			}
			continue
		}
		flush()
		for j, c := range cs {
			sp := []span{}
			if j == 0 {
				sp = append(sp, span{m.Text + "  ", mono.with("")})
			}
			sp = append(sp, span{c.EN, d.small})
			if c.RU != "" {
				sp = append(sp, span{"  " + c.RU, d.small.with("I")})
			}
			if c.Rule != "" {
				sp = append(sp, span{"  [" + c.Rule + "]", d.sans.sized(6.5)})
			}
			p := para{spans: sp, lang: "en", align: alignLeft, indent: 9, before: 1}
			if j == 0 {
				p.bullet = []span{{itoa(k) + ".", num.with("B")}}
			}
			out = append(out, p)
		}
	}
	flush()
	return out
}

// Statistics.

// stats prints the solver's statistics for the game as the site's game
// page gives them (statRows, with the catalogs' labels and x/text's
// numbers, units and dates): each row in Russian under the Russian text
// («10 000», «68,3 %», «94 мс»), in English under the English ("10,000",
// "68.3%", "94 ms"), with a note on how the interval counts the undecided
// deals.
func (d *pdfDoc) stats(st *corpus.Stats) {
	d.gameSection("Win statistics · Статистика выигрышей", 3*lineHeight(10))
	ru, en := d.statRows("ru", st), d.statRows("en", st)
	cw := d.colWidth()
	for i := range min(len(ru), len(en)) {
		side := func(r statRow, lang string) []row {
			return d.setPara(para{spans: []span{{r.Key + ": ", d.small.colored(grey)}, {r.Value, d.small}}, lang: lang, align: alignLeft}, cw)
		}
		rr, er := side(ru[i], "ru"), side(en[i], "en")
		if i > 0 {
			for _, c := range [][]row{rr, er} {
				c[0].h += 1
				c[0].before += 1
			}
		}
		d.placePair(pair{ru: rr, en: er})
	}
	d.flow([]para{
		{spans: plain("The interval counts the undecided deals as lost for its lower bound and as won for its upper.", d.small.colored(grey)), lang: "en", before: 2, align: alignLeft},
		{spans: plain("Нерешённые расклады считаются проигранными для нижней границы интервала и выигранными для верхней.", d.small.colored(grey)), lang: "ru", before: 0.5, align: alignLeft},
	})
}

// statRows are the site's statistics rows of st in lang; a message missing
// from the catalogs stops the book with the PDF's error.
func (d *pdfDoc) statRows(lang string, st *corpus.Stats) []statRow {
	pc := &pageCtx{s: &siteBuilder{msgs: d.msgs}, lang: lang}
	rows := pc.statRows(st)
	if pc.err != nil {
		d.f.SetError(fmt.Errorf("pdf: the statistics of %s: %w", st.Game, pc.err))
	}
	return rows
}

// Notes and apparatus.

// notePair is a paragraph's notes and apparatus, set under it: the
// Russian of each note (and the apparatus of the Russian text's repairs)
// under the Russian, the English under the English; nil when there are
// none.
func (d *pdfDoc) notePair(p *corpus.Paragraph) *pair {
	app := apparatus(p)
	if len(p.Notes) == 0 && len(app) == 0 {
		return nil
	}
	cw := d.colWidth()
	const indent = 4
	var ru, en []row
	add := func(rows *[]row, ps []para) {
		for _, q := range ps {
			q.indent += indent
			q.before = 1
			q.align = alignLeft
			*rows = append(*rows, d.setPara(q, cw)...)
		}
	}
	for _, n := range p.Notes {
		add(&en, mdParas(n.Text, d.small, "en", 1))
		if n.RU.Markdown != "" {
			add(&ru, mdParas(n.RU, d.small, "ru", 1))
		}
	}
	if len(app) > 0 {
		sp := []span{{"OCR:", d.sans.sized(6.5).with("B")}, {" ", d.small}}
		for i, a := range app {
			if i > 0 {
				sp = append(sp, span{";  ", d.small})
			}
			sp = append(sp,
				span{a.corrected, d.small},
				span{"]\u00a0", d.small},
				span{a.ocr, d.small.with("I")},
				span{"\u00a0", d.small},
				span{a.rules, d.sans.sized(6.5)})
		}
		add(&ru, []para{{spans: sp}})
	}
	anchored := false
	for _, c := range []*[]row{&en, &ru} {
		if len(*c) > 0 {
			if !anchored {
				(*c)[0].anchor, anchored = "notes "+p.ID, true
			}
			(*c)[0].h += 0.5
			(*c)[0].before += 0.5
		}
	}
	return &pair{ru: ru, en: en}
}

// appEntry is one apparatus entry: a word of the corrected reading, its
// OCR form, the rules that changed it.
type appEntry struct {
	corrected, ocr, rules string
	end                   int // the rune offset in the corrected reading where the word ends (0: none)
}

// apparatus gathers the corrected layer's edits of p by word: the
// corrected word, the OCR word and the rules, in text order. An
// apparatus that does not lead from one reading to the next (the checker
// reports it) gives none.
func apparatus(p *corpus.Paragraph) []appEntry {
	ap, err := normalize.NewApparatus(normalize.Readings{Diplomatic: p.Diplomatic, Corrected: p.Corrected, Modern: p.Modern, Apparatus: p.Apparatus})
	if err != nil {
		return nil
	}
	var out []appEntry
	lastRaw := normalize.Span{Start: -1, End: -1}
	for i, e := range ap.Edits() {
		if e.Layer != normalize.Corrected {
			continue
		}
		raw := ap.Word(dipR, ap.Span(i, dipR))
		cor := ap.Word(corR, ap.Span(i, corR))
		ocr, fixed := ap.Text(dipR, raw), ap.Text(corR, cor)
		if ocr == "" {
			ocr = "⟨" + strings.TrimSpace(e.Before) + "⟩"
		}
		if fixed == "" {
			fixed = "⟨omitted⟩"
		}
		if raw == lastRaw && len(out) > 0 {
			l := &out[len(out)-1]
			l.corrected = fixed
			if cor.End > cor.Start {
				l.end = cor.End
			}
			if !strings.Contains(l.rules, e.Rule) {
				l.rules += ", " + e.Rule
			}
			continue
		}
		lastRaw = raw
		ae := appEntry{corrected: fixed, ocr: visible(ocr), rules: e.Rule}
		if cor.End > cor.Start {
			ae.end = cor.End
		}
		out = append(out, ae)
	}
	return out
}

// visible shows spaces and invisible characters in an OCR form.
func visible(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == ' ':
			b.WriteRune('␣')
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// joinBi joins an English and a Russian name with a middle dot (the
// English alone when the Russian is missing).
func joinBi(en, ru string) string {
	if ru == "" {
		return en
	}
	return en + " · " + ru
}
