package corpus

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"pasyans/corpus/internal/corpustest"
)

// realCorpus copies the corpus beside this file (the data the binary
// embeds) into a MapFS that a test may change.
func realCorpus(t testing.TB) fstest.MapFS {
	t.Helper()
	return corpustest.Copy(t, ".", "testdata")
}

// loadDiags loads fsys and returns its diagnostics; the edition must load.
func loadDiags(t testing.TB, fsys fs.FS) (*Edition, Diagnostics) {
	t.Helper()
	ed, err := Load(fsys)
	if ed == nil {
		t.Fatalf("Load: %v", err)
	}
	ds, _ := err.(Diagnostics)
	return ed, ds
}

// edit replaces the first match of the regexp old in file by new (with
// $1-style expansion), failing if old does not occur.
type edit struct{ file, old, new string }

func (e edit) apply(t *testing.T, m fstest.MapFS) {
	t.Helper()
	if e.old == "" { // a new file
		m[e.file] = &fstest.MapFile{Data: []byte(e.new)}
		return
	}
	f := m[e.file]
	if f == nil {
		t.Fatalf("no file %s in the corpus", e.file)
	}
	re := regexp.MustCompile(e.old)
	loc := re.FindSubmatchIndex(f.Data)
	if loc == nil {
		t.Fatalf("%s: %q not found: the corpus changed; update the test case", e.file, e.old)
	}
	repl := re.Expand(nil, []byte(e.new), f.Data, loc)
	data := append(append(append([]byte{}, f.Data[:loc[0]]...), repl...), f.Data[loc[1]:]...)
	m[e.file] = &fstest.MapFile{Data: data}
}

var placeholder = regexp.MustCompile(`\{([^{}:]+):([^{}]+)\}`)

// expand replaces each {file:text} in want by the line of the first line
// of m's file that contains text.
func expand(t *testing.T, m fstest.MapFS, want string) string {
	return placeholder.ReplaceAllStringFunc(want, func(s string) string {
		sm := placeholder.FindStringSubmatch(s)
		f := m[sm[1]]
		if f == nil {
			t.Fatalf("placeholder %s: no file", s)
		}
		for i, line := range strings.Split(string(f.Data), "\n") {
			if strings.Contains(line, sm[2]) {
				return fmt.Sprint(i + 1)
			}
		}
		t.Fatalf("placeholder %s: text not found", s)
		return ""
	})
}

// diagKey identifies a diagnostic apart from its line, so that the corpus's
// own diagnostics cancel out even when an edit shifts them.
func diagKey(d Diagnostic) string { return d.Pos.File + "\x00" + d.Rule + "\x00" + d.Msg }

// newDiags returns the diagnostics of got that base does not have.
func newDiags(base, got Diagnostics) []string {
	count := map[string]int{}
	for _, d := range base {
		count[diagKey(d)]++
	}
	var out []string
	for _, d := range got {
		if k := diagKey(d); count[k] > 0 {
			count[k]--
			continue
		}
		out = append(out, d.String())
	}
	return out
}

// match reports whether a diagnostic matches a wanted line; a want ending
// in "*" matches by prefix.
func match(got, want string) bool {
	if p, ok := strings.CutSuffix(want, "*"); ok {
		return strings.HasPrefix(got, p)
	}
	return got == want
}

