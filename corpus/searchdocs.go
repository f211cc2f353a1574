package corpus

import (
	"slices"
	"strings"

	"pasyans/corpus/search"
	"pasyans/engine"
)

// Groups of search documents that are not games.
const (
	SearchGlossary = "glossary" // the glossary's terms
	SearchRules    = "rules"    // the engine's core rules, which belong to no game
)

// SearchDocs lists the edition's searchable documents for package search:
// every paragraph (its three readings and the English), the commentary
// on each paragraph in each language (its notes and its rules line: a
// KindNote document with the paragraph's id and its Lang), the
// glossary's terms, the rules of the games' variants and the core rules,
// and the games (KindGame, one document in each language: the titles,
// aliases and the introduction). A paragraph and its commentary are
// grouped under the paragraph's owner (a game or the book), a rule under
// its game. Hrefs are left empty: where a result leads is the
// renderer's business.
func (ed *Edition) SearchDocs() []search.Doc {
	var docs []search.Doc
	for _, p := range ed.Paragraphs {
		d := search.Doc{Kind: search.KindPara, ID: p.ID, Group: p.Owner}
		d.Fields = append(d.Fields,
			search.Field{Name: "text", Reading: search.Corrected, Lang: "ru", Text: p.Corrected},
			search.Field{Name: "text", Reading: search.Diplomatic, Lang: "ru", Text: p.Diplomatic},
			search.Field{Name: "text", Reading: search.Modern, Lang: "ru", Text: p.Modern})
		if en := p.Translation.Plain(); en != "" {
			d.Fields = append(d.Fields, search.Field{Name: "en", Lang: "en", Text: en})
		}
		docs = append(docs, d)
		docs = append(docs, noteDocs(p)...)
	}
	for _, t := range ed.Glossary {
		docs = append(docs, search.Doc{Kind: search.KindTerm, ID: t.ID, Group: SearchGlossary, Fields: []search.Field{
			{Name: "title", Reading: search.Corrected, Lang: "ru", Text: t.PreReform},
			{Name: "title", Reading: search.Modern, Lang: "ru", Text: t.Modern},
			{Name: "term", Lang: "en", Text: t.EN},
			{Name: "def", Lang: "en", Text: t.DefEN},
			{Name: "def-ru", Lang: "ru", Text: t.DefRU},
		}})
	}
	seen := map[string]bool{}
	rule := func(r *engine.Rule, group string) {
		if seen[r.ID] {
			return
		}
		seen[r.ID] = true
		docs = append(docs, search.Doc{Kind: search.KindRule, ID: r.ID, Group: group, Fields: []search.Field{
			{Name: "en", Lang: "en", Text: r.EN},
			{Name: "ru", Lang: "ru", Text: r.RU},
		}})
	}
	for _, g := range ed.Games {
		if g.Variant != nil {
			for _, r := range g.Variant.Rules {
				rule(r, g.ID)
			}
		}
	}
	for _, r := range engine.CoreRules() {
		rule(r, SearchRules)
	}
	for _, g := range ed.Games {
		docs = append(docs, gameDocs(g)...)
	}
	if ed.Book != nil {
		for _, b := range []*Book{ed.Book, ed.BookRU} {
			docs = append(docs, sectionDocs(b, ed.Book.ID)...)
		}
	}
	return docs
}

// sectionDocs returns the sections of the book's front matter (book.md,
// book.ru.md), one document each, in the file's language: a game's kind
// with the English book's id (the book's introduction, as a game has
// its own), listed in the sections' order, which is how the site finds
// each one's place on its home page.
func sectionDocs(b *Book, id string) []search.Doc {
	if b == nil {
		return nil
	}
	title := "title"
	if b.Lang == "en" {
		title = "title-en"
	}
	var docs []search.Doc
	for _, sec := range b.Sections {
		d := search.Doc{Kind: search.KindGame, ID: id, Group: id, Lang: b.Lang, Fields: []search.Field{
			{Name: title, Lang: b.Lang, Text: sec.Title},
		}}
		if s := sec.Text.Plain(); s != "" {
			d.Fields = append(d.Fields, search.Field{Name: "intro", Lang: b.Lang, Text: s})
		}
		docs = append(docs, d)
	}
	return docs
}

// noteDocs returns a paragraph's commentary in each language that has
// some: its notes, then its rules line.
func noteDocs(p *Paragraph) []search.Doc {
	var docs []search.Doc
	for _, lang := range []string{"ru", "en"} {
		var parts []string
		for _, n := range p.Notes {
			t := n.Text
			if lang == "ru" {
				t = n.RU
			}
			parts = append(parts, t.Plain())
		}
		line := p.RulesLine
		if lang == "ru" {
			line = p.RulesLineRU
		}
		parts = append(parts, line.Plain())
		if s := joinText(parts...); s != "" {
			docs = append(docs, search.Doc{Kind: search.KindNote, ID: p.ID, Group: p.Owner, Lang: lang,
				Fields: []search.Field{{Name: "note", Lang: lang, Text: s}}})
		}
	}
	return docs
}

// gameDocs returns a game's documents, one in each language: its titles
// (and aliases, in English) and its introduction.
func gameDocs(g *Game) []search.Doc {
	ru := search.Doc{Kind: search.KindGame, ID: g.ID, Group: g.ID, Lang: "ru", Fields: []search.Field{
		{Name: "title", Reading: search.Corrected, Lang: "ru", Text: g.Titles.RU},
		{Name: "title", Reading: search.Modern, Lang: "ru", Text: g.Titles.RUModern},
	}}
	if s := g.IntroRU.Plain(); s != "" {
		ru.Fields = append(ru.Fields, search.Field{Name: "intro", Lang: "ru", Text: s})
	}
	en := search.Doc{Kind: search.KindGame, ID: g.ID, Group: g.ID, Lang: "en", Fields: []search.Field{
		{Name: "title-en", Lang: "en", Text: g.Titles.EN},
	}}
	var aliases []string
	for _, a := range []string{g.Aliases.Cadogan1874, g.Aliases.Cadogan1914, g.Aliases.PySolFC} {
		if a != "" && !slices.Contains(aliases, a) {
			aliases = append(aliases, a)
		}
	}
	if len(aliases) > 0 {
		en.Fields = append(en.Fields, search.Field{Name: "alias", Lang: "en", Text: strings.Join(aliases, "; ")})
	}
	if s := g.Intro.Plain(); s != "" {
		en.Fields = append(en.Fields, search.Field{Name: "intro", Lang: "en", Text: s})
	}
	return []search.Doc{ru, en}
}

// Plain returns the text without Markdown markup: the plain text of each
// top-level block, blocks separated by a blank line.
func (t Text) Plain() string {
	var parts []string
	for _, n := range t.Nodes {
		if s := plainText(n, t.Source); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, "\n\n")
}

func joinText(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "\n\n")
}
