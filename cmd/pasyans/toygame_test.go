package main

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pasyans/engine"
)

// toyFiles are the corpus files of the toy game, under testdata/toygame:
// its text, its deal, and the source that holds its paragraphs. With its
// variant (this file's registerToy, a real game's engine/variants/<id>.go),
// an optional solver file (engine/solve/<id>.go) and, for a new source, the
// source's entry in sources.yaml (testdata/toygame/sources.yaml), these are
// the files that README's "Adding a game" lists.
var toyFiles = []string{"games/toy.md", "deals/toy/seed-1-won.yaml", "sources/900.txt"}

// TestToyGame adds a toy eleventh game to a copy of the corpus, only by
// adding its files (and the entry of its new source), and checks that
// pasyans check passes with it and that the site and the PDF include it;
// without the toy's registration the same corpus fails the check.
func TestToyGame(t *testing.T) {
	dir := toyCorpus(t)
	out, errs, code := cli(t, "", "check", "-corpus", dir)
	if code != 1 || !strings.Contains(out, `unknown variant "toy"`) {
		t.Fatalf("check without the toy's registration: exit %d, want 1 and an unknown variant\n%s\n%s", code, out, errs)
	}
	out, errs, code = toyCLI(t, "check", "-corpus", dir, "-json")
	if code != 0 {
		t.Fatalf("check with the toy game: exit %d\n%s\n%s", code, out, errs)
	}
	checkToyGroup(t, out)
	site := filepath.Join(t.TempDir(), "out")
	if out, errs, code := toyCLI(t, "build", "-corpus", dir, "-out", site); code != 0 {
		t.Fatalf("build with the toy game: exit %d\n%s\n%s", code, out, errs)
	}
	for file, wants := range map[string][]string{
		"site/en/index.html":                  {`href="games/toy/index.html"`},
		"site/en/games/toy/index.html":        {"The Toy", "the talon is gathered back into the pack"},
		"site/ru/games/toy/index.html":        {"Игрушка", "талон собирают обратно в\u00a0колоду"},
		"site/en/games/toy/play/index.html":   {`"wordGather":"Gather"`, `"wordDeal":"Deal"`},
		"site/ru/games/toy/play/index.html":   {`"wordGather":"Собрать"`},
		"site/en/rules/toy/gather/index.html": {"the talon is gathered back into the pack"},
	} {
		data, err := os.ReadFile(filepath.Join(site, file))
		if err != nil {
			t.Error(err)
			continue
		}
		for _, want := range wants {
			if !strings.Contains(string(data), want) {
				t.Errorf("%s lacks %q", file, want)
			}
		}
	}
	checkToyPDF(t, filepath.Join(site, "book.pdf"))
}

