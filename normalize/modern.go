package normalize

import "strings"

// ModernLayer returns the layer that turns the corrected (pre-reform)
// reading into modern spelling: the 1917–1918 letter and ending changes,
// with the word exceptions the sources need, and today's conventions for
// what the old spelling hyphenated or wrote apart. The word and letter rules
// (modern/oni … modern/final-hard-sign) form one batch: each reads the
// corrected text, and where two would change the same letter (онѣ) the
// earlier rule wins; the joining rules then read the batch's output.
func ModernLayer() *Layer {
	return &Layer{Name: Modern, Rules: modernRules(), density: 24}
}

func modernRules() []Rule {
	return []Rule{
		{
			ID:          "modern/oni",
			Doc:         "The feminine plural pronouns онѣ, однѣ (and однѣхъ, однѣмъ, однѣми) take и: они, одни.",
			DocRU:       "Местоимения женского рода множественного числа онѣ, однѣ (и однѣхъ, однѣмъ, однѣми) пишутся через и: они, одни.",
			Examples:    [][2]string{{"Онѣ должны", "Они должны"}, {"однѣ", "одни"}},
			NonExamples: []string{"онъ", "нѣтъ", "одна"},
			batch:       true,
			find:        findOni,
		},
		{
			ID:          "modern/eya",
			Doc:         "The genitive pronoun ея (нея) becomes ее (нее).",
			DocRU:       "Местоимение в родительном падеже ея (нея) становится ее (нее).",
			Examples:    [][2]string{{"со снятіемъ ея не", "со снятіемъ ее не"}, {"нея", "нее"}},
			NonExamples: []string{"ее", "статея", "Коренея"},
			batch:       true,
			find:        findEya,
		},
		{
			ID:          "modern/adjective-plural",
			Doc:         "The feminine and neuter plural adjective endings -ыя, -ія become -ые, -ие; words in -ія after a stem that is not adjectival (основанія, линія, серія, Симпатія) are nouns and keep -ия.",
			DocRU:       "Окончания прилагательных женского и среднего рода множественного числа -ыя, -ія становятся -ые, -ие; слова на -ія после неприлагательной основы (основанія, линія, серія, Симпатія) — существительные и сохраняют -ия.",
			Examples:    [][2]string{{"основныя", "основные"}, {"подходящія", "подходящіе"}, {"верхнія", "верхніе"}, {"другія", "другіе"}},
			NonExamples: []string{"основанія", "линія", "Симпатія", "Полушарія", "выя"},
			batch:       true,
			find:        findAdjPlural,
		},
		{
			ID:          "modern/genitive-ago",
			Doc:         "The genitive adjective endings -аго, -яго become -ого, -его (-его after ж, ш, щ, ч, ц, except большаго → большого).",
			DocRU:       "Окончания прилагательных в родительном падеже -аго, -яго становятся -ого, -его (-его после ж, ш, щ, ч, ц, кроме большаго → большого).",
			Examples:    [][2]string{{"перваго", "первого"}, {"нижняго", "нижнего"}, {"хорошаго", "хорошего"}, {"большаго", "большого"}},
			NonExamples: []string{"саго", "много", "другого", "Чикаго"},
			batch:       true,
			find:        findAgo,
		},
		{
			ID:          "modern/prefix-voiceless",
			Doc:         "The prefixes из-, раз-, без-, воз-, чрез-, низ- (also after не-) end in с before a voiceless consonant (к п с т ф х ц ч ш щ).",
			DocRU:       "Приставки из-, раз-, без-, воз-, чрез-, низ- (и после не-) перед глухой согласной (к п с т ф х ц ч ш щ) оканчиваются на с.",
			Examples:    [][2]string{{"разсматриваютъ", "рассматриваютъ"}, {"Безпорядокъ", "Беспорядокъ"}, {"изсякнуть", "иссякнуть"}, {"неразсчетливый", "нерассчетливый"}},
			NonExamples: []string{"низкій", "изъ", "развить", "разъ", "низшій"},
			batch:       true,
			find:        findPrefix,
		},
		{
			ID:          "modern/yat",
			Doc:         "ѣ (Ѣ) becomes е (Е).",
			DocRU:       "ѣ (Ѣ) становится е (Е).",
			Examples:    [][2]string{{"слѣдовать", "следовать"}, {"ДВѢ", "ДВЕ"}},
			NonExamples: []string{"следовать"},
			batch:       true,
			find:        letterRule([][2]string{{"ѣ", "е"}, {"Ѣ", "Е"}}),
		},
		{
			ID:          "modern/i",
			Doc:         "і (І) becomes и (И).",
			DocRU:       "і (І) становится и (И).",
			Examples:    [][2]string{{"зодіакъ", "зодиакъ"}, {"Іюль", "Июль"}},
			NonExamples: []string{"зодиак"},
			batch:       true,
			find:        letterRule([][2]string{{"і", "и"}, {"І", "И"}}),
		},
		{
			ID:          "modern/fita",
			Doc:         "ѳ (Ѳ) becomes ф (Ф).",
			DocRU:       "ѳ (Ѳ) становится ф (Ф).",
			Examples:    [][2]string{{"ариѳметика", "арифметика"}, {"Ѳедоръ", "Федоръ"}},
			NonExamples: []string{"фигура"},
			batch:       true,
			find:        letterRule([][2]string{{"ѳ", "ф"}, {"Ѳ", "Ф"}}),
		},
		{
			ID:          "modern/izhitsa",
			Doc:         "ѵ (Ѵ, and ѷ with its accent) becomes и (И).",
			DocRU:       "ѵ (Ѵ, а также ѷ с ударением) становится и (И).",
			Examples:    [][2]string{{"мѵро", "миро"}, {"сѷнодъ", "синодъ"}},
			NonExamples: []string{"миро"},
			batch:       true,
			find:        letterRule([][2]string{{"ѵ", "и"}, {"Ѵ", "И"}, {"ѷ", "и"}, {"Ѷ", "И"}}),
		},
		{
			ID:          "modern/final-hard-sign",
			Doc:         "ъ (Ъ) at the end of a word is dropped; inside a word (подъѣздъ) it stays.",
			DocRU:       "ъ (Ъ) на конце слова опускается; внутри слова (подъѣздъ) он остаётся.",
			Examples:    [][2]string{{"картъ.", "карт."}, {"ПОЛНЫХЪ КАРТЪ", "ПОЛНЫХ КАРТ"}, {"тотчасъ-же", "тотчас-же"}, {"подъездъ", "подъезд"}},
			NonExamples: []string{"подъем", "ъ"},
			batch:       true,
			find:        findFinalHardSign,
		},
		{
			ID:          "modern/particle-hyphen",
			Doc:         "The particle же, hyphenated in the old spelling (тотчасъ-же, Если-же), is written apart.",
			DocRU:       "Частица же, в старой орфографии писавшаяся через дефис (тотчасъ-же, Если-же), пишется отдельно.",
			Examples:    [][2]string{{"тотчас-же.", "тотчас же."}, {"Если-же удастся", "Если же удастся"}},
			NonExamples: []string{"уже", "-жечь", "кто-нибудь"},
			find:        findParticle,
		},
		{
			ID:          "modern/te-abbreviation",
			Doc:         "The abbreviation т.-е. (то-есть) is written т. е.",
			DocRU:       "Сокращение т.-е. (то-есть) пишется т. е.",
			Examples:    [][2]string{{"потребуется, т.-е. до", "потребуется, т. е. до"}},
			NonExamples: []string{"т. е.", "от.-е."},
			find:        findTe,
		},
		{
			ID:          "modern/prichem",
			Doc:         "The conjunction при чем (after a comma) is written as one word: причем.",
			DocRU:       "Союз при чем (после запятой) пишется одним словом: причем.",
			Examples:    [][2]string{{"порядке, при чем карты", "порядке, причем карты"}},
			NonExamples: []string{"при чемъ", "Не при чем", "при чемодане"},
			find:        findPrichem,
		},
	}
}

