package check

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"pasyans/corpus"
)

// proseEdit runs the prose checks over the corpus with old replaced by
// new in file: the diagnostics, and new's place as "file:line".
func proseEdit(t *testing.T, file, old, new string) (corpus.Diagnostics, string) {
	t.Helper()
	m := realCorpus(t)
	replace(t, m, file, old, new)
	return proseRun(t, m), fmt.Sprintf("%s:%d", file, lineOf(t, m, file, new))
}

// hasDiag reports whether ds holds a diagnostic starting with prefix, of
// check (any, if ""), whose message contains msg.
func hasDiag(ds corpus.Diagnostics, prefix, check, msg string) bool {
	return slices.ContainsFunc(ds, func(d corpus.Diagnostic) bool {
		return strings.HasPrefix(d.String(), prefix) && (check == "" || d.Rule == check) && strings.Contains(d.Msg, msg)
	})
}

// proseRun loads fsys and runs the checks of the prose only (not the
// probes), returning their diagnostics.
func proseRun(t *testing.T, fsys fstest.MapFS) corpus.Diagnostics {
	t.Helper()
	ed := loadClean(t, fsys)
	f := &findings{}
	ix := newTextIndex(ed)
	us := proseUnits(ed)
	checkQuotes(ed, ix, us, f)
	checkReferences(ed, us, f)
	checkFigures(ed, us, f)
	checkStatements(ed, ix, us, f)
	checkHedges(ed, us, f)
	checkParity(us, f)
	return f.diags
}

func TestProseRealCorpus(t *testing.T) {
	if ds := proseRun(t, realCorpus(t)); len(ds) > 0 {
		t.Errorf("the corpus fails:\n%v", ds)
	}
}

// finding is one of issue #45's findings: the text as the corpus has it
// now and as it stood, and the check that must fail at the old text's
// line.
type finding struct {
	name, file, now, old, check string
}

