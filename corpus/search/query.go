package search

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"pasyans/normalize/stem"
)

// Query is a parsed query: terms that a document must all hold.
type Query struct {
	Terms []Term
}

// Term is a word or a quoted phrase of a query.
type Term struct {
	Text string   // as typed
	Keys []string // the word's key; a phrase's keys in order
	// Prefix is set on the query's last word when nothing follows it (the
	// reader is still typing it): if no text has its key, it matches the
	// keys that begin with it.
	Prefix bool
}

// Phrase reports whether the term is a phrase of several words.
func (t Term) Phrase() bool { return len(t.Keys) > 1 }

// isQuote reports whether r opens or closes a phrase.
func isQuote(r rune) bool {
	switch r {
	case '"', '«', '»', '“', '”', '„':
		return true
	}
	return false
}

// minPrefix is the shortest key, in letters, matched as a prefix.
const minPrefix = 3

// Parse splits a query into terms and keys them with k: words outside
// quotes are terms of their own, the words between quotes (any of " « » “
// ” „) a phrase; an unclosed quote runs to the end. A word or phrase
// given twice counts once.
func Parse(k *stem.Keyer, q string) Query {
	var out Query
	seen := map[string]bool{}
	add := func(t Term) {
		id := strings.Join(t.Keys, " ")
		if len(t.Keys) == 0 || seen[id] {
			return
		}
		seen[id] = true
		out.Terms = append(out.Terms, t)
	}
	inside := false
	seg := 0
	flush := func(end int) {
		s := q[seg:end]
		toks := k.Tokens(s)
		if inside && len(toks) > 1 {
			t := Term{Text: strings.TrimSpace(s)}
			for _, tk := range toks {
				t.Keys = append(t.Keys, tk.Key)
			}
			add(t)
			return
		}
		for _, tk := range toks {
			add(Term{Text: tk.Word, Keys: []string{tk.Key}})
		}
	}
	for i, r := range q {
		if isQuote(r) {
			flush(i)
			inside = !inside
			seg = i + utf8.RuneLen(r)
		}
	}
	flush(len(q))
	// The last word is unfinished when the query ends in it.
	if n := len(out.Terms); n > 0 && !inside {
		last, _ := utf8.DecodeLastRuneInString(q)
		t := &out.Terms[n-1]
		if !t.Phrase() && !unicode.IsSpace(last) && !isQuote(last) && strings.HasSuffix(q, t.Text) {
			t.Prefix = true
		}
	}
	return out
}

// Result is one document found, with its BM25 score.
type Result struct {
	Doc   int // index of the document in the index
	Score float64
}

// BM25 parameters: the usual ones.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// matcher is a term resolved against the index: the keys a word matches,
// or the key sequence of a phrase.
type matcher struct {
	keys   []int32 // a word: any of these keys
	phrase []int32 // a phrase: these keys in a row
	none   bool    // a key no text has: matches nothing
}

// resolve turns the query's terms into matchers.
func (ix *Index) resolve(q Query) []matcher {
	ms := make([]matcher, len(q.Terms))
	for i, t := range q.Terms {
		m := &ms[i]
		if t.Phrase() {
			for _, key := range t.Keys {
				id, ok := ix.keyID[key]
				if !ok {
					m.none = true
				}
				m.phrase = append(m.phrase, id)
			}
			continue
		}
		key := t.Keys[0]
		if id, ok := ix.keyID[key]; ok {
			m.keys = []int32{id}
			continue
		}
		if t.Prefix && utf8.RuneCountInString(key) >= minPrefix {
			for j := sort.SearchStrings(ix.keys, key); j < len(ix.keys) && strings.HasPrefix(ix.keys[j], key); j++ {
				m.keys = append(m.keys, int32(j))
			}
		}
		m.none = len(m.keys) == 0
	}
	return ms
}

// Search returns the documents that hold every term of q, best first
// (equal scores in the index's order). A query without terms finds
// nothing.
func (ix *Index) Search(q Query) []Result {
	ms := ix.resolve(q)
	if len(ms) == 0 {
		return nil
	}
	score := make([]float64, len(ix.docs))
	alive := make([]bool, len(ix.docs))
	for i := range alive {
		alive[i] = true
	}
	n := float64(len(ix.docs))
	for _, m := range ms {
		tf := ix.termFreq(m)
		df := 0
		for d := range tf {
			if tf[d] > 0 {
				df++
			}
		}
		idf := math.Log(1 + (n-float64(df)+0.5)/(float64(df)+0.5))
		for d := range score {
			if tf[d] == 0 {
				alive[d] = false
				continue
			}
			norm := bm25K1 * (1 - bm25B + bm25B*ix.lens[d]/ix.avgLen)
			score[d] += idf * tf[d] * (bm25K1 + 1) / (tf[d] + norm)
		}
	}
	var out []Result
	for d, ok := range alive {
		if ok {
			out = append(out, Result{Doc: d, Score: score[d]})
		}
	}
	slices.SortStableFunc(out, func(a, b Result) int { return cmp.Compare(b.Score, a.Score) })
	return out
}

// termFreq returns, for each document, the weighted frequency of m: for
// each field name, the most occurrences in one of its alternative
// fields, times the name's Weight.
func (ix *Index) termFreq(m matcher) []float64 {
	tf := make([]float64, len(ix.docs))
	if m.none {
		return tf
	}
	counts := map[[2]int32]int{}
	var docs []int32
	note := func(d, f int32, c int) {
		if c == 0 {
			return
		}
		if tf[d] == 0 {
			tf[d] = -1 // seen
			docs = append(docs, d)
		}
		counts[[2]int32{d, f}] += c
	}
	if m.phrase != nil {
		for _, p := range ix.post[m.phrase[0]] {
			note(p.doc, p.field, len(phraseAt(ix.docs[p.doc].Fields[p.field].toks, m.phrase)))
		}
	} else {
		for _, key := range m.keys {
			for _, p := range ix.post[key] {
				note(p.doc, p.field, int(p.n))
			}
		}
	}
	slices.Sort(docs)
	for _, d := range docs {
		best := map[string]int{}
		var names []string
		for f, fl := range ix.docs[d].Fields {
			c := counts[[2]int32{d, int32(f)}]
			if _, ok := best[fl.Name]; !ok {
				names = append(names, fl.Name)
			}
			best[fl.Name] = max(best[fl.Name], c)
		}
		tf[d] = 0
		for _, name := range names {
			tf[d] += Weight(name) * float64(best[name])
		}
	}
	return tf
}

// phraseAt returns the indexes of the tokens where the key sequence
// starts.
func phraseAt(toks []token, keys []int32) []int {
	var at []int
	for i := 0; i+len(keys) <= len(toks); i++ {
		ok := true
		for j, key := range keys {
			if toks[i+j].key != key {
				ok = false
				break
			}
		}
		if ok {
			at = append(at, i)
		}
	}
	return at
}

// Grouped reorders results by group: the groups in the order of their
// best result, each group's results in rank order. The first result stays
// first.
func (ix *Index) Grouped(rs []Result) []Result {
	var order []string
	by := map[string][]Result{}
	for _, r := range rs {
		g := ix.docs[r.Doc].Group
		if _, ok := by[g]; !ok {
			order = append(order, g)
		}
		by[g] = append(by[g], r)
	}
	out := make([]Result, 0, len(rs))
	for _, g := range order {
		out = append(out, by[g]...)
	}
	return out
}
