package main

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/text/encoding/charmap"
)

// opencorpora is the OpenCorpora dictionary as pymorphy2 compiles it and
// the npm package az ships it (dicts/): a DAWG of word forms, each with a
// paradigm and a form index, the paradigms, the suffixes and the tags.
type opencorpora struct {
	units     []uint32 // the DAWG's double array
	guide     []byte   // its guide: first child and next sibling labels
	paradigms [][]uint16
	tags      []string
}

// loadOpenCorpora reads the dictionary files in dir.
func loadOpenCorpora(dir string) (*opencorpora, error) {
	d := &opencorpora{}
	data, err := os.ReadFile(filepath.Join(dir, "words.dawg"))
	if err != nil {
		return nil, err
	}
	if err := d.parseDAWG(data); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "words.dawg"), err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "gramtab-opencorpora-int.json"))
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &d.tags); err != nil {
		return nil, fmt.Errorf("gramtab: %w", err)
	}
	b, err = os.ReadFile(filepath.Join(dir, "paradigms.array"))
	if err != nil {
		return nil, err
	}
	if d.paradigms, err = parseParadigms(b); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "paradigms.array"), err)
	}
	return d, nil
}

func (d *opencorpora) parseDAWG(data []byte) error {
	if len(data) < 4 {
		return fmt.Errorf("short file")
	}
	n := int(binary.LittleEndian.Uint32(data))
	if len(data) < 8+4*n {
		return fmt.Errorf("%d units, file of %d bytes", n, len(data))
	}
	d.units = make([]uint32, n)
	for i := range d.units {
		d.units[i] = binary.LittleEndian.Uint32(data[4+4*i:])
	}
	g := data[4+4*n:]
	gn := int(binary.LittleEndian.Uint32(g))
	if len(g) < 4+2*gn || gn != n {
		return fmt.Errorf("guide of %d entries for %d units", gn, n)
	}
	d.guide = g[4 : 4+2*gn]
	return nil
}

func parseParadigms(b []byte) ([][]uint16, error) {
	u16 := func(i int) (uint16, error) {
		if 2*i+2 > len(b) {
			return 0, fmt.Errorf("truncated at entry %d", i)
		}
		return binary.LittleEndian.Uint16(b[2*i:]), nil
	}
	count, err := u16(0)
	if err != nil {
		return nil, err
	}
	pos := 1
	ps := make([][]uint16, 0, count)
	for range int(count) {
		size, err := u16(pos)
		if err != nil {
			return nil, err
		}
		pos++
		p := make([]uint16, size)
		for k := range p {
			if p[k], err = u16(pos + k); err != nil {
				return nil, err
			}
		}
		ps = append(ps, p)
		pos += int(size)
	}
	return ps, nil
}

// DAWG units (the dawgdic layout).
func unitOffset(u uint32) uint32 { return (u >> 10) << ((u & (1 << 9)) >> 6) }
func unitLabel(u uint32) uint32  { return u & ((1 << 31) | 0xFF) }
func unitHasLeaf(u uint32) bool  { return u&(1<<8) != 0 }

func (d *opencorpora) follow(c byte, i uint32) (uint32, bool) {
	next := i ^ unitOffset(d.units[i]) ^ uint32(c)
	if next >= uint32(len(d.units)) || unitLabel(d.units[next]) != uint32(c) {
		return 0, false
	}
	return next, true
}

// each calls fn for every word form: the form (lower case, ё kept) and its
// tag, e.g. "NOUN,inan,femn sing,nomn".
func (d *opencorpora) each(fn func(form, tag string)) error {
	dec := charmap.Windows1251.NewDecoder()
	var key []byte
	var bad error
	var walk func(i uint32)
	walk = func(i uint32) {
		if unitHasLeaf(d.units[i]) {
			if err := d.emit(key, dec, fn); err != nil && bad == nil {
				bad = err
			}
		}
		for c := d.guide[2*i]; c != 0; {
			next, ok := d.follow(c, i)
			if !ok {
				break
			}
			key = append(key, c)
			walk(next)
			key = key[:len(key)-1]
			c = d.guide[2*next+1]
		}
	}
	walk(0)
	return bad
}

// emit decodes one key: the form in CP1251, the separator 1, and four
// bytes that carry the paradigm and the form index 6+6 bits at a time.
func (d *opencorpora) emit(key []byte, dec interface {
	Bytes([]byte) ([]byte, error)
}, fn func(form, tag string)) error {
	sep := -1
	for k, c := range key {
		if c == 1 {
			sep = k
			break
		}
	}
	if sep < 0 || len(key) != sep+5 {
		return fmt.Errorf("key %q: want form, separator and 4 bytes", key)
	}
	p := key[sep+1:]
	par := int(p[0]^1)<<6 + int(p[1]>>1)
	idx := int(p[2]^1)<<6 + int(p[3]>>1)
	if par >= len(d.paradigms) || idx >= len(d.paradigms[par])/3 {
		return fmt.Errorf("key %q: paradigm %d form %d out of range", key, par, idx)
	}
	pp := d.paradigms[par]
	t := int(pp[len(pp)/3+idx])
	if t >= len(d.tags) {
		return fmt.Errorf("key %q: tag %d out of range", key, t)
	}
	form, err := dec.Bytes(key[:sep])
	if err != nil {
		return err
	}
	fn(string(form), d.tags[t])
	return nil
}
