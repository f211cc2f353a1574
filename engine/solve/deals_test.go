package solve

import (
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

var genDeals = flag.String("gen", "", "comma-separated game ids: search example deals and print them as YAML")

// TestGenerateDeals searches, for each game named by -gen, the first seeds
// for a deal the solver wins quickly, shortens the line and prints a YAML
// draft with commentary on the first move of each kind; an editor then
// picks and polishes. It is skipped without -gen.
func TestGenerateDeals(t *testing.T) {
	if *genDeals == "" {
		t.Skip("run with -gen=game,…")
	}
	for _, id := range strings.Split(*genDeals, ",") {
		v := enginetest.Lookup(t, id)
		sv := New(v)
		for seed := uint64(1); seed <= 60; seed++ {
			s := engine.NewDeal(v, seed, 0)
			r := sv.Solve(s, Options{Budget: time.Second})
			if r.Outcome == Lost {
				fmt.Printf("# %s seed %d: lost, %d nodes in %v\n", id, seed, r.Nodes, r.Elapsed)
				continue
			}
			if r.Outcome != Won {
				continue
			}
			short := Shorten(s, r.Moves, 12)
			fmt.Printf("# %s seed %d: won, %d moves, shortened to %d\n", id, seed, len(r.Moves), len(short))
			fmt.Print(draftYAML(s, short))
			break
		}
	}
}

// draftYAML writes a deal file draft with generated commentary.
func draftYAML(s *engine.State, moves []engine.Move) string {
	v := s.V
	var b strings.Builder
	fmt.Fprintf(&b, "game: %s\ntitle: {en: \"\", ru: \"\"}\nseed: %d\noptions: []\noutcome: won\nmoves: |\n", v.ID, s.Seed)
	for i := 0; i < len(moves); i += 10 {
		var parts []string
		for _, m := range moves[i:min(i+10, len(moves))] {
			parts = append(parts, v.FormatMove(m))
		}
		fmt.Fprintf(&b, "  %s\n", strings.Join(parts, " "))
	}
	b.WriteString("commentary:\n")
	seen := map[string]bool{}
	for i, m := range moves {
		kind, en, ru := describe(s, m)
		if kind != "" && !seen[kind] {
			seen[kind] = true
			fmt.Fprintf(&b, "  - move: %d\n    rule: %s\n    en: %q\n    ru: %q\n", i+1, kind, en, ru)
		}
		s.Do(m)
	}
	for range moves {
		s.Undo()
	}
	return b.String()
}

// describe names what move m does in s: a rule id of the variant and a
// sentence in English and Russian.
func describe(s *engine.State, m engine.Move) (rule, en, ru string) {
	v := s.V
	has := func(ids ...string) string {
		for _, id := range ids {
			if v.Rule(v.ID+"/"+id) != nil {
				return v.ID + "/" + id
			}
		}
		return ""
	}
	if m.Action != 0 {
		w := v.Actions[m.Action-1]
		return has(w, w+"-round"), fmt.Sprintf("%q: %s.", w, v.FormatMove(m)), fmt.Sprintf("«%s»: %s.", w, v.FormatMove(m))
	}
	c := s.Piles[m.From].Top()
	t := s.Piles[m.To].Top()
	from, to := v.Piles[m.From], v.Piles[m.To]
	switch {
	case to.Role == engine.Foundation && t == engine.NoCard:
		return has("foundation-base"), fmt.Sprintf("The %s starts foundation %s.", cardEN(c), to.ID),
			fmt.Sprintf("%s начинает основание %s.", capital(cardRU(c)), to.ID)
	case to.Role == engine.Foundation:
		return has("foundation-up", "foundation-order", "foundations"), fmt.Sprintf("The %s goes from %s onto the %s on foundation %s.", cardEN(c), from.ID, cardEN(t), to.ID),
			fmt.Sprintf("%s из %s ложится на основание %s поверх карты %s.", capital(cardRU(c)), from.ID, to.ID, cardRU(t))
	case t == engine.NoCard:
		return has("lane", "fill-vacancy", "free-king"), fmt.Sprintf("The %s from %s fills the empty place %s.", cardEN(c), from.ID, to.ID),
			fmt.Sprintf("%s из %s занимает пустое место %s.", capital(cardRU(c)), from.ID, to.ID)
	default:
		return has("marriage", "build-rank", "sequence", "free-king"), fmt.Sprintf("The %s goes from %s onto the %s in %s.", cardEN(c), from.ID, cardEN(t), to.ID),
			fmt.Sprintf("%s из %s ложится на карту %s в %s.", capital(cardRU(c)), from.ID, cardRU(t), to.ID)
	}
}

var (
	rankEN = []string{"", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "knave", "queen", "king"}
	suitEN = []string{"spades", "hearts", "diamonds", "clubs"}
	rankRU = []string{"", "туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка", "девятка", "десятка", "валет", "дама", "король"}
	suitRU = []string{"пик", "червей", "бубён", "треф"}
)

func cardEN(c engine.Card) string { return rankEN[c.Rank()] + " of " + suitEN[c.Suit()] }
func cardRU(c engine.Card) string { return rankRU[c.Rank()] + " " + suitRU[c.Suit()] }
func capital(s string) string {
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}
