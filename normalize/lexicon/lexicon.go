// Package lexicon answers the lexical questions that the modern reading
// asks of a pre-reform word and that its ending cannot settle: is годныя,
// магія, Батыя an adjective's plural or a noun; is большаго большого or
// большего. The answers come from the OpenCorpora dictionary of modern
// Russian (opencorpora.org, CC BY-SA 3.0), reduced at go generate time
// (./gen) to tables of stem endings: tables.txt, embedded, about 3 KB.
//
// A table maps every stem the dictionary knows to its answer exactly, and
// answers for an unknown stem as the known stems that end like it mostly
// do: the fallback rule is the dictionary's own majority.
//
// A new question is a new table: the generator records each known stem's
// answer (from the dictionary's forms and tags) and keeps only the endings
// where the answer changes, checking that every known stem still gets its
// own. Word forms for search (fleeting vowels, a gerund's verb) can be
// asked the same way.
//
// The package knows nothing of text layers or rules; a stem is given in
// modern letters or pre-reform ones (Key maps ѣ і ѳ ѵ ё and the case).
package lexicon

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"
)

// Question names a table.
type Question string

// The questions, and the answers their tables give.
const (
	// PluralIya: a word in -ія (pre-reform) with this stem ends in modern
	// spelling in "ие" (an adjective's or participle's plural: другія,
	// древнія) or "ия" (a noun's form, or a singular: магія, подножія,
	// Божія).
	PluralIya Question = "iya"
	// PluralIyaName: the same for a word capitalized inside a sentence,
	// answered from the names the dictionary knows (Ликия, Великие Луки)
	// and the adjectives made from names (-ский, -цкий: Русскія), so that
	// an unknown name (Киликія) is taken for a name.
	PluralIyaName Question = "iya-name"
	// PluralYya: a word in -ыя with this stem ends in "ые" (an adjective's
	// plural: новыя) or keeps "ыя" (a noun's form: Батыя).
	PluralYya Question = "yya"
	// GenitiveAgo: a genitive in -аго or -яго, given with the stem and the
	// ending's first letter (перва, нижня, хороша), ends in "ого" or "его";
	// "=" (Keep) for a word that is no adjective's form (саго, Чикаго).
	// Where the dictionary knows both, the qualitative adjective's form
	// wins (большого, not большего), else -его (меньшего).
	GenitiveAgo Question = "ago"
)

// Special answers.
const (
	Ambiguous = "?" // the dictionary knows the stem with both answers (PluralIya, PluralYya)
	Keep      = "=" // the word keeps its ending
)

//go:embed tables.txt
var tablesText string

type table struct {
	def     string
	entries map[string]string
}

// tables parses the embedded tables once.
var tables = sync.OnceValue(func() map[Question]*table {
	ts, err := parse(tablesText)
	if err != nil {
		panic(err) // the embedded file is generated and tested
	}
	return ts
})

func parse(text string) (map[Question]*table, error) {
	ts := make(map[Question]*table)
	var cur *table
	for n, line := range strings.Split(text, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		switch {
		case len(f) == 3 && f[0] == "table":
			cur = &table{def: f[2], entries: make(map[string]string)}
			ts[Question(f[1])] = cur
		case len(f) == 2 && cur != nil:
			cur.entries[f[0]] = f[1]
		default:
			return nil, fmt.Errorf("tables.txt:%d: want \"table NAME DEFAULT\" or \"ENDING ANSWER\": %q", n+1, line)
		}
	}
	return ts, nil
}

// Answer returns the answer of table q for stem: that of the stem itself
// if the dictionary knows it, else that of the longest known ending of
// the stem, else the table's default. An unknown q answers "".
func Answer(q Question, stem string) string {
	t := tables()[q]
	if t == nil {
		return ""
	}
	stem = Key(stem)
	if a, ok := t.entries["^"+stem]; ok {
		return a
	}
	for e := stem; e != ""; {
		if a, ok := t.entries[e]; ok {
			return a
		}
		_, n := utf8.DecodeRuneInString(e)
		e = e[n:]
	}
	return t.def
}

// Key returns s as the tables spell it: lower case, modern letters (ѣ→е,
// і→и, ѳ→ф, ѵ→и), ё as е, without combining marks (an accent: дре́вн).
func Key(s string) string {
	if isKey(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r = keyRune(r); r >= 0 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isKey(s string) bool {
	for _, r := range s {
		if keyRune(r) != r {
			return false
		}
	}
	return true
}

// keyRune maps one rune as Key does; -1 drops it.
func keyRune(r rune) rune {
	switch {
	case r >= 0x300 && r <= 0x36F:
		return -1
	case r >= 'А' && r <= 'Я':
		r += 'а' - 'А'
	case r == 'Ё' || r == 'ё':
		return 'е'
	}
	switch r {
	case 'ѣ', 'Ѣ':
		return 'е'
	case 'і', 'І', 'ѵ', 'Ѵ', 'ѷ', 'Ѷ':
		return 'и'
	case 'ѳ', 'Ѳ':
		return 'ф'
	}
	return r
}