// findings45 restores each finding of issue #45 that a check catches.
var findings45 = []finding{
	// Quotations that are not the source's words.
	{"salic-law «Не вынимаются»", "games/salic-law.md", "«Не должны быть выбираемы тотчасъ-же»:", "«Не вынимаются тотчасъ-же»:", CheckQuote},
	{"zodiac «сколько угодно раз»", "games/zodiac.md", "«Это можно повторять столько разъ, сколько потребуется»", "«Это можно повторять сколько угодно раз»", CheckQuote},
	{"zodiac «Из талона или из колоды»", "games/zodiac.md", "«Въ талонѣ или въ колодѣ» программа", "«Из талона или из колоды» программа", CheckQuote},
	{"zodiac «Разных мастей»", "games/zodiac.md", "«Различныхъ мастей» читается", "«Разных мастей» читается", CheckQuote},
	{"swiss «Разных мастей»", "games/swiss.md", "«Разной масти»: по одному", "«Разных мастей»: по одному", CheckQuote},
	{"swiss «Когда сделаны все возможные ходы»", "games/swiss.md", "«После осуществления всех возможных перекладок»", "«Когда сделаны все возможные ходы»", CheckQuote},
	{"swiss «по возрастанию или убыванию»", "games/swiss.md", "«В любом - восходящем или нисходящем порядке» читается", "«В любом порядке, по возрастанию или убыванию» читается", CheckQuote},
	{"new-places «прямо сказано»", "games/new-places.md", "где сказано «в любом - восходящем или нисходящем порядке»", "где прямо сказано «в любом порядке, по возрастанию или убыванию»", CheckQuote},
	{"le-cadran «Когда не останется»", "games/le-cadran.md", "«Когда не остается болѣе годныхъ картъ для игры»", "«Когда не останется годных карт для игры»", CheckQuote},
	{"st-helena «непосредственно над»", "games/st-helena.md", "«непосредственно выше» могут", "«непосредственно над» могут", CheckQuote},
	{"glossary «колода в 52 листа»", "glossary.yaml", "(«две полные колоды по 52 листа каждая»)", "(«колода в 52 листа»)", CheckQuote},
	{"glossary dropped «их»", "glossary.yaml", "(также «независимо от их местоположения», 003:25)", "(также «независимо от местоположения», 003:25)", CheckQuote},
	// Figures typed by hand that the data contradicts.
	{"book.md 101,000", "book.md", "won {{stats:st-helena.won}} of {{stats:st-helena.deals}} deals", "won all of 101,000 deals", CheckFigure},
	{"book.ru.md 101 000", "book.ru.md", "выиграл {{stats:st-helena.won}} из {{stats:st-helena.deals}} раскладов", "выиграл все 101\u00a0000 раскладов", CheckFigure},
	// Hedges lost in translation.
	{"le-cadran 1914 lost", "games/le-cadran.md", "у Кадоган (в тексте 1914 года) — [«a sequence in a lower row»](cite:cadogan-1914) («последовательность в нижнем ряду»).", "у Кадоган — «a sequence in a lower row».", CheckParity},
	{"le-cadran perpendicular 1914 lost", "games/le-cadran.md", "у Кадоган в тексте 1914 года — [«perpendicular lane»](cite:cadogan-1914) («перпендикулярный промежуток»))", "у Кадоган «perpendicular lane»)", CheckQuote},
	{"le-cadran unchecked lost", "games/le-cadran.md", "(текст 1914 года: [«any available card from the tableau or from the talon»](cite:cadogan-1914) («любая годная карта из раскладки или из талона»); формулировка 1874 года, которую переводит русский текст, не проверена)", "(«any available card from the tableau or from the talon»)", CheckParity},
	{"le-cadran as far as lost", "games/le-cadran.md", "а её формулировка, насколько удалось проверить, однозначна", "а её формулировка однозначна", CheckParity},
	// Claims measured against a text that was not read.
	{"le-cadran 'only' dropped", "games/le-cadran.md", "Cadogan's note, as printed in 1914, says that some players allow the lane to be filled only from the talon; the Russian footnote has no such restriction. Whether the 1874 text it translates had it has not been checked, so the edition cannot say that the Russian dropped it.",
		"Cadogan's note says that some players allow the lane to be filled only from the talon: the Russian has dropped the word \"only\".", CheckHedge},
	{"zodiac permission omitted", "games/zodiac.md", "Cadogan's text as printed in 1914 explicitly permits marrying cards from the Equator onto the Zodiac (but not the reverse); the Russian has no such permission, and whether the 1874 text it translates had one has not been checked.",
		"The Russian omits Cadogan's explicit permission to marry cards from the Equator onto the Zodiac (but not the reverse).", CheckHedge},
	{"constitution six rules", "games/constitution.md", "from Cadogan's text as printed in 1914, which has six rules and, as far as it could be compared, matches the surviving play text sentence by sentence (see the notes to 000:7 and 000:8); the 1874 text, which the Russian translates, has not been checked.",
		"from Cadogan's text, which has exactly six rules and matches the surviving play text sentence by sentence (see the notes to 000:7 and 000:8).", CheckHedge},
	// Inferences stated as fact.
	{"zodiac running head", "games/zodiac.md", "attested by 000:14, most probably a running head.", "attested by the running head 000:14.", CheckHedge},
	{"salic-law running head", "games/salic-law.md", "attested by 001:11, most probably a running head.", "attested by the running head 001:11.", CheckHedge},
	{"salic-law колонтитул", "games/salic-law.md", "подтверждено строкой 001:11, скорее всего колонтитулом.", "подтверждено колонтитулом 001:11.", CheckHedge},
	{"salic-law 001:12 running head", "games/salic-law.md", "stands after 001:11, most probably a running head (see", "stands after the running head 001:11 (see", CheckHedge},
	{"le-cadran running head", "games/le-cadran.md", "is not its title but a stray line, most probably a running head or a plate caption.", "is a stray running head, not its title.", CheckHedge},
	{"book.md running head", "book.md", "> Note. Most probably a running head of the same kind", "> Note. A running head of the same kind", CheckHedge},
	{"book.ru.md колонтитул", "book.ru.md", "скорее всего, не заголовок игры (единственный заголовок игры, сохранённый текстом книги в источниках 000–002, «ПЯТНАДЦАТЬ.» в 002:12, набран прописными), а колонтитул", "— не заголовок игры (заголовки набраны прописными, как «ПЯТНАДЦАТЬ.» в 002:12), а колонтитул", CheckHedge},
	{"book.md order of games", "book.md", "That it keeps the order of her twenty-four games is an inference from its footnote numbers (see below).", "It keeps the order of her twenty-four games.", CheckHedge},
	{"st-helena positions 1–4", "games/st-helena.md", "The edition takes the side piles to be positions 1–4 (an inference, like the numbering of 003:4), the places", "The side piles take positions 1–4, the places", CheckHedge},
	{"constitution text ends here", "games/constitution.md", "> Note. The sources' text of the game breaks off here: a gap follows, in which the heading and the pack count of the Zodiac are lost (see the note to 000:10), so it is not known whether the game's text went on. What survives says nothing of a second deal,",
		"> Note. The text of the game ends here. It says nothing of a second deal,", CheckHedge},
	// A date stated as fact that the edition itself calls a working date.
	{"book.md date as fact", "book.md", "The edition's working date, 1873, rests on", "The book's date, 1873, rests on", CheckHedge},
	// Unsourced references.
	{"salic-law Fortia", "games/salic-law.md", "[*Livre des patiences*](cite:fortia-1842) (c. 1842), which", "*Livre des patiences* (c. 1842), which", CheckQuote},
	{"book.md Spectator", "book.md", "(noticed in [*The Spectator*](cite:spectator-1874), 25 July 1874, p. 24)", "(reviewed in *The Spectator* on 25 July 1874)", CheckQuote},
}

