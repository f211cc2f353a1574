//go:build unix

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"pasyans/engine"
)

// TestNormalizeNFCSingleton: U+2001 EM QUAD on standard input becomes U+2003
// and the apparatus records the nfc edit (issue #28).
func TestNormalizeNFCSingleton(t *testing.T) {
	in := []byte("plain\xe2\x80\x81x\n")
	code, out, errs := runNormalizeCmd(t, in, "-")
	if code != 0 || out != "plain\u2003x\n" {
		t.Errorf("normalize -: exit %d, stderr %q, output %q; want %q", code, errs, out, "plain\u2003x\n")
	}
	code, out, errs = runNormalizeCmd(t, in, "-apparatus", "-")
	if code != 0 {
		t.Fatalf("normalize -apparatus -: exit %d: %s", code, errs)
	}
	var e struct{ Rule, Before, After string }
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &e); err != nil || e.Rule != "nfc" || e.Before != "\u2001" || e.After != "\u2003" {
		t.Errorf("apparatus %q (%v): want one nfc edit U+2001 → U+2003", out, err)
	}
}

// TestCLIContract: the slips of issue #28. Malformed input is exit 2 with
// file:line, a rule's refusal exit 1; a required -seed is required; a bad
// flag gets its error and one line, not the whole help; non-regular files
// are refused instead of blocking.
func TestCLIContract(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.txt")
	writeTestFile(t, garbage, "deal\n  %%garbage!!\n")
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	pair, _ := engine.LookupRule("sympathy/pair")
	sympathyPair := pair.EN
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stderr string // the whole standard error
	}{
		{"garbage on stdin", "%%garbage!!", []string{"play", "-game", "salic-law", "-seed", "1", "-moves", "-"}, 2,
			"pasyans: <stdin>:1:1: move 1 is malformed: bad move \"%%garbage!!\": write FROM>TO with pile ids or one of: deal\n"},
		{"garbage in a file", "", []string{"play", "-game", "salic-law", "-seed", "1", "-moves", garbage}, 2,
			"pasyans: " + garbage + ":2:3: move 2 is malformed: bad move \"%%garbage!!\": write FROM>TO with pile ids or one of: deal\n"},
		{"garbage after", "%%garbage!!", []string{"moves", "-game", "salic-law", "-seed", "1", "-after", "-"}, 2,
			"pasyans: <stdin>:1:1: move 1 is malformed: bad move \"%%garbage!!\": write FROM>TO with pile ids or one of: deal\n"},
		{"illegal on stdin", "a1>a2", []string{"play", "-game", "sympathy", "-seed", "1", "-moves", "-"}, 1,
			"pasyans: <stdin>: move 1 (line 1) \"a1>a2\" is illegal: " + sympathyPair + " [sympathy/pair]\n"},
		{"deal without seed", "", []string{"deal", "-game", "salic-law"}, 2, "pasyans: -seed is required: the deal number, for example -seed 1\n"},
		{"moves without seed", "", []string{"moves", "-game", "salic-law"}, 2, "pasyans: -seed is required: the deal number, for example -seed 1\n"},
		{"play without seed", "deal", []string{"play", "-game", "salic-law", "-moves", "-"}, 2, "pasyans: -seed is required: the deal number, for example -seed 1\n"},
		{"solve without seed", "", []string{"solve", "-game", "salic-law"}, 2, "pasyans: -seed is required: the deal number, for example -seed 1\n"},
		{"bad seed", "", []string{"deal", "-game", "salic-law", "-seed", "-1"}, 2,
			"invalid value \"-1\" for flag -seed: want a deal number 0 … 18446744073709551615\nrun 'pasyans help deal' for usage\n"},
		{"unknown flag", "", []string{"play", "-nope"}, 2, "flag provided but not defined: -nope\nrun 'pasyans help play' for usage\n"},
		{"fifo move list", "", []string{"play", "-game", "salic-law", "-seed", "1", "-moves", fifo}, 2,
			"pasyans: " + fifo + ": is a named pipe (FIFO), want a move list as a regular file (or - to read standard input)\n"},
		{"fifo to normalize", "", []string{"normalize", fifo}, 2,
			"pasyans: " + fifo + ": is a named pipe (FIFO), want a source file as a regular file (or - to read standard input)\n"},
		{"device to normalize", "", []string{"normalize", "/dev/null"}, 2,
			"pasyans: /dev/null: is a device, want a source file as a regular file (or - to read standard input)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, code := cli(t, tt.stdin, tt.args...)
			if code != tt.code || errs != tt.stderr {
				t.Errorf("pasyans %v: exit %d (want %d)\nstdout: %s\nstderr: %q\n  want: %q", tt.args, code, tt.code, out, errs, tt.stderr)
			}
		})
	}
	// Illegal but well-formed stays exit 1.
	if _, errs, code := cli(t, "k1>f1", "play", "-game", "salic-law", "-seed", "1", "-moves", "-"); code != 1 || !strings.Contains(errs, "is illegal") {
		t.Errorf("illegal move: exit %d, stderr %q; want 1", code, errs)
	}
}

// TestCheckCorpusDirNames: with -corpus DIR, a missing sources.yaml is
// named DIR/sources.yaml, and a FIFO in the corpus is refused, not read.
func TestCheckCorpusDirNames(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "games"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, errs, code := cli(t, "", "check", "-corpus", dir, "-probes", "0")
	if want := "pasyans: reading the corpus: stat " + filepath.Join(dir, "sources.yaml") + ": no such file or directory\n"; code != 2 || errs != want {
		t.Errorf("check -corpus DIR without sources.yaml: exit %d, stderr %q; want 2, %q", code, errs, want)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "sources.yaml"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code = cli(t, "", "check", "-corpus", dir, "-probes", "0")
	if want := "pasyans: reading the corpus: read " + filepath.Join(dir, "sources.yaml") + ": not a regular file: a named pipe (FIFO)\n"; code != 2 || errs != want {
		t.Errorf("check -corpus DIR with a FIFO: exit %d, stderr %q; want 2, %q", code, errs, want)
	}
}
