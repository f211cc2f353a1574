package search

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
)

// Version is the version of the encoded index; Decode refuses another.
const Version = 1

// The encoded index: JSON, with each field's tokens as a flat list of
// numbers, three per word: the gap in bytes from the end of the word
// before (or the text's start), the word's length in bytes, and the index
// of its key in the sorted vocabulary. A field whose text repeats an
// earlier field of its document (a reading no rule changed) names that
// field instead of repeating it.
type fileIndex struct {
	Version int       `json:"version"`
	Keys    []string  `json:"keys"`
	Docs    []fileDoc `json:"docs"`
}

type fileDoc struct {
	Kind   string      `json:"k"`
	ID     string      `json:"id"`
	Group  string      `json:"g,omitempty"`
	Href   string      `json:"h,omitempty"`
	Fields []fileField `json:"f"`
}

type fileField struct {
	Name    string  `json:"n"`
	Reading string  `json:"r,omitempty"`
	Lang    string  `json:"l,omitempty"`
	Same    int     `json:"s,omitempty"` // 1 + the index of the earlier field with this text
	Text    string  `json:"t,omitempty"`
	Words   []int32 `json:"w,omitempty"`
}

// Encode writes the index as JSON. The same index gives the same bytes.
func (ix *Index) Encode() ([]byte, error) {
	fi := fileIndex{Version: Version, Keys: ix.keys, Docs: make([]fileDoc, len(ix.docs))}
	for i, d := range ix.docs {
		fd := fileDoc{Kind: d.Kind, ID: d.ID, Group: d.Group, Href: d.Href, Fields: make([]fileField, len(d.Fields))}
		for j, f := range d.Fields {
			ff := fileField{Name: f.Name, Reading: f.Reading, Lang: f.Lang}
			if same := slices.IndexFunc(d.Fields[:j], func(o Field) bool { return o.Text == f.Text }); same >= 0 {
				ff.Same = same + 1
			} else {
				ff.Text = f.Text
				ff.Words = make([]int32, 0, 3*len(f.toks))
				prev := int32(0)
				for _, t := range f.toks {
					ff.Words = append(ff.Words, t.start-prev, t.end-t.start, t.key)
					prev = t.end
				}
			}
			fd.Fields[j] = ff
		}
		fi.Docs[i] = fd
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(fi); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// Decode reads an index written by Encode, checking every offset and key
// so that a damaged file gives an error, never a panic.
func Decode(data []byte) (*Index, error) {
	var fi fileIndex
	if err := json.Unmarshal(data, &fi); err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	if fi.Version != Version {
		return nil, fmt.Errorf("search index: version %d, want %d", fi.Version, Version)
	}
	if !slices.IsSorted(fi.Keys) {
		return nil, fmt.Errorf("search index: the keys are not sorted")
	}
	ix := &Index{keys: fi.Keys, keyID: make(map[string]int32, len(fi.Keys)), docs: make([]Doc, len(fi.Docs))}
	for i, key := range fi.Keys {
		ix.keyID[key] = int32(i)
	}
	for i, fd := range fi.Docs {
		d := Doc{Kind: fd.Kind, ID: fd.ID, Group: fd.Group, Href: fd.Href, Fields: make([]Field, len(fd.Fields))}
		for j, ff := range fd.Fields {
			f := Field{Name: ff.Name, Reading: ff.Reading, Lang: ff.Lang}
			if ff.Same != 0 {
				if ff.Same < 1 || ff.Same > j {
					return nil, fmt.Errorf("search index: document %d (%s), field %d: same as field %d, not an earlier one", i, fd.ID, j, ff.Same-1)
				}
				src := d.Fields[ff.Same-1]
				f.Text, f.toks = src.Text, src.toks
			} else {
				toks, err := decodeWords(ff.Text, ff.Words, len(fi.Keys))
				if err != nil {
					return nil, fmt.Errorf("search index: document %d (%s), field %d: %w", i, fd.ID, j, err)
				}
				f.Text, f.toks = ff.Text, toks
			}
			d.Fields[j] = f
		}
		ix.docs[i] = d
	}
	ix.invert()
	return ix, nil
}

func decodeWords(text string, w []int32, nkeys int) ([]token, error) {
	if len(w)%3 != 0 {
		return nil, fmt.Errorf("%d numbers for the words, not a multiple of 3", len(w))
	}
	toks := make([]token, len(w)/3)
	prev := int64(0)
	for i := range toks {
		gap, n, key := int64(w[3*i]), int64(w[3*i+1]), w[3*i+2]
		start := prev + gap
		end := start + n
		if gap < 0 || n <= 0 || end > int64(len(text)) {
			return nil, fmt.Errorf("word %d: bytes %d–%d outside the text (%d bytes)", i, start, end, len(text))
		}
		if key < 0 || int(key) >= nkeys {
			return nil, fmt.Errorf("word %d: key %d of %d", i, key, nkeys)
		}
		toks[i] = token{start: int32(start), end: int32(end), key: key}
		prev = end
	}
	return toks, nil
}