// TestProseFindingsRestored restores each finding of issue #45 in a copy
// of the corpus and wants its check to fail at the restored line.
func TestProseFindingsRestored(t *testing.T) {
	for _, fd := range findings45 {
		t.Run(fd.name, func(t *testing.T) {
			ds, at := proseEdit(t, fd.file, fd.now, fd.old)
			if !hasDiag(ds, at+": ", fd.check, "") {
				t.Errorf("want a %s diagnostic at %s, got:\n%v", fd.check, at, ds)
			}
		})
	}
}

// TestQuotationSpelling: a true quotation passes in any reading's
// spelling; one word changed, in any reading, fails.
func TestQuotationSpelling(t *testing.T) {
	const file, now = "games/salic-law.md", "«Не должны быть выбираемы тотчасъ-же»:"
	tests := []struct {
		quote string
		ok    bool
	}{
		{"«Не должны быть выбираемы тотчас же»:", true},         // the modern reading
		{"«не должны быть выбираемы тотчасъ-же»:", true},        // case folded
		{"«Основныя карты … не должны быть выбираемы»:", true},  // an omission marked
		{"«Не  должны быть\u00a0выбираемы тотчасъ-же»:", true},  // white space
		{"«Не должны быть вынимаемы тотчасъ-же»:", false},       // one word changed
		{"«Не должны быть выбираемы тотчас же сразу»:", false},  // one word added
		{"«Не должны быть выбираемы тотчас-же»:", false},        // a spelling of no reading
		{"«Основныя карты … не должны быть вынимаемы»:", false}, // one word changed after an omission
	}
	for _, tt := range tests {
		m := realCorpus(t)
		replace(t, m, file, now, tt.quote)
		ds := proseRun(t, m)
		failed := slices.ContainsFunc(ds, func(d corpus.Diagnostic) bool { return d.Rule == CheckQuote })
		if failed == tt.ok {
			t.Errorf("%s: failed %v, want %v: %v", tt.quote, failed, !tt.ok, ds)
		}
	}
}

