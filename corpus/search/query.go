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
	Norm string   // a word's spelling-blind form (stem.Keyer.Norm)
	// Parts are a hyphenated word's parts' keys: it also matches the
	// hyphenated words of the same parts (какой-нибудь, какою-нибудь).
	Parts []string
	// Prefix is set on the query's last word when nothing follows it (the
	// reader may still be typing it): it also matches the keys that begin
	// with its Norm, if it has at least minPrefix letters (one, when the
	// query has other terms), and, when the word is a key itself, only
	// those at most maxExtend letters longer.
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

// minPrefix is the shortest word, in letters, matched as a prefix.
const minPrefix = 3

// maxExtend is how many letters a prefix match may add to a word of at
// least wholeWord letters that is a key already: свобод, a word, also
// matches свободн (свободный) as the reader types on, but место, a word,
// not местоположен; a shorter word (сво) matches every key it begins.
const (
	maxExtend = 1
	wholeWord = 4
)

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
			add(Term{Text: tk.Word, Keys: []string{tk.Key}, Norm: k.Norm(tk.Word), Parts: tk.Parts})
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
		if id, ok := ix.keyID[t.Keys[0]]; ok {
			m.keys = ix.withRelated(m.keys, id)
		}
		for _, w := range ix.sameParts(t.Parts) {
			m.keys = ix.withRelated(m.keys, w)
		}
		if t.Prefix {
			m.keys = ix.prefixKeys(m.keys, t, len(q.Terms) > 1)
		}
		m.none = len(m.keys) == 0
	}
	return ms
}

// prefixKeys adds the keys an unfinished last word matches (see
// Term.Prefix): those that begin with its Norm, all of them for a word
// shorter than wholeWord letters or that is no key, else only those at
// most maxExtend letters longer; and, for a word whose last or last but
// one letter is a vowel the keys may have dropped (промежуто on the way
// to промежуток, восем to восемь), the keys without it, no longer than
// the word (промежутк, восм).
func (ix *Index) prefixKeys(keys []int32, t Term, others bool) []int32 {
	n := utf8.RuneCountInString(t.Norm)
	if n < minPrefix && !(others && n > 0) {
		return keys
	}
	_, exact := ix.keyID[t.Keys[0]]
	all := n < wholeWord || !exact
	for j := sort.SearchStrings(ix.keys, t.Norm); j < len(ix.keys) && strings.HasPrefix(ix.keys[j], t.Norm); j++ {
		if all || utf8.RuneCountInString(ix.keys[j]) <= n+maxExtend {
			keys = ix.withRelated(keys, int32(j))
		}
	}
	if n < wholeWord {
		return keys
	}
	r := []rune(t.Norm)
	var stem string
	switch vowel := "оеь"; {
	case strings.ContainsRune(vowel, r[n-1]):
		stem = string(r[:n-1]) // промежуто: промежут and a consonant
	case strings.ContainsRune(vowel, r[n-2]) && !strings.ContainsRune(vowel, r[n-3]):
		stem = string(r[:n-2]) + string(r[n-1]) // восем: восм
	default:
		return keys
	}
	for j := sort.SearchStrings(ix.keys, stem); j < len(ix.keys) && strings.HasPrefix(ix.keys[j], stem); j++ {
		if utf8.RuneCountInString(ix.keys[j]) <= n {
			keys = ix.withRelated(keys, int32(j))
		}
	}
	return keys
}

// sameParts returns the hyphenated keys whose parts have the given keys.
func (ix *Index) sameParts(parts []string) []int32 {
	if len(parts) == 0 {
		return nil
	}
	ids := make([]int32, len(parts))
	for i, p := range parts {
		id, ok := ix.keyID[p]
		if !ok {
			return nil
		}
		ids[i] = id
	}
	var out []int32
	for _, w := range ix.partOf[ids[0]] {
		if slices.Equal(ix.parts[w], ids) {
			out = append(out, w)
		}
	}
	return out
}

// withRelated adds a key to keys, with the keys that are the same word
// (alias) and the hyphenated words it is a part of.
func (ix *Index) withRelated(keys []int32, id int32) []int32 {
	for _, k := range append(append([]int32{id}, ix.same[id]...), ix.partOf[id]...) {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
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
