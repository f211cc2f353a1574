package stem

import (
	"strings"
	"unicode/utf8"
)

// The rules here fold forms of one Russian word that the Snowball
// stemmer leaves apart. They are rules, not a word list: a lexicon of
// modern Russian, when there is one, plugs in as the Keyer's Lemmas and
// decides first.

// fold removes a fleeting vowel from a Russian stem: a stem of at least
// five letters that ends in a consonant, о, е or ь and a consonant loses
// the vowel, so that промежуток and промежутк (промежутки), восем
// (восемь) and восьм (восьми), пачек and пачк (пачка) give one key. The
// stems of a word's other forms lose the same vowel (корол → корл), so
// the rule never parts what was one key.
//
// It also cuts the -ова-/-ева- of a verb's infinitive stem, which its
// present tense has as -у-/-ю- and Snowball cuts (следовать: следова →
// след, the key of следует).
func fold(stem string) string {
	if utf8.RuneCountInString(stem) < 5 {
		return stem
	}
	for _, suf := range []string{"ова", "ева"} {
		if strings.HasSuffix(stem, suf) && utf8.RuneCountInString(stem) >= 6 {
			return strings.TrimSuffix(stem, suf)
		}
	}
	last, n1 := utf8.DecodeLastRuneInString(stem)
	vowel, n2 := utf8.DecodeLastRuneInString(stem[:len(stem)-n1])
	before, _ := utf8.DecodeLastRuneInString(stem[:len(stem)-n1-n2])
	if !isConsonant(last) || !isConsonant(before) || !strings.ContainsRune("оеь", vowel) {
		return stem
	}
	return stem[:len(stem)-n1-n2] + string(last)
}

func isConsonant(r rune) bool {
	return strings.ContainsRune("бвгджзйклмнпрстфхцчшщ", r)
}

// Also returns a key the word may stand for as well, or "": for a
// Russian word that may be an imperfective gerund, the stem of its verb:
// in -ая or -яя, which Snowball reads as an adjective, the word without
// its я (начиная: начина, the key of начинают, начинать); in -уя or -юя,
// without both letters (следуя: след, the key of следует). The index
// counts it only where that key is a word of the text.
func (k *Keyer) Also(word string) string {
	if !isRussian(word) {
		return ""
	}
	w := k.Norm(word)
	if utf8.RuneCountInString(w) < 5 {
		return ""
	}
	switch {
	case strings.HasSuffix(w, "ая"), strings.HasSuffix(w, "яя"):
		return strings.TrimSuffix(w, "я")
	case strings.HasSuffix(w, "уя"), strings.HasSuffix(w, "юя"):
		return strings.TrimSuffix(strings.TrimSuffix(w, "уя"), "юя")
	}
	return ""
}

// parts returns the keys of a hyphenated word's parts, or nil.
func (k *Keyer) parts(word string) []string {
	if !strings.ContainsAny(word, "-") {
		return nil
	}
	var out []string
	for _, p := range strings.Split(word, "-") {
		if key := k.Key(p); key != "" {
			out = append(out, key)
		}
	}
	return out
}
