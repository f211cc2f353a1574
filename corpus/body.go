package corpus

import (
	"bytes"
	"sort"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// newMarkdown returns the corpus's Markdown parser: CommonMark as goldmark
// parses it, no extensions, no Typographer (its quotes and dashes would
// change the text behind the apparatus's back), no automatic heading ids
// (they drop Cyrillic; renderers use paragraph ids).
func newMarkdown() goldmark.Markdown { return goldmark.New() }

// maxNesting bounds how deeply the corpus's Markdown may nest block
// quotes, or the brackets and parentheses of links: the parser's work
// grows with the square of the depth (100,000 nested quotes took seconds
// to check and minutes to build), and no text of the edition nests more
// than a few levels.
const maxNesting = 32

// deepLine is a line of a Markdown body that nests too deeply: its
// 0-based number and what nests on it.
type deepLine struct {
	line int
	what string
}

// flatten finds the lines of src on which block quotes, or the brackets
// and parentheses not yet closed in its paragraph, nest deeper than
// maxNesting, and empties them (their line breaks kept, so that every
// other line keeps its number). It reads each byte once and returns src
// itself when no line is too deep.
func flatten(src []byte) ([]byte, []deepLine) {
	var deep []deepLine
	open := 0 // brackets and parentheses open since the last blank line
	lines := bytes.Split(src, []byte("\n"))
	for i, ln := range lines {
		if what := lineTooDeep(ln, &open); what != "" {
			deep = append(deep, deepLine{i, what})
			lines[i], open = nil, 0
		}
	}
	if deep == nil {
		return src, nil
	}
	return bytes.Join(lines, []byte("\n")), deep
}

// lineTooDeep returns what nests too deeply on line ln ("" if nothing),
// open being the brackets and parentheses left open by the lines before
// it in its paragraph.
func lineTooDeep(ln []byte, open *int) string {
	quotes := 0
	for _, c := range ln {
		if c == '>' {
			quotes++
		} else if c != ' ' && c != '\t' {
			break
		}
	}
	if quotes > maxNesting {
		return "block quotes"
	}
	if len(bytes.TrimSpace(ln)) == 0 {
		*open = 0
		return ""
	}
	for _, c := range ln {
		switch c {
		case '[', '(':
			if *open++; *open > maxNesting {
				return "brackets and parentheses"
			}
		case ']', ')':
			*open = max(*open-1, 0)
		}
	}
	return ""
}

// body is the parsed Markdown body of a corpus file.
type body struct {
	file       string
	src        []byte
	firstLine  int   // file line of the body's first line
	lineStarts []int // byte offset of each line of src
	doc        ast.Node
}

func parseBody(md goldmark.Markdown, file string, src []byte, firstLine int) *body {
	b := &body{file: file, src: src, firstLine: firstLine, lineStarts: []int{0}}
	for i, c := range src {
		if c == '\n' {
			b.lineStarts = append(b.lineStarts, i+1)
		}
	}
	b.doc = md.Parser().Parse(text.NewReader(src))
	return b
}

// pos returns the file position of byte offset off of the body.
func (b *body) pos(off int) Pos {
	if off < 0 {
		return Pos{File: b.file, Line: b.firstLine}
	}
	i := sort.Search(len(b.lineStarts), func(i int) bool { return b.lineStarts[i] > off }) - 1
	return Pos{File: b.file, Line: b.firstLine + max(i, 0)}
}

// nodePos returns the position of n: its own offset, or the first offset
// of its content, or that of its nearest ancestor that has one.
func (b *body) nodePos(n ast.Node) Pos {
	for ; n != nil; n = n.Parent() {
		if start, _ := span(n); start >= 0 {
			return b.pos(start)
		}
	}
	return b.pos(-1)
}

// span returns the byte range of n's text in the source, (-1, -1) if n
// holds none.
func span(n ast.Node) (start, end int) {
	start, end = -1, -1
	grow := func(s, e int) {
		if start < 0 || s < start {
			start = s
		}
		end = max(end, e)
	}
	if p := n.Pos(); p >= 0 {
		grow(p, p)
	}
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			grow(c.Segment.Start, c.Segment.Stop)
		default:
			if c.Type() == ast.TypeBlock {
				lines := c.Lines()
				for i := 0; i < lines.Len(); i++ {
					seg := lines.At(i)
					grow(seg.Start, seg.Stop)
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return start, end
}

// text returns the Markdown of a run of blocks: whole source lines from
// the first block's first line to the last block's last line.
func (b *body) text(nodes []ast.Node) Text {
	t := Text{Nodes: nodes, Source: b.src}
	start, end := -1, -1
	for _, n := range nodes {
		s, e := span(n)
		if s < 0 {
			continue
		}
		if start < 0 {
			start = s
		}
		end = max(end, e)
	}
	if start < 0 {
		return t
	}
	start = bytes.LastIndexByte(b.src[:start], '\n') + 1
	if i := bytes.IndexByte(b.src[end:], '\n'); i >= 0 {
		end += i
	} else {
		end = len(b.src)
	}
	t.Markdown = strings.TrimSpace(string(b.src[start:end]))
	t.Pos = b.pos(start)
	return t
}

// innerText returns the Markdown of the blocks inside a container (a
// blockquote) without its markers: each child's lines, children separated
// by blank lines.
func (b *body) innerText(container ast.Node) Text {
	var nodes []ast.Node
	var parts []string
	for c := container.FirstChild(); c != nil; c = c.NextSibling() {
		nodes = append(nodes, c)
		parts = append(parts, strings.TrimSpace(string(blockSource(c, b.src))))
	}
	pos := b.nodePos(container)
	if len(nodes) > 0 {
		pos = b.nodePos(nodes[0])
	}
	return Text{Markdown: strings.Join(parts, "\n\n"), Nodes: nodes, Source: b.src, Pos: pos}
}

// blockSource returns the source lines of a block, descending into
// containers.
func blockSource(n ast.Node, src []byte) []byte {
	if n.Type() != ast.TypeBlock {
		return nil
	}
	if lines := n.Lines(); lines.Len() > 0 {
		return lines.Value(src)
	}
	var out [][]byte
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		out = append(out, bytes.TrimSpace(blockSource(c, src)))
	}
	return bytes.Join(out, []byte("\n"))
}

// plainText returns the text of n's inline content without markup.
func plainText(n ast.Node, src []byte) string {
	var sb strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			sb.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				sb.WriteByte(' ')
			}
		case *ast.String:
			sb.Write(c.Value)
		case *ast.CodeSpan:
			// its children are Text nodes: walked
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(sb.String())
}

// section is a heading of level 1 or 2 and the blocks up to the next one.
type section struct {
	level int
	title string
	pos   Pos
	nodes []ast.Node
}

// sections splits the body at headings of levels 1 and 2; pre holds the
// blocks before the first of them. Deeper headings are content.
func (b *body) sections() (pre []ast.Node, secs []section) {
	for n := b.doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level <= 2 {
			secs = append(secs, section{level: h.Level, title: plainText(h, b.src), pos: b.nodePos(h)})
			continue
		}
		if len(secs) == 0 {
			pre = append(pre, n)
		} else {
			s := &secs[len(secs)-1]
			s.nodes = append(s.nodes, n)
		}
	}
	return pre, secs
}
