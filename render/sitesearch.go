package render

import (
	"encoding/json"
	"fmt"
	"html/template"
	"sync"

	"pasyans/corpus"
	"pasyans/corpus/search"
	"pasyans/normalize/stem"
)

// searchIndexPath is the script that carries the search index, and
// searchFormsDir the folder of the scripts of its form table's shards:
// scripts, not files to fetch, because pages opened from file:// cannot
// fetch. static/search.js loads the index when the page has a query or
// the reader goes to the search box, and a shard when a query's word
// begins with its letter.
const (
	searchIndexPath = "search/index.js"
	searchFormsDir  = "search/forms"
)

// searchScripts are the index's script and its shards', made together
// from one index.
type searchScripts struct {
	once   sync.Once
	index  []byte
	head   search.FormsHead
	shards map[string][]byte
	err    error
}

// searchIndex returns search/index.js: the edition's search index
// (package corpus/search) as a string in globalThis.pasyansSearchIndex.
// The head of its form table (search.FormsHead: the letter map that folds
// a query word, the query's parameters, the shards) is in the search
// page's configuration, so that the page asks for a query's shards while
// the index loads.
func (s *siteBuilder) searchIndex() ([]byte, error) {
	s.search.once.Do(s.makeSearch)
	return s.search.index, s.search.err
}

// searchShard returns the maker of search/forms/NAME.js: a shard of the
// index's form table (search.FormShard), given to
// globalThis.pasyansSearchShard(name, data).
func (s *siteBuilder) searchShard(name string) func() ([]byte, error) {
	return func() ([]byte, error) {
		s.search.once.Do(s.makeSearch)
		return s.search.shards[name], s.search.err
	}
}

// makeSearch builds the index and its form table. Each document leads to
// a path under the language's folder: the search pages of both languages
// sit at the same depth and use the same index.
func (s *siteBuilder) makeSearch() {
	if err := s.makeSearchScripts(); err != nil {
		s.search.err = fmt.Errorf("search index: %w", err)
	}
}

func (s *siteBuilder) makeSearchScripts() error {
	docs := s.ed.SearchDocs()
	section := map[string]int{} // a language → the front matter's sections so far
	for i := range docs {
		if d := docs[i]; d.Kind == search.KindGame && s.ed.Book != nil && d.ID == s.ed.Book.ID {
			// A section of the front matter, on its language's home page.
			section[d.Lang]++
			docs[i].Href = fmt.Sprintf("../%s/index.html#s%d", d.Lang, section[d.Lang])
			continue
		}
		docs[i].Href = s.searchHref(docs[i])
	}
	k := stem.New()
	ix := search.Build(docs, k)
	data, err := ix.Encode()
	if err != nil {
		return err
	}
	head, shards, err := ix.FormTable(k).Encode()
	if err != nil {
		return err
	}
	lit, err := json.Marshal(string(data))
	if err != nil {
		return err
	}
	out := []byte("// The edition's search index, written by pasyans build (package corpus/search).\nglobalThis.pasyansSearchIndex = ")
	out = append(out, lit...)
	s.search.index = append(out, ";\n"...)
	s.search.head = head
	s.search.shards = map[string][]byte{}
	for _, sh := range shards {
		name, err := json.Marshal(sh.Name)
		if err != nil {
			return err
		}
		b := []byte("// A shard of the search index's form table, written by pasyans build (package corpus/search).\nglobalThis.pasyansSearchShard(")
		b = append(append(append(b, name...), ", "...), sh.Data...)
		s.search.shards[sh.Name] = append(b, ");\n"...)
	}
	return nil
}

// searchHref is where a search result leads, relative to the language's
// folder; "" for a document no page shows.
func (s *siteBuilder) searchHref(d search.Doc) string {
	switch d.Kind {
	case search.KindPara, search.KindNote:
		if p, ok := s.paraPage[d.ID]; ok {
			return p + "#p-" + anchorID(d.ID)
		}
	case search.KindTerm:
		return "glossary/index.html#t-" + anchorID(d.ID)
	case search.KindRule:
		if _, ok := s.rules[d.ID]; ok {
			return "rules/" + d.ID + "/index.html"
		}
	case search.KindGame:
		return "games/" + d.ID + "/index.html"
	}
	return ""
}

// searchView is the search page's data: the configuration its script
// reads (as JSON in the page).
type searchView struct {
	Config template.JS
}

// searchConfig tells static/search.js how to name the groups of results
// and what to say, in the page's language.
type searchConfig struct {
	Groups  map[string]searchGroup `json:"groups"`
	Strings map[string]string      `json:"strings"`
	// Index is the index's script and Forms the folder of its form
	// table's shards, relative to the page; Head the table's head.
	Index string           `json:"index"`
	Forms string           `json:"forms"`
	Head  search.FormsHead `json:"head"`
	// Book is the id of the front matter's sections (a game's kind).
	Book string `json:"book,omitempty"`
}

type searchGroup struct {
	Title string `json:"title"`
	Href  string `json:"href,omitempty"`
}

// searchStrings are the messages static/search.js shows; {n} and {q}
// stand for a number and the query.
var searchStrings = []string{"search.loading", "search.ready", "search.none", "search.one", "search.many",
	"search.failed", "search.para", "search.term", "search.rule", "search.game", "search.note", "search.in-reading",
	"search.show-all",
	// The groups' headings: "search.group-" and a search.Group* name.
	"search.group-book", "search.group-notes", "search.group-glossary", "search.group-rules", "search.group-other"}

func (s *siteBuilder) searchData(pc *pageCtx) (any, error) {
	s.search.once.Do(s.makeSearch)
	if s.search.err != nil {
		return nil, s.search.err
	}
	pc.Title = pc.t("search.title")
	cfg := searchConfig{Groups: map[string]searchGroup{}, Strings: map[string]string{},
		Index: pc.Rel(searchIndexPath), Forms: pc.Rel(searchFormsDir) + "/", Head: s.search.head}
	for _, g := range s.ed.Games {
		l := pc.gameLink(g)
		cfg.Groups[g.ID] = searchGroup{Title: l.Title, Href: l.Href}
	}
	if b := s.ed.Book; b != nil {
		title := b.Titles.EN
		if pc.lang == "ru" {
			title = b.Titles.RUModern
		}
		cfg.Groups[b.ID] = searchGroup{Title: title, Href: pc.L("index.html")}
		cfg.Book = b.ID
	}
	cfg.Groups[corpus.SearchGlossary] = searchGroup{Title: pc.t("nav.glossary"), Href: pc.L("glossary/index.html")}
	cfg.Groups[corpus.SearchRules] = searchGroup{Title: pc.t("search.core-rules")}
	for _, k := range searchStrings {
		cfg.Strings[k[len("search."):]] = pc.t(k)
	}
	cfg.Strings["reading-"+search.Corrected] = pc.t("reading.corrected")
	cfg.Strings["reading-"+search.Diplomatic] = pc.t("reading.diplomatic")
	cfg.Strings["reading-"+search.Modern] = pc.t("reading.modern")
	js, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	return searchView{Config: template.JS(js)}, nil
}
