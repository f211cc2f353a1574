package normalize

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// CorrectedLayer returns the layer that turns the diplomatic reading (the
// OCR as decoded) into the corrected reading: the book's own pre-reform
// spelling with OCR damage repaired. Rules run in this order: NFC, the
// editor's emendations for the paragraph (matched on the NFC text), then the
// systematic OCR repairs.
func CorrectedLayer(em Emendations) *Layer {
	l := &Layer{Name: Corrected, Rules: correctedRules(), density: 128}
	if len(em) > 0 {
		l.em = map[string][]Emendation{}
		for _, e := range em {
			id := e.ParaID()
			l.em[id] = append(l.em[id], e)
		}
	}
	return l
}

func correctedRules() []Rule {
	return []Rule{
		{
			ID:          "nfc",
			Doc:         "Unicode NFC: decomposed letters are composed (и + combining breve → й).",
			DocRU:       "Нормализация Unicode NFC: разложенные буквы собираются (и + комбинирующая кратка → й).",
			Examples:    [][2]string{{"и\u0306", "й"}, {"е\u0308", "ё"}},
			NonExamples: []string{"й", "сѣдло"},
			find:        findNFC,
		},
		{
			ID:       "emendation",
			Doc:      "The editor's word-level repairs from corpus/emendations.tsv, for the paragraph named there; the OCR form must stand as a whole word.",
			DocRU:    "Пословные исправления издателя из corpus/emendations.tsv для указанного там абзаца; форма из распознанного текста должна стоять как целое слово.",
			Examples: nil, // tested with the corpus table
			find:     findEmendation,
		},
		{
			ID:          "ocr/latin-lookalike",
			Doc:         "A Latin letter that looks like a Cyrillic one (a c e o p x y i A B C E H I K M O P T X Y) inside a word (letters and digits) with Cyrillic letters becomes the Cyrillic letter (i → і).",
			DocRU:       "Латинская буква, похожая на кириллическую («a c e o p x y i A B C E H I K M O P T X Y»), внутри слова (из букв и цифр) с кириллическими буквами становится кириллической (i → і).",
			Examples:    [][2]string{{"кapта", "карта"}, {"KОЛОДА", "КОЛОДА"}, {"зодiакъ", "зодіакъ"}, {"A0ся", "А0ся"}},
			NonExamples: []string{"правило II", "XIX века", "card"},
			find:        findLatin,
		},
		{
			ID:          "ocr/digit-in-word",
			Heuristic:   true,
			Doc:         "A lone digit 3, 0 or 6 inside a word of Cyrillic letters is the letter it resembles: 3 → З/з, 0 → О/о, 6 → б (capital at the start of a sentence or in a word in capitals).",
			DocRU:       "Одиночная цифра 3, 0 или 6 внутри слова из кириллических букв — похожая на неё буква: 3 → З/з, 0 → О/о, 6 → б (прописная в начале предложения или в слове прописными).",
			Examples:    [][2]string{{"3одіакъ.", "Зодіакъ."}, {"ра3ъ", "разъ"}, {"к0лода", "колода"}, {"6убны", "бубны"}},
			NonExamples: []string{"1873 году", "52 листа", "1873г.", "3х"},
			find:        findDigit,
		},
		{
			ID:          "ocr/dje-yat",
			Doc:         "The Serbian letter ђ (Ђ) printed for ѣ (Ѣ) becomes ѣ (Ѣ in a word in capitals); where it stands for another letter, an emendation decides first.",
			DocRU:       "Сербская буква ђ (Ђ), напечатанная вместо ѣ (Ѣ), становится ѣ (Ѣ в слове прописными); где она стоит вместо другой буквы, прежде применяется исправление издателя.",
			Examples:    [][2]string{{"слђдовать", "слѣдовать"}, {"ДВђ", "ДВѢ"}, {"Ђсть", "Ѣсть"}},
			NonExamples: []string{"слѣдовать", "дѣло"},
			find:        findDje,
		},
		{
			ID:          "ocr/i-i-short",
			Doc:         "й printed as two і (іі, ІІ) becomes й (Й); after a consonant the first і is the letter і and only the second is read й (основаніі → основаній).",
			DocRU:       "й, напечатанное как два і (іі, ІІ), становится й (Й); после согласной первое і — буква і, и только второе читается как й (основаніі → основаній).",
			Examples:    [][2]string{{"судеіі", "судей"}, {"Каждыіі", "Каждый"}, {"КАЖДЫІІ", "КАЖДЫЙ"}, {"основаніі", "основаній"}},
			NonExamples: []string{"Маріи", "II. На основанія"},
			find:        findII,
		},
		{
			ID:          "ocr/capital-short-i",
			Doc:         "A capital Й after a lower-case letter, inside a word, becomes й.",
			DocRU:       "Прописное Й после строчной буквы внутри слова становится й.",
			Examples:    [][2]string{{"КаждыЙ", "Каждый"}, {"каждоЙ,", "каждой,"}},
			NonExamples: []string{"ЙОГА", "ВОЙНА", "Йодъ"},
			find:        findCapitalShortI,
		},
		{
			ID:          "ocr/i-soft-sign-yat",
			Doc:         "ѣ printed as і followed by ь (іь; ІЬ) becomes ѣ (Ѣ): the sequence occurs in no Russian word.",
			DocRU:       "ѣ, напечатанное как і и ь (іь; ІЬ), становится ѣ (Ѣ): такого сочетания нет ни в одном русском слове.",
			Examples:    [][2]string{{"діьло", "дѣло"}, {"ДІЬЛО", "ДѢЛО"}},
			NonExamples: []string{"дѣло", "ноль"},
			find:        findISoftSign,
		},
		{
			ID:          "ocr/standalone-n",
			Heuristic:   true,
			Doc:         "A lone lower-case н between spaces is the conjunction и (н is no Russian word; н. with a period is left as an abbreviation).",
			DocRU:       "Одиночное строчное н между пробелами — союз и (слова н в русском языке нет; н. с точкой оставляется как сокращение).",
			Examples:    [][2]string{{"карты н если", "карты и если"}},
			NonExamples: []string{"н. ст.", "на", "онъ н."},
			find:        findStandaloneN,
		},
		{
			ID:          "ocr/final-p",
			Heuristic:   true,
			Doc:         "The final п of a word of three or more letters is a misread и: in pre-reform spelling a word ending in п would end in пъ. Not before a period (abbreviations). Pre-reform text only.",
			DocRU:       "Конечное п в слове из трёх и более букв — неверно прочитанное и: в дореформенной орфографии слово на п кончалось бы на пъ. Не перед точкой (сокращения); только в дореформенном тексте.",
			Examples:    [][2]string{{"еслп одна", "если одна"}, {"восьмп картъ", "восьми картъ"}, {"взятымп", "взятыми"}},
			NonExamples: []string{"снопъ", "стр. п.", "п", "суп."},
			PreReform:   true,
			find:        findFinalP,
		},
	}
}

