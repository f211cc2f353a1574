package check

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"pasyans/corpus"
	"pasyans/engine"
)

// The mutants prove that the checker can fail: each is a registered
// variant with one rule changed (wrapped, never registered) or the corpus
// with one fact changed, and the check must fail naming the paragraph that
// states the broken fact.

// loosen is a Game that also allows the moves its original refuses by rule
// and that allow accepts; extra lists the candidates for such moves.
type loosen struct {
	engine.Game
	rule  *engine.Rule
	allow func(s *engine.State, m engine.Move) bool
	extra func(s *engine.State, dst []engine.Move) []engine.Move
}

func (g loosen) Check(s *engine.State, m engine.Move) *engine.Rule {
	r := g.Game.Check(s, m)
	if r == g.rule && g.allow(s, m) {
		return nil
	}
	return r
}

func (g loosen) Moves(s *engine.State, dst []engine.Move) []engine.Move {
	dst = g.Game.Moves(s, dst)
	n := len(dst)
	for _, m := range g.extra(s, nil) {
		if g.Game.Check(s, m) == g.rule && g.allow(s, m) && !slices.Contains(dst[:n], m) {
			dst = append(dst, m)
		}
	}
	return dst
}

// tighten is a Game that refuses, by rule, the moves refuse names.
type tighten struct {
	engine.Game
	rule   *engine.Rule
	refuse func(s *engine.State, m engine.Move) bool
}

func (g tighten) Check(s *engine.State, m engine.Move) *engine.Rule {
	if r := g.Game.Check(s, m); r != nil {
		return r
	}
	if g.refuse(s, m) {
		return g.rule
	}
	return nil
}

func (g tighten) Moves(s *engine.State, dst []engine.Move) []engine.Move {
	all := g.Game.Moves(s, nil)
	for _, m := range all {
		if !g.refuse(s, m) {
			dst = append(dst, m)
		}
	}
	return dst
}

// afterApply is a Game that does more after each move.
type afterApply struct {
	engine.Game
	after func(s *engine.State, m engine.Move)
}

func (g afterApply) Apply(s *engine.State, m engine.Move) {
	g.Game.Apply(s, m)
	g.after(s, m)
}

// transfers lists every transfer between piles of the given roles.
func transfers(v *engine.Variant, from, to engine.Role) func(s *engine.State, dst []engine.Move) []engine.Move {
	fs, ts := v.PilesOf(from), v.PilesOf(to)
	return func(s *engine.State, dst []engine.Move) []engine.Move {
		for _, f := range fs {
			if !s.Piles[f].FaceUpTop() {
				continue
			}
			for _, t := range ts {
				if f != t {
					dst = append(dst, engine.Transfer(f, t))
				}
			}
		}
		return dst
	}
}

// mutate returns a copy of the registered variant id changed by f.
func mutate(t *testing.T, id string, f func(v *engine.Variant)) *engine.Variant {
	t.Helper()
	v, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	m := *v
	m.Spec.Foundations = slices.Clone(v.Spec.Foundations)
	m.Spec.Building = slices.Clone(v.Spec.Building)
	f(&m)
	return &m
}

func rule(t *testing.T, v *engine.Variant, id string) *engine.Rule {
	t.Helper()
	r := v.Rule(id)
	if r == nil {
		t.Fatalf("%s has no rule %s", v.ID, id)
	}
	return r
}

// step reports whether card c goes on card top one rank away in direction
// dir (+1, -1, or 0 for either).
func step(c, top engine.Card, dir int) bool {
	d := int(c.Rank()) - int(top.Rank())
	if dir == 0 {
		return d == 1 || d == -1
	}
	return d == dir
}

// onFoundation reports whether m puts the top card of its source on a
// begun foundation, one rank on in the foundation's direction.
func onFoundation(v *engine.Variant, s *engine.State, m engine.Move) (engine.Card, engine.Card, bool) {
	if m.Action != 0 || v.Piles[m.To].Role != engine.Foundation || s.Piles[m.To].Len() == 0 || !s.Piles[m.From].FaceUpTop() {
		return 0, 0, false
	}
	c, top := s.Piles[m.From].Top(), s.Piles[m.To].Top()
	dir := 1
	if base := s.Piles[m.To].Cards[0]; base.Rank() == engine.King {
		dir = -1
	}
	return c, top, step(c, top, dir)
}

