package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"pasyans/corpus"
	"pasyans/render/tei"
)

// corpusFlags is the -corpus flag: the folder to read the edition from
// instead of the embedded one.
type corpusFlags struct{ dir string }

func (c *corpusFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.dir, "corpus", "", "read the corpus from `DIR` instead of the copy built into pasyans")
}

// name returns how to print a corpus file name: relative to the current
// folder when -corpus is given, else as the file in the repository.
func (c *corpusFlags) name(file string) string {
	if c.dir == "" {
		return path.Join("corpus", file)
	}
	return filepath.Join(c.dir, filepath.FromSlash(file))
}

// load loads the edition. An unreadable corpus is a usage error (exit 2);
// structural problems come back as diagnostics, with the edition, their
// file names relative to the corpus (see name).
func (c *corpusFlags) load() (*corpus.Edition, corpus.Diagnostics, error) {
	var fsys fs.FS = corpus.FS
	if c.dir != "" {
		st, err := os.Stat(c.dir)
		if err != nil {
			return nil, nil, usageError("-corpus: %v", err)
		}
		if !st.IsDir() {
			return nil, nil, usageError("-corpus %s: not a folder", c.dir)
		}
		fsys = os.DirFS(c.dir)
	}
	ed, err := corpus.Load(fsys)
	var ds corpus.Diagnostics
	if errors.As(err, &ds) {
		return ed, ds, nil
	}
	if err != nil {
		// A file the loader could not open is named as the user can
		// open it (DIR/sources.yaml), not relative to the corpus.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, nil, usageError("reading the corpus: %s %s: %v", pe.Op, c.name(pe.Path), pe.Err)
		}
		return nil, nil, usageError("reading the corpus: %v", err)
	}
	return ed, nil, nil
}

// printDiagnostics writes one file:line: message line per diagnostic and
// returns the failure that ends the command: a *corpusErrors.
func printDiagnostics(w io.Writer, ds corpus.Diagnostics, name func(string) string) error {
	for _, d := range ds {
		d.Pos.File = name(d.Pos.File)
		fmt.Fprintln(w, d)
	}
	return &corpusErrors{ds: ds}
}

// corpusErrors is the failure of a command stopped by problems in the
// corpus (exit status 1). It carries them, file names as the corpus
// names them, for a caller that shows them otherwise (serve -watch).
type corpusErrors struct{ ds corpus.Diagnostics }

func (c *corpusErrors) Error() string {
	return fmt.Sprintf("%d %s in the corpus", len(c.ds), pluralize(len(c.ds), "error"))
}

func (c *corpusErrors) Unwrap() error { return errFailed }

func pluralize(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func init() {
	register(&command{
		name:  "export",
		usage: "[-corpus DIR] [-format json|tei]",
		short: "print the edition model as JSON, or the edition as TEI P5 XML",
		long: `Export loads the corpus (the copy built into pasyans, or the folder given
with -corpus) and prints the edition model as JSON: the sources; every
paragraph with its owner, its three readings (diplomatic, corrected,
modern), the apparatus, the English translation, its rule links, notes and
claims; the games; the book's front matter; the glossary; the example deals
and the solver's statistics.

-format tei prints instead the whole edition as one TEI P5 document (valid
against the TEI Consortium's tei_all schema), the same bytes that 'pasyans
build' writes to out/tei/pasyans.xml: the sources and the normalisation
rules in the teiHeader; every paragraph with its three readings as nested
choices (sic/corr for OCR repairs and emendations, orig/reg for
modernisation), its English translation as a parallel text; the editor's
notes, rule links, the engine's rules and the glossary.

If the corpus has structural problems (an unknown key in a front matter, a
paragraph owned twice or never, a stale checksum, a link to no rule, …)
export prints them as file:line: message and exits 1. An unreadable corpus
exits 2.`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			var cf corpusFlags
			cf.register(fs)
			fs.Bool("json", true, "print JSON (the default format; kept for older scripts)")
			format := fs.String("format", "json", "print the edition as `json` (the model) or tei (TEI P5 XML)")
			return func(e *env, args []string) error {
				if len(args) > 0 {
					return usageError("export takes no arguments")
				}
				if *format != "json" && *format != "tei" {
					return usageError("-format %q: want json or tei", *format)
				}
				ed, ds, err := cf.load()
				if err != nil {
					return err
				}
				if len(ds) > 0 {
					return printDiagnostics(e.stderr, ds, cf.name)
				}
				if *format == "tei" {
					if err := tei.Write(e.stdout, ed); err != nil {
						return failure("export: %v", err)
					}
					return nil
				}
				return writeJSON(e.stdout, ed.Export(cf.name))
			}
		},
	})
}
