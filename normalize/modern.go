package normalize

import (
	"strings"
	"unicode/utf8"

	"pasyans/normalize/lexicon"
)

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
			Heuristic:   true,
			Doc:         "The feminine and neuter plural adjective endings -ыя, -ія become -ые, -ие; a noun's -ія, -ыя stays -ия, -ыя (основанія, магія, подножія, Бельгія, Батыя). Noun or adjective is the answer of the edition's lexicon for the stem (reduced from the OpenCorpora dictionary of modern Russian: a stem it knows takes its answer, an unknown one that of the known stems that end like it); for a word capitalized inside a sentence the known stems are those of names and of adjectives made from names (Киликія as Ликія, Русскія as Московскія); a stem it knows both ways (карія: карие, Кария) is a proper noun when capitalized inside a sentence, else an adjective.",
			DocRU:       "Окончания прилагательных женского и среднего рода множественного числа -ыя, -ія становятся -ые, -ие; у существительного -ія, -ыя остаются -ия, -ыя (основанія, магія, подножія, Бельгія, Батыя). Существительное это или прилагательное, решает словарь издания (выборка из словаря современного русского языка OpenCorpora: известная ему основа получает его ответ, неизвестная — ответ известных основ с тем же концом); для слова с прописной буквы внутри предложения известные основы — это основы имён и прилагательных от имён (Киликія как Ликія, Русскія как Московскія); основа, которую он знает в обоих качествах (карія: карие, Кария), считается именем собственным, если слово написано с прописной буквы внутри предложения, иначе прилагательным.",
			Examples:    [][2]string{{"основныя", "основные"}, {"подходящія", "подходящіе"}, {"верхнія", "верхніе"}, {"другія", "другіе"}, {"Другія карты", "Другіе карты"}, {"чужія", "чужіе"}, {"горячія", "горячіе"}, {"дорогія", "дорогіе"}, {"тихія", "тихіе"}, {"всѣ Русскія", "всѣ Русскіе"}, {"древнія", "древніе"}, {"дальнія", "дальніе"}, {"карія глаза", "каріе глаза"}},
			NonExamples: []string{"основанія", "линія", "Симпатія", "Полушарія", "выя", "стихія", "въ Норвегіи и Норвегія", "геологія", "энергія", "монархія", "стратегія", "величія", "различія", "оружія", "Матерь Божія", "въ Чехія", "изъ Ликія", "и Киликія", "магія", "Бельгія", "подножія", "нарѣчія", "Батыя", "страна Карія"},
			batch:       true,
			find:        findAdjPlural,
		},
		{
			ID:          "modern/reflexive-plural",
			Heuristic:   true,
			Doc:         "The plural endings -ыяся, -іяся of reflexive participles and adjectives become -ыеся, -иеся, as -ыя, -ія do (учащіяся, образовавшіяся); the adjective-plural rule sees only a word that ends in -ія.",
			DocRU:       "Окончания множественного числа -ыяся, -іяся возвратных причастий и прилагательных становятся -ыеся, -иеся, как -ыя, -ія (учащіяся, образовавшіяся); правило о прилагательных во множественном числе применяется только к слову, оканчивающемуся на -ія.",
			Examples:    [][2]string{{"учащіяся", "учащіеся"}, {"образовавшіяся", "образовавшіеся"}, {"находящіяся въ", "находящіеся въ"}},
			NonExamples: []string{"учащіеся", "боялся", "новыя"},
			batch:       true,
			find:        findReflexivePlural,
		},
		{
			ID:          "modern/genitive-ago",
			Heuristic:   true,
			Doc:         "The genitive adjective endings -аго, -яго become -ого, -его: -ого after a hard stem, -его after a soft one, and after ж, ш, щ, ч, ц as the edition's lexicon (reduced from the OpenCorpora dictionary) has the adjective: хорошаго → хорошего, but чужаго, большаго → чужого, большого (where it knows both, the qualitative adjective's form: большого, not большего; else -его: меньшаго → меньшего). A word in -аго that the lexicon knows as no adjective's form keeps it: саго, Чикаго, благо, наго.",
			DocRU:       "Окончания прилагательных в родительном падеже -аго, -яго становятся -ого, -его: -ого после твёрдой основы, -его после мягкой, а после ж, ш, щ, ч, ц — как у прилагательного в словаре издания (выборка из словаря OpenCorpora): хорошаго → хорошего, но чужаго, большаго → чужого, большого (если словарь знает обе формы — форму качественного прилагательного: большого, а не большего; иначе -его: меньшаго → меньшего). Слово на -аго, которое словарь знает не как форму прилагательного, сохраняет окончание: саго, Чикаго, благо, наго.",
			Examples:    [][2]string{{"перваго", "первого"}, {"нижняго", "нижнего"}, {"хорошаго", "хорошего"}, {"большаго", "большого"}, {"Небольшаго", "Небольшого"}, {"чужаго", "чужого"}, {"свѣжаго", "свѣжего"}, {"злаго", "злого"}, {"меньшаго", "меньшего"}},
			NonExamples: []string{"саго", "много", "другого", "Чикаго", "благо", "во благо", "наго"},
			batch:       true,
			find:        findAgo,
		},
		{
			ID:          "modern/prefix-voiceless",
			Doc:         "The prefixes из-, раз-, без-, воз-, чрез-, через-, низ- (also after не-) end in с before a voiceless consonant (к п с т ф х ц ч ш щ); раз- before -счет- loses its з, as today's spelling has расчет (but рассчитать).",
			DocRU:       "Приставки из-, раз-, без-, воз-, чрез-, через-, низ- (и после не-) перед глухой согласной (к п с т ф х ц ч ш щ) оканчиваются на с; раз- перед -счет- теряет з, как в нынешнем написании расчет (но рассчитать).",
			Examples:    [][2]string{{"разсматриваютъ", "рассматриваютъ"}, {"Безпорядокъ", "Беспорядокъ"}, {"изсякнуть", "иссякнуть"}, {"неразсчетливый", "нерасчетливый"}, {"разсчетъ", "расчетъ"}, {"разсчитывать", "рассчитывать"}, {"черезчуръ", "чересчуръ"}, {"черезполосица", "чересполосица"}},
			NonExamples: []string{"низкій", "изъ", "развить", "разъ", "низшій", "черезъ", "через край"},
			batch:       true,
			find:        findPrefix,
		},
		{
			ID:          "modern/inner-hard-sign",
			Doc:         "ъ inside a word before a letter other than е, ё, ю, я, ѣ (the end of a prefix or of a compound's first part: двухъэтажный, предъидущій) is dropped, as today's spelling keeps ъ only before those; after a prefix that ends in a consonant (без-, из-, об-, от-, под-, пред-, раз-, с- …) a following и becomes ы (предъидущій → предыдущий, съиграть → сыграть); after сверх-, меж- and a compound's first part it stays (сверхизысканный, двухигольный).",
			DocRU:       "ъ внутри слова перед буквой, отличной от е, ё, ю, я, ѣ (на конце приставки или первой части сложного слова: двухъэтажный, предъидущій), опускается: нынешняя орфография пишет ъ только перед ними; после приставки на согласную (без-, из-, об-, от-, под-, пред-, раз-, с- …) следующее и переходит в ы (предъидущій → предыдущий, съиграть → сыграть); после сверх-, меж- и первой части сложного слова оно остаётся (сверхизысканный, двухигольный).",
			Examples:    [][2]string{{"двухъэтажный", "двухэтажный"}, {"предъидущій", "предыдущій"}, {"съиграть", "сыграть"}, {"Безъисходный", "Безысходный"}, {"сверхъизысканный", "сверхизысканный"}},
			NonExamples: []string{"подъѣздъ", "объявленіе", "съѣздъ", "двухъярусный", "изъ-подъ", "ъ"},
			batch:       true,
			find:        findInnerHardSign,
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
		{
			ID:          "modern/hyphen-apart",
			Doc:         "Parenthetical and conjunctive phrases that the old spelling hyphenated are written apart: должно-быть, может-быть, как-будто, так-как, то-есть. The hyphen marks the fixed phrase, so the change is safe; the same words written apart are left as they are.",
			DocRU:       "Вводные и союзные сочетания, которые старая орфография писала через дефис, пишутся раздельно: должно-быть, может-быть, как-будто, так-как, то-есть. Дефис отмечает устойчивое сочетание, поэтому замена безопасна; те же слова, написанные раздельно, остаются как есть.",
			Examples:    [][2]string{{"Должно-быть, онъ", "Должно быть, онъ"}, {"может-быть", "может быть"}, {"как-будто", "как будто"}, {"так-как", "так как"}, {"то-есть", "то есть"}},
			NonExamples: []string{"должно быть", "кто-то", "из-за", "по-русски", "быть-может"},
			find:        findHyphenApart,
		},
		{
			ID:          "modern/nibud",
			Doc:         "The particle нибудь, which the old spelling could write apart (кто нибудь), takes today's hyphen: кто-нибудь. Нибудь is never a word of its own, so the change does not depend on the sentence; то and либо, which are, are left alone.",
			DocRU:       "Частица нибудь, которую старая орфография могла писать отдельно (кто нибудь), получает нынешний дефис: кто-нибудь. Нибудь никогда не бывает самостоятельным словом, поэтому замена не зависит от предложения; то и либо, которые бывают самостоятельными словами, не изменяются.",
			Examples:    [][2]string{{"кто нибудь", "кто-нибудь"}, {"Что нибудь", "Что-нибудь"}, {"какой нибудь случай", "какой-нибудь случай"}},
			NonExamples: []string{"кто-нибудь", "какой то", "либо кто либо", "нибудь"},
			find:        findNibud,
		},
		{
			ID:          "modern/po-ski",
			Doc:         "The adverbs по + -ски, -цки (по русски, по нѣмецки), often written apart in the old spelling, take today's hyphen: по-русски. Such a form after по is never a case of an adjective, so the change does not depend on the sentence.",
			DocRU:       "Наречия по + -ски, -цки (по русски, по нѣмецки), в старой орфографии часто писавшиеся раздельно, получают нынешний дефис: по-русски. Такая форма после по никогда не бывает падежом прилагательного, поэтому замена не зависит от предложения.",
			Examples:    [][2]string{{"говорить по русски", "говорить по-русски"}, {"По французски", "По-французски"}, {"по нѣмецки", "по-нѣмецки"}},
			NonExamples: []string{"по русским", "по-русски", "пойти", "по ски", "споры русски"},
			find:        findPoSki,
		},
		{
			ID:          "modern/solid-apart",
			Doc:         "Today's spelling writes apart, and with today's hyphen, what the old one could write solid or hyphenated in the same way everywhere: потомучто, оттогочто → потому что, оттого что; мало-по-малу → мало-помалу. Divisions that depend on the sentence (на верху горы, but наверху) are left as the text has them.",
			DocRU:       "Нынешняя орфография пишет раздельно и с нынешним дефисом то, что старая могла везде одинаково писать слитно или через дефис: потомучто, оттогочто → потому что, оттого что; мало-по-малу → мало-помалу. Написание, зависящее от предложения (на верху горы, но наверху), остаётся как в тексте.",
			Examples:    [][2]string{{"потомучто", "потому что"}, {"Оттогочто", "Оттого что"}, {"мало-по-малу", "мало-помалу"}},
			NonExamples: []string{"потому что", "на верху", "мало-помалу", "потомучтобы"},
			find:        findSolidApart,
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

// pluralEnding decides a word in -ія or -ыя (stem at bytes [ws, i) of s)
// by the lexicon's answer q for its stem: whether it is an adjective's or
// participle's plural (answer adj), whose ending the reform changed. A
// word in -ія capitalized inside a sentence is asked of the names' table
// instead. A stem the lexicon knows both ways (кар: карие, Кария) is a
// noun when capitalized inside a sentence, else an adjective.
func pluralEnding(s string, ws, i int, q lexicon.Question, adj string) bool {
	proper := properNoun(s, ws, i)
	if proper && q == lexicon.PluralIya {
		q = lexicon.PluralIyaName
	}
	switch lexicon.Answer(q, s[ws:i]) {
	case adj:
		return true
	case lexicon.Ambiguous:
		return !proper
	}
	return false
}

// properNoun reports whether the word at ws (stem up to i) is capitalized
// inside a sentence and not in capitals throughout.
func properNoun(s string, ws, i int) bool {
	r, _ := next(s, ws)
	return isUpper(r) && !isUpper(lastRune(s[ws:i])) && !sentenceStart(s, ws)
}

func lastRune(s string) rune { r, _ := prev(s, len(s)); return r }

func findAdjPlural(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{"ыя", "ЫЯ", "ія", "ІЯ"} {
		q, adj := lexicon.PluralYya, "ые"
		if nd == "ія" || nd == "ІЯ" {
			q, adj = lexicon.PluralIya, "ие"
		}
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			j := i + 4
			if letterAfter(s, j) {
				continue
			}
			ws, _ := wordAround(s, i, j, isLetter)
			if countRunes(s[ws:i]) < 2 || !pluralEnding(s, ws, i, q, adj) {
				continue
			}
			y, _ := next(s, i+2)
			out = append(out, repl{start: i + 2, end: j, after: keepCase(y, "е", "Е")})
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

func findAgo(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{"аго", "АГО", "яго", "ЯГО"} {
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			j := i + 6
			if letterAfter(s, j) {
				continue
			}
			ws, _ := wordAround(s, i, j, isLetter)
			if countRunes(s[ws:i]) < 2 {
				continue
			}
			a, _ := next(s, i)
			to := keepCase(a, "о", "О")
			switch lexicon.Answer(lexicon.GenitiveAgo, s[ws:i+2]) {
			case lexicon.Keep:
				continue
			case "его":
				to = keepCase(a, "е", "Е")
			}
			out = append(out, repl{start: i, end: i + 2, after: to})
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

var (
	zPrefixes = []string{"из", "раз", "без", "воз", "чрез", "через", "низ"}
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
			to := keepCase([]rune(nd)[0], "с", "С")
			if strings.HasSuffix(strings.ToLower(pre), "раз") && hasPrefixFold(s[i+2:], "счет") {
				to = "" // расчет, not рассчет (but рассчитать)
			}
			out = append(out, repl{start: i, end: i + 2, after: to})
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

func findReflexivePlural(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{"ыяся", "ЫЯСЯ", "іяся", "ІЯСЯ"} {
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			j := i + len(nd)
			if letterAfter(s, j) {
				continue
			}
			ws, _ := wordAround(s, i, j, isLetter)
			if countRunes(s[ws:i]) < 2 {
				continue
			}
			if (nd == "іяся" || nd == "ІЯСЯ") && lexicon.Answer(lexicon.PluralIya, s[ws:i]) == "ия" {
				continue
			}
			y, _ := next(s, i+2)
			out = append(out, repl{start: i + 2, end: i + 4, after: keepCase(y, "е", "Е")})
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

// phraseRepl is a whole-word phrase and what it becomes, case kept on the
// first letter.
type phraseRepl struct{ from, to string }

// findPhrases replaces whole-word occurrences of each phrase (any case of
// the first letter; the rest as written).
func findPhrases(s string, out []repl, phrases []phraseRepl) []repl {
	n0 := len(out)
	for _, p := range phrases {
		first, n := next(p.from, 0)
		for _, head := range []string{string(first), strings.ToUpper(string(first))} {
			nd := head + p.from[n:]
			for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
				if letterBefore(s, i) || letterAfter(s, i+len(nd)) {
					continue
				}
				r, _ := next(s, i)
				t0, tn := next(p.to, 0)
				to := p.to
				if isUpper(r) {
					to = strings.ToUpper(string(t0)) + p.to[tn:]
				}
				out = append(out, minimalRepl(i, nd, to))
			}
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

// minimalRepl is the replacement of from at byte i by to, trimmed to the
// bytes that differ, so that the apparatus shows only the change.
func minimalRepl(i int, from, to string) repl {
	a, b := 0, 0
	for a < len(from) && a < len(to) && from[a] == to[a] {
		a++
	}
	for a < len(from)-b && a < len(to)-b && from[len(from)-1-b] == to[len(to)-1-b] {
		b++
	}
	// keep whole runes
	for a > 0 && !utf8.RuneStart(from[a]) {
		a--
	}
	for b > 0 && !utf8.RuneStart(from[len(from)-b]) {
		b--
	}
	return repl{start: i + a, end: i + len(from) - b, after: to[a : len(to)-b]}
}

var hyphenApart = []phraseRepl{
	{"должно-быть", "должно быть"}, {"может-быть", "может быть"}, {"как-будто", "как будто"},
	{"так-как", "так как"}, {"то-есть", "то есть"},
}

func findHyphenApart(_ context, s string, out []repl) []repl {
	return findPhrases(s, out, hyphenApart)
}

var solidApart = []phraseRepl{
	{"потомучто", "потому что"}, {"оттогочто", "оттого что"}, {"мало-по-малу", "мало-помалу"},
}

func findSolidApart(_ context, s string, out []repl) []repl {
	return findPhrases(s, out, solidApart)
}

func findPoSki(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{"по ", "По ", "ПО "} {
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			if letterBefore(s, i) {
				continue
			}
			ws, we := wordAround(s, i+len(nd), i+len(nd), isLetter)
			w := strings.ToLower(s[ws:we])
			if ws != i+len(nd) || countRunes(w) < 5 || !(strings.HasSuffix(w, "ски") || strings.HasSuffix(w, "цки")) {
				continue
			}
			out = append(out, repl{start: i + len(nd) - 1, end: i + len(nd), after: "-"})
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

// hasPrefixFold reports whether s begins with prefix, ignoring case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func findNibud(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{" нибудь", " НИБУДЬ"} {
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			if letterBefore(s, i) && !letterAfter(s, i+len(nd)) {
				out = append(out, repl{start: i, end: i + 1, after: "-"})
			}
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

// yPrefixes end in a consonant and turn a following и into ы (предыдущий,
// сыграть, безысходный); сверх- and меж- do not.
var yPrefixes = []string{"без", "вз", "воз", "из", "низ", "об", "от", "пред", "под", "над", "раз", "роз", "с", "через", "чрез"}

func findInnerHardSign(_ context, s string, out []repl) []repl {
	n0 := len(out)
	for _, nd := range []string{"ъ", "Ъ"} {
		for i := find(s, nd, 0); i >= 0; i = find(s, nd, i+len(nd)) {
			r, n := next(s, i+2)
			if !letterBefore(s, i) || !isCyr(r) || strings.ContainsRune("еёюяѣЕЁЮЯѢ", r) {
				continue
			}
			if strings.ContainsRune("иіИІ", r) && yPrefix(s, i) {
				out = append(out, repl{start: i, end: i + 2 + n, after: keepCase(r, "ы", "Ы")})
				continue
			}
			out = append(out, repl{start: i, end: i + 2, after: ""})
		}
	}
	return append(out[:n0], sortRepls(out[n0:])...)
}

// yPrefix reports whether the word before the ъ at byte i is one of
// yPrefixes (after не- too).
func yPrefix(s string, i int) bool {
	ws, _ := wordAround(s, i, i, isLetter)
	pre := strings.ToLower(s[ws:i])
	for _, p := range yPrefixes {
		if pre == p || pre == "не"+p {
			return true
		}
	}
	return false
}
