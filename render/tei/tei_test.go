package tei

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pasyans/corpus"
	"pasyans/normalize"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// schemaPath is the TEI Consortium's tei_all, beside the project (see
// ../shared/tei/README.md from the project's root), or the file named by
// $TEI_SCHEMA (for a checkout whose shared folder is elsewhere).
func schemaPath() string {
	if s := os.Getenv("TEI_SCHEMA"); s != "" {
		return s
	}
	return filepath.Join("..", "..", "..", "shared", "tei", "tei_all.rng")
}

// tool returns the path of the command name and checks that the file it
// works with (a jar, a schema; "" for none) is there. Without either the
// test is skipped, or fails on CI (see lacking); pkg is the Debian
// package that has the command.
func tool(t *testing.T, name, file, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil && file != "" {
		_, err = os.Stat(file)
	}
	if err != nil {
		lacking(t, err.Error()+" (apt-get install "+pkg+")")
	}
	return path
}

// lacking skips a test for want of a tool or a file of the field's, except
// on CI (CI=true), where it fails: .ci/run installs the tools, and
// ../shared/tei holds the schema and the stylesheets.
func lacking(t *testing.T, what string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s, and CI=true: the TEI must be tested with the field's tools on CI", what)
	}
	t.Skip(what)
}

func load(t *testing.T) *corpus.Edition {
	t.Helper()
	ed, err := corpus.Load(corpus.FS)
	if err != nil {
		t.Fatal(err)
	}
	return ed
}

func document(t *testing.T, ed *corpus.Edition) ([]byte, *node, map[string]string) {
	t.Helper()
	b, err := Bytes(ed)
	if err != nil {
		t.Fatal(err)
	}
	root, err := parse(b)
	if err != nil {
		t.Fatalf("the document does not parse: %v", err)
	}
	cs, err := chars(root)
	if err != nil {
		t.Fatal(err)
	}
	return b, root, cs
}

// byID indexes the elements of a document by xml:id.
func byID(root *node) map[string]*node {
	m := map[string]*node{}
	root.walk(func(n *node) {
		if id, ok := n.attr["xml:id"]; ok {
			m[id] = n
		}
	})
	return m
}

// TestRoundTrip reads the document back and checks that choosing sic+orig,
// corr+orig and corr+reg gives every paragraph's diplomatic, corrected and
// modern readings (as pasyans export prints them), and that the English,
// the notes and the rule links come back.
func TestRoundTrip(t *testing.T) {
	ed := load(t)
	_, root, cs := document(t, ed)
	ids := byID(root)
	rules := map[string]string{}
	for _, it := range root.all("item") {
		if id := it.attr["xml:id"]; strings.HasPrefix(id, "rule-") {
			rules[id] = it.attr["n"]
		}
	}
	notes := map[string][]string{}   // the English notes by target
	notesRU := map[string][]string{} // the Russian
	links := map[string][]string{}   // from the English rules lines
	linksRU := map[string][]string{}
	anchorPara := anchorParas(root)
	for _, n := range root.all("note") {
		if n.attr["type"] != "editorial" {
			continue
		}
		target := noteTarget(n, anchorPara)
		if n.attr["xml:lang"] == "ru" {
			notesRU[target] = append(notesRU[target], markdown(n, rules, cs))
		} else {
			notes[target] = append(notes[target], markdown(n, rules, cs))
		}
	}
	for _, div := range root.all("back")[0].all("div") {
		if div.attr["type"] != "rule-links" {
			continue
		}
		for _, k := range div.kids {
			n, ok := k.(*node)
			if !ok || n.name != "note" {
				continue
			}
			into := links
			if n.attr["xml:lang"] == "ru" {
				into = linksRU
			}
			for _, r := range n.all("ref") {
				into[n.attr["target"]] = append(into[n.attr["target"]], rules[strings.TrimPrefix(r.attr["target"], "#")])
			}
		}
	}
	for _, p := range ed.Paragraphs {
		pid := "p-" + strings.ReplaceAll(p.ID, ":", "-")
		ru, en := ids[pid], ids["en-"+strings.ReplaceAll(p.ID, ":", "-")]
		if ru == nil || en == nil {
			t.Errorf("%s: no element %s (or its translation)", p.ID, pid)
			continue
		}
		for _, c := range []struct {
			name      string
			sic, orig bool
			want      string
		}{{"diplomatic", true, true, p.Diplomatic}, {"corrected", false, true, p.Corrected}, {"modern", false, false, p.Modern}} {
			if got := reading(ru, c.sic, c.orig, cs); got != c.want {
				t.Errorf("%s: %s reading\n got %q\nwant %q", p.ID, c.name, got, c.want)
			}
		}
		if got := markdown(en, rules, cs); got != p.Translation.Markdown {
			t.Errorf("%s: English\n got %q\nwant %q", p.ID, got, p.Translation.Markdown)
		}
		if en.attr["corresp"] != "#"+pid || ru.attr["n"] != p.ID {
			t.Errorf("%s: corresp %q, n %q", p.ID, en.attr["corresp"], ru.attr["n"])
		}
		var want, wantRU []string
		for _, n := range p.Notes {
			want = append(want, strings.TrimPrefix(n.Markdown, "Note. "))
			if n.RU.Markdown != "" {
				wantRU = append(wantRU, strings.TrimPrefix(n.RU.Markdown, "Примечание. "))
			}
		}
		if got := notes["#"+pid]; !slices.Equal(got, want) {
			t.Errorf("%s: notes\n got %q\nwant %q", p.ID, got, want)
		}
		// The Russian notes carry the Russian typographic step's
		// non-breaking spaces: the same text up to them.
		if got := notesRU["#"+pid]; !slices.Equal(unbreak(got), unbreak(wantRU)) {
			t.Errorf("%s: Russian notes\n got %q\nwant %q", p.ID, got, wantRU)
		}
		var wantLinksRU []string
		for _, l := range p.RulesRU {
			wantLinksRU = append(wantLinksRU, l.ID)
		}
		if got := linksRU["#"+pid]; !slices.Equal(got, wantLinksRU) {
			t.Errorf("%s: Russian rules line's links\n got %q\nwant %q", p.ID, got, wantLinksRU)
		}
		// Every rule link of the section, from the translation, the
		// rules line or a note, points at its rule.
		got := append([]string(nil), links["#"+pid]...)
		for _, n := range append([]*node{en}, notesOf(root, "#"+pid)...) {
			for _, r := range n.all("ref") {
				if id, ok := rules[strings.TrimPrefix(r.attr["target"], "#")]; ok {
					got = append(got, id)
				}
			}
		}
		want = nil
		for _, l := range p.Rules {
			want = append(want, l.ID)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: rule links\n got %q\nwant %q", p.ID, got, want)
		}
	}
}

