package render

import (
	"fmt"
	"strings"

	"pasyans/corpus"
	"pasyans/engine"
	"pasyans/normalize"
)

// titlePage sets the title page: the book's title in its pre-reform,
// modern and English forms, and what this edition is.
func (d *pdfDoc) titlePage() {
	d.plainPage()
	t := d.bookTitles()
	w := d.tw * 0.86
	x := d.left + (d.tw-w)/2
	d.y = d.pageH * 0.2
	put := func(s string, st tstyle, before float64) {
		if s == "" {
			return
		}
		rows := d.setPara(para{spans: plain(s, st), align: alignCenter, before: before}, w)
		d.y = d.drawRows(rows, x, d.y, w)
	}
	put(t.RU, tstyle{font: fontSerif, style: "B", size: 22, color: black}, 0)
	if t.RUModern != t.RU {
		put(t.RUModern, tstyle{font: fontSerif, size: 12, color: grey}, 4)
	}
	put(t.EN, tstyle{font: fontSerif, style: "I", size: 16, color: black}, 10)
	if b := d.ed.Book; b != nil && b.Date != "" {
		put(b.Date, tstyle{font: fontSerif, size: 12, color: black}, 6)
	}
	d.y += 14
	d.f.SetDrawColor(120, 120, 120)
	d.f.SetLineWidth(0.3)
	d.f.Line(d.left+d.tw/2-20, d.y, d.left+d.tw/2+20, d.y)
	d.y += 8
	put("An annotated bilingual edition", tstyle{font: fontSans, size: 12, color: black}, 0)
	put("Аннотированное двуязычное издание", tstyle{font: fontSans, size: 10.5, color: grey}, 2)
	put(fmt.Sprintf("The Russian text in its corrected reading beside an English translation, with notes, the apparatus of the OCR's repairs, "+
		"and %d games played and checked by a program", len(d.ed.Games)), d.body.with("I").sized(10), 8)
	put(fmt.Sprintf("Русский текст в исправленном чтении рядом с английским переводом, с примечаниями, аппаратом исправлений распознанного текста "+
		"и %d пасьянсами, проверенными программой", len(d.ed.Games)), d.body.with("I").sized(9.5).colored(grey), 3)
	d.y = d.pageH - d.mBot - 22
	put("pasyans", tstyle{font: fontSans, style: "B", size: 11, color: black}, 0)
	put("Edition of "+d.ed.Date().Format("2 January 2006"), d.sans.sized(9), 1.5)
}

// contents sets the table of contents. Its length depends only on the
// number of entries, so both passes give it the same pages; the second
// pass knows the page numbers and links each line to its page.
func (d *pdfDoc) contents() {
	entries := d.plannedTOC()
	d.headRight = "Contents · Оглавление"
	d.opening = true
	d.newPage()
	d.y = d.mTop + 8
	st := tstyle{font: fontSans, style: "B", size: 17, color: black}
	d.y = d.drawRows(d.setPara(para{spans: plain("Contents", st), align: alignLeft}, d.tw), d.left, d.y, d.tw) + 8
	d.f.Bookmark("Contents", 0, d.mTop)
	d.contentsPages[0] = d.f.PageNo()
	defer func() { d.contentsPages[1] = d.f.PageNo() }()
	// When the contents take two pages, the games begin the second.
	total := 0.0
	for _, e := range entries {
		total += tocLineHeight(e)
	}
	split := total > d.bottom-d.y
	for i, e := range entries {
		if split && e.level == 0 && e.title == "The Games" {
			d.newPage()
		}
		page := ""
		if i < len(d.prevPages) {
			page = d.folio(d.prevPages[i])
		}
		st := d.body
		indent := 0.0
		before := 1.2
		if e.level == 0 {
			st = tstyle{font: fontSans, style: "B", size: 10, color: black}
			before = 4
		} else {
			indent = 7
		}
		lh := lineHeight(st.size)
		if d.y+before+lh > d.bottom {
			d.newPage()
		}
		d.y += before
		base := d.y + lh*0.78
		numW := 12.0
		tw := d.tw - indent - numW - 2
		rows := d.breakLines(plain(e.title, st), tw, "")
		if len(rows) == 0 {
			continue
		}
		first := rows[0]
		first.last = true
		d.drawLine(first, d.left+indent, base, tw, alignLeft)
		// Dot leaders from the title to the number.
		dots := tstyle{font: fontSerif, size: 8, color: grey}
		x0 := d.left + indent + first.natural + 2
		x1 := d.left + d.tw - numW
		dw := d.width(". ", dots)
		if dw > 0 && x1 > x0 {
			n := int((x1 - x0) / dw)
			d.textAt(strings.Repeat(". ", n), dots, x1, base, alignRight)
		}
		d.textAt(page, st, d.left+d.tw, base, alignRight)
		d.log.rows = append(d.log.rows, loggedRow{page: d.f.PageNo(), x: d.left, top: d.y, bot: d.y + lh, text: e.title})
		if d.prevPages != nil {
			link := d.f.AddLink()
			d.tocLinks = append(d.tocLinks, link)
			d.f.Link(d.left, d.y, d.tw, lh, link)
		}
		d.y += lh
	}
}

