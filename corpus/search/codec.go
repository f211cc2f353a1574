package search

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"pasyans/normalize/stem"
)

// Version is the version of the encoded index; Decode refuses another.
const Version = 3

// magic starts an encoded index.
const magic = "pasyans-search "

// The encoded index is text made of two kinds of item: a number, written
// in decimal and ended by ',', and a string, written as its length in
// bytes, ':', and its bytes. It is not JSON because encoding/json would
// add about 0.7 MB to the site's WebAssembly program, which decodes it;
// it compresses as well.
//
//	"pasyans-search " version ","
//	number of keys ","  the keys (strings, sorted)
//	number of aliases ","  for each two key indexes (Index.alias)
//	number of hyphenated keys ","  for each: its key index, the number
//	    of its parts and their key indexes (Index.parts)
//	number of documents ","  for each: kind id group href lang (strings),
//	    number of fields ",", for each: name reading lang (strings),
//	    same ",": 1 + the index of an earlier field of the document with
//	    the same text (a reading no rule changed), or 0, then the text
//	    (string) and its words' keys: 1 + the index of an earlier field
//	    whose words have the same keys (a reading that changed only the
//	    spelling), or 0, the number of words (stem.Words) ",", and for
//	    each 1 + the index of its key, or 0 for a word without one.
//
// The words are found again in the text by stem.Words, which needs no
// spelling rules; only their keys, the spelling-aware part, are stored.

// Encode writes the index. The same index gives the same bytes.
func (ix *Index) Encode() ([]byte, error) {
	w := &writer{}
	w.b = append(w.b, magic...)
	w.num(Version)
	w.num(len(ix.keys))
	for _, k := range ix.keys {
		w.str(k)
	}
	w.num(len(ix.alias))
	for _, a := range ix.alias {
		w.num(int(a[0]))
		w.num(int(a[1]))
	}
	wholes := make([]int32, 0, len(ix.parts))
	for k := range ix.parts {
		wholes = append(wholes, k)
	}
	slices.Sort(wholes)
	w.num(len(wholes))
	for _, k := range wholes {
		w.num(int(k))
		w.num(len(ix.parts[k]))
		for _, p := range ix.parts[k] {
			w.num(int(p))
		}
	}
	w.num(len(ix.docs))
	for _, d := range ix.docs {
		w.str(d.Kind)
		w.str(d.ID)
		w.str(d.Group)
		w.str(d.Href)
		w.str(d.Lang)
		w.num(len(d.Fields))
		for j, f := range d.Fields {
			w.str(f.Name)
			w.str(f.Reading)
			w.str(f.Lang)
			same := slices.IndexFunc(d.Fields[:j], func(o Field) bool { return o.Text == f.Text })
			w.num(same + 1)
			if same >= 0 {
				continue
			}
			w.str(f.Text)
			w.keys(d.Fields[:j], f)
		}
	}
	return w.b, nil
}

// keys writes the keys of a field's words: see the format above.
func (w *writer) keys(earlier []Field, f Field) {
	words := stem.Words(f.Text)
	same := slices.IndexFunc(earlier, func(o Field) bool { return sameKeys(o.toks, f.toks) })
	if same >= 0 && len(words) == len(f.toks) {
		w.num(same + 1)
		return
	}
	w.num(0)
	w.num(len(words))
	t := 0
	for _, wd := range words {
		if t < len(f.toks) && int(f.toks[t].start) == wd[0] {
			w.num(int(f.toks[t].key) + 1)
			t++
		} else {
			w.num(0)
		}
	}
}

// sameKeys reports whether two fields' words have the same keys.
func sameKeys(a, b []token) bool {
	return slices.EqualFunc(a, b, func(x, y token) bool { return x.key == y.key })
}

type writer struct{ b []byte }

func (w *writer) num(n int) {
	w.b = strconv.AppendInt(w.b, int64(n), 10)
	w.b = append(w.b, ',')
}

func (w *writer) str(s string) {
	w.b = strconv.AppendInt(w.b, int64(len(s)), 10)
	w.b = append(w.b, ':')
	w.b = append(w.b, s...)
}

// Decode reads an index written by Encode, checking every count, offset
// and key, so that a damaged file gives an error, never a panic.
func Decode(data []byte) (*Index, error) {
	ix, err := decode(&reader{b: data})
	if err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	return ix, nil
}

