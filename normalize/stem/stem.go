// Package stem turns the words of the edition, in any of its spellings, into
// search keys: the OCR's damaged form (мђсто), the book's pre-reform
// spelling (мѣсто, королей, годныя) and modern spelling (место, годные) of a
// Russian word all give the same key, and so do the inflected forms that
// the Snowball stemmer folds together (короля, королей; king, kings).
//
// A Russian word goes through the same rules as the text, not a second
// spelling table: the corrected layer of package normalize (OCR repair),
// then the modern layer, then lower case with ё read as е, then the Russian
// Snowball stemmer (github.com/kljensen/snowball), and last the rules of
// fold (a fleeting vowel: промежуток, промежутки; восемь, восьми). An
// English word is lower cased, read as its lemma if it is an irregular
// form (took → take: the WordNet exception lists, see wordnet.txt) and
// stemmed by the English Snowball stemmer.
//
// Some words stand for others as well (Token.Parts, Token.Also): each
// half of a hyphenated word (turned-up: turn, up), and the verb of an
// imperfective gerund (начиная: начина, the key of начинают). The search
// index matches them too.
//
// Search (the site's index and its query, in Go and in WebAssembly) and the
// checker's glossary and occurrence claims use this package, so that what
// a reader finds and what the checker verifies are the same thing.
//
// The package knows nothing of games, paragraphs or output formats.
package stem

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"pasyans/normalize"

	"github.com/kljensen/snowball/english"
	"github.com/kljensen/snowball/russian"
)

// Token is one word of a text.
type Token struct {
	Start, End int    // byte offsets of the word in the text
	Word       string // the word as written
	Key        string // its search key (Key(Word))
	// Parts are the keys of a hyphenated word's parts (по-русски: по,
	// русск), nil for another word.
	Parts []string
	// Also is a key the word may stand for as well (see Also), or "".
	Also string
}

// Keyer makes keys with the normalize layers built once. The zero value is
// not usable; use New. A Keyer is safe for use by one goroutine at a time.
type Keyer struct {
	corrected, modern *normalize.Layer
	keys, norms       map[string]string // memos of Key and Norm
	en, ru            Lemmas            // irregular forms; ru is nil until a lexicon plugs in
}

// New returns a Keyer. Its layers carry no emendations: the editor's
// word-level repairs belong to paragraphs, and the text indexed is already
// a reading.
func New() *Keyer {
	return &Keyer{
		corrected: normalize.CorrectedLayer(nil),
		modern:    normalize.ModernLayer(),
		keys:      make(map[string]string),
		norms:     make(map[string]string),
		en:        parseTable(wordnetExc),
	}
}

// Key returns the search key of one word: see the package doc. A number
// is its own key; a string with no letter or digit has the key "".
func (k *Keyer) Key(word string) string { return memoized(k.keys, word, k.key) }

// memoized returns f(word), remembered in memo (up to 65,536 words).
func memoized(memo map[string]string, word string, f func(string) string) string {
	if v, ok := memo[word]; ok {
		return v
	}
	v := f(word)
	if len(memo) < 1<<16 {
		memo[word] = v
	}
	return v
}

func (k *Keyer) key(word string) string {
	if !hasLetter(word) {
		return digitsOnly(word)
	}
	w := k.Norm(word)
	if !isRussian(word) {
		if l, ok := k.en.Lemma(w); ok {
			w = l
		}
		return english.Stem(w, true)
	}
	if k.ru != nil {
		if l, ok := k.ru.Lemma(w); ok {
			w = l
		}
	}
	return fold(russian.Stem(w, true))
}

// Norm returns the spelling-blind form of a word before stemming: a
// Russian word through the corrected and modern layers, lower case, with ё
// read as е (мђсто, мѣсто and Место all give место); any other word lower
// case. Where the stemmer folds two words together that a caller must keep
// apart (играющихъ and играютъ both have the key игра), Norm tells them
// apart while still ignoring spelling.
func (k *Keyer) Norm(word string) string { return memoized(k.norms, word, k.norm) }

func (k *Keyer) norm(word string) string {
	if !isRussian(word) {
		return strings.ToLower(word)
	}
	w, _ := k.corrected.Apply("", word)
	w, _ = k.modern.Apply("", w)
	return strings.ReplaceAll(strings.ToLower(w), "ё", "е")
}

// Tokens splits s into words and keys them. A word is a maximal run of
// letters, combining marks, digits glued to letters and inner hyphens or
// apostrophes (по-русски, мало-по-малу); the OCR's look-alike letters (ђ,
// Latin letters inside a Cyrillic word) are letters too, so that the
// corrected layer sees the whole damaged word.
func (k *Keyer) Tokens(s string) []Token {
	var out []Token
	i := 0
	for i < len(s) {
		start, end := nextWord(s, i)
		if start < 0 {
			break
		}
		w := s[start:end]
		if key := k.Key(w); key != "" {
			out = append(out, Token{Start: start, End: end, Word: w, Key: key, Parts: k.parts(w), Also: k.Also(w)})
		}
		i = end
	}
	return out
}

// Words returns the byte ranges of the words of s, as Tokens splits them
// (Tokens leaves out a word whose key is ""), without keying them: what
// a reader of the search index needs to find the words again in a text.
func Words(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		start, end := nextWord(s, i)
		if start < 0 {
			break
		}
		out = append(out, [2]int{start, end})
		i = end
	}
	return out
}

// Keys returns the keys of the words of s, in order.
func (k *Keyer) Keys(s string) []string {
	toks := k.Tokens(s)
	keys := make([]string, len(toks))
	for i, t := range toks {
		keys[i] = t.Key
	}
	return keys
}

// nextWord returns the byte range of the first word at or after i, or -1.
func nextWord(s string, i int) (start, end int) {
	start = -1
	for j := i; j < len(s); {
		r, n := utf8.DecodeRuneInString(s[j:])
		if normalize.IsWordRune(r) {
			start = j
			break
		}
		j += n
	}
	if start < 0 {
		return -1, -1
	}
	end = start
	for end < len(s) {
		r, n := utf8.DecodeRuneInString(s[end:])
		if normalize.IsWordRune(r) {
			end += n
			continue
		}
		if (r == '-' || r == '\'' || r == '’') && end+n < len(s) {
			r2, _ := utf8.DecodeRuneInString(s[end+n:])
			if unicode.IsLetter(r2) {
				end += n
				continue
			}
		}
		break
	}
	return start, end
}

// digitsOnly returns w if it is all decimal digits, else "".
func digitsOnly(w string) string {
	for _, r := range w {
		if !unicode.IsDigit(r) {
			return ""
		}
	}
	return w
}

func hasLetter(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// isRussian reports whether w has a Cyrillic letter: a Russian word, or an
// OCR-damaged one with Latin look-alikes in it.
func isRussian(w string) bool {
	for _, r := range w {
		if unicode.Is(unicode.Cyrillic, r) {
			return true
		}
	}
	return false
}
