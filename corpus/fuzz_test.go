package corpus

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

// fuzzMarkdown is the one goldmark instance of a fuzz worker: building one
// (and its parser's first-use set-up) per execution cost more than parsing a
// small body.
var fuzzMarkdown = sync.OnceValue(newMarkdown)

// fuzzLoader is a loader over one game file with three known paragraphs,
// 001:1 to 001:3.
func fuzzLoader(data []byte) *loader {
	l := &loader{fsys: fstest.MapFS{"games/x.md": {Data: data}}, md: fuzzMarkdown(),
		owners: map[string]Pos{}, ed: &Edition{}, byID: map[string]*Paragraph{}}
	for _, id := range []string{"001:1", "001:2", "001:3"} {
		p := &Paragraph{ID: id, Source: "001", SHA256: hex0, Pos: Pos{File: "sources/001.txt", Line: 1}}
		l.byID[id] = p
		l.ed.Paragraphs = append(l.ed.Paragraphs, p)
	}
	return l
}

// fuzzSeeds returns the front matters of the corpus's game and book files
// (cut to 600 bytes) and their bodies cut into small pieces: the title and introduction, then
// each ## section under a "# X" title. Whole bodies (up to 18 KB) made the
// fuzzer spend its time minimizing each new interesting input (every
// candidate a full load), so that FuzzBody reported a few dozen executions
// in 15 s; pieces of a few hundred bytes cover the same constructs.
func fuzzSeeds(f *testing.F) (fms, bodies [][]byte) {
	names, _ := filepath.Glob("games/*.md")
	names = append(names, "book.md", "book.ru.md")
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		fm, body, _, _, err := splitFrontMatter(data)
		if err != nil {
			continue
		}
		if len(fm) > 600 { // see the comment above
			i := bytes.LastIndexByte(fm[:600], '\n')
			fm = fm[:i+1]
		}
		fms = append(fms, fm)
		for i, sec := range bytes.Split(body, []byte("\n## ")) {
			if i > 0 {
				sec = append([]byte("# X\n\n## "), sec...)
			}
			bodies = append(bodies, sec)
		}
	}
	return fms, bodies
}

// checkLoad loads the one game file and checks every diagnostic's
// position against the file.
func checkLoad(t *testing.T, data []byte) {
	l := fuzzLoader(data)
	g, err := l.loadGame("games/x.md")
	if err != nil {
		t.Fatalf("loadGame: %v", err)
	}
	lines := bytes.Count(data, []byte("\n")) + 1
	for _, d := range l.d.list {
		if d.Pos.File != "games/x.md" && d.Pos.File != "sources/001.txt" {
			t.Errorf("diagnostic in another file: %s", d)
		}
		if d.Pos.Line < 0 || d.Pos.Line > lines {
			t.Errorf("diagnostic outside the file (%d lines): %s", lines, d)
		}
	}
	if g == nil {
		return
	}
	for _, p := range g.Paragraphs {
		if !bytes.Contains(data, []byte(p.Translation.Markdown)) {
			t.Errorf("translation of %s is not text of the file: %q", p.ID, p.Translation.Markdown)
		}
	}
}

func FuzzFrontMatter(f *testing.F) {
	fms, _ := fuzzSeeds(f)
	for _, fm := range fms {
		f.Add(fm)
	}
	f.Add([]byte("id: x\nvariant: salic-law\nparagraphs:\n  - {id: \"001:1\", sha256: " + hex0 + "}\n"))
	f.Add([]byte("id: [x\n"))
	f.Add([]byte("titles: {ru: 1, en: [2]}\nextra: 3\n"))
	f.Fuzz(func(t *testing.T, fm []byte) {
		data := append(append([]byte("---\n"), fm...), "\n---\n# X\n\n## 001:1\n\nText.\n"...)
		checkLoad(t, data)
	})
}

func FuzzBody(f *testing.F) {
	_, bodies := fuzzSeeds(f)
	for _, b := range bodies {
		f.Add(b)
	}
	f.Add([]byte("# X\n\n## 001:1\n\nText [r](rule:salic-law/x).\n\n> Note. n\n\n```claims\npacks: 2\n```\n"))
	f.Add([]byte("## 001:2\n\n```claims\nfoundations: [{count: 8}, {base: Z}]\n```\n\n<div>x</div>\n"))
	f.Add([]byte("## 001:1\n\n" + strings.Repeat("> ", 40) + "x\n\n" + strings.Repeat("[a](", 40) + "\n\n[x](//evil.example/)\n"))
	fm := "---\nid: x\nvariant: salic-law\nparagraphs:\n"
	for _, id := range []string{"001:1", "001:2", "001:3"} {
		fm += "  - id: \"" + id + "\"\n    sha256: " + hex0 + "\n"
	}
	fm += "---\n"
	f.Fuzz(func(t *testing.T, body []byte) {
		checkLoad(t, append([]byte(fm), body...))
	})
}

// TestFuzzSeedsLoad keeps the seed corpus honest: the real game files
// give no diagnostics about positions outside the file.
func TestFuzzSeedsLoad(t *testing.T) {
	names, _ := fs.Glob(os.DirFS("."), "games/*.md")
	for _, name := range names {
		data, _ := os.ReadFile(name)
		t.Run(strings.TrimSuffix(filepath.Base(name), ".md"), func(t *testing.T) { checkLoad(t, data) })
	}
}