func decode(r *reader) (*Index, error) {
	if len(r.b) < len(magic) || string(r.b[:len(magic)]) != magic {
		return nil, errors.New("not a search index")
	}
	r.pos = len(magic)
	if v := r.num(); v != Version {
		if r.err != nil {
			return nil, r.err
		}
		return nil, fmt.Errorf("version %d, want %d", v, Version)
	}
	nkeys := r.count()
	keys := make([]string, 0, min(nkeys, len(r.b)))
	for range nkeys {
		keys = append(keys, r.str())
		if r.err != nil {
			return nil, r.err
		}
	}
	if !slices.IsSorted(keys) {
		return nil, errors.New("the keys are not sorted")
	}
	ix := &Index{keys: keys, keyID: make(map[string]int32, len(keys))}
	for i, key := range keys {
		ix.keyID[key] = int32(i)
	}
	if err := ix.decodeRelated(r); err != nil {
		return nil, err
	}
	ndocs := r.count()
	for i := 0; i < ndocs && r.err == nil; i++ {
		d := Doc{Kind: r.str(), ID: r.str(), Group: r.str(), Href: r.str(), Lang: r.str()}
		nf := r.count()
		for j := 0; j < nf && r.err == nil; j++ {
			f := Field{Name: r.str(), Reading: r.str(), Lang: r.str()}
			if same := r.num(); same != 0 {
				if same < 1 || same > j {
					return nil, fmt.Errorf("document %d (%s), field %d: same as field %d, not an earlier one", i, d.ID, j, same-1)
				}
				f.Text, f.toks = d.Fields[same-1].Text, d.Fields[same-1].toks
			} else {
				f.Text = r.str()
				toks, err := readWords(r, f.Text, d.Fields, len(keys))
				if err != nil {
					return nil, fmt.Errorf("document %d (%s), field %d: %w", i, d.ID, j, err)
				}
				f.toks = toks
			}
			d.Fields = append(d.Fields, f)
		}
		ix.docs = append(ix.docs, d)
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.pos != len(r.b) {
		return nil, fmt.Errorf("byte %d: %d bytes after the index", r.pos, len(r.b)-r.pos)
	}
	ix.invert()
	return ix, nil
}

// decodeRelated reads the aliases and the hyphenated keys' parts.
func (ix *Index) decodeRelated(r *reader) error {
	key := func() int32 {
		k := r.num()
		if r.err == nil && (k < 0 || k >= len(ix.keys)) {
			r.fail("key %d of %d", k, len(ix.keys))
		}
		return int32(k)
	}
	n := r.count()
	for i := 0; i < n && r.err == nil; i++ {
		ix.alias = append(ix.alias, [2]int32{key(), key()})
	}
	ix.parts = map[int32][]int32{}
	n = r.count()
	for i := 0; i < n && r.err == nil; i++ {
		whole, np := key(), r.count()
		for j := 0; j < np && r.err == nil; j++ {
			ix.parts[whole] = append(ix.parts[whole], key())
		}
	}
	return r.err
}

// readWords reads the keys of a field's words and finds the words in
// its text.
func readWords(r *reader, text string, earlier []Field, nkeys int) ([]token, error) {
	words := stem.Words(text)
	var keys []int32
	if same := r.num(); same != 0 {
		if same < 1 || same > len(earlier) {
			return nil, fmt.Errorf("words: same as field %d, not an earlier one", same-1)
		}
		if len(earlier[same-1].toks) != len(words) {
			return nil, fmt.Errorf("%d keys for %d words", len(earlier[same-1].toks), len(words))
		}
		for _, t := range earlier[same-1].toks {
			keys = append(keys, t.key)
		}
		return place(words, keys), nil
	}
	n := r.count()
	if r.err == nil && n != len(words) {
		return nil, fmt.Errorf("%d keys for %d words", n, len(words))
	}
	for i := 0; i < n && r.err == nil; i++ {
		k := r.num() - 1
		if k < -1 || k >= nkeys {
			return nil, fmt.Errorf("word %d: key %d of %d", i, k, nkeys)
		}
		keys = append(keys, int32(k))
	}
	return place(words, keys), r.err
}

// place makes the tokens of words with keys, one key a word (-1 for a
// word without one).
func place(words [][2]int, keys []int32) []token {
	toks := make([]token, 0, len(keys))
	for i, k := range keys {
		if k >= 0 {
			toks = append(toks, token{start: int32(words[i][0]), end: int32(words[i][1]), key: k})
		}
	}
	return toks
}

// reader reads the items of an encoded index; the first error sticks.
type reader struct {
	b   []byte
	pos int
	err error
}

func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("byte %d: %s", r.pos, fmt.Sprintf(format, args...))
	}
}

// digits reads a decimal number ended by end.
func (r *reader) digits(end byte) int {
	if r.err != nil {
		return 0
	}
	n, start := 0, r.pos
	for r.pos < len(r.b) && r.b[r.pos] != end {
		c := r.b[r.pos]
		if c < '0' || c > '9' || r.pos-start >= 9 {
			r.fail("want a number ended by %q", end)
			return 0
		}
		n = 10*n + int(c-'0')
		r.pos++
	}
	if r.pos == start || r.pos == len(r.b) {
		r.fail("want a number ended by %q", end)
		return 0
	}
	r.pos++
	return n
}

func (r *reader) num() int { return r.digits(',') }

// count reads a number of items, each at least one byte long.
func (r *reader) count() int {
	n := r.num()
	if n > len(r.b)-r.pos {
		r.fail("%d items in %d bytes", n, len(r.b)-r.pos)
		return 0
	}
	return n
}

func (r *reader) str() string {
	n := r.digits(':')
	if r.err != nil {
		return ""
	}
	if n > len(r.b)-r.pos {
		r.fail("a string of %d bytes in %d", n, len(r.b)-r.pos)
		return ""
	}
	s := string(r.b[r.pos : r.pos+n])
	r.pos += n
	return s
}
