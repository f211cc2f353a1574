package render

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/andybalholm/brotli"
	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"
	"github.com/go-fonts/dejavu/dejavuserif"
	"github.com/go-fonts/dejavu/dejavuserifbold"
	"github.com/go-fonts/dejavu/dejavuserifitalic"
	"github.com/tdewolff/font"
)

// The site's fonts are WOFF2 subsets of DejaVu (which carries the
// pre-reform letters ѣ, і, ѳ, ѵ and the suit symbols) holding the
// characters the edition uses: every character of every page, of the
// search index and of the scripts, computed when the site is built, so
// that a new word cannot fall outside them; and a floor of characters a
// reader may type into the search box (printable ASCII, the Russian and
// pre-reform alphabets). The PDF embeds its own subsets (gofpdf).

// siteFont is one face served with the site.
type siteFont struct {
	name string // file name without extension: "DejaVuSerif"
	ttf  []byte
}

// siteFonts are the faces site.css declares; the first is the body's,
// which every page preloads.
var siteFonts = []siteFont{
	{"DejaVuSerif", dejavuserif.TTF},
	{"DejaVuSerif-Bold", dejavuserifbold.TTF},
	{"DejaVuSerif-Italic", dejavuserifitalic.TTF},
	{"DejaVuSans", dejavusans.TTF},
	{"DejaVuSans-Bold", dejavusansbold.TTF},
}

// fontPath is the site path of a face's WOFF2 file (before its name is
// fingerprinted).
func fontPath(name string) string { return "fonts/" + name + ".woff2" }

// fontFloor is what every subset holds whether or not a page uses it.
const fontFloor = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя" +
	"ѢѣІіѲѳѴѵ«»„“”‘’–—…№·×♠♥♦♣♤♡♢♧"

// runeSet is a set of characters.
type runeSet map[rune]bool

// newRuneSet returns the floor: printable ASCII and fontFloor.
func newRuneSet() runeSet {
	s := runeSet{}
	for r := rune(0x20); r < 0x7f; r++ {
		s[r] = true
	}
	s.add([]byte(fontFloor))
	return s
}

// add puts every character of the UTF-8 text b into the set (control
// characters and invalid bytes aside).
func (s runeSet) add(b []byte) {
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		b = b[n:]
		if r != utf8.RuneError && !unicode.IsControl(r) {
			s[r] = true
		}
	}
}