// nfcSafeLimit bounds the runes that nfcSafe classifies: Latin, Greek,
// Cyrillic, General Punctuation and the symbols up to U+2FFF.
const nfcSafeLimit = 0x3000

// nfcSafe is a bit set over the runes below nfcSafeLimit, derived from
// norm's own tables the first time it is needed: a rune is in it when its
// NFC quick check answers yes (alone it is NFC, so it has no singleton or
// excluded decomposition) and it has a boundary before it (canonical
// combining class 0 and nothing composes with what precedes it). A string of
// such runes is NFC (UAX #15's quick check), whatever their order.
var nfcSafe = sync.OnceValue(func() *[nfcSafeLimit / 64]uint64 {
	var set [nfcSafeLimit / 64]uint64
	var buf [utf8.UTFMax]byte
	for r := rune(0); r < nfcSafeLimit; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		s := string(buf[:utf8.EncodeRune(buf[:], r)])
		if norm.NFC.PropertiesString(s).BoundaryBefore() && norm.NFC.IsNormalString(s) {
			set[r/64] |= 1 << (r % 64)
		}
	}
	return &set
})

// isNFCFast reports whether s certainly is NFC: every rune is in nfcSafe. It
// is a quicker form of norm.NFC.IsNormalString for the text of this book; a
// false answer means "check properly".
func isNFCFast(s string) bool {
	set := nfcSafe()
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r >= nfcSafeLimit || set[r/64]&(1<<(r%64)) == 0 {
			return false
		}
		i += n
	}
	return true
}

// findNFC records an nfc edit for each normalization segment of s that is
// not NFC.
func findNFC(_ context, s string, out []repl) []repl {
	if isNFCFast(s) || norm.NFC.IsNormalString(s) {
		return out
	}
	for i := 0; i < len(s); {
		n := norm.NFC.NextBoundaryInString(s[i:], true)
		if n <= 0 {
			n = len(s) - i
		}
		seg := s[i : i+n]
		if !norm.NFC.IsNormalString(seg) {
			out = append(out, repl{start: i, end: i + n, after: norm.NFC.String(seg)})
		}
		i += n
	}
	return out
}

