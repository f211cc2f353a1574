package source

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		name, enc string
		in        []byte
		want      string
	}{
		{"utf-8", "utf-8", []byte("Изъ колоды\r\nберутъ\rкоролей\n"), "Изъ колоды\nберутъ\nкоролей\n"},
		{"utf-8 BOM", "utf-8", []byte("\uFEFFЗодіакъ."), "Зодіакъ."},
		{"cp1251", "cp1251", []byte{0xC8, 0xE7, 0xFA, 0x20, 0xEA, 0xEE, 0xEB, 0xEE, 0xE4, 0xFB}, "Изъ колоды"},
		{"windows-1251", "windows-1251", []byte{0xB3, 0xB2}, "іІ"},
		{"koi8-r", "koi8-r", []byte{0xE9, 0xDA, 0xDF, 0x20, 0xCB, 0xCF, 0xCC, 0xCF, 0xC4, 0xD9}, "Изъ колоды"},
		{"upper-case name", "UTF-8", []byte("a"), "a"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Decode("f.txt", tc.in, tc.enc)
			if err != nil || got != tc.want {
				t.Errorf("Decode = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		name, enc string
		in        []byte
		want      string // the full message
	}{
		{"empty", "utf-8", nil, "f.txt:1:1: empty file (byte offset 0)"},
		{"only BOM", "utf-8", []byte("\uFEFF"), "f.txt:1:1: empty file (only a byte-order mark) (byte offset 0)"},
		{"invalid utf-8", "utf-8", []byte("ab\ncd\xffe"), "f.txt:2:3: invalid UTF-8 (byte offset 5)"},
		{"invalid after BOM", "utf-8", []byte("\uFEFF\xc3"), "f.txt:1:4: invalid UTF-8 (byte offset 3)"},
		{"replacement char", "utf-8", []byte("a\r\nb\uFFFD"), "f.txt:2:2: replacement character U+FFFD in input (byte offset 4)"},
		{"NUL", "utf-8", []byte("a\rb\x00"), "f.txt:2:2: NUL byte (byte offset 3)"},
		{"NUL cp1251", "cp1251", []byte{0xC8, 0x00}, "f.txt:1:2: NUL byte (byte offset 1)"},
		{"cp1251 hole", "cp1251", []byte{'a', '\n', 0xC8, 0x98}, "f.txt:2:2: byte 0x98 has no character in cp1251 (byte offset 3)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode("f.txt", tc.in, tc.enc)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want *Error", err)
			}
			if err.Error() != tc.want {
				t.Errorf("err = %q\n want %q", err, tc.want)
			}
		})
	}
	if _, err := Decode("f.txt", []byte("a"), "latin-9"); !errors.Is(err, ErrEncoding) || !strings.Contains(err.Error(), "f.txt") {
		t.Errorf("unknown encoding: err = %v", err)
	}
}

func TestSplit(t *testing.T) {
	ps := Split("001", "Правила.\n\n  \nI. Годными\n\tx \n")
	if len(ps) != 3 {
		t.Fatalf("got %d paragraphs, want 3: %+v", len(ps), ps)
	}
	want := []struct {
		id   string
		line int
		raw  string
	}{{"001:1", 1, "Правила."}, {"001:2", 4, "I. Годными"}, {"001:3", 5, "\tx "}}
	for i, w := range want {
		p := ps[i]
		sum := sha256.Sum256([]byte(w.raw))
		if p.ID != w.id || p.Line != w.line || p.Raw != w.raw || p.N != i+1 || p.Source != "001" || p.SHA256 != hex.EncodeToString(sum[:]) {
			t.Errorf("paragraph %d = %+v, want %+v", i, p, w)
		}
	}
	if len(Split("x", "")) != 0 || len(Split("x", "\n \n")) != 0 {
		t.Error("blank text has paragraphs")
	}
}

