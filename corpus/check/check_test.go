package check

import (
	"bytes"
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"pasyans/corpus"
	"pasyans/corpus/internal/corpustest"
	"pasyans/engine"
)

// realCorpus copies the corpus (the folder above) into a MapFS that a test
// may change.
func realCorpus(t testing.TB) fstest.MapFS {
	t.Helper()
	return corpustest.Copy(t, "..", "testdata", "check")
}

// embedded loads the edition the binary embeds.
func embedded(t testing.TB) *corpus.Edition {
	t.Helper()
	ed, err := corpus.Load(corpus.FS)
	if ed == nil {
		t.Fatalf("the embedded corpus did not load: %v", err)
	}
	return ed
}

// loadClean loads fsys, which must load without a diagnostic.
func loadClean(t testing.TB, fsys fs.FS) *corpus.Edition {
	t.Helper()
	ed, err := corpus.Load(fsys)
	if ed == nil {
		t.Fatalf("Load: %v", err)
	}
	if ds, _ := err.(corpus.Diagnostics); len(ds) > 0 {
		t.Fatalf("Load: %v", ds)
	}
	return ed
}

// run loads fsys and checks it.
func run(t testing.TB, fsys fs.FS) *Report {
	t.Helper()
	ed, err := corpus.Load(fsys)
	if ed == nil {
		t.Fatalf("Load: %v", err)
	}
	ds, _ := err.(corpus.Diagnostics)
	return Run(ed, Options{Load: ds})
}

// diagStrings returns the report's diagnostics of one check id.
func diagStrings(r *Report, rule string) []string {
	var out []string
	for _, d := range r.Diagnostics {
		if d.Rule == rule {
			out = append(out, d.String())
		}
	}
	return out
}

func TestRealCorpus(t *testing.T) {
	r := run(t, realCorpus(t))
	var text bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	t.Logf("the corpus as it stands:\n%s", text.String())
	ed, _ := corpus.Load(realCorpus(t))
	for i, g := range ed.Games {
		if r.Groups[i].ID != g.ID {
			t.Errorf("group %d is %s, want game %s", i, r.Groups[i].ID, g.ID)
		}
	}
	for _, g := range r.Groups {
		for _, c := range g.Checks {
			if c.OK != (c.Counts["errors"] == 0) {
				t.Errorf("%s/%s: ok %v with %d errors", g.ID, c.Check, c.OK, c.Counts["errors"])
			}
		}
	}
	if r.OK() != (len(r.Diagnostics) == 0) || !strings.Contains(text.String(), "paragraphs") {
		t.Errorf("report inconsistent:\n%s", text.String())
	}
}

// TestCitation: a rule no paragraph links to is an error at the section
// of the paragraph the engine names; one link clears it.
func TestCitation(t *testing.T) {
	const rule = "salic-law/foundations"
	if r, _ := engine.LookupRule(rule); r == nil || r.Reconstructed != "" {
		t.Skipf("rule %s is not a stated rule of the engine", rule)
	}
	m := realCorpus(t)
	uncited := func(r *Report) bool {
		for _, d := range diagStrings(r, CheckCited) {
			if strings.Contains(d, "rule "+rule+" ") {
				return true
			}
		}
		return false
	}
	f := m["games/salic-law.md"]
	unlinked := regexp.MustCompile(`\]\(rule:`+regexp.QuoteMeta(rule)+`\)`).ReplaceAll(f.Data, []byte("](#)"))
	m["games/salic-law.md"] = &fstest.MapFile{Data: unlinked}
	if !uncited(run(t, m)) {
		t.Errorf("no diagnostic for uncited %s", rule)
	}
	linked := bytes.Replace(unlinked, []byte("Suits are not followed."), []byte("[Suits are not followed](rule:"+rule+")."), 1)
	m["games/salic-law.md"] = &fstest.MapFile{Data: linked}
	if uncited(run(t, m)) {
		t.Errorf("%s still uncited after a link", rule)
	}
}

// playout returns n legal moves of a deal, taking the first legal move each
// time, and whether the game is won after them.
func playout(v *engine.Variant, seed uint64, n int) ([]string, *engine.State) {
	s := engine.NewDeal(v, seed, 0)
	var moves []string
	for range n {
		ms := s.Moves()
		if len(ms) == 0 || s.Won() {
			break
		}
		moves = append(moves, v.FormatMove(ms[0]))
		s.Do(ms[0])
	}
	return moves, s
}