// wholeWord reports whether s[i:j] (equal to form) is not glued to a letter
// or digit on a side where form itself begins or ends with one.
func wholeWord(s string, i, j int, form string) bool {
	if r, _ := next(form, 0); IsWordRune(r) {
		if p, _ := prev(s, i); IsWordRune(p) {
			return false
		}
	}
	if r, _ := prev(form, len(form)); IsWordRune(r) {
		if n, _ := next(s, j); IsWordRune(n) {
			return false
		}
	}
	return true
}

func findEmendation(c context, s string, out []repl) []repl {
	if len(c.em) == 0 {
		return out
	}
	n0 := len(out)
	for _, e := range c.em {
		for i := find(s, e.OCR, 0); i >= 0; i = find(s, e.OCR, i+len(e.OCR)) {
			j := i + len(e.OCR)
			if wholeWord(s, i, j, e.OCR) {
				out = append(out, repl{start: i, end: j, after: e.Corrected})
			}
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

var latinToCyr = func() (t [128]string) {
	for _, p := range [][2]string{
		{"a", "а"}, {"c", "с"}, {"e", "е"}, {"o", "о"}, {"p", "р"}, {"x", "х"}, {"y", "у"}, {"i", "і"},
		{"A", "А"}, {"B", "В"}, {"C", "С"}, {"E", "Е"}, {"H", "Н"}, {"I", "І"}, {"K", "К"}, {"M", "М"},
		{"O", "О"}, {"P", "Р"}, {"T", "Т"}, {"X", "Х"}, {"Y", "У"},
	} {
		t[p[0][0]] = p[1]
	}
	return t
}()

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isASCIIAlnum(c byte) bool { return isASCIILetter(c) || '0' <= c && c <= '9' }

// nearNonASCII reports whether a byte of s that is accepts stands next to
// a non-ASCII byte: without one, no word of s mixes ASCII and Cyrillic.
func nearNonASCII(s string, is func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if is(s[i]) && ((i > 0 && s[i-1] >= 0x80) || (i+1 < len(s) && s[i+1] >= 0x80)) {
			return true
		}
	}
	return false
}

// eachWord calls f with the bounds [i, j) of each run of word runes in s,
// in order.
func eachWord(s string, f func(i, j int)) {
	for i := 0; i < len(s); {
		r, n := next(s, i)
		if !IsWordRune(r) {
			i += n
			continue
		}
		j := i
		for j < len(s) {
			r, n := next(s, j)
			if !IsWordRune(r) {
				break
			}
			j += n
		}
		f(i, j)
		i = j
	}
}

func findLatin(_ context, s string, out []repl) []repl {
	// A word with a Latin letter and a Cyrillic one has an ASCII letter
	// or digit next to a non-ASCII byte somewhere (not always the Latin
	// letter itself: "A0ся"); without one, nothing can change.
	if !nearNonASCII(s, isASCIIAlnum) {
		return out
	}
	eachWord(s, func(i, j int) {
		cyr, lat := false, false
		for k := i; k < j; {
			r, n := next(s, k)
			if isCyr(r) {
				cyr = true
			} else if r < 0x80 && latinToCyr[r] != "" {
				lat = true
			}
			k += n
		}
		if !cyr || !lat {
			return
		}
		for k := i; k < j; k++ {
			c := s[k]
			if c < 0x80 && latinToCyr[c] != "" {
				if m, _ := next(s, k+1); !isMark(m) {
					out = append(out, repl{start: k, end: k + 1, after: latinToCyr[c]})
				}
			}
		}
	})
	return out
}

// sentenceStart reports whether byte i of s begins a sentence: only spaces,
// opening quotes, brackets or dashes stand between it and the start of s or
// a sentence-ending mark.
func sentenceStart(s string, i int) bool {
	for {
		r, n := prev(s, i)
		switch {
		case n == 0:
			return true
		case unicode.IsSpace(r) || r == '«' || r == '"' || r == '(' || r == '„' || r == '—' || r == '-' || r == '[':
			i -= n
		default:
			return r == '.' || r == '!' || r == '?' || r == '…'
		}
	}
}

func findDigit(_ context, s string, out []repl) []repl {
	if !nearNonASCII(s, func(c byte) bool { return c == '0' || c == '3' || c == '6' }) {
		return out
	}
	eachWord(s, func(i, j int) {
		digits, cyr, upper, lower, at := 0, 0, 0, 0, -1
		for k := i; k < j; {
			r, n := next(s, k)
			switch {
			case '0' <= r && r <= '9':
				digits++
				at = k
			case isCyr(r):
				cyr++
			}
			if isUpper(r) {
				upper++
			} else if isLower(r) {
				lower++
			}
			k += n
		}
		if m, _ := next(s, at+1); digits == 1 && cyr >= 2 && !isMark(m) {
			if to := digitLetter(s[at], (lower == 0 && upper > 0) || (at == i && sentenceStart(s, i))); to != "" {
				out = append(out, repl{start: at, end: at + 1, after: to})
			}
		}
	})
	return out
}

// digitLetter returns the letter the OCR read as digit c (a capital where
// capital says so), or "".
func digitLetter(c byte, capital bool) string {
	switch {
	case c == '3' && capital:
		return "З"
	case c == '3':
		return "з"
	case c == '0' && capital:
		return "О"
	case c == '0':
		return "о"
	case c == '6':
		return "б"
	}
	return ""
}

// othersUpper reports whether the letters of word s[ws:we] other than those
// at [i, j) and other than ђ/Ђ are all capitals, and there is at least one.
func othersUpper(s string, ws, we, i, j int) bool {
	n := 0
	for k := ws; k < we; {
		r, size := next(s, k)
		if k < i || k >= j {
			if r != 'ђ' && r != 'Ђ' && isLetter(r) && !isMark(r) {
				if !isUpper(r) {
					return false
				}
				n++
			}
		}
		k += size
	}
	return n > 0
}

func findDje(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, d := range []string{"ђ", "Ђ"} {
		for i := find(s, d, 0); i >= 0; i = find(s, d, i+len(d)) {
			j := i + len(d)
			ws, we := wordAround(s, i, j, isLetter)
			up := othersUpper(s, ws, we, i, j)
			if d == "Ђ" && (ws == i || we-ws == j-i) {
				up = true
			}
			to := "ѣ"
			if up {
				to = "Ѣ"
			}
			out = append(out, repl{start: i, end: j, after: to})
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

func findII(_ context, s string, out []repl) []repl {
	n0 := len(out)
occ3:
	for i := find(s, "іі", 0); i >= 0; i = find(s, "іі", i+len("іі")) {
		// і stands only before a vowel or й: after a consonant the first і
		// is real and the second is the й (основаніі → основаній).
		if r, _ := prev(s, i); isConsonant(r) {
			out = append(out, repl{start: i + 2, end: i + 4, after: "й"})
			continue occ3
		}
		out = append(out, repl{start: i, end: i + 4, after: "й"})
	}
	for i := find(s, "ІІ", 0); i >= 0; i = find(s, "ІІ", i+len("ІІ")) {
		to := "Й"
		if r, _ := prev(s, i); isLower(r) {
			to = "й"
		}
		out = append(out, repl{start: i, end: i + 4, after: to})
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

func findCapitalShortI(_ context, s string, out []repl) []repl {
	for i := find(s, "Й", 0); i >= 0; i = find(s, "Й", i+len("Й")) {
		p, _ := prev(s, i)
		q, _ := next(s, i+2)
		if isLower(p) && !isUpper(q) {
			out = append(out, repl{start: i, end: i + 2, after: "й"})
		}
	}
	return out
}

func findISoftSign(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for i := find(s, "іь", 0); i >= 0; i = find(s, "іь", i+len("іь")) {
		out = append(out, repl{start: i, end: i + 4, after: "ѣ"})
	}
	for i := find(s, "ІЬ", 0); i >= 0; i = find(s, "ІЬ", i+len("ІЬ")) {
		out = append(out, repl{start: i, end: i + 4, after: "Ѣ"})
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

func findStandaloneN(_ context, s string, out []repl) []repl {
	for i := find(s, "н", 0); i >= 0; i = find(s, "н", i+len("н")) {
		p, pn := prev(s, i)
		q, _ := next(s, i+2)
		if (pn == 0 || unicode.IsSpace(p)) && q >= 0 && unicode.IsSpace(q) {
			out = append(out, repl{start: i, end: i + 2, after: "и"})
		}
	}
	return out
}

func findFinalP(_ context, s string, out []repl) []repl {
occ9:
	for i := find(s, "п", 0); i >= 0; i = find(s, "п", i+len("п")) {
		q, _ := next(s, i+2)
		if isLetter(q) || q == '.' {
			continue occ9
		}
		p, _ := prev(s, i)
		if !isCyr(p) || !isLower(p) {
			continue occ9
		}
		ws, _ := wordAround(s, i, i+2, isLetter)
		if n := countRunes(s[ws:i]); n < 2 {
			continue occ9
		}
		out = append(out, repl{start: i, end: i + 2, after: "и"})
	}
	return out
}

func countRunes(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}

// isConsonant reports whether r is a lower-case Cyrillic consonant letter.
func isConsonant(r rune) bool {
	return strings.ContainsRune("бвгджзклмнпрстфхцчшщѳ", r)
}