// toyCorpus copies the corpus's data files into a temporary folder and
// adds the toy game's: each a new file, nothing of the corpus rewritten
// but sources.yaml, to which the new source's entry is appended.
func toyCorpus(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "corpus")
	err := filepath.WalkDir("../../corpus", func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == "testdata":
			return fs.SkipDir
		case d.IsDir() || strings.HasSuffix(p, ".go"):
			return nil
		}
		rel, _ := filepath.Rel("../../corpus", p)
		return copyFile(p, filepath.Join(dir, rel))
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range toyFiles {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Fatalf("%s is in the corpus already: the toy game must only add files", f)
		}
		if err := copyFile(filepath.Join("testdata/toygame", f), filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	entry, err := os.ReadFile("testdata/toygame/sources.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(dir, "sources.yaml"), os.O_APPEND|os.O_WRONLY, 0)
	if err == nil {
		_, err = f.Write(entry)
		err = errors.Join(err, f.Close())
	}
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

// toyCLI runs pasyans in a child process in which the toy game is
// registered (see TestMain).
func toyCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	t.Setenv("PASYANS_TOY", "1")
	return cli(t, "", args...)
}

// checkToyGroup checks that check -json reports the toy game as a group of
// its own whose checks all pass, its deal replayed among them.
func checkToyGroup(t *testing.T, out string) {
	t.Helper()
	var res struct {
		Groups []struct {
			ID     string
			Checks []struct {
				Check   string
				OK      bool
				Summary string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	for _, g := range res.Groups {
		if g.ID != "toy" {
			continue
		}
		for _, c := range g.Checks {
			if !c.OK {
				t.Errorf("toy: check %s failed: %s", c.Check, c.Summary)
			}
			seen[c.Check] = c.Summary
		}
	}
	for check, want := range map[string]string{"paragraphs": "3 owned", "rules": "6 cited", "claims": "0 differ", "deals": "1 of 1 deal replayed"} {
		if !strings.Contains(seen[check], want) {
			t.Errorf("toy: check %s says %q, want %q in it", check, seen[check], want)
		}
	}
}

// checkToyPDF checks that the book's text holds the toy game.
func checkToyPDF(t *testing.T, file string) {
	t.Helper()
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext is not installed (poppler-utils; .ci/run installs it)")
	}
	out, err := exec.Command(tool, "-enc", "UTF-8", file, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"The Toy", "Игрушка", "THE TOY.", "900:2", "Source 900"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
}

// The toy game: an eleventh game that lives only in this test, to prove
// that a game is one registration. Its variant is this file (in a real
// game, engine/variants/<id>.go with the same engine.Register call in its
// init); its text, deal and source are under testdata/toygame. One pack
// is turned card by card from the pack (s) onto the talon (w), whose top
// card goes to the four foundations (f1–f4), built from the aces up in
// suit to the kings; when the pack is out, the talon is gathered back
// into it, as often as needed.

// Pile indexes of the toy game.
const (
	toyStock = 0
	toyTalon = 1
	toyFound = 2 // f1..f4
	toyPiles = 6
)

// The toy game's words: the shared deal, and a word of its own.
const (
	toyActDeal   = 1
	toyActGather = 2
)

var toyWordGather = engine.Word{ID: "gather",
	Label: engine.Text{EN: "Gather", RU: "Собрать"},
	Says:  engine.Text{EN: "the talon is gathered back into the pack", RU: "талон собирают обратно в колоду"}}

var (
	toyDeal = &engine.Rule{ID: "toy/deal",
		EN: "Deal turns the top card of the pack onto the talon.", RU: "Сдача кладёт верхнюю карту колоды на талон.",
		Book: []string{"900:2"}}
	toyGather = &engine.Rule{ID: "toy/gather",
		EN: "When the pack is out, the talon is gathered back into the pack, as often as needed.", RU: "Когда колода кончилась, талон собирают обратно в колоду, сколько потребуется.",
		Book: []string{"900:3"}}
	toyFoundationBase = &engine.Rule{ID: "toy/foundation-base",
		EN: "An empty foundation takes an ace.", RU: "Пустое основание принимает туза.",
		Book: []string{"900:2"}}
	toyFoundationSuit = &engine.Rule{ID: "toy/foundation-suit",
		EN: "The foundations follow suit.", RU: "На основаниях соблюдают масть.",
		Book: []string{"900:2"}}
	toyFoundationUp = &engine.Rule{ID: "toy/foundation-up",
		EN: "The foundations are built up to the kings.", RU: "Основания собирают вверх до королей.",
		Book: []string{"900:2"}}
	toyTalonOnly = &engine.Rule{ID: "toy/talon-only",
		EN: "Only the top card of the talon is played, and only to a foundation.", RU: "Играют только верхнюю карту талона, и только на основание.",
		Book: []string{"900:2"}}
)

// registerToy registers the toy game; TestMain calls it in a child process
// that the toy test starts.
func registerToy() {
	piles := []engine.PileDef{{ID: "s", Role: engine.Stock}, {ID: "w", Role: engine.Waste},
		{ID: "f1", Role: engine.Foundation}, {ID: "f2", Role: engine.Foundation},
		{ID: "f3", Role: engine.Foundation}, {ID: "f4", Role: engine.Foundation}}
	engine.Register(&engine.Variant{
		ID:     "toy",
		Titles: engine.Titles{RU: "Игрушка", RUModern: "Игрушка", EN: "The Toy"},
		Packs:  1,
		Piles:  piles,
		Words:  []engine.Word{engine.WordDeal, toyWordGather},
		Rules:  []*engine.Rule{toyDeal, toyGather, toyFoundationBase, toyFoundationSuit, toyFoundationUp, toyTalonOnly},
		Spec: engine.Spec{Cards: 52, Players: 1, Deals: 0, Win: "foundations",
			Foundations: []engine.FoundationSpec{{Count: 4, Base: "A", Dir: "up", Top: "K", Suit: "same", When: "during",
				Piles: []string{"f1", "f2", "f3", "f4"}}}},
		Layout: engine.Layout{Width: 7, Height: engine.CardHeight + 0.6, Slots: []engine.Slot{
			{Pile: "s", X: 0, Y: 0, Label: engine.Text{RU: "колода", EN: "pack"}},
			{Pile: "w", X: 1.2, Y: 0, Label: engine.Text{RU: "талон", EN: "talon"}},
			{Pile: "f1", X: 2.4, Y: 0, Mark: "A↑K"}, {Pile: "f2", X: 3.6, Y: 0, Mark: "A↑K"},
			{Pile: "f3", X: 4.8, Y: 0, Mark: "A↑K"}, {Pile: "f4", X: 6.0, Y: 0, Mark: "A↑K"}}},
		Symmetric: [][]int{{2, 3, 4, 5}},
		Game:      toyGame{},
	})
}

// toyGame is the toy's behaviour.
type toyGame struct{}

func (toyGame) Deal(s *engine.State, deck []engine.Card) {
	s.Piles[toyStock].Cards = append(s.Piles[toyStock].Cards, deck...)
}

func (toyGame) Check(s *engine.State, m engine.Move) *engine.Rule {
	switch m.Action {
	case toyActDeal, toyActGather:
		if m.From >= 0 || m.To >= 0 {
			return engine.RuleSyntax
		}
		if n := len(s.Piles[toyStock].Cards); m.Action == toyActDeal && n == 0 {
			return toyDeal
		} else if m.Action == toyActGather && (n > 0 || len(s.Piles[toyTalon].Cards) == 0) {
			return toyGather
		}
		return nil
	}
	if m.From != toyTalon || m.To < toyFound {
		return toyTalonOnly
	}
	c := s.Piles[toyTalon].Top()
	if c == engine.NoCard {
		return engine.RuleEmptySource
	}
	t := s.Piles[m.To].Top()
	switch {
	case t == engine.NoCard && c.Rank() != engine.Ace:
		return toyFoundationBase
	case t == engine.NoCard:
		return nil
	case c.Suit() != t.Suit():
		return toyFoundationSuit
	case c.Rank() != t.Rank()+1:
		return toyFoundationUp
	}
	return nil
}

func (toyGame) Apply(s *engine.State, m engine.Move) {
	switch m.Action {
	case toyActDeal:
		s.Move(toyStock, toyTalon, 1)
	case toyActGather:
		s.MoveReversed(toyTalon, toyStock, len(s.Piles[toyTalon].Cards))
	default:
		s.Move(int(m.From), int(m.To), 1)
	}
}

func (g toyGame) Moves(s *engine.State, dst []engine.Move) []engine.Move {
	for a := toyActDeal; a <= toyActGather; a++ {
		if m := (engine.Move{From: -1, To: -1, Action: int8(a)}); g.Check(s, m) == nil {
			dst = append(dst, m)
		}
	}
	for f := toyFound; f < toyPiles; f++ {
		if m := (engine.Move{From: toyTalon, To: int8(f)}); g.Check(s, m) == nil {
			dst = append(dst, m)
		}
	}
	return dst
}

func (toyGame) Won(s *engine.State) bool {
	n := 0
	for f := toyFound; f < toyPiles; f++ {
		n += len(s.Piles[f].Cards)
	}
	return n == 52
}
