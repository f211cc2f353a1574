package main

import (
	"bufio"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"pasyans/corpus"
	"pasyans/corpus/check"
	"pasyans/render"
)

func init() {
	register(&command{
		name:  "build",
		usage: "[-corpus DIR] [-out DIR] [-paper a4|letter] [-probes N]",
		short: "build the static site (and the PDF book)",
		long: `Build loads the corpus (the copy built into pasyans, or the folder given
with -corpus) and writes the edition into the output folder (default
./out): the static site in site/, the PDF book as book.pdf and the
edition in TEI P5 XML as tei/pasyans.xml (what 'pasyans export -format
tei' prints).

Everything is written into a temporary folder beside the output and moved
into place only when complete, so a failed build leaves the previous
output untouched. The same input gives the same bytes.

Build runs the checker first (as 'pasyans check' does, with -probes
behaviour probes per game) and prints its verdict on every rule beside the
rule in the site and the book. A corpus that fails the check is not built:
its problems are printed as file:line: message, and the exit status is 1.
-probes 0 skips the behaviour probes (a quicker build whose rules then
read "not checked" unless a claim or a deal verified them).`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			var cf corpusFlags
			cf.register(fs)
			out := fs.String("out", "out", "write the edition into `DIR`")
			paper := fs.String("paper", "a4", "paper `size` of book.pdf: a4 or letter")
			probes := fs.Int("probes", check.DefaultProbes, "the checker's random playouts per game (`N`); 0 skips the behaviour probes")
			return func(e *env, args []string) error {
				if len(args) > 0 {
					return usageError("build takes no arguments, got %q", args[0])
				}
				if *paper != "a4" && *paper != "letter" {
					return usageError("-paper %q: want a4 or letter", *paper)
				}
				if *probes < 0 {
					return usageError("-probes %d: want a count of 0 or more", *probes)
				}
				return build(e, &cf, *out, *paper, *probes)
			}
		},
	})
}

// build renders the edition into out/site (and out/book.pdf) through a
// staging folder and prints a one-line summary to stderr.
func build(e *env, cf *corpusFlags, out, paper string, probes int) error {
	start := time.Now()
	ed, ds, err := cf.load()
	if err != nil {
		return err
	}
	if len(ds) > 0 {
		return printDiagnostics(e.stderr, ds, cf.name)
	}
	checkStart := time.Now()
	report := check.Run(ed, check.Options{Probes: probes})
	checked := time.Since(checkStart)
	if !report.OK() {
		return printDiagnostics(e.stderr, report.Diagnostics, cf.name)
	}
	verdicts := check.Verdicts(report)
	pdfOpts := render.PDFOptions{Paper: paper, Verdicts: verdicts}
	st, err := newStaging(out)
	if err != nil {
		return err
	}
	siteDir := st.path("site")
	// The book and the site are made at the same time; both only read
	// the edition and the checker's verdicts.
	var pdfSize int64
	var pdfErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		pdfSize, pdfErr = writePDF(ed, st.path("book.pdf"), pdfOpts)
	}()
	siteErr := render.Site(ed, siteDir, render.SiteOptions{Corpus: cf.fsys(), Verdicts: render.Verdicts(verdicts)})
	if siteErr == nil {
		siteErr = writeTEI(ed, st.path("tei"))
	}
	<-done
	if siteErr != nil || pdfErr != nil {
		st.abort()
		if siteErr != nil {
			return failure("build: %v", siteErr)
		}
		return failure("build: book.pdf: %v", pdfErr)
	}
	files, size := dirStats(siteDir)
	if err := st.commit("site", "book.pdf", "tei"); err != nil {
		st.abort()
		return failure("build: %v", err)
	}
	fmt.Fprintf(e.stderr, "pasyans: checked the edition (%d probes per game) in %s; built %s (%d files, %.1f MB) and %s (%.1f MB) in %s\n",
		probes, checked.Round(time.Millisecond), filepath.Join(out, "site"), files, float64(size)/1e6,
		filepath.Join(out, "book.pdf"), float64(pdfSize)/1e6, time.Since(start).Round(time.Millisecond))
	return nil
}

// writePDF writes the book to name and returns its size.
func writePDF(ed *corpus.Edition, name string, o render.PDFOptions) (int64, error) {
	f, err := os.Create(name)
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriter(f)
	err = render.PDF(ed, w, o)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, err
	}
	st, err := os.Stat(name)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// fsys returns the corpus as an fs.FS, as load reads it.
func (c *corpusFlags) fsys() fs.FS {
	if c.dir == "" {
		return corpus.FS
	}
	return os.DirFS(c.dir)
}

// dirStats counts the files under dir and their bytes.
func dirStats(dir string) (files int, size int64) {
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				files++
				size += info.Size()
			}
		}
		return nil
	})
	return files, size
}
