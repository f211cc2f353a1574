package main

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReduce: the reduced table gives every stem its answer, keeps only
// the endings where the answer changes, and answers for an unknown stem
// as the known stems that end like it mostly do.
func TestReduce(t *testing.T) {
	stems := map[string]string{
		"друг": "ие", "строг": "ие", "долг": "ие", "маг": "ия", "энерг": "ия",
		"тих": "ие", "стих": "ия", "лих": "ие", "знан": "ия", "здан": "ия", "древн": "ие",
	}
	def, entries := reduce(stems)
	if err := checkExact(stems, def, entries); err != nil {
		t.Fatal(err)
	}
	if len(entries) >= len(stems) {
		t.Errorf("%d entries for %d stems: %v", len(entries), len(stems), entries)
	}
	for stem, want := range map[string]string{"недруг": "ие", "синерг": "ия", "образован": "ия", "вн": "ие"} {
		if got := lookup(def, entries, stem); got != want {
			t.Errorf("lookup(%q) = %q, want %q (entries %v)", stem, got, want, entries)
		}
	}
}

func TestCheckExactFails(t *testing.T) {
	stems := map[string]string{"маг": "ия", "друг": "ие"}
	if err := checkExact(stems, "ие", map[string]string{}); err == nil || !strings.Contains(err.Error(), `"маг"`) {
		t.Errorf("checkExact = %v, want the wrong stem named", err)
	}
}

// TestResolve: a stem with both answers is ambiguous (for -аго, the
// qualitative adjective's answer wins, else -его); -ья evidence yields
// to an adjective's; a word in -аго that is no adjective's keeps it.
func TestResolve(t *testing.T) {
	q := newQuestions()
	for _, f := range [][2]string{
		{"карие", "ADJF,Qual plur,nomn"}, {"кария", "NOUN,inan,femn,Geox sing,nomn"},
		{"увечья", "NOUN,inan,neut sing,gent"},
		{"волчья", "ADJF femn,sing,nomn"}, {"волчие", "ADJF plur,nomn"},
		{"новые", "ADJF plur,nomn"}, {"батыя", "NOUN,anim,masc,Name sing,gent"},
		{"большого", "ADJF,Qual masc,sing,gent"}, {"большего", "ADJF masc,sing,gent"},
		{"меньшого", "ADJF masc,sing,gent"}, {"меньшего", "ADJF masc,sing,gent"},
		{"хорошего", "ADJF masc,sing,gent"}, {"саго", "NOUN,inan,neut,Fixd sing,nomn"},
		{"живаго", "NOUN,anim,masc,Surn sing,nomn"}, {"живого", "ADJF masc,sing,gent"},
		{"знание", "NOUN,inan,neut sing,nomn"}, {"1-ые", "ADJF plur,nomn"},
	} {
		q.add(f[0], f[1])
	}
	got := map[string]map[string]string{}
	for _, r := range q.tables() {
		got[r.name] = r.stems
	}
	want := map[string]map[string]string{
		"iya":      {"кар": "?", "увеч": "ия", "волч": "ие"},
		"iya-name": {"кар": "ия"},
		"yya":      {"нов": "ые", "бат": "ыя"},
		"ago":      {"больша": "ого", "меньша": "его", "хороша": "его", "са": "=", "жива": "ого"},
	}
	for name, w := range want {
		for stem, a := range w {
			if got[name][stem] != a {
				t.Errorf("%s %q = %q, want %q", name, stem, got[name][stem], a)
			}
		}
		if len(got[name]) != len(w) {
			t.Errorf("%s: %v, want %v", name, got[name], w)
		}
	}
}

// TestGenerateUpToDate regenerates the tables from the dictionary, where
// it is installed (see main.go; .ci/run installs it), and compares them
// with the committed tables.txt.
func TestGenerateUpToDate(t *testing.T) {
	dir := filepath.Join("..", "..", "..", ".ci", "az", "node_modules", "az", "dicts")
	if _, err := os.Stat(filepath.Join(dir, "words.dawg")); err != nil {
		t.Skipf("the dictionary is not installed (%v): npm install --prefix .ci/az az@0.2.3", err)
	}
	d, err := loadOpenCorpora(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Generate(d)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("..", "tables.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("tables.txt is not what the dictionary gives: run go generate ./normalize/lexicon")
	}
}

func TestParseErrors(t *testing.T) {
	d := &opencorpora{}
	for _, data := range [][]byte{nil, {1, 0, 0, 0}, le32(1, 7, 2, 0)} {
		if err := d.parseDAWG(data); err == nil {
			t.Errorf("parseDAWG(%v): no error", data)
		}
	}
	if _, err := parseParadigms([]byte{2, 0, 1, 0}); err == nil {
		t.Error("parseParadigms of a truncated file: no error")
	}
	ps, err := parseParadigms([]byte{1, 0, 3, 0, 5, 0, 6, 0, 7, 0})
	if err != nil || len(ps) != 1 || len(ps[0]) != 3 || ps[0][2] != 7 {
		t.Errorf("parseParadigms = %v, %v", ps, err)
	}
}

func le32(vs ...uint32) []byte {
	b := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], v)
	}
	return b
}

func FuzzParse(f *testing.F) {
	f.Add([]byte{1, 0, 3, 0, 5, 0, 6, 0, 7, 0})
	f.Add(le32(1, 7, 1, 0))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = parseParadigms(data)
		d := &opencorpora{}
		if d.parseDAWG(data) == nil && len(d.guide) != 2*len(d.units) {
			t.Fatalf("%d units, guide of %d bytes", len(d.units), len(d.guide))
		}
	})
}
