package tei

import (
	"sort"
	"strconv"
	"strings"

	"pasyans/normalize"
)

// The edition's statements of responsibility and principles.
const (
	project   = "pasyans makes a checked, annotated, bilingual edition of what survives of an anonymous Russian book of patience games (c. 1873), a translation of Lady Adelaide Cadogan's Illustrated Games of Patience, from its damaged OCR e-text: three readings of the text with every change recorded, an English translation, notes, and every game's rules played by a card-game engine whose agreement with the text and the example deals a checker proves."
	subtitle  = "A checked, annotated, bilingual digital edition from the OCR, with the rules of every game played by an engine"
	respStmt  = "edited, translated, annotated and encoded by"
	editors   = "the pasyans project"
	principle = "Every paragraph of the sources is given in three readings. The diplomatic reading is the OCR exactly as received, after decoding and line-ending normalisation only. "
	correct   = "The corrected reading keeps the book's own pre-reform spelling (ѣ, і, ъ, -аго, -ыя) and repairs the damage of the OCR: systematic confusions by the rules declared below, and word-level repairs by the editor's emendations (corpus/emendations.tsv), each with its reason. Each repaired word is one choice of corr (the repaired word, first) and sic (the word as the OCR has it), whose type names every rule that changed the word and whose ana points at their declarations (and, for an emendation, at its reason); resp names the editors for an emendation and the normaliser for a rule."
	modernise = "The modern reading is the corrected text in post-1918 spelling (ѣ→е, і→и, ѳ→ф, ѵ→и, final ъ dropped, -аго→-ого, -ыя→-ые, из-/раз-/без-/воз-/чрез- before a voiceless consonant → ис-/рас-/бес-/вос-/чрес-, and the known word exceptions), by the rules declared below. Each changed word is one choice of orig (the corrected word, first) and reg (the modern word), with the word's repair choice inside orig where a word has both: choosing sic and orig gives the diplomatic reading, corr and orig the corrected reading, corr and reg the modern reading, each character for character, white space included. A tool that takes the first child of every choice prints the corrected reading, which the edition prefers."
	segment   = "A paragraph is a non-empty line of a source file; its id is the source's id and the line's position among the non-empty lines (001:7), its xml:id p-001-7, the anchor of the edition's web site. The English translation is a parallel text whose paragraphs (en-001-7) point at the Russian with corresp. The editor's notes stand at the end of the paragraph they are about, in each language (the Russian note in the Russian paragraph, the English in the English), paired by corresp; the rule links are notes in the back whose target is the paragraph. The book's footnote calls ([2]) are refs to the footnote."
	licence   = "The edition declares no licence of its own in its corpus. The sources' licences are given with each source in the source description."
)

// header writes the teiHeader; used holds the characters the text wrote
// as g elements.
func (d *doc) header(depth int, used *writer) {
	w := d.w
	w.open(depth, "teiHeader", nil)
	w.open(depth+1, "fileDesc", nil)
	d.titleStmt(depth + 2)
	d.editionStmt(depth + 2)
	d.extent(depth + 2)
	d.publicationStmt(depth + 2)
	d.sourceDesc(depth + 2)
	w.close(depth+1, "fileDesc")
	d.encodingDesc(depth+1, used)
	d.profileDesc(depth + 1)
	d.revisionDesc(depth + 1)
	w.close(depth, "teiHeader")
}

// titleStmt names the edition, the author of the work, and who is
// responsible for what: the anonymous translator, the editors, and the
// automatic rules that repair and modernise the text.
func (d *doc) titleStmt(depth int) {
	w := d.w
	w.open(depth, "titleStmt", nil)
	if b := d.ed.Book; b != nil {
		w.elem(depth+1, "title", attrs{"xml:lang", "ru", "type", "main"}, b.Titles.RU)
		w.elem(depth+1, "title", attrs{"xml:lang", "ru", "type", "alt", "subtype", "modern"}, b.Titles.RUModern)
		w.elem(depth+1, "title", attrs{"xml:lang", "en", "type", "alt", "subtype", "translation"}, b.Titles.EN)
	} else {
		w.elem(depth+1, "title", nil, "pasyans")
	}
	w.elem(depth+1, "title", attrs{"xml:lang", "en", "type", "sub"}, subtitle)
	w.open(depth+1, "author", attrs{"xml:id", "cadogan"})
	cadogan(w, depth+2)
	w.close(depth+1, "author")
	w.open(depth+1, "respStmt", nil)
	w.elem(depth+2, "resp", nil, "translated into Russian (c. 1873) by")
	w.elem(depth+2, "name", attrs{"xml:id", "translator"}, "an anonymous translator")
	w.close(depth+1, "respStmt")
	w.open(depth+1, "respStmt", nil)
	w.elem(depth+2, "resp", nil, respStmt)
	w.elem(depth+2, "orgName", attrs{"xml:id", respEditors}, editors)
	w.close(depth+1, "respStmt")
	w.open(depth+1, "respStmt", nil)
	w.elem(depth+2, "resp", nil, "OCR repairs and the modern reading, by the rules declared in the encoding description")
	w.elem(depth+2, "name", attrs{"xml:id", respRules, "type", "software"}, "pasyans normalize")
	w.close(depth+1, "respStmt")
	w.close(depth, "titleStmt")
}

