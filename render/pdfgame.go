package render

import (
	"fmt"
	"pasyans/render/figure"
	"strings"
	"unicode"

	"pasyans/corpus"
	"pasyans/engine"
)

// colGap is the gap between the Russian and the English columns, mm.
const colGap = 7.0

// games sets the part title and a chapter per game.
func (d *pdfDoc) games() {
	d.chapter(0, "The Games", "The Games", "Пасьянсы")
	d.flow([]para{{spans: plain("Each game is given with its titles, the layout diagram redrawn from the engine's geometry, "+
		"the Russian text in its corrected reading (the book's pre-reform spelling, with the damage of the OCR repaired) "+
		"beside the English translation, paragraph by paragraph, the rules each paragraph states with the checker's verdict, "+
		"an example deal replayed by the engine, the solver's statistics when they have been gathered, "+
		"and, at the end, the editor's notes and the apparatus: every word the OCR gave otherwise, with the rule that repaired it.", d.body), lang: "en"}})
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
	d.chapter(1, gameTitle(g), gameTitle(g), ru, aliases)
	if g.Order == 0 {
		d.flow([]para{{spans: plain("Not one of the book's twenty-four games: from the modern description (source 003).", d.small.with("I").colored(grey)), align: alignLeft}})
	}
	d.flow(mdParas(g.Intro, d.body, "en", 2))
	d.flow(mdParas(g.IntroRU, d.body, "ru", 2))

	if g.Variant != nil {
		d.gameSection("The layout", 3*lineHeight(10))
		fig := figure.New(g.Variant, nil, "en")
		cap := []span{{"The layout of " + g.Titles.EN + " (" + g.Titles.RU + ")", d.small.with("I")}}
		if l := g.Variant.Layout; l.Reconstructed != "" {
			cap = append(cap, span{". Reconstructed: " + l.Reconstructed, d.small.with("I")})
			if l.ReconstructedRU != "" {
				cap = append(cap, span{" Реконструкция: " + l.ReconstructedRU, d.small.with("I")})
			}
		}
		d.figureBlock(fig, cap, d.pageH*0.42)
	}

	d.gameSection("Text and translation", 7+5*lineHeight(10))
	d.parallel(g.Paragraphs)

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
	d.endnotes(g.Paragraphs)
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
	d.y += 7
}

// pair is a paragraph set in the two columns.
type pair struct {
	label  string
	ru, en []row
}

