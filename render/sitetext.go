package render

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"strings"

	"pasyans/corpus"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	ghtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// mdRenderer renders the goldmark nodes of corpus texts for one page. It
// is goldmark's HTML renderer with raw HTML off and five node kinds
// replaced:
//
//   - links with the rule: scheme become rule badges (a button opening the
//     rule's popover, which links to the rule page);
//   - other links keep only safe destinations (http, https, mailto,
//     fragments and relative paths); others are dropped, the text kept;
//   - images become their alt text (the site makes no request to another
//     host, so no remote image is ever loaded);
//   - raw HTML, inline or block, is written as escaped text: a <script> in
//     a translation is shown, not run, nor silently dropped;
//   - plain text links paragraph ids ("001:7") to the paragraph's anchor.
type mdRenderer struct {
	pc *pageCtx
	md goldmark.Markdown
}

func newMDRenderer(pc *pageCtx) *mdRenderer {
	r := &mdRenderer{pc: pc}
	r.md = goldmark.New(goldmark.WithRendererOptions(
		renderer.WithNodeRenderers(util.Prioritized(r, 100)),
	))
	return r
}

// RegisterFuncs implements renderer.NodeRenderer.
func (r *mdRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindLink, r.renderLink)
	reg.Register(ast.KindAutoLink, r.renderAutoLink)
	reg.Register(ast.KindImage, r.renderImage)
	reg.Register(ast.KindRawHTML, r.renderRawHTML)
	reg.Register(ast.KindHTMLBlock, r.renderHTMLBlock)
	reg.Register(ast.KindText, r.renderText)
	reg.Register(ast.KindListItem, r.renderListItem)
	reg.Register(ast.KindParagraph, r.renderParagraph)
}

// renderParagraph marks a paragraph that holds rule links ("Rules: …")
// with the class rules-line, so that it reads as an annotation.
func (r *mdRenderer) renderParagraph(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		w.WriteString("</p>\n")
		return ast.WalkContinue, nil
	}
	for c := node.FirstChild(); c != nil; c = c.NextSibling() {
		if l, ok := c.(*ast.Link); ok && strings.HasPrefix(string(l.Destination), "rule:") {
			w.WriteString(`<p class="rules-line">`)
			return ast.WalkContinue, nil
		}
	}
	w.WriteString("<p>")
	return ast.WalkContinue, nil
}

// text renders a corpus text to HTML.
func (r *mdRenderer) text(t corpus.Text) string {
	var b bytes.Buffer
	for _, n := range t.Nodes {
		if err := r.md.Renderer().Render(&b, t.Source, n); err != nil {
			// Rendering into a buffer cannot fail; keep the text visible.
			b.WriteString(html.EscapeString(t.Markdown))
		}
	}
	return strings.TrimSpace(b.String())
}

// inline renders a text whose single block is a paragraph without the
// <p> element, for use inside another element.
func (r *mdRenderer) inline(t corpus.Text) string {
	s := r.text(t)
	if len(t.Nodes) == 1 && t.Nodes[0].Kind() == ast.KindParagraph {
		s = strings.TrimSuffix(strings.TrimPrefix(s, "<p>"), "</p>")
	}
	return s
}

func (r *mdRenderer) renderLink(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Link)
	dest := string(n.Destination)
	if id, ok := strings.CutPrefix(dest, "rule:"); ok {
		if entering {
			w.WriteString(r.pc.badge(id, plainLinkText(n, src)))
		}
		return ast.WalkSkipChildren, nil
	}
	if key, ok := strings.CutPrefix(dest, "cite:"); ok {
		r.renderCite(w, key, entering)
		return ast.WalkContinue, nil
	}
	if !safeURL(dest) {
		return ast.WalkContinue, nil // the text, without the link
	}
	if entering {
		fmt.Fprintf(w, `<a href="%s"`, html.EscapeString(dest))
		if n.Title != nil {
			fmt.Fprintf(w, ` title="%s"`, html.EscapeString(string(n.Title)))
		}
		w.WriteString(">")
	} else {
		w.WriteString("</a>")
	}
	return ast.WalkContinue, nil
}

// renderCite renders a cite: link, a quotation of another work or a
// reference to it, as a span in the work's language (WCAG 3.1.2) whose
// title is the work's bibliographic record.
func (r *mdRenderer) renderCite(w util.BufWriter, key string, entering bool) {
	if !entering {
		w.WriteString("</span>")
		return
	}
	wk := r.pc.s.ed.Work(key)
	if wk == nil {
		w.WriteString(`<span class="cite">`) // the checker reports the key
		return
	}
	fmt.Fprintf(w, `<span class="cite" lang="%s" title="%s">`, html.EscapeString(wk.Lang), html.EscapeString(wk.Record()))
}

