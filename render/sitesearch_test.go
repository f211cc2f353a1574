package render

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pasyans/corpus"
	"pasyans/corpus/search"
)

// TestSearchIndexFile reads the index the site carries back and checks
// that every result leads to a page of both languages and, for a
// paragraph or a term, to an element of that page.
func TestSearchIndexFile(t *testing.T) {
	dir, ed := builtSite(t)
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(searchIndexPath)))
	if err != nil {
		t.Fatal(err)
	}
	const head, tail = "globalThis.pasyansSearchIndex = ", ";\n"
	i := bytes.Index(data, []byte(head))
	if i < 0 || !bytes.HasSuffix(data, []byte(tail)) {
		t.Fatalf("%s does not set globalThis.pasyansSearchIndex", searchIndexPath)
	}
	var enc string
	if err := json.Unmarshal(data[i+len(head):len(data)-len(tail)], &enc); err != nil {
		t.Fatal(err)
	}
	for _, name := range search.ShardNames() {
		p := filepath.Join(dir, filepath.FromSlash(searchFormsDir), name+".js")
		b, err := os.ReadFile(p)
		if err != nil {
			t.Error(err)
			continue
		}
		call := "globalThis.pasyansSearchShard(\"" + name + "\", "
		if k := bytes.Index(b, []byte(call)); k < 0 || !bytes.HasSuffix(b, []byte(");\n")) || !json.Valid(b[k+len(call):len(b)-3]) {
			t.Errorf("%s does not give its shard to globalThis.pasyansSearchShard", p)
		}
	}
	ix, err := search.Decode([]byte(enc))
	if err != nil {
		t.Fatal(err)
	}
	if ix.Len() != len(ed.SearchDocs()) {
		t.Errorf("the index has %d documents, the edition %d", ix.Len(), len(ed.SearchDocs()))
	}
	pages := map[string]string{}
	for n := range ix.Len() {
		d := ix.Doc(n)
		if d.Href == "" {
			if d.Kind != search.KindPara || ed.Paragraph(d.ID).Owner != "" {
				t.Errorf("%s %s leads nowhere", d.Kind, d.ID)
			}
			continue
		}
		page, frag, _ := strings.Cut(d.Href, "#")
		for _, lang := range siteLangs {
			p := lang + "/" + page
			html, ok := pages[p]
			if !ok {
				b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
				if err != nil {
					t.Errorf("%s %s leads to %s: %v", d.Kind, d.ID, p, err)
					continue
				}
				html = string(b)
				pages[p] = html
			}
			if frag != "" && !strings.Contains(html, `id="`+frag+`"`) {
				t.Errorf("%s %s leads to %s#%s: no such element", d.Kind, d.ID, p, frag)
			}
		}
	}
}

// BenchmarkSearchIndex measures what the search adds to a build: the
// documents, the keys of their words, the index, its form table and
// their scripts.
func BenchmarkSearchIndex(b *testing.B) {
	ed := loadEdition(b, corpus.FS)
	s := &siteBuilder{ed: ed}
	s.index()
	b.ResetTimer()
	for b.Loop() {
		if s.makeSearch(); s.search.err != nil {
			b.Fatal(s.search.err)
		}
	}
}

// TestSearchGroupStrings checks that every group of a search results page
// has its heading in the page's strings and in both catalogs.
func TestSearchGroupStrings(t *testing.T) {
	msgs := siteMessages(t)
	for _, g := range []string{search.GroupBook, search.GroupNotes, search.GroupGlossary, search.GroupRules, search.GroupOther} {
		key := "search.group-" + g
		if !slices.Contains(searchStrings, key) {
			t.Errorf("%s is not among searchStrings", key)
		}
		if !msgs.keys[key] {
			t.Errorf("%s is in no catalog", key)
		}
	}
}
