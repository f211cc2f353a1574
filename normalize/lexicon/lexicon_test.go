package lexicon

import (
	"strings"
	"testing"
)

// TestAnswer: the classes of issue #45 and their neighbours, in pre-reform
// and modern letters. None of these stems is written into the tables by
// hand: the answers are the dictionary's.
func TestAnswer(t *testing.T) {
	for _, c := range []struct {
		q          Question
		stem, want string
	}{
		// nouns in -ія whose stem ends as an adjective's
		{PluralIya, "маг", "ия"}, {PluralIya, "Фрак", "ия"}, {PluralIya, "поднож", "ия"},
		{PluralIya, "нарѣч", "ия"}, {PluralIya, "увѣч", "ия"}, {PluralIya, "бездорож", "ия"},
		{PluralIya, "ностальг", "ия"}, {PluralIya, "невралг", "ия"}, {PluralIya, "Бельг", "ия"},
		{PluralIya, "стих", "ия"}, {PluralIya, "бож", "ия"}, {PluralIya, "геолог", "ия"},
		{PluralIya, "основан", "ия"}, {PluralIya, "лин", "ия"}, {PluralIya, "Норвег", "ия"},
		// adjectives and participles
		{PluralIya, "древн", "ие"}, {PluralIya, "давн", "ие"}, {PluralIya, "крайн", "ие"},
		{PluralIya, "дальн", "ие"}, {PluralIya, "друг", "ие"}, {PluralIya, "тих", "ие"},
		{PluralIya, "Русск", "ие"}, {PluralIya, "велик", "ие"}, {PluralIya, "подходящ", "ие"},
		{PluralIya, "верхн", "ие"}, {PluralIya, "син", "ие"}, {PluralIya, "горяч", "ие"},
		{PluralIya, "кар", Ambiguous}, // карие, Кария
		// capitalized inside a sentence
		{PluralIyaName, "Лик", "ия"}, {PluralIyaName, "Килик", "ия"}, {PluralIyaName, "Велик", "ие"},
		{PluralIyaName, "Русск", "ие"}, {PluralIyaName, "Московск", "ие"}, {PluralIyaName, "Бельг", "ия"},
		{PluralIya, "Килик", "ие"}, // as великие: only the name table knows better
		// -ыя
		{PluralYya, "Бат", "ыя"}, {PluralYya, "нов", "ые"}, {PluralYya, "котор", "ые"},
		{PluralYya, "соединенн", "ые"},
		// -аго, -яго (stem and the ending's first letter)
		{GenitiveAgo, "перва", "ого"}, {GenitiveAgo, "нижня", "его"}, {GenitiveAgo, "хороша", "его"},
		{GenitiveAgo, "свѣжа", "его"}, {GenitiveAgo, "чужа", "ого"}, {GenitiveAgo, "небольша", "ого"},
		{GenitiveAgo, "больша", "ого"}, {GenitiveAgo, "меньша", "его"}, {GenitiveAgo, "наибольша", "его"}, {GenitiveAgo, "третья", "его"}, {GenitiveAgo, "зла", "ого"},
		{GenitiveAgo, "са", Keep}, {GenitiveAgo, "Чика", Keep}, {GenitiveAgo, "бла", Keep},
		{"no-such-table", "маг", ""},
	} {
		if got := Answer(c.q, c.stem); got != c.want {
			t.Errorf("Answer(%s, %q) = %q, want %q", c.q, c.stem, got, c.want)
		}
	}
}

// TestUnknownStems: a stem the dictionary does not know takes the answer
// of the known stems that end like it.
func TestUnknownStems(t *testing.T) {
	for _, c := range []struct {
		q          Question
		stem, want string
	}{
		{PluralIya, "квазидревн", "ие"},     // as древн
		{PluralIya, "сверхэнерг", "ия"},     // as энерг
		{PluralYya, "сверхкрасн", "ые"},     // as красн
		{GenitiveAgo, "квазихороша", "его"}, // as хороша
	} {
		if got := Answer(c.q, c.stem); got != c.want {
			t.Errorf("Answer(%s, %q) = %q, want %q", c.q, c.stem, got, c.want)
		}
	}
}

func TestKey(t *testing.T) {
	for in, want := range map[string]string{
		"нарѣч": "нареч", "ДРЕВН": "древн", "Іоанн": "иоанн", "ариѳм": "арифм",
		"мѵр": "мир", "ёлк": "елк", "дре\u0301вн": "древн", "сѷнод": "синод", "Ёлк": "елк", "маг": "маг", "": "",
	} {
		if got := Key(in); got != want {
			t.Errorf("Key(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTables: the embedded file parses, has the three tables, and every
// answer is one its table may give.
func TestTables(t *testing.T) {
	ts, err := parse(tablesText)
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[Question]string{PluralIya: "ие ия ?", PluralIyaName: "ие ия ?", PluralYya: "ые ыя ?", GenitiveAgo: "ого его ="}
	for q, ok := range allowed {
		tb := ts[q]
		if tb == nil {
			t.Errorf("table %s missing", q)
			continue
		}
		if len(tb.entries) == 0 {
			t.Errorf("table %s: no entries", q)
		}
		valid := func(a string) bool { return strings.Contains(" "+ok+" ", " "+a+" ") }
		if !valid(tb.def) {
			t.Errorf("table %s: default %q, want one of %s", q, tb.def, ok)
		}
		for e, a := range tb.entries {
			if !valid(a) {
				t.Errorf("table %s: %q answers %q, want one of %s", q, e, a, ok)
			}
		}
	}
	if len(tablesText) > 16<<10 {
		t.Errorf("tables.txt is %d bytes: keep the embedded lexicon small (the search WebAssembly build carries it)", len(tablesText))
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"маг ия\n", "tables.txt:1:"},                 // an entry before any table
		{"table iya ие\nмаг\n", "tables.txt:2:"},      // one field
		{"table iya ие\nмаг ия x\n", "tables.txt:2:"}, // three fields
		{"# c\ntable iya\n", "tables.txt:2:"},         // no default
	} {
		_, err := parse(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parse(%q) = %v, want an error at %s", c.text, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(tablesText[:min(len(tablesText), 2000)])
	f.Add("table iya ие\n^маг ия\n")
	f.Fuzz(func(t *testing.T, text string) {
		ts, err := parse(text)
		if err != nil {
			return
		}
		for _, tb := range ts {
			if tb.entries == nil {
				t.Fatal("table without entries map")
			}
		}
	})
}
