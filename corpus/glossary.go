package corpus

import (
	"strings"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// loadGlossary loads glossary.yaml: a list of terms in Russian collation
// order of their modern form, each with its forms, definitions and the
// paragraphs where it occurs.
func (l *loader) loadGlossary() error {
	data, ok, err := l.readFile(glossaryFile)
	if !ok {
		return err
	}
	var terms []*Term
	root, _ := decodeYAML(&l.d, glossaryFile, data, 1, &terms)
	var lines, plines, enLines, ruLines []int
	if root != nil {
		for _, it := range root.Content {
			lines = append(lines, it.Line)
			plines = append(plines, keyLine(it, "paragraphs", 0))
			enLines = append(enLines, keyLine(it, "def_en", it.Line))
			ruLines = append(ruLines, keyLine(it, "def_ru", it.Line))
		}
	}
	seen := map[string]int{}
	for i, t := range terms {
		if t == nil {
			continue
		}
		t.Pos = Pos{File: glossaryFile, Line: lineAt(lines, i, 1, 1)}
		t.ParagraphsPos = t.Pos
		if i < len(plines) && plines[i] > 0 {
			t.ParagraphsPos.Line = plines[i]
		}
		t.DefENPos = Pos{File: glossaryFile, Line: lineAt(enLines, i, 1, t.Pos.Line)}
		t.DefRUPos = Pos{File: glossaryFile, Line: lineAt(ruLines, i, 1, t.Pos.Line)}
		if prev, dup := seen[t.ID]; dup {
			l.d.add(t.Pos, CheckGlossary, "term %q twice (also at line %d)", t.ID, prev)
		}
		seen[t.ID] = t.Pos.Line
		l.checkTerm(t)
		l.ed.Glossary = append(l.ed.Glossary, t)
	}
	l.checkCollation(l.ed.Glossary)
	return nil
}

func (l *loader) checkTerm(t *Term) {
	for _, f := range []struct{ key, val string }{{"id", t.ID}, {"pre_reform", t.PreReform}, {"modern", t.Modern},
		{"en", t.EN}, {"def_en", t.DefEN}, {"def_ru", t.DefRU}} {
		if strings.TrimSpace(f.val) == "" {
			l.d.add(t.Pos, CheckGlossary, "term %q: missing %s", t.ID, f.key)
		}
	}
	for _, id := range t.Paragraphs {
		if l.byID[id] == nil {
			l.d.add(t.Pos, CheckGlossary, "term %q: %s", t.ID, l.noParagraph(id))
		}
	}
}

// checkCollation reports terms out of Russian collation order (on Modern).
func (l *loader) checkCollation(terms []*Term) {
	c := collate.New(language.Russian)
	for i := 1; i < len(terms); i++ {
		a, b := terms[i-1], terms[i]
		if c.CompareString(a.Modern, b.Modern) > 0 {
			l.d.add(b.Pos, CheckGlossary, "glossary not in Russian alphabetical order: %q (%s) sorts before %q (%s, line %d)",
				b.Modern, b.ID, a.Modern, a.ID, a.Pos.Line)
		}
	}
}
