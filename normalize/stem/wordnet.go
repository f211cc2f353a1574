package stem

import (
	_ "embed"
	"slices"
	"strings"
)

// wordnetExc is the English irregular forms and their lemmas (went go,
// dealt deal), from the WordNet 3.0 exception lists, reduced to the forms
// whose Snowball stem is not their lemma's: see wordnetgen.
//
//go:generate sh -c "go run ./wordnetgen > wordnet.txt"
//go:embed wordnet.txt
var wordnetExc string

// Lemmas maps a word, as Norm gives it, to its lemma when rules cannot
// tell it: an English irregular form (took → take). A lexicon of modern
// Russian plugs in here too: a Russian form's lemma is keyed in place of
// the form, before the Russian rules (see fold), which then see the
// lemma.
type Lemmas interface {
	Lemma(norm string) (string, bool)
}

// table is a Lemmas read from lines of "form lemma" ('#' starts a
// comment line).
type table map[string]string

func (t table) Lemma(w string) (string, bool) {
	l, ok := t[w]
	return l, ok
}

// parseTable reads the lines of a form → lemma table.
func parseTable(s string) table {
	t := table{}
	for _, line := range strings.Split(s, "\n") {
		if f := strings.Fields(line); len(f) == 2 && !strings.HasPrefix(line, "#") {
			t[f[0]] = f[1]
		}
	}
	return t
}

// IrregularForms returns the English irregular forms the Keyer reads as
// their lemmas (took, dealt, won), sorted: the forms a reader may type
// that no rule derives from the text's words (see package corpus/search's
// form table).
func IrregularForms() []string {
	t := parseTable(wordnetExc)
	out := make([]string, 0, len(t))
	for f := range t {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}