// sorted returns the set's characters in order.
func (s runeSet) sorted() []rune {
	out := make([]rune, 0, len(s))
	for r := range s {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}

// subsetWOFF2 returns the font ttf cut down to the glyphs of the
// characters rs (and the glyphs they are composed of) as WOFF2.
// Characters the font lacks are left out: the browser takes them from
// the next font of the CSS stack.
func subsetWOFF2(ttf []byte, rs []rune) ([]byte, error) {
	f, err := font.ParseFont(ttf, 0)
	if err != nil {
		return nil, fmt.Errorf("parsing the font: %w", err)
	}
	ids := []uint16{0} // .notdef first
	seen := map[uint16]bool{0: true}
	for _, r := range rs {
		if g := f.GlyphIndex(r); g != 0 && !seen[g] {
			seen[g] = true
			ids = append(ids, g)
		}
	}
	// The tables a browser needs. GSUB and GPOS would keep the old glyph
	// numbers (the library cannot subset them) and the hinting programs
	// are left out with the glyphs' instructions; kern is subset.
	sub, err := f.Subset(ids, font.SubsetOptions{Tables: []string{"OS/2", "cmap", "glyf", "head", "hhea", "hmtx", "kern", "loca", "maxp", "name", "post"}})
	if err != nil {
		return nil, fmt.Errorf("subsetting the font: %w", err)
	}
	return woff2(sub.Tables)
}

// woff2 packs TrueType tables into a WOFF2 file with the null transform
// (every table stored as it is, all of them compressed together with
// Brotli), which the format allows for glyf and loca as for the rest.
// The library's own WOFF2 writer transforms glyf into output its reader
// refuses, so the container is written here.
func woff2(tables map[string][]byte) ([]byte, error) {
	tags := make([]string, 0, len(tables))
	for tag := range tables {
		tags = append(tags, tag)
	}
	// loca must come after glyf: the other tables in order, then glyf, loca.
	slices.SortFunc(tags, func(a, b string) int {
		if c := cmp.Compare(tableRank(a), tableRank(b)); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	var dir, data bytes.Buffer
	sfntSize := uint32(12 + 16*len(tags))
	for _, tag := range tags {
		t := tables[tag]
		if tag == "head" && len(t) >= 18 {
			// WOFF2 requires bit 11 of head's flags: "losslessly
			// modified for transfer".
			t = slices.Clone(t)
			binary.BigEndian.PutUint16(t[16:], binary.BigEndian.Uint16(t[16:])|1<<11)
		}
		dir.WriteByte(woff2Flags(tag))
		if i := slices.Index(woff2KnownTags, tag); i < 0 {
			dir.WriteString(tag)
		}
		writeBase128(&dir, uint32(len(t)))
		data.Write(t)
		sfntSize += uint32(len(t)+3) &^ 3
	}
	var packed bytes.Buffer
	bw := brotli.NewWriterLevel(&packed, brotli.BestCompression)
	if _, err := bw.Write(data.Bytes()); err != nil {
		return nil, fmt.Errorf("compressing the font: %w", err)
	}
	if err := bw.Close(); err != nil {
		return nil, fmt.Errorf("compressing the font: %w", err)
	}
	const headerSize = 48
	total := headerSize + dir.Len() + packed.Len()
	total += (4 - total%4) % 4
	out := make([]byte, headerSize, total)
	copy(out, "wOF2")
	binary.BigEndian.PutUint32(out[4:], 0x00010000) // TrueType flavour
	binary.BigEndian.PutUint32(out[8:], uint32(total))
	binary.BigEndian.PutUint16(out[12:], uint16(len(tags)))
	binary.BigEndian.PutUint32(out[16:], sfntSize)
	binary.BigEndian.PutUint32(out[20:], uint32(packed.Len()))
	binary.BigEndian.PutUint16(out[24:], 1) // version 1.0; no metadata, no private data
	out = append(out, dir.Bytes()...)
	out = append(out, packed.Bytes()...)
	for len(out) < total {
		out = append(out, 0)
	}
	return out, nil
}

// tableRank puts glyf and loca after every other table.
func tableRank(tag string) int {
	switch tag {
	case "glyf":
		return 1
	case "loca":
		return 2
	}
	return 0
}

// woff2Flags is a table's flags byte: its index among the known tags (63
// when it is not one) and the null transform (version 3 for glyf and
// loca, 0 for the others).
func woff2Flags(tag string) byte {
	i := slices.Index(woff2KnownTags, tag)
	if i < 0 {
		i = 63
	}
	if tag == "glyf" || tag == "loca" {
		return 3<<6 | byte(i)
	}
	return byte(i)
}

// woff2KnownTags are the tags WOFF2 numbers (the first 63 of its table).
var woff2KnownTags = []string{
	"cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca", "prep",
	"CFF ", "VORG", "EBDT", "EBLC", "gasp", "hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE",
	"GDEF", "GPOS", "GSUB", "EBSC", "JSTF", "MATH", "CBDT", "CBLC", "COLR", "CPAL", "SVG ", "sbix", "acnt",
	"avar", "bdat", "bloc", "bsln", "cvar", "fdsc", "feat", "fmtx", "fvar", "gvar", "hsty", "just", "lcar",
	"mort", "morx", "opbd", "prop", "trak", "Zapf", "Silf", "Glat", "Gloc", "Feat", "Sill",
}

// writeBase128 writes v as WOFF2's UIntBase128.
func writeBase128(b *bytes.Buffer, v uint32) {
	var tmp [5]byte
	n := 0
	for {
		tmp[4-n] = byte(v & 0x7f)
		n++
		v >>= 7
		if v == 0 {
			break
		}
	}
	for i := 5 - n; i < 4; i++ {
		tmp[i] |= 0x80
	}
	b.Write(tmp[5-n:])
}
