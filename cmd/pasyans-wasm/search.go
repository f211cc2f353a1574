//go:build js && wasm && search

package main

import (
	"errors"
	"syscall/js"

	"pasyans/corpus/search"
	"pasyans/normalize/stem"
)

// The search page's functions. searchLoad reads the index the build wrote
// (search/index.js puts it in globalThis.pasyansSearchIndex); search runs
// a query over it with package search, the same code as the Go tests;
// searchKeys gives the search keys of a
// text's words (normalize/stem), the one spelling-blind matcher.
func init() {
	s := &searcher{k: stem.New()}
	export("searchLoad", s.load)
	export("search", s.search)
	export("searchKeys", s.keys)
}

// searcher holds the index once loaded.
type searcher struct {
	k  *stem.Keyer
	ix *search.Index
}

// load(data string) → {docs, keys}
func (s *searcher) load(args []js.Value) (any, error) {
	if len(args) < 1 || args[0].Type() != js.TypeString {
		return nil, errors.New("searchLoad(data): data must be the index as a string")
	}
	ix, err := search.Decode([]byte(args[0].String()))
	if err != nil {
		return nil, err
	}
	s.ix = ix
	return map[string]any{"docs": ix.Len(), "keys": ix.Keys()}, nil
}

// search(query, reading, lang string) → {total, groups: [{name,
// results}]}: every document found, grouped for a page in lang (see
// search.Index.Page), each result {kind, id, group, lang, href, score,
// snippets: [{name, reading, lang, html}], forms}, with its snippets in
// the reading.
// Plain objects, not JSON: encoding/json would add 0.7 MB to the program.
func (s *searcher) search(args []js.Value) (any, error) {
	if s.ix == nil {
		return nil, errors.New("search: no index loaded (searchLoad first)")
	}
	if len(args) < 3 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString || args[2].Type() != js.TypeString {
		return nil, errors.New("search(query, reading, lang): three strings")
	}
	q := search.Parse(s.k, args[0].String())
	reading, lang := args[1].String(), args[2].String()
	total := 0
	var groups []any
	for _, g := range s.ix.Page(q, lang) {
		results := make([]any, 0, len(g.Results))
		for _, r := range g.Results {
			results = append(results, s.result(q, r, reading))
		}
		total += len(results)
		groups = append(groups, map[string]any{"name": g.Name, "results": results})
	}
	return map[string]any{"total": total, "groups": groups}, nil
}

// result is one result as the page draws it.
func (s *searcher) result(q search.Query, r search.Result, reading string) any {
	d := s.ix.Doc(r.Doc)
	var snips []any
	for _, sn := range s.ix.Snippets(q, r.Doc, reading, 220) {
		snips = append(snips, map[string]any{"name": sn.Name, "reading": sn.Reading, "lang": sn.Lang, "html": sn.HTML})
	}
	var forms []any
	for _, f := range s.ix.Forms(q, r.Doc) {
		forms = append(forms, f)
	}
	return map[string]any{"kind": d.Kind, "id": d.ID, "group": d.Group, "lang": d.Lang, "href": d.Href,
		"score": r.Score, "snippets": snips, "forms": forms}
}

// searchKeys(text string) → the keys of its words, in order.
func (s *searcher) keys(args []js.Value) (any, error) {
	if len(args) < 1 || args[0].Type() != js.TypeString {
		return nil, errors.New("searchKeys(text): text must be a string")
	}
	var out []any
	for _, key := range s.k.Keys(args[0].String()) {
		out = append(out, key)
	}
	return out, nil
}
