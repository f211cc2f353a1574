package search_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"pasyans/corpus"
	"pasyans/corpus/search"
	"pasyans/normalize/stem"
)

// scriptPath is the site's search script, whose query core answers the
// search page's queries from the encoded index and its form table.
const scriptPath = "../../site/static/search.js"

// scriptRunner runs the script's core in Node on the queries of a JSON
// file and prints each one's results.
const scriptRunner = `
const fs = require("fs");
require(process.argv[2]);
const input = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const core = globalThis.pasyansSearchCore.open(input.index, input.head);
for (const [name, data] of Object.entries(input.shards)) core.addShard(name, JSON.parse(data));
const out = input.queries.map(q => core.run(q[0], q[2], q[1]).groups.map(g => ({name: g.name,
  results: g.results.map(r => ({kind: r.kind, id: r.id, lang: r.lang, snippets: r.snippets.map(s => s.html), forms: r.forms}))})));
process.stdout.write(JSON.stringify(out));
`

// scriptGroup is a results group as the parity test compares it.
type scriptGroup struct {
	Name    string         `json:"name"`
	Results []scriptResult `json:"results"`
}

type scriptResult struct {
	Kind     string   `json:"kind"`
	ID       string   `json:"id"`
	Lang     string   `json:"lang"`
	Snippets []string `json:"snippets"`
	Forms    []string `json:"forms"`
}

// TestScriptParity runs the search page's query core (site/static/search.js,
// in Node) on every query of testdata/queries.tsv, and on the query cut
// one, two and three letters short (a reader still typing; not with
// -short), on both
// languages' pages, and compares what it draws (the groups, the results in
// order, their snippets and marked forms) with what this package's Page,
// Snippets and Forms give with the keyer. The core knows a query word
// only through the form table: a query whose word the table lacks may
// differ, and is listed; the drawn list's recall and precision on the test
// set, per class, are measured on what the core gives, with the same
// targets as TestSearchQuality.
func TestScriptParity(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node")
	}
	ed, err := corpus.Load(corpus.FS)
	if ed == nil {
		t.Fatalf("corpus.Load: %v", err)
	}
	k := stem.New()
	ix := search.Build(ed.SearchDocs(), k)
	data, err := ix.Encode()
	if err != nil {
		t.Fatal(err)
	}
	head, shards, err := ix.FormTable(k).Encode()
	if err != nil {
		t.Fatal(err)
	}
	shardData := map[string]string{}
	for _, sh := range shards {
		shardData[sh.Name] = string(sh.Data)
	}
	cases := loadQualityCases(t, ed)
	type query struct{ q, lang, reading string }
	var qs []query
	for _, c := range cases {
		for _, lang := range []string{"ru", "en"} {
			qs = append(qs, query{c.query, lang, search.Corrected})
		}
		r := []rune(c.query)
		for cut := 1; cut <= 3 && cut < len(r) && !testing.Short(); cut++ {
			qs = append(qs, query{string(r[:len(r)-cut]), "ru", search.Diplomatic})
		}
	}
	in := map[string]any{"index": string(data), "head": head, "shards": shardData}
	var list [][3]string
	for _, q := range qs {
		list = append(list, [3]string{q.q, q.lang, q.reading})
	}
	in["queries"] = list
	dir := t.TempDir()
	inPath, runPath := filepath.Join(dir, "in.json"), filepath.Join(dir, "run.js")
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(inPath, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(runPath, []byte(scriptRunner), 0o644); err != nil {
		t.Fatal(err)
	}
	// A copy, read here so that the test's cache knows the script.
	script, err := os.ReadFile(scriptPath)
	if err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(dir, "search.js")
	if err := os.WriteFile(abs, script, 0o644); err != nil {
		t.Fatal(err)
	}
	// The Go code answers while Node does.
	want := make(chan [][]scriptGroup, 1)
	go func() {
		out := make([][]scriptGroup, len(qs))
		for i, q := range qs {
			out[i] = goGroups(ix, k, q.q, q.lang, q.reading)
		}
		want <- out
	}()
	outb, err := exec.Command(node, runPath, abs, inPath).Output()
	wants := <-want
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("node: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("node: %v", err)
	}
	var got [][]scriptGroup
	if err := json.Unmarshal(outb, &got); err != nil || len(got) != len(qs) {
		t.Fatalf("node's output: %v (%d answers for %d queries)", err, len(got), len(qs))
	}
	differ := 0
	for i, q := range qs {
		if !reflect.DeepEqual(normGroups(got[i]), normGroups(wants[i])) {
			differ++
			t.Logf("%q (%s, %s): the script draws %s; Go %s", q.q, q.lang, q.reading, brief(got[i]), brief(wants[i]))
		}
	}
	t.Logf("%d of %d queries drawn as the Go code draws them", len(qs)-differ, len(qs))
	if differ*50 > len(qs) {
		t.Errorf("%d of %d queries differ from the Go code: want at most 2%%", differ, len(qs))
	}
	scriptQuality(t, cases, func(i int) []string {
		var out []string
		for _, g := range got[slices.IndexFunc(qs, func(q query) bool { return q.q == cases[i].query && q.lang == "ru" })] {
			for _, r := range g.Results {
				if r.Kind == search.KindPara {
					out = append(out, r.ID)
				}
			}
		}
		return out
	})
}

