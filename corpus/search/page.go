package search

import (
	"cmp"
	"slices"
)

// Groups of a results page (Group.Name), in the order Page gives them.
const (
	GroupBook     = "book"     // the book's paragraphs
	GroupNotes    = "notes"    // notes and the games' introductions and titles, in the page's language
	GroupGlossary = "glossary" // the glossary's terms
	GroupRules    = "rules"    // the engine's rules
	GroupOther    = "other"    // notes and introductions in the other language
)

// Group is one kind of result on a results page.
type Group struct {
	Name    string
	Results []Result
}

// Page is the results page of q for a page in lang: every document
// found, grouped by kind, the book first (see the Group constants); a
// group without results is left out. The book's paragraphs are ordered
// by game: the games in the order of their best paragraph's score
// (ties in the book's order), each game's paragraphs in the book's
// order; the other groups by score. The commentary (notes, games) in the
// page's language comes before the glossary, the other language's at
// the end: a Russian page never shows an English note among its own.
func (ix *Index) Page(q Query, lang string) []Group {
	rs := ix.Search(q)
	by := map[string][]Result{}
	for _, r := range rs {
		g := ix.groupOf(ix.docs[r.Doc], lang)
		by[g] = append(by[g], r)
	}
	by[GroupBook] = ix.byGame(by[GroupBook])
	var out []Group
	for _, name := range []string{GroupBook, GroupNotes, GroupGlossary, GroupRules, GroupOther} {
		if len(by[name]) > 0 {
			out = append(out, Group{Name: name, Results: by[name]})
		}
	}
	return out
}

// groupOf returns the group a document is listed in on a page in lang.
func (ix *Index) groupOf(d Doc, lang string) string {
	switch d.Kind {
	case KindPara:
		return GroupBook
	case KindTerm:
		return GroupGlossary
	case KindRule:
		return GroupRules
	}
	if d.Lang != "" && d.Lang != lang {
		return GroupOther
	}
	return GroupNotes
}

// byGame orders paragraphs (in rank order) by game: see Page.
func (ix *Index) byGame(rs []Result) []Result {
	rank := map[string]int{} // a game → its place
	for _, r := range rs {
		if g := ix.docs[r.Doc].Group; rank[g] == 0 {
			rank[g] = len(rank) + 1
		}
	}
	out := slices.Clone(rs)
	slices.SortStableFunc(out, func(a, b Result) int {
		return cmp.Or(cmp.Compare(rank[ix.docs[a.Doc].Group], rank[ix.docs[b.Doc].Group]), cmp.Compare(a.Doc, b.Doc))
	})
	return out
}