// parallel sets paragraphs in two columns, Russian (corrected reading) on
// the left, English on the right, each pair starting at the same height;
// a pair that does not fit is split at the same page break in both
// columns, with at least two lines of each column on either side.
func (d *pdfDoc) parallel(ps []*corpus.Paragraph) {
	const ruHead, enHead = "Russian — corrected reading", "English"
	if d.y+7+4*lineHeight(10) > d.bottom {
		d.newPage()
	}
	d.columnHeads(ruHead, enHead)
	d.pageHook = func() { d.columnHeads(ruHead+" (continued)", enHead) }
	for i, p := range ps {
		pr := d.makePair(p)
		if i > 0 {
			pr.ru[0].h += 3.5
			pr.ru[0].before += 3.5
			pr.en[0].h += 3.5
			pr.en[0].before += 3.5
		}
		d.placePair(pr)
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
	ru := d.setPara(para{spans: plain(ruText, d.body), lang: "ru"}, cw)
	var en []row
	for i, q := range mdParas(p.Translation, d.body, "en", 1.5) {
		if i == 0 {
			q.before = 0
		}
		en = append(en, d.setPara(q, cw)...)
	}
	if len(en) == 0 {
		en = d.setPara(para{spans: plain("[not translated]", d.body.with("I").colored(grey))}, cw)
	}
	en = append(en, d.ruleRows(p, cw)...)
	if len(ru) == 0 {
		ru = d.setPara(para{spans: plain("—", d.body.colored(grey))}, cw)
	}
	return pair{label: p.ID, ru: ru, en: en}
}

// ruleRows are the paragraph's rule references with the checker's verdict.
func (d *pdfDoc) ruleRows(p *corpus.Paragraph, cw float64) []row {
	var rows []row
	seen := map[string]bool{}
	for _, rl := range p.Rules {
		if seen[rl.ID] {
			continue
		}
		seen[rl.ID] = true
		st := d.sans.sized(7)
		spans := []span{{"Rule ", st}, {rl.ID, d.ids.sized(7).colored(black)}, {"  ", st}}
		spans = append(spans, d.verdictSpan(rl.ID, st))
		if rl.Rule == nil {
			spans = append(spans, span{"  (no such rule in the engine)", st.colored(red)})
		}
		rows = append(rows, d.setPara(para{spans: spans, align: alignLeft, before: 1.2, lead: 3.4}, cw)...)
	}
	return rows
}

// verdictSpan is the checker's verdict on rule id.
func (d *pdfDoc) verdictSpan(id string, st tstyle) span {
	if d.o.Await != nil {
		d.f.SetError(d.o.Await()) // an error halts the layout
	}
	switch v := d.o.Verdicts[id]; v {
	case "":
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
		avail := d.bottom - d.y
		kr, ke := fitRows(pr.ru, avail), fitRows(pr.en, avail)
		if kr == len(pr.ru) && ke == len(pr.en) {
			d.pairLabel(pr, label)
			yr := d.drawRows(pr.ru, d.left, d.y, cw)
			ye := d.drawRows(pr.en, d.left+cw+colGap, d.y, cw)
			d.y = max(yr, ye)
			return
		}
		kr, ke = splitAt(kr, len(pr.ru)), splitAt(ke, len(pr.en))
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
		d.pairLabel(pr, label)
		label = false
		d.drawRows(pr.ru[:kr], d.left, d.y, cw)
		d.drawRows(pr.en[:ke], d.left+cw+colGap, d.y, cw)
		pr.ru, pr.en = cont(pr.ru[kr:]), cont(pr.en[ke:])
		d.breakPage()
	}
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
	st := d.ids.sized(6.5)
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
	d.gameSection("An example deal", keep)
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
	d.figureBlock(figure.New(v, s, "en"), []span{{"The initial position (deal " + fmt.Sprint(dl.Seed) + ")", d.small.with("I")}}, d.pageH*0.38)

	d.subsection("The moves")
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
	d.figureBlock(figure.New(v, s, "en"), []span{{"The final position", d.small.with("I")}}, d.pageH*0.38)
}

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
	for i, m := range dl.Moves {
		k := i + 1
		cs := comments[k]
		if len(cs) == 0 {
			run = append(run, span{itoa(k) + "\u00a0", num}, span{m.Text + "   ", mono})
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

// stats prints the solver's statistics for the game.
func (d *pdfDoc) stats(st *corpus.Stats) {
	d.gameSection("Win statistics", 3*lineHeight(10))
	text := fmt.Sprintf("The solver played %d deals (seeds %d to %d) with a budget of %s each: %d won, %d lost (every line searched), %d undecided; "+
		"win rate %.1f %% (95 %% Wilson interval %.1f–%.1f %%, undecided deals counted as losses for the lower bound and as wins for the upper).",
		st.Deals, st.FirstSeed, st.FirstSeed+uint64(max(st.Deals, 1))-1, st.Budget, st.Won, st.Lost, st.Unknown,
		st.WinRate*100, st.CI95[0]*100, st.CI95[1]*100)
	if st.Threads > 1 {
		text += fmt.Sprintf(" Each deal was searched on %d cores at once (the exhaustive search beside the beams and probes, each with the whole budget).", st.Threads)
	}
	if st.Shards > 1 {
		text += fmt.Sprintf(" The %d deals were solved in %d shards, on one machine or several, and their answers merged into these figures.", st.Deals, st.Shards)
	}
	if st.Retried > 0 {
		text += fmt.Sprintf(" %d deals left undecided were solved again with a budget of %s.", st.Retried, st.RetryBudget)
	}
	extra := fmt.Sprintf("Time per deal: median %.0f ms, 90th percentile %.0f ms; %.2f M positions per second per core; %s.",
		st.MedianMS, st.P90MS, st.NodesPerSec/1e6, st.Date)
	if st.UnknownProgress > 0 {
		extra += fmt.Sprintf(" On the undecided deals the search got, at best, a median of %.0f %% of the cards onto the foundations.", st.UnknownProgress*100)
	}
	if st.OpenCards {
		extra += " The solver knows the face-down cards (the open-card problem)."
	}
	if len(st.Options) > 0 {
		extra += " Options: " + strings.Join(st.Options, ", ") + "."
	}
	ps := []para{
		{spans: plain(text, d.body), lang: "en"},
		{spans: plain(extra, d.small.colored(grey)), lang: "en", before: 1, align: alignLeft},
	}
	d.flow(ps)
}

// Notes and apparatus.

// endnotes sets the game's notes and apparatus, keyed by paragraph id.
func (d *pdfDoc) endnotes(ps []*corpus.Paragraph) {
	some := false
	for _, p := range ps {
		if len(p.Notes) > 0 || len(apparatus(p)) > 0 {
			some = true
		}
	}
	if !some {
		return
	}
	d.gameSection("Notes and apparatus", 3*lineHeight(10))
	d.flow([]para{{spans: []span{
		{"Notes are the editor's. In the apparatus each entry gives the corrected reading, then, after the bracket, the form the OCR has, and the rule that made the repair (", d.small},
		{"emendation", d.ids.sized(7)},
		{": from the editor's table of emendations).", d.small},
	}, lang: "en", align: alignLeft}})
	const hang = 13
	for _, p := range ps {
		app := apparatus(p)
		if len(p.Notes) == 0 && len(app) == 0 {
			continue
		}
		first := true
		mark := []span{{p.ID, d.ids.sized(7).colored(black).with("")}}
		for _, n := range p.Notes {
			// The book shows one set of notes: each in English, then its Russian.
			qs := mdParas(n.Text, d.small, "en", 1)
			if n.RU.Markdown != "" {
				qs = append(qs, mdParas(n.RU, d.small, "ru", 1)...)
			}
			for _, q := range qs {
				q.indent += hang
				q.before = 1
				if first {
					q.bullet, q.before, first = mark, 2.5, false
				}
				d.flow([]para{q})
			}
		}
		if len(app) > 0 {
			var sp []span
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
			q := para{spans: sp, align: alignLeft, indent: hang, before: 1, lang: ""}
			if first {
				q.bullet, q.before = mark, 2.5
			}
			d.flow([]para{q})
		}
	}
}

// appEntry is one apparatus entry: a word of the corrected reading, its
// OCR form, the rules that changed it.
type appEntry struct{ corrected, ocr, rules string }

// apparatus gathers the corrected layer's edits of p by word: the
// corrected word, the OCR word and the rules, in text order.
func apparatus(p *corpus.Paragraph) []appEntry {
	raw, cor := []rune(p.Diplomatic), []rune(p.Corrected)
	var out []appEntry
	delta := 0
	lastRaw := [2]int{-1, -1}
	for _, e := range p.Apparatus {
		if e.Layer != "corrected" {
			continue
		}
		before, after := []rune(e.Before), []rune(e.After)
		os := e.Start + delta
		oe := os + len(after)
		delta += len(after) - len(before)
		if e.Start > len(raw) || e.End > len(raw) || oe > len(cor) || os < 0 {
			continue // an edit outside the text: the checker reports it
		}
		ra, rb := wordSpan(raw, e.Start, e.End)
		ca, cb := wordSpan(cor, os, oe)
		ocr, fixed := string(raw[ra:rb]), string(cor[ca:cb])
		if ocr == "" {
			ocr = "⟨" + strings.TrimSpace(e.Before) + "⟩"
		}
		if fixed == "" {
			fixed = "⟨omitted⟩"
		}
		if [2]int{ra, rb} == lastRaw && len(out) > 0 {
			l := &out[len(out)-1]
			l.corrected = fixed
			if !strings.Contains(l.rules, e.Rule) {
				l.rules += ", " + e.Rule
			}
			continue
		}
		lastRaw = [2]int{ra, rb}
		out = append(out, appEntry{corrected: fixed, ocr: visible(ocr), rules: e.Rule})
	}
	return out
}

// wordSpan widens [a, b) to the word around it.
func wordSpan(rs []rune, a, b int) (int, int) {
	in := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) }
	for a > 0 && in(rs[a-1]) {
		a--
	}
	for b < len(rs) && in(rs[b]) {
		b++
	}
	return a, b
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