// tocLineHeight is the height of a contents line with the space above it.
func tocLineHeight(e tocEntry) float64 {
	if e.level == 0 {
		return 4 + lineHeight(10)
	}
	return 1.2 + lineHeight(10)
}

// plannedTOC lists the contents' entries in the order the chapters add
// them (book must add exactly these).
func (d *pdfDoc) plannedTOC() []tocEntry {
	var out []tocEntry
	add := func(level int, title string) { out = append(out, tocEntry{level: level, title: title}) }
	if d.ed.Book != nil {
		add(0, "Introduction")
		for _, s := range d.ed.Book.Sections {
			add(1, s.Title)
		}
	}
	if d.ed.BookRU != nil {
		add(0, "Введение")
		for _, s := range d.ed.BookRU.Sections {
			add(1, s.Title)
		}
	}
	add(0, "The Games")
	for _, g := range d.ed.Games {
		add(1, gameTitle(g))
	}
	add(0, "Glossary")
	add(0, "Sources")
	add(0, "Method")
	add(1, "The three readings and the apparatus")
	add(1, "The rules of the apparatus")
	add(1, "The engine and the checker")
	add(1, "The rules of the games")
	add(0, "Index")
	return out
}

// introduction sets book.md and book.ru.md.
func (d *pdfDoc) introduction() {
	if b := d.ed.Book; b != nil {
		d.chapter(0, "Introduction", "Introduction")
		d.bookSections(b, "en")
	}
	if b := d.ed.BookRU; b != nil {
		d.chapter(0, "Введение", "Введение")
		d.bookSections(b, "ru")
	}
}

func (d *pdfDoc) bookSections(b *corpus.Book, lang string) {
	for _, s := range b.Sections {
		d.heading(s.Title, tstyle{font: fontSans, style: "B", size: 12, color: black}, 6, 2.5, 2*lineHeight(10.5))
		d.addTOC(1, s.Title)
		d.flow(mdParas(s.Text, d.body.sized(10.5), lang, 2.2))
	}
	// The lines that belong to no game follow the English introduction,
	// in parallel like the games' texts.
	if lang == "en" && len(b.Paragraphs) > 0 {
		d.y += 3
		d.parallel(b.Paragraphs)
	}
}