// TestCitedQuotations: a quotation of another work needs a declared
// work the edition has seen and, on the Russian side, a rendering in
// brackets; an English quotation on the Russian side that is neither the
// edition's translation nor cited fails.
func TestCitedQuotations(t *testing.T) {
	const file = "games/salic-law.md"
	const now = "у Кадоган (текст 1914 года) — [«when the deal is ended»](cite:cadogan-1914) («когда раскладка окончена»)."
	tests := []struct {
		name, text, want string
	}{
		{"no rendering", "у Кадоган (текст 1914 года) — [«when the deal is ended»](cite:cadogan-1914).", "follow it with a Russian rendering"},
		{"unmarked", "у Кадоган (текст 1914 года) — «when the deal is ended».", "is English that is not the edition's translation"},
		{"unseen work", "у Кадоган (текст 1914 года) — [«when the deal is ended»](cite:cadogan-1874) («когда раскладка окончена»).", "which the edition has not seen"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds, at := proseEdit(t, file, now, tt.text)
			if !hasDiag(ds, at+": ", "", tt.want) {
				t.Errorf("want %s: …%s, got %v", at, tt.want, ds)
			}
		})
	}
	t.Run("unknown key", func(t *testing.T) {
		m := realCorpus(t)
		replace(t, m, file, now, strings.Replace(now, "cite:cadogan-1914", "cite:cadogan-1913", 1))
		_, err := corpus.Load(m)
		if err == nil || !strings.Contains(err.Error(), `cite: link to no work: "cadogan-1913"`) {
			t.Errorf("Load: %v", err)
		}
	})
}

// TestFigures: a figure taken from the data follows the data; one typed
// fails, and says so when the data contradicts it.
func TestFigures(t *testing.T) {
	const file = "book.md"
	t.Run("data changed", func(t *testing.T) {
		m := realCorpus(t)
		const stats = "stats/st-helena.yaml"
		s := string(m[stats].Data)
		s = strings.Replace(strings.Replace(s, "deals: 10000", "deals: 12345", 1), "won: 10000", "won: 12345", 1)
		// The loader holds the rates to the counts: the interval moves too.
		s = strings.Replace(s, "ci95: [0.9996, 1.0000]", "ci95: [0.9997, 1.0000]", 1)
		m[stats] = &fstest.MapFile{Data: []byte(s)}
		ed, err := corpus.Load(m)
		if err != nil && ed == nil {
			t.Fatal(err)
		}
		if !strings.Contains(sectionText(ed.Book, "How the rules are checked"), "won 12,345 of 12,345 deals") {
			t.Errorf("book.md does not follow the data: %q", sectionText(ed.Book, "How the rules are checked"))
		}
		if !strings.Contains(sectionText(ed.BookRU, "Как проверяются правила"), "выиграл 12\u00a0345 из 12\u00a0345 раскладов") {
			t.Errorf("book.ru.md does not follow the data")
		}
		if ds := proseRun(t, m); len(ds) > 0 {
			t.Errorf("figures from changed data fail: %v", ds)
		}
	})
	for _, tt := range []struct {
		typed, want string
	}{
		{"won 10,000 of 10,000 deals", "typed by hand"},
		{"won 101,000 of 10,000 deals", "no stats file records it"},
		{"won 99.9% of the deals", "typed by hand"},
	} {
		ds, at := proseEdit(t, file, "won {{stats:st-helena.won}} of {{stats:st-helena.deals}} deals", tt.typed)
		if !hasDiag(ds, at+": ", CheckFigure, tt.want) {
			t.Errorf("%s: want %s: …%s, got %v", tt.typed, at, tt.want, ds)
		}
	}
}

func sectionText(b *corpus.Book, title string) string {
	for _, s := range b.Sections {
		if s.Title == title {
			return s.Text.Markdown
		}
	}
	return ""
}

// TestStatementsAnywhere: an occurrence sentence is matched to a claim
// wherever it stands, in either language.
func TestStatementsAnywhere(t *testing.T) {
	tests := []struct {
		name, file, anchor, add string
		ok                      bool
	}{
		{"book.md says more than the glossary", "book.md", "Four lines of the sources are not part of any game's text.",
			" The word конституція occurs only in 000:5.", false},
		{"book.md agrees with the glossary", "book.md", "Four lines of the sources are not part of any game's text.",
			" The word конституція occurs again in 000:8.", true},
		{"introduction, Russian, no claim", "games/fifteen.md", "Пасьянс в две колоды:",
			"Слово «ряд» больше нигде не встречается. ", false},
		{"glossary definition", "glossary.yaml", `def_en: "The jack.`, ` The word is found nowhere else in the book.`, false},
		{"a quoted phrase is a mention", "book.md", "Four lines of the sources are not part of any game's text.",
			` The checker reads sentences such as "only here".`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds, at := proseEdit(t, tt.file, tt.anchor, tt.anchor+tt.add)
			failed := hasDiag(ds, at+": ", CheckOccurs, "")
			if failed == tt.ok {
				t.Errorf("failed at %s: %v, want %v: %v", at, failed, !tt.ok, ds)
			}
		})
	}
}