// cadogan writes Lady Adelaide Cadogan's name.
func cadogan(w *writer, depth int) {
	w.nl(depth)
	w.start("persName", nil)
	w.inline("roleName", nil, "Lady")
	w.text(" ")
	w.inline("forename", nil, "Adelaide")
	w.text(" ")
	w.inline("surname", nil, "Cadogan")
	w.end("persName")
}

// editionStmt gives the program's version and the corpus's checksum:
// what names this edition among others made from other corpora or by
// other programs.
func (d *doc) editionStmt(depth int) {
	w := d.w
	w.open(depth, "editionStmt", nil)
	w.nl(depth + 1)
	w.start("edition", attrs{"n", d.version})
	w.text("Made by pasyans " + d.version)
	if d.ed.Digest != "" {
		w.text(" from the corpus of SHA-256 " + d.ed.Digest)
	}
	w.text(", ")
	w.inline("date", attrs{"when", d.date.Format("2006-01-02")}, d.date.Format("2 January 2006"))
	w.text(".")
	w.end("edition")
	w.close(depth, "editionStmt")
}

// extent counts the edition's paragraphs and games.
func (d *doc) extent(depth int) {
	w := d.w
	w.open(depth, "extent", nil)
	n, g := strconv.Itoa(len(d.ed.Paragraphs)), strconv.Itoa(len(d.ed.Games))
	w.elem(depth+1, "measure", attrs{"unit", "paragraph", "quantity", n}, n+" paragraphs of the sources")
	w.elem(depth+1, "measure", attrs{"unit", "game", "quantity", g}, g+" games")
	w.close(depth, "extent")
}

// publicationStmt says who publishes the edition, when, under which
// identifiers, and under what terms.
func (d *doc) publicationStmt(depth int) {
	w := d.w
	w.open(depth, "publicationStmt", nil)
	w.elem(depth+1, "publisher", attrs{"ref", "#" + respEditors}, editors)
	w.elem(depth+1, "date", attrs{"when", d.date.Format("2006-01-02")}, d.date.Format("2006-01-02"))
	w.elem(depth+1, "idno", attrs{"type", "version"}, d.version)
	if d.ed.Digest != "" {
		w.elem(depth+1, "idno", attrs{"type", "corpus-sha256"}, d.ed.Digest)
	}
	w.open(depth+1, "availability", attrs{"status", "unknown"})
	w.elem(depth+2, "p", nil, licence)
	w.close(depth+1, "availability")
	w.close(depth, "publicationStmt")
}

// profileDesc names the languages of the text.
func (d *doc) profileDesc(depth int) {
	w := d.w
	w.open(depth, "profileDesc", nil)
	w.open(depth+1, "langUsage", nil)
	w.elem(depth+2, "language", attrs{"ident", "ru", "usage", "60"}, "Russian: the book in its pre-reform spelling (diplomatic and corrected readings) and in modern spelling (modern reading), the Russian notes")
	w.elem(depth+2, "language", attrs{"ident", "en", "usage", "40"}, "English: the translation and the notes")
	w.close(depth+1, "langUsage")
	w.close(depth, "profileDesc")
}

// revisionDesc records this version of the edition.
func (d *doc) revisionDesc(depth int) {
	w := d.w
	w.open(depth, "revisionDesc", attrs{"status", "published"})
	w.nl(depth + 1)
	w.start("change", attrs{"when", d.date.Format("2006-01-02"), "who", "#" + respEditors, "n", d.version})
	w.text("Version " + d.version + " of the edition, checked by pasyans check: the text, the engine and the example deals agree.")
	w.end("change")
	w.close(depth, "revisionDesc")
}

