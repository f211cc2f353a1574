package corpus

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/yuin/goldmark/ast"

	"pasyans/source"
)

// Work is a work other than the book that the edition's prose quotes or
// cites: works.yaml. The prose marks a quotation of it, or a reference to
// it, as a Markdown link whose destination is the work's key with the
// cite: scheme: [“when the deal is ended”](cite:cadogan-1914). The
// checker holds a quotation so marked to no paragraph of the book (it
// checks every other quotation against the readings of the paragraphs
// its note is tied to), and on the Russian side it wants the language of
// the work marked and a Russian rendering in brackets after it.
type Work struct {
	Key       string `yaml:"key" json:"key"`
	Author    string `yaml:"author" json:"author,omitempty"`
	Title     string `yaml:"title" json:"title"`
	Place     string `yaml:"place" json:"place,omitempty"`
	Publisher string `yaml:"publisher" json:"publisher,omitempty"`
	Year      string `yaml:"year" json:"year"`
	// Where says where a reader can read the work: a URL or a library.
	Where string `yaml:"where" json:"where,omitempty"`
	// Lang is the language of the work's text, hence of quotations from
	// it (BCP 47: en, fr, ru).
	Lang string `yaml:"lang" json:"lang"`
	// Seen is false for a work the edition knows only from others'
	// accounts: its prose must not quote it.
	Seen bool   `yaml:"seen" json:"seen"`
	Note string `yaml:"note" json:"note,omitempty"`
	// CitedAs are the names by which the prose refers to the work (The
	// Spectator, Livre des patiences): a mention by one of them must be a
	// cite: link, so that the reader can follow it to the record.
	CitedAs []string `yaml:"cited_as" json:"cited_as,omitempty"`
	Pos     Pos      `yaml:"-" json:"-"`
}

// Record returns the work's bibliographic record in one line.
func (w *Work) Record() string {
	var b strings.Builder
	if w.Author != "" {
		b.WriteString(w.Author + ", ")
	}
	b.WriteString(w.Title)
	var imprint []string
	for _, s := range []string{w.Place, w.Publisher, w.Year} {
		if s != "" {
			imprint = append(imprint, s)
		}
	}
	if len(imprint) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(imprint, ", "))
	}
	if w.Where != "" {
		b.WriteString(". " + w.Where)
	}
	if !w.Seen {
		b.WriteString(". Not seen by the edition")
	}
	return b.String()
}

// Work returns the work with the given key, or nil.
func (ed *Edition) Work(key string) *Work {
	for _, w := range ed.Works {
		if w.Key == key {
			return w
		}
	}
	return nil
}

// loadWorks loads works.yaml, the record of every work the prose cites.
func (l *loader) loadWorks() error {
	data, err := source.ReadFile(l.fsys, worksFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil // a corpus that cites no other work
	}
	if err != nil {
		return fmt.Errorf("reading corpus: %w", err)
	}
	var works []*Work
	root, _ := decodeYAML(&l.d, worksFile, data, 1, &works)
	seen := map[string]bool{}
	for i, w := range works {
		if w == nil {
			continue
		}
		line := 1
		if root != nil && i < len(root.Content) {
			line = root.Content[i].Line
		}
		w.Pos = Pos{File: worksFile, Line: line}
		switch {
		case w.Key == "" || w.Title == "" || w.Year == "" || w.Lang == "":
			l.d.add(w.Pos, CheckSyntax, "work %q: key, title, year and lang are required", w.Key)
		case seen[w.Key]:
			l.d.add(w.Pos, CheckSyntax, "work %q twice", w.Key)
		}
		seen[w.Key] = true
		l.ed.Works = append(l.ed.Works, w)
	}
	return nil
}

// citeLink checks a link whose destination has the cite: scheme: its key
// must name a work of works.yaml.
func (l *loader) citeLink(b *body, n *ast.Link, dest string) {
	key, ok := strings.CutPrefix(dest, "cite:")
	if !ok {
		return
	}
	if l.ed.Work(key) == nil {
		var keys []string
		for _, w := range l.ed.Works {
			keys = append(keys, w.Key)
		}
		l.d.add(b.nodePos(n), CheckSyntax, "cite: link to no work: %q (works.yaml has: %s)", key, strings.Join(keys, ", "))
	}
}
