package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pasyans/normalize"
)

// runNormalizeCmd runs "pasyans normalize args…" in process.
func runNormalizeCmd(t *testing.T, stdin []byte, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"normalize"}, args...), bytes.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// readTestFile reads the file name.
func readTestFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestNormalizeKnownSource(t *testing.T) {
	for _, id := range []string{"000", "001", "002", "003"} {
		src := filepath.Join("..", "..", "corpus", "sources", id+".txt")
		for _, layer := range []string{"corrected", "modern"} {
			want := string(readTestFile(t, filepath.Join("..", "..", "normalize", "testdata", id+"."+layer+".golden")))
			code, out, errs := runNormalizeCmd(t, nil, "-layer", layer, src)
			if code != 0 || out != want {
				t.Errorf("normalize -layer %s %s: exit %d, stderr %q; output equals golden: %v", layer, id, code, errs, out == want)
			}
			// The same bytes on standard input are recognized too.
			code, out, _ = runNormalizeCmd(t, readTestFile(t, src), "-layer", layer, "-")
			if code != 0 || out != want {
				t.Errorf("normalize -layer %s < %s: exit %d; output equals golden: %v", layer, id, code, out == want)
			}
		}
	}
	// Default layer is corrected, default input is stdin.
	src := readTestFile(t, filepath.Join("..", "..", "corpus", "sources", "002.txt"))
	code, out, _ := runNormalizeCmd(t, src)
	if want := string(readTestFile(t, filepath.Join("..", "..", "normalize", "testdata", "002.corrected.golden"))); code != 0 || out != want {
		t.Errorf("normalize < 002: exit %d, output equals golden: %v", code, out == want)
	}
}

func TestNormalizeApparatus(t *testing.T) {
	src := filepath.Join("..", "..", "corpus", "sources", "000.txt")
	for _, layer := range []string{"corrected", "modern"} {
		code, out, errs := runNormalizeCmd(t, nil, "-apparatus", "-layer", layer, src)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		layers := map[string]int{}
		rules := map[string]bool{}
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			var m map[string]any
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatalf("bad JSON line %q: %v", line, err)
			}
			for _, k := range []string{"para", "layer", "start", "end", "before", "after", "rule"} {
				if _, ok := m[k]; !ok {
					t.Fatalf("line %q lacks %q", line, k)
				}
			}
			if !strings.HasPrefix(m["para"].(string), "000:") {
				t.Errorf("para %v: want 000:n", m["para"])
			}
			layers[m["layer"].(string)]++
			rules[m["rule"].(string)] = true
		}
		if layers["corrected"] == 0 || (layer == "modern") != (layers["modern"] > 0) {
			t.Errorf("-layer %s: edits per layer %v", layer, layers)
		}
		if !rules["emendation"] || !rules["ocr/dje-yat"] {
			t.Errorf("-layer %s: rules %v lack emendation or ocr/dje-yat", layer, rules)
		}
	}
}

func TestNormalizeLooseFile(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "note.txt")
	writeTestFile(t, f, "Зодіакъ.\r\n\r\nОнђ слђдуютъ, т.-е. тотчасъ-же\r\n")
	code, out, errs := runNormalizeCmd(t, nil, "-layer", "modern", f)
	if want := "Зодиак.\n\nОни следуют, т. е. тотчас же\n"; code != 0 || out != want {
		t.Errorf("exit %d (%s), got %q, want %q", code, errs, out, want)
	}
	code, out, _ = runNormalizeCmd(t, nil, "-apparatus", f)
	if code != 0 || !strings.Contains(out, `"para":"note.txt:2"`) {
		t.Errorf("exit %d, apparatus %q: want paragraph ids note.txt:n", code, out)
	}
	var ed normalize.Edit
	if err := json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &ed); err != nil || ed.Para != "note.txt:2" {
		t.Errorf("first edit %+v, %v", ed, err)
	}
}

