package tei

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file reads a TEI document back with encoding/xml, for the tests:
// a tree of elements and text, and the readings chosen from it.

const xmlNS = "http://www.w3.org/XML/1998/namespace"

// node is an element: its name, attributes ("xml:id" for the xml
// namespace) and children (string or *node).
type node struct {
	name  string
	attr  map[string]string
	kids  []any
	line  int
	owner *node
}

// parse reads a whole document.
func parse(data []byte) (*node, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := &node{name: "#document"}
	cur := root
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			line, _ := dec.InputPos()
			n := &node{name: tok.Name.Local, attr: map[string]string{}, line: line, owner: cur}
			if tok.Name.Space != Namespace {
				return nil, fmt.Errorf("line %d: element %s in namespace %q", line, tok.Name.Local, tok.Name.Space)
			}
			for _, a := range tok.Attr {
				k := a.Name.Local
				if a.Name.Space == xmlNS {
					k = "xml:" + k
				}
				n.attr[k] = a.Value
			}
			cur.kids = append(cur.kids, n)
			cur = n
		case xml.EndElement:
			cur = cur.owner
		case xml.CharData:
			if cur != root {
				cur.kids = append(cur.kids, string(tok))
			}
		}
	}
	if len(root.kids) != 1 {
		return nil, fmt.Errorf("%d root elements", len(root.kids))
	}
	return root.kids[0].(*node), nil
}

// walk calls f on n and every element below it, in document order.
func (n *node) walk(f func(*node)) {
	f(n)
	for _, k := range n.kids {
		if c, ok := k.(*node); ok {
			c.walk(f)
		}
	}
}

// all returns the elements named name below n.
func (n *node) all(name string) []*node {
	var ns []*node
	n.walk(func(c *node) {
		if c.name == name {
			ns = append(ns, c)
		}
	})
	return ns
}

// chars maps the ids of the header's char declarations to their text.
func chars(root *node) (map[string]string, error) {
	m := map[string]string{}
	for _, c := range root.all("char") {
		for _, mp := range c.all("mapping") {
			v := mp.plain()
			switch mp.attr["type"] {
			case "codepoint":
				r, err := strconv.ParseUint(strings.TrimPrefix(v, "U+"), 16, 32)
				if err != nil {
					return nil, err
				}
				m[c.attr["xml:id"]] = string(rune(r))
			case "byte":
				b, err := strconv.ParseUint(v, 16, 8)
				if err != nil {
					return nil, err
				}
				m[c.attr["xml:id"]] = string([]byte{byte(b)})
			}
		}
	}
	return m, nil
}

// concat joins the children of an element of a tree of E (kids: string
// or E): the text as it is, and each element as elem writes it.
func concat[E any](kids []any, elem func(E) string) string {
	var b strings.Builder
	for _, k := range kids {
		switch k := k.(type) {
		case string:
			b.WriteString(k)
		case E:
			b.WriteString(elem(k))
		}
	}
	return b.String()
}

// plain returns the text below n, all choices' children included.
func (n *node) plain() string {
	return concat(n.kids, (*node).plain)
}

// reading returns the text of n with one side of each choice taken:
// corr (or sic) and reg (or orig). g elements become their characters.
func reading(n *node, sic, orig bool, cs map[string]string) string {
	return concat(n.kids, func(k *node) string {
		switch k.name {
		case "choice":
			want := map[string]bool{"sic": sic, "corr": !sic, "orig": orig, "reg": !orig}
			var b strings.Builder
			for _, c := range k.kids {
				if c, ok := c.(*node); ok && want[c.name] {
					b.WriteString(reading(c, sic, orig, cs))
				}
			}
			return b.String()
		case "g":
			return cs[strings.TrimPrefix(k.attr["ref"], "#")]
		case "note":
			return "" // the editor's notes at the paragraph's end are not its text
		}
		return reading(k, sic, orig, cs)
	})
}

// markdown returns the Markdown that an element's inline TEI stands for:
// the inverse of (*doc).markdown. rules maps a rule entry's xml:id to
// the rule id.
func markdown(n *node, rules, cs map[string]string) string {
	return concat(n.kids, func(k *node) string {
		in := markdown(k, rules, cs)
		switch k.name {
		case "hi":
			m := "*"
			if k.attr["rend"] == "bold" {
				m = "**"
			}
			return m + in + m
		case "code":
			return "`" + in + "`"
		case "ref":
			if k.attr["type"] == "noteAnchor" {
				return in // a footnote call, [2], as written
			}
			t := k.attr["target"]
			if id, ok := rules[strings.TrimPrefix(t, "#")]; ok {
				t = "rule:" + id
			} else if key, ok := strings.CutPrefix(t, "#work-"); ok {
				t = "cite:" + key
			}
			return "[" + in + "](" + t + ")"
		case "lb":
			return "\n\n"
		case "g":
			return cs[strings.TrimPrefix(k.attr["ref"], "#")]
		case "note":
			return "" // a note at the end of a paragraph is not its text
		}
		return in
	})
}

// isNCName reports whether s is an XML NCName (the ASCII subset the
// writer makes, and any non-ASCII letter).
func isNCName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r >= 0xC0 && r != utf8.RuneError:
		case i > 0 && (r == '-' || r == '.' || '0' <= r && r <= '9' || r == 0xB7):
		default:
			return false
		}
	}
	return true
}