// illegalMove returns a move in the game's notation that is illegal in s.
func illegalMove(v *engine.Variant, s *engine.State) string {
	for from := range v.Piles {
		for to := range v.Piles {
			if from != to && s.CheckPlayable(engine.Transfer(from, to)) != nil {
				return v.FormatMove(engine.Transfer(from, to))
			}
		}
	}
	return ""
}

func dealYAML(game, outcome string, moves []string) string {
	return fmt.Sprintf("game: %s\ntitle: {en: A deal, ru: Расклад}\nseed: 7\noptions: []\noutcome: %s\nmoves: |\n  %s\n",
		game, outcome, strings.Join(moves, "\n  "))
}

func TestDealReplay(t *testing.T) {
	const game = "salic-law"
	v, err := engine.Lookup(game)
	if err != nil {
		t.Skip(err)
	}
	moves, s := playout(v, 7, 20)
	if s.Won() || len(moves) < 3 {
		t.Skipf("playout of %s seed 7 is not a short lost line", game)
	}
	bad := illegalMove(v, s)
	cases := []struct {
		name, outcome string
		moves         []string
		want          string // the replay diagnostic, "" for none
	}{
		{"lost-legal", "lost", moves, ""},
		{"won-not-won", "won", moves, fmt.Sprintf("deals/%s/x.yaml:%d: deal x: stated won, but the position after the last move (%d) is not won", game, 6+len(moves), len(moves))},
		{"illegal", "lost", append(moves[:len(moves):len(moves)], bad), fmt.Sprintf("deals/%s/x.yaml:%d: deal x: move %d %q is illegal: ", game, 7+len(moves), len(moves)+1, bad)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := realCorpus(t)
			m["deals/"+game+"/x.yaml"] = &fstest.MapFile{Data: []byte(dealYAML(game, c.outcome, c.moves))}
			r := run(t, m)
			got := diagStrings(r, CheckReplay)
			switch {
			case c.want == "" && len(got) > 0:
				t.Errorf("unexpected: %v", got)
			case c.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], c.want)):
				t.Errorf("got %v\nwant %s…", got, c.want)
			}
			if g := groupByID(r, game); g == nil || g.result("deals").Counts["deals"] < 1 {
				t.Errorf("deals not counted: %+v", g)
			}
		})
	}
}

func groupByID(r *Report, id string) *Group {
	for _, g := range r.Groups {
		if g.ID == id {
			return g
		}
	}
	return nil
}

// TestTruncatedWonDeals: every won example deal of the corpus, with its
// last move cut, must fail at the deal's last remaining move.
func TestTruncatedWonDeals(t *testing.T) {
	base := realCorpus(t)
	names, _ := fs.Glob(base, "deals/*/*.yaml")
	lastMove := regexp.MustCompile(`(?m)[ \t]+\S+[ \t]*$`)
	for _, name := range names {
		data := base[name].Data
		if !bytes.Contains(data, []byte("\noutcome: won\n")) || !bytes.Contains(data, []byte("moves: |\n")) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			m := realCorpus(t)
			head, tail, _ := bytes.Cut(data, []byte("moves: |\n"))
			block, rest := tail, []byte{}
			if i := regexp.MustCompile(`(?m)^\S`).FindIndex(tail); i != nil {
				block, rest = tail[:i[0]], tail[i[0]:]
			}
			block = bytes.TrimRight(block, "\n")
			loc := lastMove.FindAllIndex(block, -1)
			if loc == nil {
				t.Skip("one move per line")
			}
			cut := append(append(append(append([]byte{}, head...), "moves: |\n"...), block[:loc[len(loc)-1][0]]...), '\n')
			m[name] = &fstest.MapFile{Data: append(cut, rest...)}
			got := diagStrings(run(t, m), CheckReplay)
			if len(got) != 1 || !strings.Contains(got[0], "stated won, but the position after the last move") {
				t.Errorf("got %v, want one \"stated won\" failure", got)
			}
		})
	}
}