// glossary sets the glossary: each term in its three forms, the Russian
// definition beside the English.
func (d *pdfDoc) glossary() {
	d.chapter(0, "Glossary", "Glossary · Словарь терминов", "Словарь терминов")
	d.flow([]para{{spans: plain("The technical terms of the sources, in the Russian alphabetical order of their modern forms: "+
		"the pre-reform form, the modern form and the English; the definitions in both languages; the paragraphs where the term occurs.", d.body), lang: "en"}})
	d.y += 2
	d.columnHeads("Русский", "English")
	d.pageHook = func() { d.columnHeads("Русский", "English") }
	cw := d.colWidth()
	for i, t := range d.ed.Glossary {
		head := []span{{t.PreReform, d.body.with("B")}}
		if t.Modern != "" && t.Modern != t.PreReform {
			head = append(head, span{"  (" + t.Modern + ")", d.body.colored(grey)})
		}
		ru := d.setPara(para{spans: head, align: alignLeft}, cw)
		ru = append(ru, d.setPara(para{spans: plain(t.DefRU, d.small), lang: "ru", before: 0.8, align: alignLeft}, cw)...)
		en := d.setPara(para{spans: plain(t.EN, d.body.with("B")), align: alignLeft}, cw)
		en = append(en, d.setPara(para{spans: plain(t.DefEN, d.small), lang: "en", before: 0.8, align: alignLeft}, cw)...)
		if len(t.Paragraphs) > 0 {
			refs := append([]span{{"¶ ", d.ids.sized(6.5)}}, d.paraRefs(t.Paragraphs, d.ids.sized(6.5))...)
			en = append(en, d.setPara(para{spans: refs, align: alignLeft, before: 0.8}, cw)...)
		}
		if i > 0 {
			ru[0].h += 3.5
			ru[0].before += 3.5
			en[0].h += 3.5
			en[0].before += 3.5
		}
		d.placePair(pair{ru: ru, en: en, terms: []string{termIndexKey(t)}})
	}
	d.pageHook = nil
}

// sources sets the list of sources with their checksums.
func (d *pdfDoc) sources() {
	d.chapter(0, "Sources", "Sources · Источники", "Источники")
	d.flow([]para{{spans: plain("The files of the electronic text as received. Each is kept byte for byte; "+
		"its SHA-256 checksum identifies it, and every paragraph of the edition records the checksum of its own text, "+
		"so a changed source is caught by the checker.", d.body), lang: "en"}})
	for _, s := range d.ed.Sources {
		d.subsection("Source " + s.ID + ": " + s.Title)
		field := func(k, v string, st tstyle) para {
			return para{spans: []span{{k + "  ", d.sans.sized(7.5).with("B")}, {v, st}}, align: alignLeft, indent: 26,
				bullet: nil, before: 0.6, lang: "en"}
		}
		n := 0
		for _, p := range d.ed.Paragraphs {
			if p.Source == s.ID {
				n++
			}
		}
		rows := []para{
			field("File", s.Original+"  (kept as "+s.File+")", d.small),
			field("SHA-256", s.SHA256, d.ids.sized(7.5).colored(black)),
			field("Encoding", s.Encoding+fmt.Sprintf("; %d paragraphs", n), d.small),
			field("Provenance", s.Provenance, d.small),
			field("Licence", s.Licence, d.small),
		}
		if s.Modern {
			rows = append(rows, field("Spelling", "modern (no pre-reform readings)", d.small))
		}
		for _, r := range rows {
			// A hanging label: the key in the indent.
			r.bullet, r.spans = r.spans[:1], r.spans[1:]
			d.flow([]para{r})
		}
	}
}