// goGroups is what the Go code draws for a query.
func goGroups(ix *search.Index, k *stem.Keyer, q, lang, reading string) []scriptGroup {
	pq := search.Parse(k, q)
	var out []scriptGroup
	for _, g := range ix.Page(pq, lang) {
		sg := scriptGroup{Name: g.Name}
		for _, r := range g.Results {
			d := ix.Doc(r.Doc)
			sr := scriptResult{Kind: d.Kind, ID: d.ID, Lang: d.Lang, Forms: ix.Forms(pq, r.Doc)}
			for _, sn := range ix.Snippets(pq, r.Doc, reading, 220) {
				sr.Snippets = append(sr.Snippets, sn.HTML)
			}
			sg.Results = append(sg.Results, sr)
		}
		out = append(out, sg)
	}
	return out
}

// normGroups makes empty lists nil, as JSON leaves them.
func normGroups(gs []scriptGroup) []scriptGroup {
	out := slices.Clone(gs)
	for i := range out {
		out[i].Results = slices.Clone(out[i].Results)
		for j := range out[i].Results {
			r := &out[i].Results[j]
			if len(r.Snippets) == 0 {
				r.Snippets = nil
			}
			if len(r.Forms) == 0 {
				r.Forms = nil
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// brief names the first results of each group.
func brief(gs []scriptGroup) string {
	s := ""
	for _, g := range gs {
		var ids []string
		for _, r := range g.Results {
			ids = append(ids, r.Kind+":"+r.ID)
		}
		if len(ids) > 4 {
			ids = append(ids[:4], "…")
		}
		s += fmt.Sprintf("%s(%d)%v ", g.Name, len(g.Results), ids)
	}
	if s == "" {
		return "nothing"
	}
	return s
}

// scriptQuality measures recall and precision of the drawn paragraphs per
// class, as TestSearchQuality does for the Go code.
func scriptQuality(t *testing.T, cases []qualityCase, drawn func(i int) []string) {
	t.Helper()
	var ty tally
	for i, c := range cases {
		ty.add(c, drawn(i))
	}
	for _, c := range ty.classes() {
		s := ty.of(c)
		t.Logf("script %-9s %3d queries: recall %.3f (%d/%d), precision %.3f (%d/%d)", c, s.n,
			ratio(s.correct, s.want), s.correct, s.want, ratio(s.correct, s.found), s.correct, s.found)
	}
	total := &ty.total
	if r, p := ratio(total.correct, total.want), ratio(total.correct, total.found); r < 0.95 || p < 0.98 {
		t.Errorf("the script's recall %.3f, precision %.3f: want at least 0.95 and 0.98", r, p)
	}
}
