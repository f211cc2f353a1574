package tei

import (
	"bytes"
	"fmt"
	"pasyans/render/typo"
	"sort"
	"strings"
	"unicode/utf8"
)

// writer builds XML text. Block elements go on lines of their own,
// indented; mixed content (paragraphs, readings) is written inline so
// that no whitespace is added to the text.
type writer struct {
	b bytes.Buffer
	// chars are the characters XML cannot carry that the text used, by
	// the id of their char declaration.
	chars map[string]string
	// ru is set while the text written is the editor's Russian, which
	// gets the Russian typographic step (package typo).
	ru bool
}

func newWriter() *writer { return &writer{chars: map[string]string{}} }

// attrs are attribute name and value pairs; an empty value is left out.
type attrs []string

func (w *writer) tag(name string, as attrs, empty bool) {
	w.b.WriteByte('<')
	w.b.WriteString(name)
	for i := 0; i+1 < len(as); i += 2 {
		if as[i+1] == "" {
			continue
		}
		w.b.WriteByte(' ')
		w.b.WriteString(as[i])
		w.b.WriteString(`="`)
		w.b.WriteString(escapeAttr(as[i+1]))
		w.b.WriteByte('"')
	}
	if empty {
		w.b.WriteString("/>")
		return
	}
	w.b.WriteByte('>')
}

// nl starts a new line indented to depth.
func (w *writer) nl(depth int) {
	w.b.WriteByte('\n')
	for range depth {
		w.b.WriteString("  ")
	}
}

// open writes a start tag on a new line.
func (w *writer) open(depth int, name string, as attrs) { w.nl(depth); w.tag(name, as, false) }

// close writes an end tag on a new line.
func (w *writer) close(depth int, name string) { w.nl(depth); w.end(name) }

// start and end write tags inline.
func (w *writer) start(name string, as attrs) { w.tag(name, as, false) }
func (w *writer) end(name string)             { w.b.WriteString("</" + name + ">") }

// empty writes an empty element inline.
func (w *writer) empty(name string, as attrs) { w.tag(name, as, true) }

// elem writes <name as>text</name> on a new line.
func (w *writer) elem(depth int, name string, as attrs, text string) {
	w.nl(depth)
	w.inline(name, as, text)
}

// inline writes <name as>text</name> inline.
func (w *writer) inline(name string, as attrs, text string) {
	w.start(name, as)
	w.text(text)
	w.end(name)
}

// text writes character data. Characters XML 1.0 cannot hold become
// <g ref="#char-XXXX"/> (and bytes that are not UTF-8 <g ref="#byte-XX"/>),
// declared in the header's charDecl; CR and TAB are written as character
// references so that no parser normalises them away.
func (w *writer) text(s string) {
	if w.ru {
		s = typo.Text(s)
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			id := fmt.Sprintf("byte-%02X", s[i])
			w.chars[id] = fmt.Sprintf("%02X", s[i])
			w.empty("g", attrs{"ref", "#" + id})
		case !xmlChar(r):
			id := fmt.Sprintf("char-%04X", r)
			w.chars[id] = fmt.Sprintf("U+%04X", r)
			w.empty("g", attrs{"ref", "#" + id})
		case r == '&':
			w.b.WriteString("&amp;")
		case r == '<':
			w.b.WriteString("&lt;")
		case r == '>':
			w.b.WriteString("&gt;")
		case r == '\r':
			w.b.WriteString("&#xD;")
		case r == '\t':
			w.b.WriteString("&#x9;")
		default:
			w.b.WriteString(s[i : i+n])
		}
		i += n
	}
}

// xmlChar reports whether XML 1.0 allows r in a document (its production
// Char), leaving out the discouraged noncharacters U+FFFE and U+FFFF.
func xmlChar(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return true
	case r < 0x20:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xE000:
		return false
	case r <= 0xFFFD:
		return true
	case r < 0x10000:
		return false
	}
	return r <= 0x10FFFF
}

// escapeAttr escapes an attribute value. Attribute values are ids, rule
// ids and link targets; characters XML cannot carry become U+FFFD there,
// and white space is written as references so that it survives
// attribute-value normalisation.
func escapeAttr(s string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case !xmlChar(r):
			b.WriteRune('\uFFFD')
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\t':
			b.WriteString("&#x9;")
		case r == '\n':
			b.WriteString("&#xA;")
		case r == '\r':
			b.WriteString("&#xD;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// charIDs returns the ids of the characters used, sorted.
func (w *writer) charIDs() []string {
	ids := make([]string, 0, len(w.chars))
	for id := range w.chars {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// ncName turns an id (a rule id such as "salic-law/foundations") into an
// XML NCName part, one to one: letters, digits and '-' stay, '/' becomes
// '.', and any other character, '.' and '_' included, becomes _XXXX_ (its
// code point in hex). The caller adds a prefix starting with a letter.
func ncName(id string) string {
	var b strings.Builder
	for _, r := range id {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '-':
			b.WriteRune(r)
		case r == '/':
			b.WriteByte('.')
		default:
			fmt.Fprintf(&b, "_%X_", r)
		}
	}
	return b.String()
}

// paraID is the xml:id of a paragraph, the site's anchor: "001:7" →
// "p-001-7"; lang "en" gives its translation's "en-001-7".
func paraID(id, prefix string) string { return prefix + "-" + ncName(strings.ReplaceAll(id, ":", "-")) }
