package search

import (
	"slices"

	"pasyans/normalize/stem"
)

// Kinds of documents.
const (
	KindPara = "para" // a source paragraph: ID "001:7"
	KindTerm = "term" // a glossary term: ID the term's id
	KindRule = "rule" // an engine rule: ID "salic-law/foundations"
	KindGame = "game" // a game's titles and aliases: ID the game's id
)

// Readings of the Russian text, as a Field's Reading.
const (
	Diplomatic = "diplomatic"
	Corrected  = "corrected"
	Modern     = "modern"
)

// Doc is one searchable document.
type Doc struct {
	Kind  string
	ID    string
	Group string // what the result is listed under: a game id, "glossary", …
	Href  string // where the result leads, as its maker writes it
	// Fields are the document's texts. Fields with the same Name are
	// alternatives of one text (the readings of a paragraph, the
	// pre-reform and modern forms of a term): a word counts once for
	// them all. Fields with different names add up.
	Fields []Field
}

// Field is one text of a document.
type Field struct {
	Name    string // "text", "en", "note", "title", …: see Weight
	Reading string // Diplomatic, Corrected or Modern for a Russian reading; "" otherwise
	Lang    string // "ru" or "en"
	Text    string

	toks []token
}

// token is a keyed word of a field: byte offsets into its Text and the
// index of its key in the index's vocabulary.
type token struct {
	start, end int32
	key        int32
}

// Weight is how much a word found in a field of that name counts,
// relative to the running text: titles and names weigh more.
func Weight(name string) float64 {
	switch name {
	case "title", "title-en":
		return 3
	case "alias", "term":
		return 2
	}
	return 1
}

// Index is the searchable edition. Build one with Build or Decode.
type Index struct {
	docs  []Doc
	keys  []string         // the vocabulary, sorted
	keyID map[string]int32 // key → index in keys
	post  [][]posting      // by key: the fields holding it, in document order
	// avgLen is the documents' mean length in words (see docLen).
	avgLen float64
	lens   []float64
}

// posting is one field of one document holding a key, and how often.
type posting struct {
	doc, field int32
	n          int32
}

// Build keys the words of every field with k and indexes them. The
// documents are kept in the order given; equal scores rank in that order.
func Build(docs []Doc, k *stem.Keyer) *Index {
	vocab := map[string]bool{}
	words := make([][][]stem.Token, len(docs))
	for i, d := range docs {
		words[i] = make([][]stem.Token, len(d.Fields))
		for j, f := range d.Fields {
			toks := k.Tokens(f.Text)
			words[i][j] = toks
			for _, t := range toks {
				vocab[t.Key] = true
			}
		}
	}
	keys := make([]string, 0, len(vocab))
	for key := range vocab {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	ix := &Index{keys: keys}
	ix.keyID = make(map[string]int32, len(keys))
	for i, key := range keys {
		ix.keyID[key] = int32(i)
	}
	ix.docs = make([]Doc, len(docs))
	for i, d := range docs {
		d.Fields = slices.Clone(d.Fields)
		for j := range d.Fields {
			toks := make([]token, len(words[i][j]))
			for n, t := range words[i][j] {
				toks[n] = token{start: int32(t.Start), end: int32(t.End), key: ix.keyID[t.Key]}
			}
			d.Fields[j].toks = toks
		}
		ix.docs[i] = d
	}
	ix.invert()
	return ix
}

// invert builds the posting lists and the documents' lengths from the
// fields' tokens.
func (ix *Index) invert() {
	ix.post = make([][]posting, len(ix.keys))
	ix.lens = make([]float64, len(ix.docs))
	total := 0.0
	for d, doc := range ix.docs {
		for f, fl := range doc.Fields {
			counts := map[int32]int32{}
			var order []int32
			for _, t := range fl.toks {
				if counts[t.key] == 0 {
					order = append(order, t.key)
				}
				counts[t.key]++
			}
			for _, key := range order {
				ix.post[key] = append(ix.post[key], posting{doc: int32(d), field: int32(f), n: counts[key]})
			}
		}
		ix.lens[d] = docLen(doc)
		total += ix.lens[d]
	}
	if len(ix.docs) > 0 {
		ix.avgLen = total / float64(len(ix.docs))
	}
	if ix.avgLen == 0 {
		ix.avgLen = 1
	}
}

// docLen is a document's length for BM25: for each name, the longest of
// its alternative fields, in words.
func docLen(d Doc) float64 {
	longest := map[string]int{}
	var names []string
	for _, f := range d.Fields {
		if _, ok := longest[f.Name]; !ok {
			names = append(names, f.Name)
		}
		longest[f.Name] = max(longest[f.Name], len(f.toks))
	}
	n := 0
	for _, name := range names {
		n += longest[name]
	}
	return float64(n)
}

// Len returns the number of documents.
func (ix *Index) Len() int { return len(ix.docs) }

// Keys returns the number of distinct keys.
func (ix *Index) Keys() int { return len(ix.keys) }

// Doc returns the i-th document.
func (ix *Index) Doc(i int) Doc { return ix.docs[i] }
