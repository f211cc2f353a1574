package corpus

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strings"

	"pasyans/source"
)

// termsFile is the terms table: per concept the edition's term in each
// language and the variants that are wrong in the editor's prose.
const termsFile = "terms.yaml"

// Usage is one concept of the terms table (terms.yaml): the term the
// editor's prose uses for it in each language, where the book has its own
// word the paragraph that shows it, and the variants that are wrong in
// editorial prose (each a regular expression matched as whole words,
// case-sensitive; \p{L}* stands for an ending). Quotations of the book,
// written in «ёлочках», are exempt (package corpus/check).
type Usage struct {
	ID      string   `yaml:"id"`
	RU      string   `yaml:"ru"`
	EN      string   `yaml:"en"`
	Book    string   `yaml:"book,omitempty"` // the book's paragraph that has the Russian term
	Note    string   `yaml:"note,omitempty"` // why, for the editor
	WrongRU []string `yaml:"wrong_ru,omitempty"`
	WrongEN []string `yaml:"wrong_en,omitempty"`
	// Only limits the wrong variants to the prose of these games (their
	// game file, deals and engine variant); Except exempts these games.
	Only   []string `yaml:"only,omitempty"`
	Except []string `yaml:"except,omitempty"`
	Pos    Pos      `yaml:"-" json:"-"`

	wrongRU, wrongEN []*regexp.Regexp
}

// Wrong returns the compiled wrong variants of lang ("ru" or "en").
func (u *Usage) Wrong(lang string) []*regexp.Regexp {
	if lang == "ru" {
		return u.wrongRU
	}
	return u.wrongEN
}

// Applies reports whether the wrong variants hold in the prose of game
// ("" for prose that belongs to no game).
func (u *Usage) Applies(game string) bool {
	for _, g := range u.Except {
		if g == game {
			return false
		}
	}
	if len(u.Only) == 0 {
		return true
	}
	for _, g := range u.Only {
		if g == game {
			return true
		}
	}
	return false
}

// loadTerms reads the terms table; it is optional (an edition without
// one checks no terms).
func (l *loader) loadTerms() error {
	data, err := readOptional(l.fsys, termsFile)
	if err != nil || data == nil {
		return err
	}
	var us []*Usage
	root, _ := decodeYAML(&l.d, termsFile, data, 1, &us)
	var lines []int
	if root != nil {
		for _, it := range root.Content {
			lines = append(lines, it.Line)
		}
	}
	for i, u := range us {
		if u == nil {
			continue
		}
		u.Pos = Pos{File: termsFile, Line: lineAt(lines, i, 1, 1)}
		if strings.TrimSpace(u.ID) == "" || strings.TrimSpace(u.RU) == "" || strings.TrimSpace(u.EN) == "" {
			l.d.add(u.Pos, CheckGlossary, "terms: an entry needs id, ru and en")
		}
		u.wrongRU = l.compileWrong(u, u.WrongRU)
		u.wrongEN = l.compileWrong(u, u.WrongEN)
		l.ed.Terms = append(l.ed.Terms, u)
	}
	return nil
}

func (l *loader) compileWrong(u *Usage, pats []string) []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, p := range pats {
		re, err := regexp.Compile(p)
		if err != nil {
			l.d.add(u.Pos, CheckGlossary, "terms: %s: wrong variant %q: %v", u.ID, p, err)
			continue
		}
		out = append(out, re)
	}
	return out
}

// CompileUsage compiles the wrong variants of a Usage made outside Load
// (for tests).
func CompileUsage(u *Usage) error {
	l := &loader{}
	u.wrongRU = l.compileWrong(u, u.WrongRU)
	u.wrongEN = l.compileWrong(u, u.WrongEN)
	if len(l.d.list) > 0 {
		return fmt.Errorf("%s", l.d.list[0].Msg)
	}
	return nil
}

// readOptional reads a corpus file that may be absent (nil, nil).
func readOptional(fsys fs.FS, name string) ([]byte, error) {
	data, err := source.ReadFile(fsys, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading corpus: %w", err)
	}
	return data, nil
}