// wordIs reports whether the word around bytes [i, j) of s equals one of
// forms, ignoring case; it returns the word's start.
func wordIs(s string, i, j int, forms ...string) (int, bool) {
	ws, we := wordAround(s, i, j, isLetter)
	w := s[ws:we]
	for _, f := range forms {
		if len(w) == len(f) && strings.EqualFold(w, f) {
			return ws, true
		}
	}
	return ws, false
}

// keepCase returns lower or its capital form, following the case of r.
func keepCase(r rune, lower, upper string) string {
	if isUpper(r) {
		return upper
	}
	return lower
}

func findOni(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{"нѣ", "НѢ"} {
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			if _, ok := wordIs(s, i, i+4, "онѣ", "однѣ", "однѣхъ", "однѣмъ", "однѣми"); ok {
				y, _ := next(s, i+2)
				out = append(out, repl{start: i + 2, end: i + 4, after: keepCase(y, "и", "И")})
			}
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

func findEya(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{"ея", "ЕЯ", "Ея"} {
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			if _, ok := wordIs(s, i, i+4, "ея", "нея"); ok && !letterAfter(s, i+4) {
				y, _ := next(s, i+2)
				out = append(out, repl{start: i + 2, end: i + 4, after: keepCase(y, "е", "Е")})
			}
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

// adjectival reports whether the letters before the ending -ія (stem, in
// lower case or capitals) make the word an adjective: a stem in г к х ж ш щ
// ч, or a soft stem in -хн -жн -дн -нн -мн -тн -шн (верхнія, послѣднія).
func adjectival(stem string) bool {
	r1, n1 := prev(stem, len(stem))
	r2, _ := prev(stem, len(stem)-n1)
	l1, l2 := toLowerCyr(r1), toLowerCyr(r2)
	switch l1 {
	case 'г', 'к', 'х', 'ж', 'ш', 'щ', 'ч':
		return true
	case 'н':
		switch l2 {
		case 'х', 'ж', 'д', 'н', 'м', 'т', 'ш':
			return true
		}
	}
	return false
}

func toLowerCyr(r rune) rune {
	if r >= 0x410 && r <= 0x42F {
		return r + 0x20
	}
	return r
}

// adjectiveExceptions are adjectives in -ія that adjectival misses.
var adjectiveExceptions = []string{"синія"}

func findAdjPlural(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{"ыя", "ЫЯ", "ія", "ІЯ"} {
	occ3:
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			j := i + 4
			if letterAfter(s, j) {
				continue occ3
			}
			ws, _ := wordAround(s, i, j, isLetter)
			if countRunes(s[ws:i]) < 2 {
				continue occ3
			}
			if nd == "ія" || nd == "ІЯ" {
				if _, exc := wordIs(s, i, j, adjectiveExceptions...); !exc && !adjectival(s[ws:i]) {
					continue occ3
				}
			}
			y, _ := next(s, i+2)
			out = append(out, repl{start: i + 2, end: j, after: keepCase(y, "е", "Е")})
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

// agoNouns end in -аго but are no adjectives; agoStressed keep о after a
// sibilant.
var (
	agoNouns    = []string{"саго", "чикаго", "сантьяго", "яго", "аго"}
	agoStressed = []string{"большаго"}
)

func findAgo(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{"аго", "АГО", "яго", "ЯГО"} {
	occ4:
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			j := i + 6
			if letterAfter(s, j) {
				continue occ4
			}
			ws, _ := wordAround(s, i, j, isLetter)
			if countRunes(s[ws:i]) < 2 {
				continue occ4
			}
			if _, noun := wordIs(s, i, j, agoNouns...); noun {
				continue occ4
			}
			a, _ := next(s, i)
			to := keepCase(a, "о", "О")
			if nd == "яго" || nd == "ЯГО" {
				to = keepCase(a, "е", "Е")
			} else if p, _ := prev(s, i); strings.ContainsRune("жшщчцЖШЩЧЦ", p) {
				if _, ok := wordIs(s, i, j, agoStressed...); !ok {
					to = keepCase(a, "е", "Е")
				}
			}
			out = append(out, repl{start: i, end: i + 2, after: to})
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

var (
	zPrefixes = []string{"из", "раз", "без", "воз", "чрез", "низ"}
	// zRoots begin like a prefix but the з belongs to the root.
	zRoots = []string{"низк", "низш", "возч"}
)

func findPrefix(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{"з", "З"} {
	occ5:
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			q, qn := next(s, i+2)
			if !strings.ContainsRune("кпстфхцчшщКПСТФХЦЧШЩ", q) {
				continue occ5
			}
			if r, _ := next(s, i+2+qn); !isLetter(r) {
				continue occ5
			}
			ws, _ := wordAround(s, i, i+2, isLetter)
			pre := s[ws : i+2]
			if len(pre) > 4 && strings.EqualFold(pre[:4], "не") {
				pre = pre[4:]
			}
			found := false
			for _, p := range zPrefixes {
				if len(pre) == len(p) && strings.EqualFold(pre, p) {
					found = true
				}
			}
			if !found {
				continue occ5
			}
			stem := s[i+2-len(pre):]
			for _, root := range zRoots {
				if len(stem) >= len(root) && strings.EqualFold(stem[:len(root)], root) {
					continue occ5
				}
			}
			out = append(out, repl{start: i, end: i + 2, after: keepCase([]rune(nd)[0], "с", "С")})
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

// letterRule replaces each "from" letter by its "to" letter everywhere.
func letterRule(pairs [][2]string) func(context, string, []repl) []repl {
	return func(_ context, s string, out []repl) []repl {
		n0 := len(out)
		for _, p := range pairs {
			from, to := p[0], p[1]
			for i := find(s, from, 0); i >= 0; i = find(s, from, i+len(from)) {
				out = append(out, repl{start: i, end: i + len(from), after: to})
			}
		}
		if len(pairs) > 1 {
			return append(out[:n0], sortRepls(out[n0:])...)
		}
		return out
	}
}

func findFinalHardSign(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{"ъ", "Ъ"} {
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			if letterBefore(s, i) && !letterAfter(s, i+2) {
				out = append(out, repl{start: i, end: i + 2, after: ""})
			}
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

func findParticle(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{"-же", "-Же", "-ЖЕ"} {
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			if letterBefore(s, i) && !letterAfter(s, i+len(nd)) {
				out = append(out, repl{start: i, end: i + 1, after: " "})
			}
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

func findTe(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{"т.-е.", "Т.-е."} {
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			if !letterBefore(s, i) {
				out = append(out, repl{start: i + 3, end: i + 4, after: " "})
			}
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

func findPrichem(_ context, s string, out []repl) []repl {
	const nd = "при чем"
occ10:
	for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
		if letterAfter(s, i+len(nd)) {
			continue occ10
		}
		k := i
		if r, n := prev(s, k); r == ' ' {
			k -= n
		}
		if r, _ := prev(s, k); r != ',' {
			continue occ10
		}
		out = append(out, repl{start: i + 6, end: i + 7, after: ""})
	}
	return out
}
