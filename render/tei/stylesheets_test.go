package tei

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"pasyans/corpus"
)

// This file tests the export with the field's tools: the TEI Consortium's
// stylesheets (../shared/tei/stylesheets, TEIC/Stylesheets 7.58) and the
// edition's own reading.xsl, under Saxon-HE. Without Java, Saxon or the
// stylesheets the tests are skipped, except on CI (CI=true), where they
// fail: .ci/run installs libsaxonhe-java, and the stylesheets are in
// ../shared/tei.

// saxon returns a function that runs Saxon-HE on the edition's export.
func saxon(t *testing.T) func(xsl string, params ...string) (string, string) {
	t.Helper()
	jar := os.Getenv("SAXON_JAR")
	if jar == "" {
		jar = "/usr/share/java/Saxon-HE.jar"
	}
	java := tool(t, "java", jar, "libsaxonhe-java")
	b, _, _ := document(t, load(t))
	dir := t.TempDir()
	src := filepath.Join(dir, "pasyans.xml")
	if err := os.WriteFile(src, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return func(xsl string, params ...string) (string, string) {
		t.Helper()
		args := append([]string{"-jar", jar, "-s:" + src, "-xsl:" + xsl}, params...)
		cmd := exec.Command(java, args...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("saxon %s: %v\n%s", xsl, err, errb.String())
		}
		return out.String(), errb.String()
	}
}

// profiles returns a function that converts the export with one of the
// TEI Consortium's profiles (html5, txt, markdown) under Saxon-HE: the
// stylesheets are $TEI_STYLESHEETS or ../shared/tei/stylesheets.
func profiles(t *testing.T) func(profile string) (string, string) {
	t.Helper()
	dir := os.Getenv("TEI_STYLESHEETS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "tei", "stylesheets")
	}
	if _, err := os.Stat(filepath.Join(dir, "profiles")); err != nil {
		lacking(t, "the TEI stylesheets are missing: "+err.Error())
	}
	run := saxon(t)
	return func(profile string) (string, string) {
		return run(filepath.Join(dir, "profiles", "default", profile, "to.xsl"))
	}
}

// TestReadingXSL draws the three readings out of the export with
// xslt/reading.xsl and compares them with the model's (the readings that
// pasyans normalize prints), and the diplomatic reading with the sources.
func TestReadingXSL(t *testing.T) {
	t.Parallel()
	run := saxon(t)
	ed := load(t)
	out, stderr := run(filepath.Join("xslt", "reading.xsl"), "reading=all")
	if stderr != "" {
		t.Errorf("saxon says:\n%s", stderr)
	}
	got := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("not four fields: %q", line)
		}
		got[f[0]] = f[1:]
	}
	if len(got) != len(ed.Paragraphs) {
		t.Errorf("%d paragraphs, want %d", len(got), len(ed.Paragraphs))
	}
	for _, p := range ed.Paragraphs {
		for i, want := range []string{p.Diplomatic, p.Corrected, p.Modern} {
			if g := got[p.ID]; len(g) < 3 || g[i] != want {
				t.Errorf("%s, %s reading:\n got %q\nwant %q", p.ID, []string{"diplomatic", "corrected", "modern"}[i], g, want)
			}
		}
		if g := got[p.ID]; len(g) > 0 && g[0] != p.Raw {
			t.Errorf("%s: the diplomatic reading is not the source's line\n got %q\nwant %q", p.ID, g[0], p.Raw)
		}
	}
}

var wordsRE = regexp.MustCompile(`[\p{L}\p{M}\p{N}]+`)

// xnode is an element of the XHTML the stylesheets write.
type xnode struct {
	name, id, class, href string
	kids                  []any // string or *xnode
}

// parseXHTML reads the stylesheets' XHTML into a tree and indexes its
// elements by id.
func parseXHTML(t *testing.T, s string) (*xnode, map[string]*xnode) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(s))
	dec.Strict = false
	dec.Entity = xml.HTMLEntity
	root := &xnode{name: "#document"}
	stack := []*xnode{root}
	ids := map[string]*xnode{}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the HTML does not parse: %v", err)
		}
		cur := stack[len(stack)-1]
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &xnode{name: tok.Name.Local}
			for _, a := range tok.Attr {
				switch a.Name.Local {
				case "id":
					n.id = a.Value
					ids[a.Value] = n
				case "class":
					n.class = a.Value
				case "href":
					n.href = a.Value
				}
			}
			cur.kids = append(cur.kids, n)
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			cur.kids = append(cur.kids, string(tok))
		}
	}
	return root, ids
}

// text returns the text below n, leaving out the note links' numbers.
func (n *xnode) text() string {
	return concat(n.kids, func(k *xnode) string {
		if k.class == "notelink" {
			return ""
		}
		return k.text()
	})
}

