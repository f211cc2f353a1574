package main

import (
	"flag"
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

	id := filepath.Base(display)
	if name == "-" {
		id = "stdin"
	}
	return corpus.WriteNormalized(e.stdout, display, id, data, enc, layer, apparatus)
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
