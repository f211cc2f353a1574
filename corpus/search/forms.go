package search

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/russian"

	"pasyans/normalize/stem"
)

// The form table is the keyer's work done at build time, for the site's
// search page, which answers a query without the keyer (whose Go
// WebAssembly build is over 0.5 MB compressed however little it holds):
// every form a reader may type whose key is a key of the index, found by
// its Fold, with that key. The page's script (site/static/search.js)
// folds each query word with the same letter map, looks it up here, and
// runs the rest of Search, Page and Snippets over the encoded index
// itself: the lookup is the only part the table changes, and a word the
// table lacks finds nothing.
//
// The forms are the words of every field (all three readings, so the
// OCR's damaged forms and the pre-reform spellings), each half of a
// hyphenated word, the English irregular forms (stem.IrregularForms),
// the keys themselves and the words' beginnings (a word still being
// typed, which Parse matches as a prefix, must know whether it is a key
// already), and forms made from the text's words: a Russian word's Snowball stem
// with each ending of ruEndings (and, for a fleeting vowel, the stem
// with the vowel put back or taken out), an English word with the
// regular suffixes. Each made form is kept only if the keyer gives it a
// key of the index, so that the table never says more than the keyer.

// foldMap is the letter map of Fold, in pairs of a letter and what it
// reads as. The Latin look-alikes apply only in a word with a Cyrillic
// letter (an OCR-damaged Russian word).
const (
	foldMap      = "ёеѣеђеіиїиѳфѵи"
	foldLatinMap = "aаeеoоpрcсxхyуkкmмhнtтbвiи"
)

// maxEnding is the longest ending, in letters, that the table splits off
// a form (ющими, ывающ…): a longer one is stored with the whole form.
const maxEnding = 6

// Fold is a word's lookup form in the form table: lower case, the letters
// of foldMap read as their modern ones (and, in a Cyrillic word, Latin
// look-alikes as Cyrillic), a final ъ dropped. The page's script folds a
// query word with the same map (FormTable.Fold).
func Fold(word string) string {
	w := strings.ToLower(word)
	cyr := strings.IndexFunc(w, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) >= 0
	w = strings.Map(func(r rune) rune {
		if v, ok := foldLetters[r]; ok {
			return v
		}
		if v, ok := foldLatin[r]; ok && cyr {
			return v
		}
		return r
	}, w)
	return strings.TrimSuffix(w, "ъ")
}

// foldLetters and foldLatin are foldMap and foldLatinMap read (never
// changed).
var foldLetters, foldLatin = pairs(foldMap), pairs(foldLatinMap)

// pairs reads a letter map.
func pairs(s string) map[rune]rune {
	rs := []rune(s)
	m := make(map[rune]rune, len(rs)/2)
	for i := 0; i+1 < len(rs); i += 2 {
		m[rs[i]] = rs[i+1]
	}
	return m
}

// ruEndings are the endings put on a Russian stem to make the forms a
// reader may type: nouns', adjectives', verbs', participles' and
// gerunds'. A form is kept only where the keyer agrees (see above).
var ruEndings = append([]string{""}, strings.Fields(`а я о е ь ы и у ю й ой ей ою ею ом ем ам ям ами ями ах ях ов ев ий ие ия ье ья ью ьи ьев ьям ьями ьях
	ый ой ая яя ое ее ые ие ого его ому ему ым им ую юю ых их ыми ими
	ть ти ться тся ешь ет ете ут ют ишь ит ите ат ят л ла ло ли лся лась лось лись юсь усь ется ются ится ятся утся атся ешься ишься
	в вши вшись я ясь ая аяся
	ющий ющая ющее ющие ющих ющим ющими ющего ющему ющую ущий ущая ущее ущие ущих ащий ащая ащее ащие ащих ящий ящая ящее ящие ящих
	нный нная нное нные нных нным нного нной ный ная ное ные ных ен ена ено ены н на но ны
	ание ания анию анием ании ение ения ению ением ении ость ости остью ее ей`)...)

// fleetingEndings and ovaEndings are the endings of a stem's variants:
// see ruStems.
var (
	fleetingEndings = []string{"", "ь", "ью", "ем", "ом"}
	ovaEndings      = strings.Fields("ть ться л ла ло ли лся в вши нный нная нное нные ние ния")
)

// enSuffixes make an English word's regular forms; the Keyer decides.
var enSuffixes = []string{"s", "es", "ed", "d", "ing", "er", "ers", "est", "ly", "ness"}

// FormTable maps folded forms to keys of an index: see above.
type FormTable struct {
	ix *Index
	// stems maps a form's first part to its endings and their keys (the
	// index of the key in the index's vocabulary), a form being that
	// part and one of the endings.
	stems map[string]map[int32][]string
}