// matchAll reports whether got and want pair off one to one.
func matchAll(got, want []string) bool {
	if len(got) != len(want) {
		return false
	}
	used := make([]bool, len(got))
	for _, w := range want {
		found := false
		for i, g := range got {
			if !used[i] && match(g, w) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

const hex0 = "0000000000000000000000000000000000000000000000000000000000000000"

func TestBrokenCorpora(t *testing.T) {
	base := realCorpus(t)
	ed, baseDiags := loadDiags(t, base)
	for _, d := range baseDiags {
		t.Logf("the corpus as it stands: %s", d)
	}
	sha := func(id string) string { return ed.Paragraph(id).SHA256 }
	cases := []struct {
		name  string
		edits []edit
		want  []string
	}{
		{"unknown-key", []edit{{"games/salic-law.md", "\npacks: 2\n", "\npacks: 2\ncolour: red\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:colour}: unknown key "colour"`}},
		{"unknown-nested-key", []edit{{"games/salic-law.md", "\n  en: The Salic Law\n", "\n  en: The Salic Law\n  fr: La Loi salique\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:fr: La Loi}: unknown key "fr"`}},
		{"malformed-yaml", []edit{{"games/salic-law.md", "\npacks: 2\n", "\npacks: [2\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:packs: [2}: did not find expected ',' or ']'`}},
		{"no-front-matter", []edit{{"games/salic-law.md", `^---\n`, "\n"}},
			[]string{`games/salic-law.md:1: the file must open with a YAML front matter between "---" lines`}},
		{"heading-not-a-paragraph", []edit{{"games/salic-law.md", "\n## 001:2\n", "\n## Rules\n"}},
			[]string{
				`games/salic-law.md:{games/salic-law.md:## Rules}: heading "Rules" is not a paragraph id: write ## NNN:n (e.g. ## 001:7)`,
				`games/salic-law.md:{games/salic-law.md:"001:2"}: paragraph 001:2 has no ## 001:2 section with its translation`,
			}},
		{"no-translation", []edit{{"games/salic-law.md", "\n## 001:2\n\nRules.\n", "\n## 001:2\n\n> Note. Nothing.\n\n> Примечание. Ничего.\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:## 001:2}: paragraph 001:2 has no translation: its section holds only notes or claims`}},
		{"blockquote-not-a-note", []edit{{"games/salic-law.md", "\n## 001:2\n\nRules.\n", "\n## 001:2\n\nRules.\n\n> Nothing.\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:> Nothing.}: a blockquote in a paragraph section is a note and starts with "Note." (or, for its Russian, "Примечание.")`}},
		{"raw-html", []edit{{"games/salic-law.md", "\nRules.\n", "\nRules.<br>\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:Rules.<br>}: raw HTML in the text: write Markdown`}},
		{"javascript-link", []edit{{"games/salic-law.md", "\nRules.\n", "\nRules.\n\n> Note. See [this](javascript:alert(1)).\n\n> Примечание. См. [это](https://example.org/).\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:> Note. See}: link to "javascript:alert(1)": the javascript: scheme is not allowed (use http, https, mailto, rule: or a relative link)`}},
		{"javascript-link-obfuscated", []edit{{"games/salic-law.md", "\nRules.\n", "\nRules. [x]( JavaScript&#58;alert(1)) [y](java&#115;cript:alert(2)) [z](javascript\\:alert(3))\n"}},
			[]string{
				`games/salic-law.md:{games/salic-law.md:Rules. [x]}: link to "JavaScript:alert(1)": the javascript: scheme is not allowed*`,
				`games/salic-law.md:{games/salic-law.md:Rules. [x]}: link to "javascript:alert(2)": the javascript: scheme is not allowed*`,
				`games/salic-law.md:{games/salic-law.md:Rules. [x]}: link to "javascript:alert(3)": the javascript: scheme is not allowed*`,
			}},
		{"data-image", []edit{{"book.md", "\n## ", "\n![x](data:image/svg+xml;base64,PHN2Zz4=)\n\n## "}},
			[]string{`book.md:{book.md:![x]}: link to "data:image/svg+xml;base64,PHN2Zz4=": the data: scheme is not allowed*`}},
		{"vbscript-autolink", []edit{{"games/salic-law.md", "\nRules.\n", "\nRules. <vbscript:msgbox(1)>\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:Rules. <vbscript}: link to "vbscript:msgbox(1)": the vbscript: scheme is not allowed*`}},
		{"allowed-links", []edit{{"games/salic-law.md", "\nRules.\n", "\nRules. [a](https://example.org/) [b](mailto:x@example.org) <x@example.org> [c](../book/index.html#top) [d](#x)\n"}},
			nil},
		{"second-title", []edit{{"games/salic-law.md", "\n## 001:2\n", "\n# Rules\n\n## 001:2\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:# Rules}: a second # heading "Rules": a game file has one # title, then ## NNN:n paragraph sections`}},
		{"owned-twice", []edit{{"book.md", `(\n  - id: "001:11"\n)`, "${1}    sha256: " + sha("001:11") + "\n  - id: \"001:4\"\n    sha256: " + sha("001:4") + "\n#"}},
			[]string{`book.md:{book.md:"001:4"}: paragraph 001:4 is owned twice: also by games/salic-law.md:{games/salic-law.md:"001:4"}`}},
		{"owned-never", []edit{{"games/salic-law.md", `\n  - id: "001:12"\n    sha256: [0-9a-f]+`, ""}},
			[]string{
				`sources/001.txt:12: paragraph 001:12 ("Вторично пасьянсъ не раскладывается.") is owned by no game: list it in the front matter of a game or of book.md`,
				`games/salic-law.md:{games/salic-law.md:## 001:12}: section 001:12: the paragraph is not listed in the front matter's paragraphs`,
			}},
		{"no-such-paragraph", []edit{{"games/salic-law.md", `\n  - id: "001:12"\n`, "\n  - id: \"001:99\"\n    sha256: " + hex0 + "\n  - id: \"001:12\"\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:"001:99"}: no paragraph 001:99: source 001 has 12 paragraphs`}},
		{"stale-checksum", []edit{{"games/salic-law.md", `(\n  - id: "001:4"\n    sha256: )[0-9a-f]+`, "${1}" + hex0}},
			[]string{`games/salic-law.md:{games/salic-law.md:"001:4"}: stale checksum for 001:4: the paragraph now reads "II. Основныя карты*`}},
		{"unknown-kind", []edit{{"games/salic-law.md", `(\n  - id: "001:2"\n    sha256: [0-9a-f]+\n    kind: )head`, "${1}heading"}},
			[]string{`games/salic-law.md:{games/salic-law.md:"001:2"}: paragraph 001:2: unknown kind "heading" (want head, fw or footnote, or none for a plain paragraph)`}},
		{"rule-link", []edit{{"games/salic-law.md", `Suits are not followed\.`, "[Suits are not followed](rule:salic-law/no-such-rule)."}},
			[]string{`games/salic-law.md:{games/salic-law.md:no-such-rule}: rule link to no rule: "salic-law/no-such-rule" (salic-law has: *`}},
		{"rule-link-no-game", []edit{{"games/salic-law.md", `Suits are not followed\.`, "<rule:croquet/mallets>."}},
			[]string{`games/salic-law.md:{games/salic-law.md:croquet}: rule link to no rule: "croquet/mallets" (no variant "croquet")`}},
		{"unknown-variant", []edit{{"games/salic-law.md", "\nvariant: salic-law\n", "\nvariant: salic-lawn\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:variant:}: unknown variant "salic-lawn" (the engine has: *`}},
		{"missing-title", []edit{{"games/salic-law.md", "\n  en: The Salic Law\n", "\n  en: \"\"\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:titles:}: missing title titles.en`}},
		{"title-not-the-variants", []edit{{"games/salic-law.md", "\n  en: The Salic Law\n", "\n  en: The Salique Law\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:titles:}: titles.en "The Salique Law" differs from the title of variant salic-law, "The Salic Law"`}},
		{"claims-unknown-key", []edit{{"games/salic-law.md", "\nRules.\n", "\nRules.\n\n```claims\npacks: 2\nfoundations: {count: 8, base: A, colour: red}\n```\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:colour: red}: unknown key "colour"`}},
		{"claims-bad-rank", []edit{{"games/salic-law.md", "\nRules.\n", "\nRules.\n\n```claims\nfoundations:\n  - {count: 8, base: A, top: Z}\n```\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:foundations:}: claim foundations: "Z" is not a rank (A 2 … 9 T J Q K)`}},
		{"claims-second-block", []edit{{"games/salic-law.md", "\nRules.\n", "\nRules.\n\n```claims\npacks: 2\n```\n\n```claims again\ndeals: 1\n```\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:claims again}: a second claims block in section 001:2: write all claims in one`}},
		{"glossary-missing-paragraph", []edit{{"glossary.yaml", `"003:10", "003:18"`, `"003:10", "003:99"`}},
			[]string{`glossary.yaml:{glossary.yaml:id: without-shuffling}: term "without-shuffling": no paragraph 003:99: source 003 has *`}},
		{"glossary-order", []edit{{"glossary.yaml", `modern: "базовые карты"`, `modern: "яблоко"`}},
			[]string{`glossary.yaml:{glossary.yaml:id: without-shuffling}: glossary not in Russian alphabetical order: "без тасовки" (without-shuffling) sorts before "яблоко" (base-cards, line {glossary.yaml:id: base-cards})`}},
		{"glossary-unknown-key", []edit{{"glossary.yaml", "\n  en: \"side cards\"\n", "\n  en: \"side cards\"\n  fr: \"cartes\"\n"}},
			[]string{`glossary.yaml:{glossary.yaml:fr: "cartes"}: unknown key "fr"`}},
		{"deal-unknown-game", []edit{{"deals/croquet/first.yaml", "", "game: croquet\ntitle: {en: A deal, ru: Расклад}\nseed: 1\noutcome: lost\nmoves: deal\n"}},
			[]string{`deals/croquet/first.yaml:1: deal for unknown game "croquet": there is no games/croquet.md`}},
		{"deal-bad-move", []edit{{"deals/salic-law/bad.yaml", "", "game: salic-law\ntitle: {en: A deal, ru: Расклад}\nseed: 1\noutcome: lost\nmoves: |\n  deal\n  zz>k1\n"}},
			[]string{`deals/salic-law/bad.yaml:7: move 2: bad move "zz>k1": no pile "zz" in salic-law; *`}},
		{"deal-bad-outcome", []edit{{"deals/salic-law/bad.yaml", "", "game: salic-law\ntitle: {en: A deal, ru: Расклад}\nseed: 1\noutcome: drawn\nmoves: deal\n"}},
			[]string{`deals/salic-law/bad.yaml:4: outcome "drawn": want won, lost or failed`}},
		{"deal-lost-proof-after", []edit{{"deals/salic-law/bad.yaml", "", "game: salic-law\ntitle: {en: A deal, ru: Расклад}\nseed: 1\noutcome: lost\nmoves: deal\nproof: {after: 1, nodes: 10, budget: 1s}\n"}},
			[]string{`deals/salic-law/bad.yaml:6: proof.after 1: only a failed deal's proof starts after a move`}},
		{"stats-seeds-count", []edit{{"stats/fifteen.yaml", `\nlost_seeds: \[[^\]]*\]\n`, "\nlost_seeds: [3, 9]\n"}},
			[]string{`stats/fifteen.yaml:1: lost_seeds: 2 seeds for 428 deals`}},
		{"stats-seeds-range", []edit{{"stats/sympathy.yaml", `\nunknown_seeds: \[[^\]]*\]\n`, "\nunknown_seeds: [50000]\n"}},
			[]string{`stats/sympathy.yaml:1: unknown_seeds: 1 seeds for 0 deals`, `stats/sympathy.yaml:1: unknown_seeds: seed 50000 is not one of the deals 1 to 10000`}},
		{"stats-progress", []edit{{"stats/st-helena.yaml", `\nunknown_progress: [0-9.]+\n`, "\nunknown_progress: 0.4\n"}},
			[]string{`stats/st-helena.yaml:1: unknown_progress 0.4: want a share from 0 to 1, and 0 when no deal is unknown`}},
		{"stats-retried", []edit{{"stats/swiss.yaml", `\nretry_budget: 30s\n`, "\n"}},
			[]string{`stats/swiss.yaml:1: shards 10, retried 368, retry_budget "": want at most deals 10000 each, and a retry budget exactly when deals were retried`}},
		{"raw-html-book-heading", []edit{{"book.md", "\n# About this edition\n", "\n# About <em>this</em> edition\n"}},
			[]string{`book.md:{book.md:# About <em>}: raw HTML in the text: write Markdown`, `book.md:{book.md:# About <em>}: raw HTML in the text: write Markdown`}},
		{"raw-html-block", []edit{{"book.ru.md", `(\n# [^\n]*\n)`, "${1}\n<div>x</div>\n"}},
			[]string{`book.ru.md:{book.ru.md:<div>x</div>}: raw HTML in the text: write Markdown`}},
		{"protocol-relative-links", []edit{{"games/salic-law.md", "\nRules.\n", "\nRules. [x](//evil.example/x) [z]( /\\evil.example/z)\n"}},
			[]string{
				`games/salic-law.md:{games/salic-law.md:Rules. [x]}: link to "//evil.example/x": a link that starts with // leads to another host*`,
				`games/salic-law.md:{games/salic-law.md:Rules. [x]}: link to "/\\evil.example/z": a link that starts with // leads to another host*`,
			}},
		{"nested-quotes", []edit{{"games/salic-law.md", "\nRules.\n", "\nRules.\n\n" + strings.Repeat("> ", 40) + "Note. Deep.\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:> > > > >}: block quotes nested more than 32 deep: write the text flatter (the line is left out)`}},
		{"nested-links", []edit{{"games/salic-law.md", "\nRules.\n", "\nRules.\n\n" + strings.Repeat("[a](", 40) + "\n"}},
			[]string{`games/salic-law.md:{games/salic-law.md:[a]([a](}: brackets and parentheses nested more than 32 deep: write the text flatter (the line is left out)`}},
		{"source-checksum", []edit{{"sources/001.txt", `\z`, "\nOne more line.\n"}},
			[]string{`sources.yaml:{sources.yaml:sha256: e75677936cf52cb79e52e3ee409a0dbe81da062a3c1effbca18c0d8d69758a74}: source 001: sources/001.txt: checksum mismatch: *`}},
		{"editor-lock-file", []edit{{"games/.#swiss.md", "", "not a game"}, {"games/#swiss.md#", "", "x"}, {"games/swiss.md~", "", "x"}, {"stats/.#swiss.yaml", "", "x"}},
			nil},
		{"file-name-not-utf8", []edit{{"games/bad\xff.md", "", "x"}},
			[]string{"games/bad\uFFFD.md: file name \"games/bad\\xff.md\" is not UTF-8: rename the file"}},
		{"deal-failed-proof-after-end", []edit{{"deals/salic-law/bad.yaml", "", "game: salic-law\ntitle: {en: A deal, ru: Расклад}\nseed: 1\noutcome: failed\nmoves: deal deal\nproof: {after: 3, nodes: 10, budget: 1s}\n"}},
			[]string{`deals/salic-law/bad.yaml:6: proof.after 3: the deal has 2 moves`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := realCorpus(t)
			for _, e := range c.edits {
				e.apply(t, m)
			}
			_, ds := loadDiags(t, m)
			got := newDiags(baseDiags, ds)
			want := make([]string, len(c.want))
			for i, w := range c.want {
				want[i] = expand(t, m, w)
			}
			if !matchAll(got, want) {
				t.Errorf("new diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

func TestRulesLineIsNotTranslation(t *testing.T) {
	ed, err := Load(FS)
	if err != nil {
		if _, ok := err.(Diagnostics); !ok {
			t.Fatal(err)
		}
	}
	linked := 0
	for _, p := range ed.Paragraphs {
		if strings.Contains(p.Translation.Markdown, "Rules:") || strings.Contains(p.Translation.Markdown, "(rule:") {
			t.Errorf("%s: the rule links line is part of the translation: %q", p.ID, p.Translation.Markdown)
		}
		if len(p.Rules) > 0 {
			linked++
		}
	}
	if linked == 0 {
		t.Skip("no paragraph has rule links yet")
	}
}

// TestDeepMarkdownFast: 100,000 nested block quotes, or 50,000 unclosed
// links, are reported at their line at once; parsing them took seconds
// (and building minutes).
func TestDeepMarkdownFast(t *testing.T) {
	for _, tt := range []struct{ name, text, want string }{
		{"quotes", strings.Repeat(">", 100000) + " x", "block quotes nested more than 32 deep"},
		{"links", strings.Repeat("[a](", 50000), "brackets and parentheses nested more than 32 deep"},
	} {
		m := realCorpus(t)
		edit{"games/salic-law.md", "\nRules.\n", "\nRules.\n\n" + tt.text + "\n"}.apply(t, m)
		start := time.Now()
		_, ds := loadDiags(t, m)
		took := time.Since(start)
		t.Logf("%s: loaded in %v", tt.name, took)
		found := false
		for _, d := range ds {
			found = found || d.Pos.File == "games/salic-law.md" && strings.HasPrefix(d.Msg, tt.want)
		}
		if !found {
			t.Errorf("%s: no diagnostic %q in %v", tt.name, tt.want, ds)
		}
		if took > 2*time.Second {
			t.Errorf("%s: loading took %v", tt.name, took)
		}
	}
}