// sourceDesc describes the lost Russian book, the editions of Cadogan
// that the notes compare it with, and the source files.
func (d *doc) sourceDesc(depth int) {
	w := d.w
	w.open(depth, "sourceDesc", nil)
	d.bookBibl(depth + 1)
	w.open(depth+1, "listBibl", attrs{"type", "source-files"})
	w.elem(depth+2, "head", nil, "The source files: the OCR e-text of the book (000–002), as published on Russian e-library sites, and a modern description of three games (003), each kept byte for byte as received")
	for _, s := range d.ed.Sources {
		w.open(depth+2, "bibl", attrs{"xml:id", "source-" + ncName(s.ID), "n", s.ID})
		w.elem(depth+3, "title", nil, s.Title)
		w.elem(depth+3, "idno", attrs{"type", "source"}, s.ID)
		w.elem(depth+3, "idno", attrs{"type", "file"}, s.File)
		w.elem(depth+3, "idno", attrs{"type", "original"}, s.Original)
		w.elem(depth+3, "idno", attrs{"type", "sha256"}, s.SHA256)
		w.elem(depth+3, "note", attrs{"type", "encoding"}, s.Encoding)
		w.elem(depth+3, "note", attrs{"type", "provenance"}, s.Provenance)
		w.elem(depth+3, "note", attrs{"type", "licence"}, s.Licence)
		spelling := "pre-reform"
		if s.Modern {
			spelling = "modern"
		}
		w.elem(depth+3, "note", attrs{"type", "spelling"}, spelling)
		w.close(depth+2, "bibl")
	}
	w.close(depth+1, "listBibl")
	d.works(depth + 1)
	w.close(depth, "sourceDesc")
}

// bookBibl describes the lost Russian book: its titles, its anonymous
// translator, and its date, which is uncertain.
func (d *doc) bookBibl(depth int) {
	w := d.w
	w.open(depth, "biblStruct", attrs{"xml:id", "book", "type", "print", "xml:lang", "ru"})
	w.open(depth+1, "monogr", nil)
	w.elem(depth+2, "author", attrs{"ref", "#cadogan"}, "Lady Adelaide Cadogan")
	if b := d.ed.Book; b != nil {
		w.elem(depth+2, "title", attrs{"level", "m", "type", "main", "cert", "medium"}, b.Titles.RU)
		w.elem(depth+2, "title", attrs{"level", "m", "type", "alt", "subtype", "attested"}, b.Titles.RUModern)
	}
	w.open(depth+2, "respStmt", nil)
	w.elem(depth+3, "resp", attrs{"xml:lang", "en"}, "translated from the English by")
	w.elem(depth+3, "name", attrs{"ref", "#translator", "xml:lang", "en"}, "an anonymous translator")
	w.close(depth+2, "respStmt")
	w.open(depth+2, "imprint", nil)
	w.elem(depth+3, "pubPlace", nil, "[s. l.]")
	w.elem(depth+3, "publisher", nil, "[s. n.]")
	date := "c. 1873"
	if b := d.ed.Book; b != nil && b.Date != "" {
		date = b.Date
	}
	w.elem(depth+3, "date", attrs{"when", "1873", "cert", "low", "source", "#p-003-2"}, date)
	w.close(depth+2, "imprint")
	w.close(depth+1, "monogr")
	w.nl(depth + 1)
	w.start("note", attrs{"type", "date", "xml:lang", "en"})
	w.text("c. 1873 is a working date. It rests on the modern description in source 003 (003:2), which speaks of a book translated from the French and published in 1873 and does not fit this book well; the earliest edition of Cadogan traced is that of 1874 (London, Sampson Low), known from a notice in The Spectator of 25 July 1874. No printed copy, scan or library record of the Russian book has been found, so the date, the place and the publisher are unknown, and the pre-reform form of the title is reconstructed from the modern one")
	if id := d.introSection("1873"); id != "" {
		w.text(" (see ")
		w.inline("ref", attrs{"target", "#" + id}, "the introduction")
		w.text(")")
	}
	w.text(".")
	w.end("note")
	if d.ed.Work("cadogan-1874") != nil {
		w.empty("relatedItem", attrs{"type", "original", "target", "#" + workID("cadogan-1874")})
	}
	w.close(depth, "biblStruct")
}

// introSection returns the xml:id of the first section of the English
// introduction that mentions s, or "".
func (d *doc) introSection(s string) string {
	if b := d.ed.Book; b != nil {
		for i, sec := range b.Sections {
			if strings.Contains(sec.Text.Markdown, s) {
				return introID(b) + "-" + strconv.Itoa(i+1)
			}
		}
	}
	return ""
}