func TestLoadCorpus(t *testing.T) {
	srcs, err := Load(os.DirFS("../corpus"), "sources.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) != 4 {
		t.Fatalf("%d sources, want 4", len(srcs))
	}
	for i, id := range []string{"000", "001", "002", "003"} {
		s := srcs[i]
		if s.ID != id || s.File != "sources/"+id+".txt" || !strings.HasPrefix(s.Original, id+"_") || s.Title == "" || s.Provenance == "" || s.Licence == "" || s.Encoding != "utf-8" {
			t.Errorf("source %d: %+v", i, s.Info)
		}
		if s.Modern != (id == "003") {
			t.Errorf("source %s: modern = %v", id, s.Modern)
		}
		if len(s.Paragraphs) == 0 || s.Paragraphs[0].ID != id+":1" {
			t.Errorf("source %s: paragraphs %v", id, len(s.Paragraphs))
		}
	}
	// The paragraph numbering the corpus relies on.
	if p := srcs[0].Paragraphs[6]; p.ID != "000:7" || p.Line != 13 {
		t.Errorf("000:7 = %+v", p)
	}
	if Lookup(srcs, srcs[2].SHA256) != srcs[2] || Lookup(srcs, "x") != nil {
		t.Error("Lookup")
	}
}

const manifest = `sources:
  - id: "001"
    file: sources/001.txt
    original: 001_x.txt
    sha256: %s
    encoding: utf-8
    title: T
`

func sum(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

func TestLoadErrors(t *testing.T) {
	body := []byte("Изъ колоды\n")
	good := strings.Replace(manifest, "%s", sum(body), 1)
	for _, tc := range []struct {
		name string
		fs   fstest.MapFS
		want string
	}{
		{"no manifest", fstest.MapFS{}, "reading manifest: open sources.yaml"},
		{"checksum", fstest.MapFS{"sources.yaml": {Data: []byte(good)}, "sources/001.txt": {Data: []byte("changed\n")}},
			"sources.yaml:5: source 001: sources/001.txt: checksum mismatch: the manifest says " + sum(body) + ", the file has " + sum([]byte("changed\n")) + " (a source is kept as received"},
		{"missing file", fstest.MapFS{"sources.yaml": {Data: []byte(good)}}, "sources.yaml:3: source 001: open sources/001.txt"},
		{"directory", fstest.MapFS{"sources.yaml": {Data: []byte(good)}, "sources/001.txt/x": {Data: body}}, "sources.yaml:3: source 001: sources/001.txt is a directory"},
		{"unknown key", fstest.MapFS{"sources.yaml": {Data: []byte(good + "    author: X\n")}}, "sources.yaml:8: unknown key \"author\""},
		{"unknown top key", fstest.MapFS{"sources.yaml": {Data: []byte("books: []\n")}}, "sources.yaml:1: unknown key \"books\""},
		{"missing sha", fstest.MapFS{"sources.yaml": {Data: []byte("sources:\n  - id: a\n    file: a.txt\n    encoding: utf-8\n")}}, "sources.yaml:2: source entry lacks \"sha256\""},
		{"bad sha", fstest.MapFS{"sources.yaml": {Data: []byte(strings.Replace(manifest, "%s", "abc", 1))}}, "sources.yaml:5: bad sha256 \"abc\""},
		{"encoding", fstest.MapFS{"sources.yaml": {Data: []byte(strings.Replace(good, "utf-8", "ebcdic", 1))}}, "sources.yaml:6: unknown encoding \"ebcdic\""},
		{"duplicate id", fstest.MapFS{"sources.yaml": {Data: []byte(good + strings.Replace(good, "sources:\n", "", 1))}}, "sources.yaml:8: duplicate source id \"001\" (first at line 2)"},
		{"yaml syntax", fstest.MapFS{"sources.yaml": {Data: []byte("sources:\n  - id: [\n")}}, "sources.yaml:2: did not find expected"},
		{"bad path", fstest.MapFS{"sources.yaml": {Data: []byte(strings.Replace(good, "sources/001.txt", "../001.txt", 1))}}, "sources.yaml:3: bad file path"},
		{"empty list", fstest.MapFS{"sources.yaml": {Data: []byte("sources: []\n")}}, "sources.yaml:1: no sources listed"},
		{"empty source", fstest.MapFS{"sources.yaml": {Data: []byte(strings.Replace(manifest, "%s", sum(nil), 1))}, "sources/001.txt": {Data: nil}}, "sources/001.txt:1:1: empty file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(tc.fs, "sources.yaml")
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("err = %v\n want prefix %q", err, tc.want)
			}
		})
	}
	fsys := fstest.MapFS{"c/sources.yaml": {Data: []byte(good)}, "c/sources/001.txt": {Data: body}}
	srcs, err := Load(fsys, "c/sources.yaml")
	if err != nil || len(srcs) != 1 || srcs[0].Paragraphs[0].Raw != "Изъ колоды" {
		t.Fatalf("Load = %v, %v", srcs, err)
	}
}

