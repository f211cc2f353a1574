//go:build js && wasm

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"syscall/js"

	"pasyans/corpus/search"
	"pasyans/normalize/stem"
)

// The search page's functions. searchLoad reads the index the build wrote
// (search/index.js puts it in globalThis.pasyansSearchIndex); search runs
// a query over it with package search, the same code as the Go tests, and
// returns its results as JSON; searchKeys gives the search keys of a
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

// searchResult is one result as the page receives it.
type searchResult struct {
	Kind     string           `json:"kind"`
	ID       string           `json:"id"`
	Group    string           `json:"group"`
	Href     string           `json:"href"`
	Score    float64          `json:"score"`
	Snippets []search.Snippet `json:"snippets"`
	Forms    []string         `json:"forms"`
}

// search(query, reading string, limit number) → JSON {"total": n,
// "results": [...]}: the best limit results, grouped (see
// search.Index.Grouped), each with its snippets in the reading.
func (s *searcher) search(args []js.Value) (any, error) {
	if s.ix == nil {
		return nil, errors.New("search: no index loaded (searchLoad first)")
	}
	if len(args) < 3 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString || args[2].Type() != js.TypeNumber {
		return nil, errors.New("search(query, reading, limit): two strings and a number")
	}
	q := search.Parse(s.k, args[0].String())
	reading, limit := args[1].String(), args[2].Int()
	rs := s.ix.Search(q)
	total := len(rs)
	if limit >= 0 && len(rs) > limit {
		rs = rs[:limit]
	}
	out := struct {
		Total   int            `json:"total"`
		Results []searchResult `json:"results"`
	}{Total: total, Results: []searchResult{}}
	for _, r := range s.ix.Grouped(rs) {
		d := s.ix.Doc(r.Doc)
		out.Results = append(out.Results, searchResult{Kind: d.Kind, ID: d.ID, Group: d.Group, Href: d.Href, Score: r.Score,
			Snippets: s.ix.Snippets(q, r.Doc, reading, 220), Forms: s.ix.Forms(q, r.Doc)})
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return string(b), nil
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