// method sets the method: readings and apparatus, the apparatus rules,
// the engine and the checker, the rules of the games with their verdicts.
func (d *pdfDoc) method() {
	d.chapter(0, "Method", "Method · Метод", "Метод")
	body := func(s string) { d.flow([]para{{spans: plain(s, d.body), lang: "en", before: 2}}) }

	d.sectionTOC("The three readings and the apparatus")
	body("Every paragraph of the sources is kept in three readings. The diplomatic reading is the OCR exactly as received, " +
		"after decoding and line-ending normalization only. The corrected reading repairs the damage of the OCR by rules " +
		"(such as the Serbian letter ђ printed for ѣ, Latin look-alikes inside Cyrillic words, the digit 3 for З) and by " +
		"the editor's table of word-level emendations, while keeping the book's pre-reform spelling (ѣ, і, ъ, -аго, -ыя). " +
		"The modern reading puts the corrected text into post-1918 spelling. This book prints the corrected reading; " +
		"the web edition shows all three.")
	body("Every change from one reading to the next is recorded with its place and the rule that made it. " +
		"The notes at the end of each game give, for every repaired word, the corrected form and the OCR form with its rule.")

	d.sectionTOC("The rules of the apparatus")
	rules := normalize.Rules()
	var list []para
	for _, r := range rules {
		sp := []span{{r.Doc, d.small}}
		if len(r.Examples) > 0 {
			var ex []string
			for _, e := range r.Examples {
				ex = append(ex, e[0]+" → "+e[1])
				if len(ex) == 3 {
					break
				}
			}
			sp = append(sp, span{"  e.g. " + strings.Join(ex, ", "), d.small.with("I")})
		}
		sp = append([]span{{r.ID + "  ", d.ids.sized(7).colored(black)}}, sp...)
		list = append(list, para{spans: sp, hang: 4, align: alignLeft, before: 1.2, lang: "en"})
	}
	d.flowColumns(list)

	d.sectionTOC("The engine and the checker")
	body("Each game is a program: its piles, its deal and every rule it enforces are registered values with an identifier, " +
		"a statement in English and Russian, and the paragraphs of the book that state the rule — or, when the book is " +
		"silent, the reason the edition supplies it. A deal is fully determined by the game, its options and a seed: the " +
		"pack is shuffled by the Fisher–Yates algorithm driven by the SplitMix64 generator, so a seed names the same deal forever. " +
		"The diagrams of this book are drawn from the same layout geometry as those of the web edition.")
	body("The checker verifies that every paragraph belongs to exactly one game or to the front matter, that no source " +
		"has changed under its checksum, that every rule the text cites exists and every rule the engine enforces is cited " +
		"or marked as reconstructed, that the claims of the text agree with each game's specification, and that every " +
		"example deal replays to its stated outcome. Its verdict on each rule is printed beside the rule's citations.")

	d.sectionTOC("The rules of the games")
	for _, g := range d.ed.Games {
		if g.Variant == nil {
			continue
		}
		d.subsection(gameTitle(g))
		var list []para
		for _, r := range g.Variant.Rules {
			list = append(list, d.ruleEntry(r))
		}
		d.flowColumns(list)
		for _, r := range g.Variant.Rules {
			d.index.add(ixRule, r.ID, d.anchorPage["rule "+r.ID])
		}
	}
}

// ruleEntry is a rule's line in the method: id, statement, attestation,
// verdict.
func (d *pdfDoc) ruleEntry(r *engine.Rule) para {
	sp := []span{{r.EN, d.small}}
	if r.RU != "" {
		sp = append(sp, span{"  " + r.RU, d.small.with("I")})
	}
	info := d.sans.sized(6.8)
	switch {
	case len(r.Book) > 0:
		sp = append(sp, span{"  Stated in ", info})
		sp = append(sp, d.paraRefs(r.Book, info)...)
		sp = append(sp, span{".", info})
	case r.Reconstructed != "":
		sp = append(sp, span{"  Reconstructed: " + sentence(r.Reconstructed), info})
		if r.ReconstructedRU != "" {
			sp = append(sp, span{"  Восстановлено издателем: " + sentence(r.ReconstructedRU), info})
		}
	}
	if r.Option != "" {
		sp = append(sp, span{"  Option " + r.Option + ".", info})
	}
	sp = append(sp, span{"  Checker: ", info}, d.verdictSpan(r.ID, info), span{".", info})
	sp = append([]span{{r.ID + "  ", d.ids.sized(6.8).colored(black)}}, sp...)
	return para{spans: sp, hang: 4, align: alignLeft, before: 1.2, lang: "en", anchor: "rule " + r.ID}
}

// sectionTOC is a section heading that is also a contents entry.
func (d *pdfDoc) sectionTOC(title string) {
	d.section(title)
	d.addTOC(1, title)
}

// sentence ends s with a full stop unless it ends with punctuation.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?)") {
		return s
	}
	return s + "."
}

// paraRefs are references to paragraphs, each a link to the paragraph
// with its page ("001:4 (p. 12)") once a pass has found it.
func (d *pdfDoc) paraRefs(ids []string, st tstyle) []span {
	var sp []span
	for i, id := range ids {
		if i > 0 {
			sp = append(sp, span{", ", st})
		}
		text := id
		if p := d.prevIndex.paraPage(id); p > 0 {
			text += "\u00a0(p.\u00a0" + d.folio(p) + ")"
		}
		sp = append(sp, span{text, st.linked("¶" + id)})
	}
	return sp
}