// anchorParas maps the xml:id of each anchor in a Russian paragraph to
// the paragraph's pointer ("#p-001-4").
func anchorParas(root *node) map[string]string {
	m := map[string]string{}
	root.walk(func(n *node) {
		if id := n.attr["xml:id"]; strings.HasPrefix(id, "p-") {
			for _, a := range n.all("anchor") {
				m["#"+a.attr["xml:id"]] = "#" + id
			}
		}
	})
	return m
}

// noteTarget is the Russian paragraph a note is about: its first target,
// an English paragraph read as its Russian one, an anchor as the
// paragraph it stands in.
func noteTarget(n *node, anchorPara map[string]string) string {
	t, _, _ := strings.Cut(n.attr["target"], " ")
	if p, ok := anchorPara[t]; ok {
		return p
	}
	return strings.Replace(t, "#en-", "#p-", 1)
}

// notesOf returns the editor's English notes whose target is target.
func notesOf(root *node, target string) []*node {
	var ns []*node
	for _, n := range root.all("note") {
		if n.attr["type"] == "editorial" && noteTarget(n, anchorParas(root)) == target && n.attr["xml:lang"] != "ru" {
			ns = append(ns, n)
		}
	}
	return ns
}

// TestKinds: headings, running heads and footnotes are head, fw and note
// elements, as the corpus classifies the paragraphs.
func TestKinds(t *testing.T) {
	ed := load(t)
	_, root, _ := document(t, ed)
	ids := byID(root)
	want := map[string]string{"": "p", corpus.KindHead: "head", corpus.KindRunningHead: "fw", corpus.KindFootnote: "p"}
	kinds := map[string]int{}
	for _, p := range ed.Paragraphs {
		kinds[p.Kind]++
		n := ids["p-"+strings.ReplaceAll(p.ID, ":", "-")]
		w := want[p.Kind]
		if p.Kind == corpus.KindHead && ed.Book != nil && slices.Contains(ed.Book.Paragraphs, p) {
			w = "ab" // the reader site's catalogue line, not a heading of the book
		}
		if n == nil || n.name != w {
			t.Errorf("%s (kind %q): element %v, want %s", p.ID, p.Kind, n, w)
			continue
		}
		if inNote := n.owner.name == "note" && n.owner.attr["type"] == "footnote"; inNote != (p.Kind == corpus.KindFootnote) {
			t.Errorf("%s (kind %q): inside a footnote: %v", p.ID, p.Kind, inNote)
		}
	}
	for _, k := range []string{corpus.KindHead, corpus.KindRunningHead, corpus.KindFootnote} {
		if kinds[k] == 0 {
			t.Errorf("no paragraph of kind %q in the corpus: the test proves nothing", k)
		}
	}
}