// FormTable makes the form table of the index with the keyer that built it.
func (ix *Index) FormTable(k *stem.Keyer) *FormTable {
	ft := &FormTable{ix: ix, stems: map[string]map[int32][]string{}}
	seen := map[string]bool{}
	try := func(form string) {
		if seen[form] {
			return
		}
		seen[form] = true
		id, ok := ix.keyID[k.Key(form)]
		if !ok || !hasLetter(form) {
			return
		}
		ft.add(Fold(form), id)
	}
	var words []string
	for _, d := range ix.docs {
		for _, f := range d.Fields {
			for _, w := range stem.Words(f.Text) {
				words = append(words, f.Text[w[0]:w[1]])
			}
		}
	}
	slices.Sort(words)
	words = slices.Compact(words)
	for _, w := range words {
		try(w)
		if strings.Contains(w, "-") {
			for _, p := range strings.Split(w, "-") {
				try(p)
			}
		}
	}
	for _, w := range stem.IrregularForms() {
		try(w)
	}
	for _, key := range ix.keys {
		try(key)
	}
	for _, w := range words {
		r := []rune(w)
		for n := minPrefix; n < len(r); n++ {
			try(string(r[:n]))
		}
	}
	for _, w := range words {
		for _, f := range madeForms(k, w) {
			try(f)
		}
	}
	return ft
}

// madeForms returns the forms made from a word of the text: see above.
func madeForms(k *stem.Keyer, w string) []string {
	if strings.Contains(w, "-") || !hasLetter(w) {
		return nil
	}
	n := k.Norm(w)
	if strings.IndexFunc(n, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) < 0 {
		return enForms(n)
	}
	var out []string
	for s, es := range ruStems(russian.Stem(n, true)) {
		for _, e := range es {
			out = append(out, s+e)
		}
	}
	return out
}

// ruStems returns a Russian Snowball stem with the endings to put on
// it, and its variants with theirs: a fleeting vowel о, е or ь between
// its last two consonants taken out or changed, or one put between them
// (восьм: восем, восм; промежутк: промежуток), with the endings of the
// forms that have it (fleetingEndings); an -ова-/-ева- verb's stem (след:
// следова) with the infinitive's and past's (ovaEndings).
func ruStems(s string) map[string][]string {
	out := map[string][]string{s: ruEndings}
	r := []rune(s)
	n := len(r)
	for _, v := range []string{"ова", "ева"} {
		out[s+v] = ovaEndings
	}
	if n < 3 || !isConsonant(r[n-1]) {
		return out
	}
	base, last := string(r[:n-1]), string(r[n-1])
	switch {
	case strings.ContainsRune("оеь", r[n-2]) && isConsonant(r[n-3]):
		pre := string(r[:n-2])
		out[pre+last] = ruEndings
		for _, v := range []string{"о", "е", "ь"} {
			if pre+v+last != s {
				out[pre+v+last] = fleetingEndings
			}
		}
	case isConsonant(r[n-2]):
		for _, v := range []string{"о", "е", "ь"} {
			out[base+v+last] = fleetingEndings
		}
	}
	return out
}

func isConsonant(r rune) bool {
	return strings.ContainsRune("бвгджзйклмнпрстфхцчшщ", r)
}

// enForms returns an English word's regular forms: the suffixes, with a
// final e dropped, a final consonant doubled, a final y as i.
func enForms(w string) []string {
	if utf8.RuneCountInString(w) < 2 {
		return nil
	}
	var out []string
	bases := []string{w}
	r := []rune(w)
	last := r[len(r)-1]
	switch {
	case last == 'e':
		bases = append(bases, string(r[:len(r)-1]))
	case last == 'y':
		bases = append(bases, string(r[:len(r)-1])+"i")
	case !strings.ContainsRune("aeiouwxy", last):
		bases = append(bases, w+string(last))
	}
	for _, b := range bases {
		for _, s := range enSuffixes {
			out = append(out, b+s)
		}
	}
	return out
}

func hasLetter(w string) bool { return strings.IndexFunc(w, unicode.IsLetter) >= 0 }

// add records a folded form with its key: split after the part it shares
// with the key, if what is left is at most maxEnding letters.
func (ft *FormTable) add(form string, id int32) {
	key := ft.ix.keys[id]
	n := 0
	for n < len(form) && n < len(key) && form[n] == key[n] {
		n++
	}
	for n > 0 && n < len(form) && !utf8.RuneStart(form[n]) {
		n--
	}
	if n == 0 || utf8.RuneCountInString(form[n:]) > maxEnding {
		n = len(form)
	}
	s, e := form[:n], form[n:]
	m := ft.stems[s]
	if m == nil {
		m = map[int32][]string{}
		ft.stems[s] = m
	}
	if !slices.Contains(m[id], e) {
		m[id] = append(m[id], e)
	}
}

// Len returns the number of forms in the table.
func (ft *FormTable) Len() int {
	n := 0
	for _, m := range ft.stems {
		for _, es := range m {
			n += len(es)
		}
	}
	return n
}

