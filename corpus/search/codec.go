package search

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
)

// Version is the version of the encoded index; Decode refuses another.
const Version = 1

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
//	number of documents ","  for each: kind id group href (strings),
//	    number of fields ",", for each: name reading lang (strings),
//	    same ",": 1 + the index of an earlier field of the document with
//	    the same text (a reading no rule changed), or 0, then the text
//	    (string) and its words: their count ",", and three numbers a
//	    word: the gap in bytes from the end of the word before (or the
//	    text's start), the word's length in bytes, the index of its key.

// Encode writes the index. The same index gives the same bytes.
func (ix *Index) Encode() ([]byte, error) {
	w := &writer{}
	w.b = append(w.b, magic...)
	w.num(Version)
	w.num(len(ix.keys))
	for _, k := range ix.keys {
		w.str(k)
	}
	w.num(len(ix.docs))
	for _, d := range ix.docs {
		w.str(d.Kind)
		w.str(d.ID)
		w.str(d.Group)
		w.str(d.Href)
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
			w.num(len(f.toks))
			prev := int32(0)
			for _, t := range f.toks {
				w.num(int(t.start - prev))
				w.num(int(t.end - t.start))
				w.num(int(t.key))
				prev = t.end
			}
		}
	}
	return w.b, nil
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
	ndocs := r.count()
	for i := 0; i < ndocs && r.err == nil; i++ {
		d := Doc{Kind: r.str(), ID: r.str(), Group: r.str(), Href: r.str()}
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
				toks, err := readWords(r, f.Text, len(keys))
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

func readWords(r *reader, text string, nkeys int) ([]token, error) {
	n := r.count()
	toks := make([]token, 0, min(n, len(text)))
	prev := 0
	for i := 0; i < n && r.err == nil; i++ {
		gap, size, key := r.num(), r.num(), r.num()
		start := prev + gap
		end := start + size
		if gap < 0 || size <= 0 || start > len(text) || end > len(text) {
			return nil, fmt.Errorf("word %d: bytes %d–%d outside the text (%d bytes)", i, start, end, len(text))
		}
		if key < 0 || key >= nkeys {
			return nil, fmt.Errorf("word %d: key %d of %d", i, key, nkeys)
		}
		toks = append(toks, token{start: int32(start), end: int32(end), key: int32(key)})
		prev = end
	}
	return toks, r.err
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