func TestNormalizeEncodings(t *testing.T) {
	dir := t.TempDir()
	cp := filepath.Join(dir, "cp.txt")
	// "Изъ колодђ" is not encodable in cp1251 (ђ is 0x90 there: Serbian ђ), so use ѣ-free text.
	if err := os.WriteFile(cp, []byte{0xC8, 0xE7, 0xFA, 0x20, 0x90, 0x0D, 0x0A}, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runNormalizeCmd(t, nil, "-encoding", "cp1251", cp)
	if code != 0 || out != "Изъ ѣ\n" {
		t.Errorf("cp1251: exit %d (%s), got %q", code, errs, out)
	}
	koi := filepath.Join(dir, "koi.txt")
	if err := os.WriteFile(koi, []byte{0xE9, 0xDA, 0xDF, 0x0A}, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runNormalizeCmd(t, nil, "-encoding", "koi8-r", "-layer", "modern", koi)
	if code != 0 || out != "Из\n" {
		t.Errorf("koi8-r: exit %d (%s), got %q", code, errs, out)
	}
}

func TestNormalizeBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	long := bytes.Repeat([]byte("а"), 25<<20) // 50 MB on one line
	long = append(append([]byte("Первая строка\n"), long...), '\n')
	for _, tc := range []struct {
		name  string
		args  []string
		stdin []byte
		want  string
	}{
		{"invalid utf-8", []string{write("bad.txt", []byte("Изъ\nкол\xffоды"))}, nil, "bad.txt:2:7: invalid UTF-8 (byte offset 13)"},
		{"invalid utf-8 stdin", nil, []byte("ab\xc3"), "<stdin>:1:3: invalid UTF-8 (byte offset 2)"},
		{"replacement char", []string{write("fffd.txt", []byte("a\n\nb\uFFFD"))}, nil, "fffd.txt:3:2: replacement character U+FFFD in input (byte offset 4)"},
		{"decoder hole", []string{"-encoding", "cp1251", write("hole.txt", []byte{'a', '\r', '\n', 0x98})}, nil, "hole.txt:2:1: byte 0x98 has no character in cp1251 (byte offset 3)"},
		{"NUL", []string{write("nul.txt", []byte("ab\x00"))}, nil, "nul.txt:1:3: NUL byte (byte offset 2)"},
		{"empty", []string{write("empty.txt", nil)}, nil, "empty.txt:1:1: empty file (byte offset 0)"},
		{"empty stdin", nil, nil, "<stdin>:1:1: empty file (byte offset 0)"},
		{"directory", []string{dir}, nil, dir + ": is a directory, not a file"},
		{"missing", []string{filepath.Join(dir, "nope.txt")}, nil, "nope.txt: no such file or directory"},
		{"unknown encoding", []string{"-encoding", "latin-9", "x"}, nil, `normalize: unknown encoding "latin-9"`},
		{"unknown layer", []string{"-layer", "diplomatic", "x"}, nil, `normalize: unknown layer "diplomatic" (want corrected or modern)`},
		{"two files", []string{"a", "b"}, nil, "normalize: want at most one FILE"},
		{"50 MB line", []string{write("long.txt", long)}, nil, "long.txt:2:1048577: line of 52428800 bytes is longer than a paragraph can be (limit 1 MiB); split it (byte offset 1048602)"},
		{"unknown flag", []string{"-x"}, nil, "flag provided but not defined: -x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runNormalizeCmd(t, tc.stdin, tc.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if out != "" {
				t.Errorf("stdout %.80q, want nothing", out)
			}
			if !strings.Contains(errs, tc.want) {
				t.Errorf("stderr %q\n lacks %q", errs, tc.want)
			}
			if tc.name != "unknown flag" && !strings.HasPrefix(errs, "pasyans: ") {
				t.Errorf("stderr %q: want the pasyans: prefix", errs)
			}
		})
	}
}

func TestNormalizeHelp(t *testing.T) {
	code, out, _ := runNormalizeCmd(t, nil, "-h")
	if code != 0 || !strings.Contains(out, "usage: pasyans normalize [-layer corrected|modern] [-apparatus] [-encoding E] [FILE|-]") {
		t.Errorf("-h: exit %d, %q", code, out)
	}
}