// Lookup returns the key a folded form has in the table, or "" and
// false: what the page's script does.
func (ft *FormTable) Lookup(form string) (string, bool) {
	for i, e := len(form), 0; i >= 1 && e <= maxEnding; i-- {
		if i < len(form) && !utf8.RuneStart(form[i]) {
			continue
		}
		e++
		m := ft.stems[form[:i]]
		ids := make([]int32, 0, len(m))
		for id := range m {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		for _, id := range ids {
			if slices.Contains(m[id], form[i:]) {
				return ft.ix.keys[id], true
			}
		}
	}
	return "", false
}

// FormsHead is what the page's script needs besides the table's shards:
// the letter maps of Fold, the query's parameters, and the shards there
// are.
type FormsHead struct {
	Version int `json:"version"`
	// Fold and FoldLatin are the letter maps of Fold.
	Fold      string `json:"fold"`
	FoldLatin string `json:"foldLatin"`
	// The query's parameters (see Weight, Parse and Search).
	Weights   map[string]float64 `json:"weights"`
	K1        float64            `json:"k1"`
	B         float64            `json:"b"`
	MinPrefix int                `json:"minPrefix"`
	MaxExtend int                `json:"maxExtend"`
	WholeWord int                `json:"wholeWord"`
	MaxEnding int                `json:"maxEnding"`
	// Shards are the names of the shards (ShardNames): see FormShard.
	Shards []string `json:"shards"`
}

// FormShard is the part of the table whose forms begin with one letter:
// Name is the letter's code point in four hexadecimal digits (0441 for
// с; "other" for the letters that have no shard of their own), Data the part as JSON: {"endings": sets of endings, each
// sorted and joined by "|"; "stems": a form's first part → pairs of an
// ending set's index and a key's index in the encoded index's
// vocabulary}. A query loads only the shards of its words' first
// letters.
type FormShard struct {
	Name string
	Data []byte
}

// shardLetters are the letters that have a shard of their own; a form
// that begins with another (a digit, an accented Latin letter) is in the
// shard "other".
var shardLetters = [][2]rune{{'a', 'z'}, {'а', 'я'}}

// ShardNames returns the names of the table's shards: every table has
// them all, some maybe empty.
func ShardNames() []string {
	var out []string
	for _, r := range shardLetters {
		for c := r[0]; c <= r[1]; c++ {
			out = append(out, fmt.Sprintf("%04x", c))
		}
	}
	return append(out, "other")
}

// shardOf returns the name of the shard of a folded form.
func shardOf(form string) string {
	c, _ := utf8.DecodeRuneInString(form)
	for _, r := range shardLetters {
		if r[0] <= c && c <= r[1] {
			return fmt.Sprintf("%04x", c)
		}
	}
	return "other"
}

type shardFile struct {
	Endings []string           `json:"endings"`
	Stems   map[string][]int32 `json:"stems"`
}

// Encode writes the table: its head and its shards. The same table gives
// the same bytes.
func (ft *FormTable) Encode() (FormsHead, []FormShard, error) {
	h := FormsHead{Version: Version, Fold: foldMap, FoldLatin: foldLatinMap,
		Weights: map[string]float64{}, K1: bm25K1, B: bm25B, MinPrefix: minPrefix, MaxExtend: maxExtend,
		WholeWord: wholeWord, MaxEnding: maxEnding, Shards: ShardNames()}
	for _, d := range ft.ix.docs {
		for _, fl := range d.Fields {
			if w := Weight(fl.Name); w != 1 {
				h.Weights[fl.Name] = w
			}
		}
	}
	stems := make([]string, 0, len(ft.stems))
	for s := range ft.stems {
		stems = append(stems, s)
	}
	slices.Sort(stems)
	shards := map[string]*shardFile{}
	setIDs := map[string]map[string]int32{}
	for _, name := range h.Shards {
		shards[name] = &shardFile{Endings: []string{}, Stems: map[string][]int32{}}
		setIDs[name] = map[string]int32{}
	}
	for _, s := range stems {
		name := shardOf(s)
		sh := shards[name]
		ids := make([]int32, 0, len(ft.stems[s]))
		for id := range ft.stems[s] {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		for _, id := range ids {
			es := slices.Clone(ft.stems[s][id])
			slices.Sort(es)
			set := strings.Join(es, "|")
			n, ok := setIDs[name][set]
			if !ok {
				n = int32(len(sh.Endings))
				setIDs[name][set] = n
				sh.Endings = append(sh.Endings, set)
			}
			sh.Stems[s] = append(sh.Stems[s], n, id)
		}
	}
	out := make([]FormShard, 0, len(h.Shards))
	for _, name := range h.Shards {
		b, err := json.Marshal(shards[name])
		if err != nil {
			return h, nil, fmt.Errorf("search form table, shard %s: %w", name, err)
		}
		out = append(out, FormShard{Name: name, Data: b})
	}
	return h, out, nil
}