// TestOccurrencePhrases tries the one list of occurrence phrases on
// phrasings it was not written for.
func TestOccurrencePhrases(t *testing.T) {
	tests := []struct{ s, says string }{
		{"The word is found nowhere else in the book.", saysOnly},
		{"It appears just once, here.", saysOnly},
		{"This is the sole attestation of the name.", saysOnly},
		{"The same verb recurs in 000:13.", saysAgain},
		{"The word appears twice, in 000:5 and 000:8.", saysAgain},
		{"Such a form never occurs in the sources.", saysNever},
		{"Слово больше нигде не встречается.", saysOnly},
		{"Это единственное упоминание игры в источниках.", saysOnly},
		{"Глагол снова встречается в 000:13.", saysAgain},
		{"Слово употребляется лишь здесь.", saysOnly},
		{"Такая форма нигде не встречается.", saysNever},
		{"Это слово попадается ещё в 000:8.", saysAgain},
		{"The card goes only onto a foundation.", ""},
		{"A vacancy is filled only from the talon.", ""},
		{"Карта идёт только на основание.", ""},
		{"Пасьянс раскладывается только один раз.", ""},
	}
	for _, tt := range tests {
		if _, says := occursStatement(tt.s); says != tt.says {
			t.Errorf("%q: says %q, want %q", tt.s, says, tt.says)
		}
	}
}

// TestParity: a Russian half that drops or adds a reference, a year, a
// number or a hedge fails at its own line.
func TestParity(t *testing.T) {
	const file = "games/salic-law.md"
	const now = "> Примечание. Свободный король — король, пачка которого разыграна до самого короля. Карта, которую кладут на него, должна быть годной — верхней картой другой пачки (правило I)."
	tests := []struct{ name, ru, want string }{
		{"reference added", strings.Replace(now, "(правило I)", "(правило I, 001:3)", 1), "paragraph 001:3 only in the Russian"},
		{"year added", strings.Replace(now, "другой пачки", "другой пачки (как у Кадоган в 1914 году)", 1), "year 1914 only in the Russian"},
		{"number added", strings.Replace(now, "другой пачки", "одной из 8 пачек", 1), "number 8 only in the Russian"},
		{"hedge added", strings.Replace(now, "должна быть", "должна, вероятно, быть", 1), `the hedge "probably" only in the Russian`},
		{"hedge added", strings.Replace(now, "должна быть", "должна, по-видимому, быть", 1), `the hedge "seems" only in the Russian`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds, at := proseEdit(t, file, now, tt.ru)
			if want := at + ": the Russian does not say what the English"; !hasDiag(ds, want, "", tt.want) {
				t.Errorf("want %s…%s, got %v", want, tt.want, ds)
			}
		})
	}
}

// TestHedgeLists: the bilingual hedges and the inferences match both
// languages' phrasings, and "невозможно" is not "возможно".
func TestHedgeLists(t *testing.T) {
	yes := []struct{ lang, s, hedge string }{
		{"en", "It is most probably a running head.", "probably"},
		{"ru", "Скорее всего, это колонтитул.", "probably"},
		{"ru", "По всей вероятности, сноска 1.", "probably"},
		{"en", "Perhaps it qualified rule II.", "perhaps"},
		{"ru", "Возможно, она уточняла правило II.", "perhaps"},
		{"en", "as far as it could be checked", "as far as could be checked"},
		{"ru", "насколько удалось проверить", "as far as could be checked"},
		{"en", "the 1874 wording has not been checked", "not checked"},
		{"ru", "формулировка 1874 года не проверена", "not checked"},
	}
	for _, tt := range yes {
		if fs := factsOf(tt.s, tt.lang); !fs.hedges[tt.hedge] {
			t.Errorf("%q: no hedge %q (%v)", tt.s, tt.hedge, fs.hedges)
		}
	}
	if fs := factsOf("Это невозможно.", "ru"); fs.hedges["perhaps"] {
		t.Errorf("«невозможно» taken for «возможно»")
	}
}