// works lists the other works the prose cites (corpus works.yaml), each
// the target of the cite: links to it.
func (d *doc) works(depth int) {
	if len(d.ed.Works) == 0 {
		return
	}
	w := d.w
	w.open(depth, "listBibl", attrs{"type", "works"})
	for _, wk := range d.ed.Works {
		w.open(depth+1, "bibl", attrs{"xml:id", workID(wk.Key), "xml:lang", wk.Lang})
		if wk.Author != "" {
			w.elem(depth+2, "author", nil, wk.Author)
		}
		w.elem(depth+2, "title", nil, wk.Title)
		if wk.Place != "" {
			w.elem(depth+2, "pubPlace", nil, wk.Place)
		}
		if wk.Publisher != "" {
			w.elem(depth+2, "publisher", nil, wk.Publisher)
		}
		w.elem(depth+2, "date", nil, wk.Year)
		if wk.Where != "" {
			w.elem(depth+2, "note", attrs{"type", "where"}, wk.Where)
		}
		if wk.Note != "" {
			w.elem(depth+2, "note", attrs{"xml:lang", "en"}, wk.Note)
		}
		if !wk.Seen {
			w.elem(depth+2, "note", attrs{"type", "unseen", "xml:lang", "en"}, "Not seen by the edition.")
		}
		w.close(depth+1, "bibl")
	}
	w.close(depth, "listBibl")
}

// workID is the xml:id of a work's record.
func workID(key string) string { return "work-" + ncName(key) }

// encodingDesc declares the editorial principles, every normalisation
// rule and the characters written as g.
func (d *doc) encodingDesc(depth int, used *writer) {
	w := d.w
	w.open(depth, "encodingDesc", nil)
	w.open(depth+1, "projectDesc", nil)
	w.elem(depth+2, "p", nil, project)
	w.close(depth+1, "projectDesc")
	w.open(depth+1, "editorialDecl", nil)
	w.open(depth+2, "segmentation", nil)
	w.elem(depth+3, "p", nil, segment)
	w.close(depth+2, "segmentation")
	w.open(depth+2, "correction", attrs{"method", "markup", "status", "medium"})
	w.elem(depth+3, "p", nil, principle+correct)
	w.close(depth+2, "correction")
	w.open(depth+2, "normalization", attrs{"method", "markup"})
	w.elem(depth+3, "p", nil, modernise)
	w.close(depth+2, "normalization")
	w.open(depth+2, "hyphenation", attrs{"eol", "none"})
	w.elem(depth+3, "p", nil, "The OCR's paragraphs are whole lines; no end-of-line hyphenation of the printed book survives in them.")
	w.close(depth+2, "hyphenation")
	w.close(depth+1, "editorialDecl")
	w.open(depth+1, "classDecl", nil)
	for _, l := range []*normalize.Layer{normalize.CorrectedLayer(nil), normalize.ModernLayer()} {
		w.open(depth+2, "taxonomy", attrs{"xml:id", "rules-" + l.Name})
		w.elem(depth+3, "desc", nil, "The rules of the "+l.Name+" reading, in the order they run.")
		for _, r := range l.Rules {
			d.category(depth+3, r.ID, r.Doc)
		}
		w.close(depth+2, "taxonomy")
	}
	if len(d.extra) > 0 {
		ids := make([]string, 0, len(d.extra))
		for id := range d.extra {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		w.open(depth+2, "taxonomy", attrs{"xml:id", "rules-other"})
		w.elem(depth+3, "desc", nil, "Rule ids the apparatus names that the normalisation layers do not list.")
		for _, id := range ids {
			d.category(depth+3, id, "")
		}
		w.close(depth+2, "taxonomy")
	}
	w.close(depth+1, "classDecl")
	for id, v := range used.chars {
		w.chars[id] = v
	}
	if ids := w.charIDs(); len(ids) > 0 {
		w.open(depth+1, "charDecl", nil)
		for _, id := range ids {
			w.open(depth+2, "char", attrs{"xml:id", id})
			typ, name := "codepoint", "a character XML cannot hold"
			if id[:5] == "byte-" {
				typ, name = "byte", "a byte that is not UTF-8"
			}
			w.elem(depth+3, "desc", nil, name)
			w.elem(depth+3, "mapping", attrs{"type", typ}, w.chars[id])
			w.close(depth+2, "char")
		}
		w.close(depth+1, "charDecl")
	}
	w.close(depth, "encodingDesc")
}

// category declares one normalisation rule.
func (d *doc) category(depth int, id, doc string) {
	w := d.w
	w.open(depth, "category", attrs{"xml:id", normID(id), "n", id})
	w.nl(depth + 1)
	w.start("catDesc", nil)
	w.inline("term", nil, id)
	if doc != "" {
		w.text(": " + doc)
	}
	w.end("catDesc")
	w.close(depth, "category")
}

// The ids of the two who are responsible for the interventions: the
// editors (emendations, notes, translation) and the automatic
// normalisation rules.
const (
	respEditors = "editors"
	respRules   = "normaliser"
)
