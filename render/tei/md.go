package tei

import (
	"strings"

	"pasyans/corpus"

	"github.com/yuin/goldmark/ast"
)

// markdown writes the inline content of a Markdown text: emphasis as
// hi (rend italic or bold), code spans as code, links as ref (a rule link
// points at the rule's entry in the back), blocks separated by lb.
func (d *doc) markdown(t corpus.Text) {
	for i, n := range t.Nodes {
		if i > 0 {
			d.w.empty("lb", attrs{"type", "block"})
		}
		if n.Type() == ast.TypeBlock && n.FirstChild() != nil && isInline(n.FirstChild()) {
			d.inlines(n, t.Source)
			continue
		}
		d.w.text(strings.TrimRight(string(blockLines(n, t.Source)), "\n"))
	}
}

func isInline(n ast.Node) bool { return n.Type() == ast.TypeInline }

// blockLines returns the source lines of a block that holds no inline
// children (a code block, a list, …).
func blockLines(n ast.Node, src []byte) []byte {
	var b []byte
	if n.Type() == ast.TypeBlock {
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			s := lines.At(i)
			b = append(b, s.Value(src)...)
		}
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		b = append(b, blockLines(c, src)...)
	}
	return b
}

// inlines writes the inline children of n.
func (d *doc) inlines(n ast.Node, src []byte) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok && d.calls != "" {
			c = d.textRun(t, src)
			continue
		}
		d.inline(c, src)
	}
}

// textRun writes a run of text nodes as one text, so that a footnote call
// the Markdown parser split ("[", "2", "]") is found and linked; it
// returns the run's last node.
func (d *doc) textRun(t *ast.Text, src []byte) ast.Node {
	var b strings.Builder
	for {
		b.Write(t.Segment.Value(src))
		next, ok := t.NextSibling().(*ast.Text)
		if t.HardLineBreak() || t.SoftLineBreak() || !ok {
			break
		}
		t = next
	}
	d.linkCalls(b.String(), d.calls)
	switch {
	case t.HardLineBreak():
		d.w.empty("lb", nil)
	case t.SoftLineBreak():
		d.w.text("\n")
	}
	return t
}

func (d *doc) inline(n ast.Node, src []byte) {
	switch n := n.(type) {
	case *ast.Text:
		t := string(n.Segment.Value(src))
		if d.lead != "" {
			t = strings.TrimPrefix(t, strings.TrimSpace(d.lead))
			t = strings.TrimPrefix(t, " ")
			d.lead = ""
		}
		if d.calls != "" {
			d.linkCalls(t, d.calls)
		} else {
			d.w.text(t)
		}
		switch {
		case n.HardLineBreak():
			d.w.empty("lb", nil)
		case n.SoftLineBreak():
			d.w.text("\n")
		}
	case *ast.String:
		d.w.text(string(n.Value))
	case *ast.Emphasis:
		rend := "italic"
		if n.Level > 1 {
			rend = "bold"
		}
		d.w.start("hi", attrs{"rend", rend})
		d.inlines(n, src)
		d.w.end("hi")
	case *ast.CodeSpan:
		d.w.start("code", nil)
		d.inlines(n, src)
		d.w.end("code")
	case *ast.Link:
		d.w.start("ref", attrs{"target", d.target(string(n.Destination))})
		d.inlines(n, src)
		d.w.end("ref")
	case *ast.AutoLink:
		url := string(n.URL(src))
		d.w.inline("ref", attrs{"target", d.target(url)}, string(n.Label(src)))
	case *ast.RawHTML:
		for i := 0; i < n.Segments.Len(); i++ {
			s := n.Segments.At(i)
			d.w.text(string(s.Value(src)))
		}
	default:
		d.inlines(n, src)
	}
}

// target returns where a Markdown link points in the document: a rule
// link at the rule's entry, if the document lists it, a cite: link at the
// work's record in the source description.
func (d *doc) target(dest string) string {
	if id, ok := strings.CutPrefix(dest, "rule:"); ok && d.rules[id] != nil {
		return "#" + ruleID(id)
	}
	if key, ok := strings.CutPrefix(dest, "cite:"); ok && d.ed.Work(key) != nil {
		return "#" + workID(key)
	}
	return dest
}

// blocks writes a Markdown text's blocks as TEI blocks: paragraphs as p,
// lists as list, block quotes as quote, code as ab type="code"; headings
// inside a text as p rend="heading".
func (d *doc) blocks(depth int, t corpus.Text) {
	for _, n := range t.Nodes {
		d.block(depth, n, t.Source)
	}
}

func (d *doc) block(depth int, n ast.Node, src []byte) {
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		d.w.nl(depth)
		d.w.start("p", nil)
		d.inlines(n, src)
		d.w.end("p")
	case *ast.Heading:
		d.w.nl(depth)
		d.w.start("p", attrs{"rend", "heading"})
		d.inlines(n, src)
		d.w.end("p")
	case *ast.List:
		rend := "bulleted"
		if n.IsOrdered() {
			rend = "numbered"
		}
		d.w.open(depth, "list", attrs{"rend", rend})
		for it := n.FirstChild(); it != nil; it = it.NextSibling() {
			d.w.nl(depth + 1)
			d.w.start("item", nil)
			if c := it.FirstChild(); c != nil && c.NextSibling() == nil && c.FirstChild() != nil && isInline(c.FirstChild()) {
				d.inlines(c, src)
			} else {
				for c := it.FirstChild(); c != nil; c = c.NextSibling() {
					d.block(depth+2, c, src)
				}
				d.w.nl(depth + 1)
			}
			d.w.end("item")
		}
		d.w.close(depth, "list")
	case *ast.Blockquote:
		d.w.open(depth, "quote", nil)
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			d.block(depth+1, c, src)
		}
		d.w.close(depth, "quote")
	case *ast.ThematicBreak:
		d.w.nl(depth)
		d.w.empty("milestone", attrs{"unit", "section", "rend", "rule"})
	default:
		d.w.elem(depth, "ab", attrs{"type", "code"}, strings.TrimRight(string(blockLines(n, src)), "\n"))
	}
}
