package tei

import (
	"sort"

	"pasyans/normalize"
)

// The edition's statements of responsibility and principles.
const (
	respStmt  = "edited, translated, annotated and encoded by"
	editors   = "the pasyans project"
	principle = "Every paragraph of the sources is given in three readings. The diplomatic reading is the OCR exactly as received, after decoding and line-ending normalisation only. "
	correct   = "The corrected reading keeps the book's own pre-reform spelling (ѣ, і, ъ, -аго, -ыя) and repairs the damage of the OCR: systematic confusions by the rules declared below, and word-level repairs by the editor's emendations (corpus/emendations.tsv), each with its reason. Each repair is a choice of sic (the OCR) and corr (the repair), whose type names the rule and whose ana points at the rule's declaration (and, for an emendation, at its reason)."
	modernise = "The modern reading is the corrected text in post-1918 spelling (ѣ→е, і→и, ѳ→ф, ѵ→и, final ъ dropped, -аго→-ого, -ыя→-ые, из-/раз-/без-/воз-/чрез- before a voiceless consonant → ис-/рас-/бес-/вос-/чрес-, and the known word exceptions), by the rules declared below. Each change is a choice of orig (the corrected text) and reg (the modern), nested around the repairs where they meet: choosing sic and orig gives the diplomatic reading, corr and orig the corrected reading, corr and reg the modern reading, each character for character, white space included."
	segment   = "A paragraph is a non-empty line of a source file; its id is the source's id and the line's position among the non-empty lines (001:7), its xml:id p-001-7, the anchor of the edition's web site. The English translation is a parallel text whose paragraphs (en-001-7) point at the Russian with corresp; the editor's notes and the rule links are notes in the back whose target is the paragraph."
	licence   = "The edition declares no licence of its own in its corpus. The sources' licences are given with each source in the source description."
)

// header writes the teiHeader; used holds the characters the text wrote
// as g elements.
func (d *doc) header(depth int, used *writer) {
	w := d.w
	ed := d.ed
	w.open(depth, "teiHeader", nil)
	w.open(depth+1, "fileDesc", nil)
	w.open(depth+2, "titleStmt", nil)
	if b := ed.Book; b != nil {
		w.elem(depth+3, "title", attrs{"xml:lang", "ru", "type", "main"}, b.Titles.RU)
		w.elem(depth+3, "title", attrs{"xml:lang", "ru", "type", "alt", "subtype", "modern"}, b.Titles.RUModern)
		w.elem(depth+3, "title", attrs{"xml:lang", "en", "type", "alt", "subtype", "translation"}, b.Titles.EN)
	} else {
		w.elem(depth+3, "title", nil, "pasyans")
	}
	w.open(depth+3, "respStmt", nil)
	w.elem(depth+4, "resp", nil, respStmt)
	w.elem(depth+4, "orgName", attrs{"xml:id", "editors"}, editors)
	w.close(depth+3, "respStmt")
	w.close(depth+2, "titleStmt")
	w.open(depth+2, "publicationStmt", nil)
	w.elem(depth+3, "authority", nil, editors)
	w.open(depth+3, "availability", attrs{"status", "unknown"})
	w.elem(depth+4, "p", nil, licence)
	w.close(depth+3, "availability")
	w.close(depth+2, "publicationStmt")
	d.sourceDesc(depth + 2)
	w.close(depth+1, "fileDesc")
	d.encodingDesc(depth+1, used)
	w.close(depth, "teiHeader")
}

// sourceDesc lists the source files.
func (d *doc) sourceDesc(depth int) {
	w := d.w
	w.open(depth, "sourceDesc", nil)
	w.open(depth+1, "listBibl", nil)
	if b := d.ed.Book; b != nil && b.Date != "" {
		// The book the sources transmit, with its working date as the
		// edition prints it: low certainty, not a fact.
		w.open(depth+2, "bibl", attrs{"xml:id", "book", "type", "book"})
		w.elem(depth+3, "title", attrs{"xml:lang", "ru"}, b.Titles.RUModern)
		w.elem(depth+3, "date", attrs{"cert", "low"}, b.Date)
		w.close(depth+2, "bibl")
	}
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
	w.open(depth+1, "editorialDecl", nil)
	w.open(depth+2, "segmentation", nil)
	w.elem(depth+3, "p", nil, segment)
	w.close(depth+2, "segmentation")
	w.open(depth+2, "correction", nil)
	w.elem(depth+3, "p", nil, principle+correct)
	w.close(depth+2, "correction")
	w.open(depth+2, "normalization", nil)
	w.elem(depth+3, "p", nil, modernise)
	w.close(depth+2, "normalization")
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