func (r *mdRenderer) renderAutoLink(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.AutoLink)
	label := string(n.Label(src))
	url := string(n.URL(src))
	if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(url), "mailto:") {
		url = "mailto:" + url
	}
	if safeURL(url) {
		fmt.Fprintf(w, `<a href="%s">%s</a>`, html.EscapeString(url), html.EscapeString(label))
	} else {
		w.WriteString(html.EscapeString(label))
	}
	return ast.WalkSkipChildren, nil
}

func (r *mdRenderer) renderImage(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		fmt.Fprintf(w, `<span class="img-alt">[%s]</span>`, html.EscapeString(plainLinkText(node, src)))
	}
	return ast.WalkSkipChildren, nil
}

func (r *mdRenderer) renderRawHTML(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*ast.RawHTML)
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			w.WriteString(html.EscapeString(string(seg.Value(src))))
		}
	}
	return ast.WalkSkipChildren, nil
}

func (r *mdRenderer) renderHTMLBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.HTMLBlock)
	if entering {
		w.WriteString(`<p class="raw">`)
		var lines []string
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			lines = append(lines, strings.TrimRight(string(seg.Value(src)), "\n"))
		}
		if n.HasClosure() {
			lines = append(lines, strings.TrimRight(string(n.ClosureLine.Value(src)), "\n"))
		}
		w.WriteString(html.EscapeString(strings.Join(lines, "\n")))
		w.WriteString("</p>\n")
	}
	return ast.WalkSkipChildren, nil
}

// paraRef matches a paragraph id in running text: "001:7".
var paraRef = regexp.MustCompile(`\b\d{3}:\d{1,3}\b`)

func (r *mdRenderer) renderText(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Text)
	value := n.Segment.Value(src)
	if n.IsRaw() {
		w.WriteString(html.EscapeString(string(value)))
	} else {
		last := 0
		for _, m := range paraRef.FindAllIndex(value, -1) {
			href := r.pc.paraHref(string(value[m[0]:m[1]]))
			if href == "" {
				continue
			}
			ghtml.DefaultWriter.Write(w, value[last:m[0]])
			fmt.Fprintf(w, `<a class="pref" href="%s">%s</a>`, html.EscapeString(href), value[m[0]:m[1]])
			last = m[1]
		}
		ghtml.DefaultWriter.Write(w, value[last:])
	}
	if n.HardLineBreak() {
		w.WriteString("<br>\n")
	} else if n.SoftLineBreak() {
		w.WriteByte('\n')
	}
	return ast.WalkContinue, nil
}

// renderListItem is goldmark's, plus the links of the book's list of its
// twenty-four games: item n of an ordered list of twenty or more items in
// the introduction links to the game whose number in the book is n.
func (r *mdRenderer) renderListItem(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		w.WriteString("<li>")
		if fc := node.FirstChild(); fc != nil && fc.Kind() != ast.KindTextBlock {
			w.WriteByte('\n')
		}
		return ast.WalkContinue, nil
	}
	if list, ok := node.Parent().(*ast.List); ok && list.IsOrdered() && list.ChildCount() >= 20 && r.pc.gameByOrder != nil {
		n := list.Start
		for c := list.FirstChild(); c != nil && c != node; c = c.NextSibling() {
			n++
		}
		if g := r.pc.gameByOrder[n]; g != nil {
			fmt.Fprintf(w, ` <a class="to-game" href="%s">%s</a>`, html.EscapeString(r.pc.rel(gamePath(r.pc.lang, g.ID))), html.EscapeString(r.pc.t("home.read-game")))
		}
	}
	w.WriteString("</li>\n")
	return ast.WalkContinue, nil
}

// plainLinkText returns the text of a link's or image's children.
func plainLinkText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// safeURL reports whether a link destination from the corpus may be
// written as an href.
func safeURL(u string) bool {
	l := strings.ToLower(strings.TrimSpace(u))
	if strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "mailto:") || strings.HasPrefix(l, "#") {
		return true
	}
	// A relative path: no scheme before the first slash, question mark or hash.
	i := strings.IndexAny(l, "/?#")
	if i < 0 {
		i = len(l)
	}
	return !strings.Contains(l[:i], ":")
}
