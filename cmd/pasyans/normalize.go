package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"pasyans/corpus"
	"pasyans/normalize"
	"pasyans/source"
)

const (
	// maxNormalizeInput bounds what normalize reads (stdin or a file).
	maxNormalizeInput = 256 << 20
	// maxNormalizeLine bounds one line: a paragraph of the book is a few
	// kilobytes, so a longer line is not a text this command can stand in
	// for (and its apparatus would not fit in memory).
	maxNormalizeLine = 1 << 20
)

func init() {
	register(&command{
		name:  "normalize",
		usage: "[-layer corrected|modern] [-apparatus] [-encoding E] [FILE|-]",
		short: "print the corrected or modern reading of a source file",
		long: `Normalize prints the chosen reading of FILE (or of standard input, with
no FILE or "-"): every paragraph (non-empty line) replaced by its corrected
reading (the book's pre-reform spelling with OCR damage repaired) or its
modern reading (post-1918 spelling), other lines kept, so that the output
can stand in for the file. Line endings become LF.

If the input is byte-identical to a source of the embedded edition (same
SHA-256), that source's id, encoding and emendations apply and paragraph ids
are "<source>:<n>" ("001:7"); otherwise they are "<file name>:<n>" and only
the rules apply.

With -apparatus it prints the changes instead, one JSON object per line with
the keys para, layer, start, end, before, after and rule (offsets in runes
of the layer's input): the corrected layer's changes, and for -layer modern
also the modern layer's.

Unreadable input (invalid UTF-8, a byte the encoding does not define, a
U+FFFD or NUL byte, an empty file, a directory, a line over 1 MiB) is an
error naming the file, line and byte offset; the exit status is 2.`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			layer := fs.String("layer", normalize.Corrected, "the reading to print: `corrected` or modern")
			apparatus := fs.Bool("apparatus", false, "print the apparatus (JSON lines) instead of the text")
			enc := fs.String("encoding", "", "input `encoding`: utf-8, cp1251 (windows-1251) or koi8-r (default: the source's for a known source, else utf-8)")
			return func(e *env, args []string) error {
				return runNormalize(e, *layer, *apparatus, *enc, args)
			}
		},
	})
}

func runNormalize(e *env, layer string, apparatus bool, enc string, args []string) error {
	if layer != normalize.Corrected && layer != normalize.Modern {
		return usageError("normalize: unknown layer %q (want corrected or modern)", layer)
	}
	if enc != "" && !source.ValidEncoding(enc) {
		return usageError("normalize: unknown encoding %q (want one of %s)", enc, strings.Join(source.Encodings, ", "))
	}
	if len(args) > 1 {
		return usageError("normalize: want at most one FILE, have %d arguments", len(args))
	}
	name := "-"
	if len(args) == 1 {
		name = args[0]
	}
	data, display, err := readNormalizeInput(e, name)
	if err != nil {
		return err
	}

	srcs, err := source.Load(corpus.FS, "sources.yaml")
	if err != nil {
		return fmt.Errorf("embedded corpus: %w", err)
	}
	em, err := embeddedEmendations()
	if err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	id, modern := filepath.Base(display), false
	if name == "-" {
		id = "stdin"
	}
	if src := source.Lookup(srcs, hex.EncodeToString(sum[:])); src != nil {
		id, modern = src.ID, src.Modern
		if enc == "" {
			enc = src.Encoding
		}
	}
	if enc == "" {
		enc = "utf-8"
	}
	if err := checkLineLength(display, data); err != nil {
		return usageError("%v", err)
	}
	text, err := source.Decode(display, data, enc)
	if err != nil {
		return usageError("%v", err)
	}

	r := normalize.NewReader(em)
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	if apparatus {
		je := json.NewEncoder(w)
		je.SetEscapeHTML(false)
		for _, p := range source.Split(id, text) {
			for _, ed := range r.Read(p, modern).Apparatus {
				if ed.Layer == normalize.Modern && layer != normalize.Modern {
					continue
				}
				if err := je.Encode(ed); err != nil {
					return err
				}
			}
		}
	} else {
		lines := strings.Split(text, "\n")
		for _, p := range source.Split(id, text) {
			rd := r.Read(p, modern)
			if layer == normalize.Modern {
				lines[p.Line-1] = rd.Modern
			} else {
				lines[p.Line-1] = rd.Corrected
			}
		}
		for i, l := range lines {
			if i > 0 {
				w.WriteByte('\n')
			}
			w.WriteString(l)
		}
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("normalize: writing output: %w", err)
	}
	return nil
}

// readNormalizeInput reads FILE or, for "-", standard input, and returns
// the bytes and the name to use in messages.
func readNormalizeInput(e *env, name string) ([]byte, string, error) {
	var rd io.Reader
	display := inputName(name)
	if name == "-" {
		rd = e.stdin
	} else {
		f, err := openInput(name, "a source file")
		if err != nil {
			return nil, name, err
		}
		defer f.Close()
		rd = f
	}
	data, err := io.ReadAll(io.LimitReader(rd, maxNormalizeInput+1))
	if err != nil {
		return nil, display, usageError("%s: %v", display, source.PathMessage(err))
	}
	if len(data) > maxNormalizeInput {
		return nil, display, usageError("%s: more than %d MiB; normalize takes one source file", display, maxNormalizeInput>>20)
	}
	return data, display, nil
}

// checkLineLength reports the first line (LF, CRLF or CR ended) longer than
// maxNormalizeLine bytes.
func checkLineLength(name string, data []byte) error {
	start, line := 0, 1
	for i := 0; i <= len(data); i++ {
		if i == len(data) || data[i] == '\n' || data[i] == '\r' {
			if i-start > maxNormalizeLine {
				return &source.Error{File: name, Line: line, Col: maxNormalizeLine + 1, Offset: start + maxNormalizeLine,
					Msg: fmt.Sprintf("line of %d bytes is longer than a paragraph can be (limit %d MiB); split it", i-start, maxNormalizeLine>>20)}
			}
			if i < len(data) && data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			start, line = i+1, line+1
		}
	}
	return nil
}

// embeddedEmendations parses the embedded corpus's emendations.tsv.
func embeddedEmendations() (normalize.Emendations, error) {
	f, err := corpus.FS.Open("emendations.tsv")
	if err != nil {
		return nil, fmt.Errorf("embedded corpus: %w", err)
	}
	defer f.Close()
	em, err := normalize.ParseEmendations("emendations.tsv", f)
	if err != nil {
		return nil, fmt.Errorf("embedded corpus: %w", err)
	}
	return em, nil
}