// all returns the elements below n (n included) that f accepts.
func (n *xnode) all(f func(*xnode) bool) []*xnode {
	var out []*xnode
	if f(n) {
		out = append(out, n)
	}
	for _, k := range n.kids {
		if k, ok := k.(*xnode); ok {
			out = append(out, k.all(f)...)
		}
	}
	return out
}

// TestStylesheetsHTML converts the export with the TEI Consortium's html5
// profile and checks what a reader of its output sees: every paragraph of
// the book in whole words, the footnote calls linked to the footnotes,
// every editor's note linked from its paragraph, and the glossary's
// terms, with no error or warning from the conversion.
func TestStylesheetsHTML(t *testing.T) {
	t.Parallel()
	convert := profiles(t)
	ed := load(t)
	out, stderr := convert("html5")
	if stderr != "" {
		t.Errorf("the html5 conversion says:\n%s", stderr)
	}
	root, ids := parseXHTML(t, out)
	for _, p := range ed.Paragraphs {
		if p.Kind == corpus.KindRunningHead {
			continue // the stylesheets leave out running heads (fw), as a reading text should
		}
		id := paraID(p.ID, "p")
		n := ids[id]
		if n == nil {
			t.Errorf("%s: no element %s in the HTML", p.ID, id)
			continue
		}
		// The stylesheets show the modern reading, with corrections in
		// brackets: each of its words must stand whole.
		have := map[string]bool{}
		for _, w := range wordsRE.FindAllString(n.text(), -1) {
			have[w] = true
		}
		for _, w := range wordsRE.FindAllString(p.Modern, -1) {
			if !have[w] {
				t.Errorf("%s: the word %q of the modern reading is not whole in the HTML: %q", p.ID, w, n.text())
				break
			}
		}
		links := n.all(func(k *xnode) bool { return k.href != "" })
		notes := 0
		for _, l := range links {
			if !strings.HasPrefix(l.href, "#") || ids[l.href[1:]] == nil {
				t.Errorf("%s: a link to %s, which the HTML does not have", p.ID, l.href)
			}
			if l.class == "notelink" {
				notes++
			}
		}
		if want := len(p.Notes); notes != want {
			t.Errorf("%s: %d links to notes in the HTML, want the paragraph's %d notes", p.ID, notes, want)
		}
	}
	calls := 0
	for _, p := range ed.Paragraphs {
		for _, m := range fnCall.FindAllStringSubmatch(p.Corrected, -1) {
			if !footnoteLine(ed, m[1]) {
				continue
			}
			calls++
			n := ids[paraID(p.ID, "p")]
			if n == nil || len(n.all(func(k *xnode) bool { return k.href == "#fn-"+m[1] })) == 0 {
				t.Errorf("%s: the footnote call [%s] is not linked to the footnote", p.ID, m[1])
			}
		}
	}
	if calls == 0 {
		t.Error("no footnote call with its footnote in the sources: the test proves nothing")
	}
	text := root.text()
	for _, term := range ed.Glossary {
		for _, s := range []string{term.PreReform, term.Modern, term.EN} {
			if !strings.Contains(text, s) {
				t.Errorf("glossary term %s: %q is not in the HTML", term.ID, s)
			}
		}
	}
}

// footnoteLine reports whether footnote n's number line is in the sources.
func footnoteLine(ed *corpus.Edition, n string) bool {
	for _, p := range ed.Paragraphs {
		if p.Kind == corpus.KindFootnote && strings.TrimSpace(p.Corrected) == n {
			return true
		}
	}
	return false
}

// TestStylesheetsText converts the export with the plain-text and
// Markdown profiles: no word of any reading is split by the markup (the
// text stylesheet prints every text node on a line of its own, so a
// choice inside a word would cut it).
func TestStylesheetsText(t *testing.T) {
	t.Parallel()
	convert := profiles(t)
	ed := load(t)
	for _, profile := range []string{"txt", "markdown"} {
		out, stderr := convert(profile)
		if stderr != "" {
			t.Errorf("%s: the conversion says:\n%s", profile, stderr)
		}
		have := map[string]bool{}
		for _, w := range wordsRE.FindAllString(out, -1) {
			have[w] = true
		}
		missing := 0
		for _, p := range ed.Paragraphs {
			for _, w := range wordsRE.FindAllString(p.Corrected, -1) {
				if !have[w] && !allDigits(w) {
					missing++
					if missing <= 5 {
						t.Errorf("%s: %s: the corrected word %q is not whole in the output", profile, p.ID, w)
					}
				}
			}
		}
		if missing > 5 {
			t.Errorf("%s: %d words in all are not whole", profile, missing)
		}
	}
}

func allDigits(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}