// expected returns the paragraphs of game that may rightly be named for
// rule ids and claimed fact keys: those citing the rules, those the engine
// says state them, those whose claims state the facts.
func expected(ed *corpus.Edition, game string, rules []string, facts []string) []string {
	var ids []string
	g := ed.Game(game)
	for _, p := range g.Paragraphs {
		for _, l := range p.Rules {
			if slices.Contains(rules, l.ID) {
				ids = append(ids, p.ID)
			}
		}
		for _, f := range facts {
			if p.Claims != nil && claimsState(p.Claims, f) {
				ids = append(ids, p.ID)
			}
		}
	}
	for _, id := range rules {
		if r, _ := engine.LookupRule(id); r != nil {
			ids = append(ids, r.Book...)
		}
	}
	return ids
}

type mutantCase struct {
	name, game string
	variant    func(t *testing.T) *engine.Variant
	rules      []string // the rules whose paragraphs may be named
	facts      []string // the claimed facts whose paragraphs may be named
	check      string   // the check id of the diagnostic wanted
}

// mutateCase is the mutant of game made by f on a copy of its variant
// (rule returns the copy's rule of an id, failing the test if it has
// none), caught by a diagnostic of check naming a paragraph of rules or
// facts.
func mutateCase(name, game, check string, rules, facts []string, f func(v *engine.Variant, rule func(id string) *engine.Rule)) mutantCase {
	return mutantCase{name: game + " " + name, game: game, check: check, rules: rules, facts: facts,
		variant: func(t *testing.T) *engine.Variant {
			return mutate(t, game, func(v *engine.Variant) {
				f(v, func(id string) *engine.Rule { return rule(t, v, id) })
			})
		}}
}

// loosenCase is the probe-caught mutant of game whose rule also allows the
// transfers from piles of role from to piles of role to that allow accepts.
func loosenCase(name, game, ruleID string, facts []string, from, to engine.Role, allow func(v *engine.Variant, s *engine.State, m engine.Move) bool) mutantCase {
	return mutateCase(name, game, CheckProbe, []string{ruleID}, facts, func(v *engine.Variant, rule func(string) *engine.Rule) {
		v.Game = loosen{Game: v.Game, rule: rule(ruleID), extra: transfers(v, from, to),
			allow: func(s *engine.State, m engine.Move) bool { return allow(v, s, m) }}
	})
}

// anyMove allows every move.
func anyMove(*engine.Variant, *engine.State, engine.Move) bool { return true }

// sameSuitStep allows a card on a card of its suit one rank away in
// direction dir (see step).
func sameSuitStep(dir int) func(v *engine.Variant, s *engine.State, m engine.Move) bool {
	return func(_ *engine.Variant, s *engine.State, m engine.Move) bool {
		c, top := s.Piles[m.From].Top(), s.Piles[m.To].Top()
		return top != engine.NoCard && c.Suit() == top.Suit() && step(c, top, dir)
	}
}

// mutantCases are the mutants, each game's added at init by a file of its
// own, mutant_<game>_test.go (TestMutantsPerGame asks one per game).
var mutantCases []mutantCase

// addMutants adds a game's mutants.
func addMutants(ms ...mutantCase) { mutantCases = append(mutantCases, ms...) }

func mutants() []mutantCase { return mutantCases }

// mutantProbes is the probe count for the mutants: smaller than the
// command's, enough for every mutant to be caught.
const mutantProbes = 60

func TestMutants(t *testing.T) {
	base := realCorpus(t)
	for _, mc := range mutants() {
		t.Run(mc.name, func(t *testing.T) {
			t.Parallel()
			ed, err := corpus.Load(base)
			if ed == nil {
				t.Fatal(err)
			}
			g := ed.Game(mc.game)
			if g == nil || g.Variant == nil {
				t.Fatalf("no game %s", mc.game)
			}
			g.Variant = mc.variant(t)
			f := &findings{}
			grp := gameGroup(ed, g, citations(ed), runProbes(g.Variant, planFor(mutantProbes)), f)
			want := expected(ed, mc.game, mc.rules, mc.facts)
			var got []string
			caught := false
			for _, d := range f.diags {
				if d.Rule != mc.check {
					continue
				}
				got = append(got, d.String())
				p := sectionOf(ed, d.Pos)
				named := strings.SplitN(d.Msg, " ", 2)[0]
				if d.Pos.File == g.Pos.File && (len(want) == 0 || p != nil && slices.Contains(want, p.ID) && slices.Contains(want, named)) {
					caught = true
				}
			}
			if !caught {
				var text bytes.Buffer
				(&Report{Groups: []*Group{grp}}).WriteText(&text)
				t.Errorf("mutant survived: no %s diagnostic naming one of %v in %s\n%s\n%s", mc.check, want, g.Pos.File, strings.Join(got, "\n"), text.String())
			}
			for _, d := range got {
				t.Log(d)
			}
		})
	}
}