// TestIDsAndPointers: every xml:id is a unique NCName, every internal
// pointer (target, corresp, ana, ref, source) resolves, and every rule id
// in a corr's or reg's type is declared.
func TestIDsAndPointers(t *testing.T) {
	_, root, _ := document(t, load(t))
	seen := map[string]int{}
	declared := map[string]bool{}
	root.walk(func(n *node) {
		if id, ok := n.attr["xml:id"]; ok {
			if seen[id] > 0 {
				t.Errorf("line %d: xml:id %q already used at line %d", n.line, id, seen[id])
			}
			seen[id] = n.line
			if !isNCName(id) {
				t.Errorf("line %d: xml:id %q is not an NCName", n.line, id)
			}
		}
		if n.name == "category" {
			declared[n.attr["n"]] = true
		}
	})
	pointers := 0
	root.walk(func(n *node) {
		for _, a := range []string{"target", "corresp", "ana", "ref", "source"} {
			for _, p := range strings.Fields(n.attr[a]) {
				if !strings.HasPrefix(p, "#") {
					continue
				}
				pointers++
				if seen[p[1:]] == 0 {
					t.Errorf("line %d: %s %s=%q points at nothing", n.line, n.name, a, p)
				}
			}
		}
		if n.name == "corr" || n.name == "reg" {
			if n.attr["type"] == "" && n.owner.owner.name != "head" && n.owner.owner.name != "supplied" {
				t.Errorf("line %d: %s without the rule in its type", n.line, n.name)
			}
			for _, id := range strings.Split(n.attr["type"], "+") {
				if n.attr["type"] != "" && !declared[id] {
					t.Errorf("line %d: %s type %q: rule %q is not declared", n.line, n.name, n.attr["type"], id)
				}
			}
		}
	})
	for _, r := range normalize.Rules() {
		if !declared[r.ID] {
			t.Errorf("normalisation rule %s is not declared in the encodingDesc", r.ID)
		}
	}
	if pointers < 1000 {
		t.Errorf("only %d internal pointers: the test proves little", pointers)
	}
}

// TestDeterministic: the same edition, loaded twice, gives the same bytes.
func TestDeterministic(t *testing.T) {
	a, err := Bytes(load(t))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bytes(load(t))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("two documents of the same edition differ")
	}
}

// TestGolden compares one game's divs (the Russian and the English) with
// testdata/salic-law.xml; go test -update rewrites it.
func TestGolden(t *testing.T) {
	ed := load(t)
	d := newDoc(ed)
	i := slices.IndexFunc(d.owners(), func(o owner) bool { return o.id == "salic-law" })
	if i < 0 {
		t.Fatal("no salic-law")
	}
	for _, lang := range []string{"ru", "en"} {
		if err := d.owner(0, d.owners()[i], lang); err != nil {
			t.Fatal(err)
		}
	}
	d.w.b.WriteByte('\n')
	golden := filepath.Join("testdata", "salic-law.xml")
	if *update {
		if err := os.WriteFile(golden, d.w.b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(d.w.b.Bytes(), want) {
		t.Errorf("salic-law's TEI differs from %s (run go test -update to accept):\n%s", golden, d.w.b.String())
	}
}

// TestSchema validates the whole document against tei_all with jing:
//
//	jing ../shared/tei/tei_all.rng out/tei/pasyans.xml
//
// ($TEI_SCHEMA names the schema if it is elsewhere.) Without jing or the
// schema it is skipped, except on CI (CI=true), where
// it fails: .ci/run installs jing, and the schema is in ../shared/tei.
func TestSchema(t *testing.T) {
	schema := schemaPath()
	jing := tool(t, "jing", schema, "jing")
	// The edition, and a tiny one whose text needs character
	// declarations and whose paragraph no game owns.
	b, _, _ := document(t, load(t))
	odd, _, _ := document(t, tiny("Свђтъ \x01]]>\xff & <p>"))
	if !bytes.Contains(odd, []byte("<charDecl>")) || !bytes.Contains(odd, []byte(`type="unowned"`)) {
		t.Fatal("the tiny edition should need a charDecl and an unowned div")
	}
	dir := t.TempDir()
	for name, doc := range map[string][]byte{"pasyans.xml": b, "odd.xml": odd} {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, doc, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(jing, schema, file)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil || out.Len() > 0 {
			t.Errorf("jing %s %s: %v\n%s", schema, file, err, out.String())
		}
	}
}

// unbreak writes the non-breaking spaces of ss as plain spaces.
func unbreak(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.ReplaceAll(s, "\u00a0", " ")
	}
	return out
}