// fuzzChunks cuts b into pieces of four lines: the fuzzer minimizes every
// new interesting input before it reports the executions, and inputs
// grown from a whole 8 KB source kept it minimizing for most of a run
// (FuzzDecode reported 7 executions in 60 s).
func fuzzChunks(b []byte) [][]byte {
	lines := bytes.SplitAfter(b, []byte("\n"))
	var out [][]byte
	for i := 0; i < len(lines); i += 4 {
		out = append(out, bytes.Join(lines[i:min(i+4, len(lines))], nil))
	}
	return out
}

func FuzzDecode(f *testing.F) {
	for _, name := range []string{"000", "003"} {
		b, err := os.ReadFile("../corpus/sources/" + name + ".txt")
		if err != nil {
			f.Fatal(err)
		}
		for _, c := range fuzzChunks(b) {
			f.Add(c, uint8(0))
		}
	}
	f.Add([]byte("\uFEFFa\r\nb\rc"), uint8(0))
	f.Add([]byte{0xC8, 0x98, 0x0D}, uint8(1))
	f.Add([]byte{0xE9, 0xDA, 0x00}, uint8(2))
	encs := []string{"utf-8", "cp1251", "koi8-r"}
	f.Fuzz(func(t *testing.T, data []byte, e uint8) {
		enc := encs[int(e)%len(encs)]
		s, err := Decode("f", data, enc)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error is not an *Error: %v", err)
			}
			if pe.Offset < 0 || pe.Offset > len(data) || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("bad position: %+v", pe)
			}
			return
		}
		if strings.ContainsAny(s, "\r\x00\uFFFD") || !strings.ContainsFunc(s, func(rune) bool { return true }) {
			t.Fatalf("Decode(%q) = %q", data, s)
		}
		for _, p := range Split("x", s) {
			if p.Raw == "" || strings.Contains(p.Raw, "\n") {
				t.Fatalf("bad paragraph %+v", p)
			}
		}
	})
}

func FuzzLoad(f *testing.F) {
	body := []byte("Изъ колоды\n")
	f.Add([]byte(strings.Replace(manifest, "%s", sum(body), 1)), body)
	b, err := os.ReadFile("../corpus/sources.yaml")
	if err != nil {
		f.Fatal(err)
	}
	// The real manifest's entries one by one (the whole is 2.5 KB; see
	// fuzzChunks).
	entries := bytes.Split(b, []byte("\n  - "))
	for _, e := range entries[1:] {
		f.Add(append(append([]byte(nil), entries[0]...), append([]byte("\n  - "), e...)...), body)
	}
	f.Fuzz(func(t *testing.T, man, data []byte) {
		fsys := fstest.MapFS{"sources.yaml": {Data: man}, "sources/001.txt": {Data: data}, "sources/000.txt": {Data: data}}
		srcs, err := Load(fsys, "sources.yaml")
		if err != nil {
			return
		}
		for _, s := range srcs {
			if s.SHA256 != sum(data) || s.ID == "" {
				t.Fatalf("loaded %+v", s.Info)
			}
		}
	})
}

// TestReadFileRefusesFIFO: a FIFO in the corpus is refused, not read (the
// read would block until something writes to it).
func TestReadFileRefusesFIFO(t *testing.T) {
	fsys := fstest.MapFS{"s.yaml": {Mode: fs.ModeNamedPipe}, "ok.txt": {Data: []byte("x")}}
	if _, err := ReadFile(fsys, "s.yaml"); !errors.Is(err, ErrNotRegular) || err.Error() != "read s.yaml: not a regular file: a named pipe (FIFO)" {
		t.Errorf("ReadFile(FIFO) = %v, want ErrNotRegular naming the file", err)
	}
	if b, err := ReadFile(fsys, "ok.txt"); err != nil || string(b) != "x" {
		t.Errorf("ReadFile(regular) = %q, %v", b, err)
	}
}
