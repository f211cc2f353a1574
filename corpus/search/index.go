package search

import (
	"cmp"
	"slices"
	"unicode/utf8"

	"pasyans/normalize/stem"
)

// Kinds of documents.
const (
	KindPara = "para" // a source paragraph: ID "001:7"
	KindTerm = "term" // a glossary term: ID the term's id
	KindRule = "rule" // an engine rule: ID "salic-law/foundations"
	KindGame = "game" // a game's titles, aliases and introduction: ID the game's id
	KindNote = "note" // the editor's notes on a paragraph and its rules line: ID the paragraph's
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
	// Lang is the language of a document written in one ("ru", "en"):
	// a note, a game's introduction. "" for one in both.
	Lang string
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
	// alias pairs keys that are one word: a form the corrected reading
	// repairs and its repair (евободн, свободн), a gerund and its verb
	// (начин, начина; see stem.Token.Also). A query for either finds both.
	alias [][2]int32
	// parts maps a hyphenated word's key to its parts' keys; a query for
	// a part finds the whole.
	parts map[int32][]int32
	// same and partOf are alias both ways and parts inverted (invert).
	same, partOf map[int32][]int32
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
				for _, p := range t.Parts {
					vocab[p] = true
				}
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
	ix.related(words, k)
	ix.invert()
	return ix
}

// related fills alias and parts from the tokens of the documents' fields.
func (ix *Index) related(words [][][]stem.Token, k *stem.Keyer) {
	ix.parts = map[int32][]int32{}
	seen := map[[2]int32]bool{}
	add := func(a, b string) {
		ia, oka := ix.keyID[a]
		ib, okb := ix.keyID[b]
		if oka && okb && ia != ib && !seen[[2]int32{ia, ib}] {
			seen[[2]int32{ia, ib}] = true
			ix.alias = append(ix.alias, [2]int32{ia, ib})
		}
	}
	for i, d := range ix.docs {
		for j := range d.Fields {
			for _, t := range words[i][j] {
				if t.Also != "" {
					add(t.Key, t.Also)
				}
				if len(t.Parts) > 0 {
					id := ix.keyID[t.Key]
					if _, ok := ix.parts[id]; !ok {
						for _, p := range t.Parts {
							ix.parts[id] = append(ix.parts[id], ix.keyID[p])
						}
					}
				}
			}
		}
		for _, r := range repairs(d.Fields, words[i], k) {
			add(r[0], r[1])
		}
	}
	slices.SortFunc(ix.alias, func(a, b [2]int32) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
}

// repairs returns the pairs of keys (damaged, repaired) of the words that
// the corrected reading of a field repairs in its diplomatic reading:
// the readings' words side by side, when they have as many, that differ
// by one or two letters and have three or more (a one-letter repair, н
// for и, would make a conjunction of every stray letter).
func repairs(fields []Field, words [][]stem.Token, k *stem.Keyer) [][2]string {
	var out [][2]string
	for i, f := range fields {
		if f.Reading != Diplomatic {
			continue
		}
		for j, g := range fields {
			if g.Name != f.Name || g.Reading != Corrected || len(words[i]) != len(words[j]) {
				continue
			}
			for n, a := range words[i] {
				b := words[j][n]
				na, nb := k.Norm(a.Word), k.Norm(b.Word)
				if a.Key != b.Key && min(utf8.RuneCountInString(na), utf8.RuneCountInString(nb)) >= 3 && distance(na, nb) <= 2 {
					out = append(out, [2]string{a.Key, b.Key})
				}
			}
		}
	}
	return out
}

// distance is the Levenshtein distance between two words, in letters.
func distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := range x {
		cur := make([]int, len(y)+1)
		cur[0] = i + 1
		for j := range y {
			c := prev[j]
			if x[i] != y[j] {
				c++
			}
			cur[j+1] = min(c, prev[j+1]+1, cur[j]+1)
		}
		prev = cur
	}
	return prev[len(y)]
}

// invert builds the posting lists and the documents' lengths from the
// fields' tokens.
func (ix *Index) invert() {
	ix.same, ix.partOf = map[int32][]int32{}, map[int32][]int32{}
	for _, a := range ix.alias {
		ix.same[a[0]] = append(ix.same[a[0]], a[1])
		ix.same[a[1]] = append(ix.same[a[1]], a[0])
	}
	for whole, ps := range ix.parts {
		for _, p := range ps {
			if !slices.Contains(ix.partOf[p], whole) {
				ix.partOf[p] = append(ix.partOf[p], whole)
			}
		}
	}
	for _, ws := range ix.partOf {
		slices.Sort(ws)
	}
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

// HasKey reports whether a key is a key of the index.
func (ix *Index) HasKey(key string) bool {
	_, ok := ix.keyID[key]
	return ok
}

// Doc returns the i-th document.
func (ix *Index) Doc(i int) Doc { return ix.docs[i] }