// TestMutantsPerGame: every game has at least one mutant.
func TestMutantsPerGame(t *testing.T) {
	games := map[string]bool{}
	for _, mc := range mutants() {
		games[mc.game] = true
	}
	for _, v := range engine.Variants() {
		if !games[v.ID] {
			t.Errorf("no mutant of %s", v.ID)
		}
	}
}

// TestCorpusMutants: the corpus with one fact changed fails at the right
// file:line.
func TestCorpusMutants(t *testing.T) {
	lineOf := func(data []byte, s string) int {
		i := bytes.Index(data, []byte(s))
		if i < 0 {
			return 0
		}
		return bytes.Count(data[:i], []byte("\n")) + 1
	}
	cases := []struct {
		name, file, old, new string
		check                string
		at                   string // the text on the line the diagnostic must name; "" for the edited line
	}{
		{"claim altered", "games/salic-law.md", "suit: any", "suit: same", CheckClaim, ""},
		{"packs altered", "games/le-cadran.md", "\npacks: 2\n", "\npacks: 1\n", CheckClaim, ""},
		{"text changed", "sources/001.txt", "", "", corpus.CheckChecksum, "  - id: \"001:4\""},
		{"link broken", "games/salic-law.md", "(rule:salic-law/foundations)", "(rule:salic-law/foundation)", corpus.CheckRuleLink, ""},
		{"wrong term", "games/salic-law.md", "раскладывается на восемь королей", "раскладывается по одному очку на восемь королей", CheckTerms, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := realCorpus(t)
			file := c.file
			if c.name == "text changed" {
				file, c.old, c.new = changeParagraph(t, m, "001:4")
			}
			data := m[file].Data
			line := lineOf(data, c.old)
			if line == 0 {
				t.Skipf("%s lacks %q", file, c.old)
			}
			if c.check == CheckClaim && strings.HasPrefix(c.old, "\n") {
				ed, _ := corpus.Load(m)
				line = ed.Game("le-cadran").Pos.Line // the front matter's packs: reported at the game's position
			}
			m[file] = &fstest.MapFile{Data: bytes.Replace(data, []byte(c.old), []byte(c.new), 1)}
			if strings.HasPrefix(file, "sources/") { // a source received again: its manifest checksum follows
				sum := sha256.Sum256(m[file].Data)
				old := sha256.Sum256(data)
				m["sources.yaml"] = &fstest.MapFile{Data: bytes.Replace(m["sources.yaml"].Data, []byte(hex.EncodeToString(old[:])), []byte(hex.EncodeToString(sum[:])), 1)}
			}
			wantPos := fmt.Sprintf("%s:%d", file, line)
			if c.at != "" {
				wantPos = fmt.Sprintf("games/salic-law.md:%d", lineOf(m["games/salic-law.md"].Data, c.at))
			}
			r := run(t, m)
			var got []string
			for _, d := range r.Diagnostics {
				if d.Rule == c.check {
					got = append(got, d.String())
					if d.Pos.String() == wantPos {
						return
					}
				}
			}
			t.Errorf("no %s diagnostic at %s; got %v", c.check, wantPos, got)
		})
	}
}

// changeParagraph returns the source file holding paragraph id and a
// change of one word of it.
func changeParagraph(t *testing.T, m fstest.MapFS, id string) (file, old, new string) {
	t.Helper()
	ed, _ := corpus.Load(m)
	p := ed.Paragraph(id)
	if p == nil {
		t.Skipf("no paragraph %s", id)
	}
	for _, s := range ed.Sources {
		if s.ID == p.Source {
			file = s.File
		}
	}
	words := strings.Fields(p.Raw)
	if file == "" || len(words) < 2 {
		t.Skipf("cannot change %s", id)
	}
	w := words[len(words)/2]
	return file, w, w + w
}