func TestSentencesAndRefs(t *testing.T) {
	s := "Source 001 holds 001:1–10, 001:12 (c. 1842). It is no. 4 of Cadogan's book. Ср. 003:9, т. е. правило I. Конец."
	var got []string
	for _, x := range sentences(s) {
		got = append(got, strings.TrimSpace(x.text))
	}
	want := []string{"Source 001 holds 001:1–10, 001:12 (c. 1842).", "It is no. 4 of Cadogan's book.", "Ср. 003:9, т. е. правило I.", "Конец."}
	if !slices.Equal(got, want) {
		t.Errorf("sentences:\n got %q\nwant %q", got, want)
	}
	if r := refs("001:1–3, 002:5 and 000:2–000:4"); !slices.Equal(r, []string{"001:1", "001:2", "001:3", "002:5", "000:2", "000:3", "000:4"}) {
		t.Errorf("refs: %v", r)
	}
}

func TestQuotationsExtracted(t *testing.T) {
	s := "«outer „inner“ end», \"en\", `«code»`, [«x»](rule:a/b), [«cited»](cite:w) («перевод»), ‘gloss’."
	var got []string
	for _, q := range quotations(s) {
		got = append(got, q.inner+"|"+q.cite)
	}
	want := []string{"cited|w", "outer „inner“ end|", "en|"}
	if !slices.Equal(got, want) {
		t.Errorf("quotations:\n got %q\nwant %q", got, want)
	}
}

// TestEnglishQuotations: an English quotation in an English note is the
// edition's translation of the paragraph; a gloss is in single quotes.
func TestEnglishQuotations(t *testing.T) {
	const file = "games/salic-law.md"
	tests := []struct {
		now, then string
		ok        bool
	}{
		{"literally 'a packet of two packs'", `literally "a packet of two packs"`, false},
		{`> Note. "Not to be picked out straight away"`, `> Note. "Not to be taken out straight away"`, false},
		{`> Note. "Not to be picked out straight away"`, `> Note. "not to be picked out straight away"`, true},
	}
	for _, tt := range tests {
		ds, at := proseEdit(t, file, tt.now, tt.then)
		failed := hasDiag(ds, at+": ", CheckQuote, "")
		if failed == tt.ok {
			t.Errorf("%s: failed %v, want %v: %v", tt.then, failed, !tt.ok, ds)
		}
	}
}

// FuzzProseParse feeds arbitrary text to the prose parsers: no panic, and
// every offset they return lies in the text.
func FuzzProseParse(f *testing.F) {
	for _, s := range []string{
		"«outer „inner“» \"x\" [«c»](cite:w) («р»)", "001:1–10, 000:2–000:4. Ср. c. 1842.", "«unclosed", "»«", "`«code»` “a” „b“",
		"The word occurs only here.", "won 10,000 of 10 000 deals, 99.9%", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, q := range quotations(s) {
			if q.off < 0 || q.off > len(s) || !strings.Contains(s, q.inner) {
				t.Fatalf("quotation %+v out of %q", q, s)
			}
		}
		for _, x := range sentences(s) {
			if x.off < 0 || x.off+len(x.text) > len(s) || s[x.off:x.off+len(x.text)] != x.text {
				t.Fatalf("sentence %+v out of %q", x, s)
			}
		}
		if m := maskQuotations(s); len(m) != len(s) {
			t.Fatalf("maskQuotations changed the length of %q", s)
		}
		refs(s)
		occursStatement(s)
		factsOf(s, "en")
		factsOf(s, "ru")
	})
}
