package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"pasyans/corpus"
	"pasyans/corpus/check"
	"pasyans/render"
	"pasyans/site/output"
)

func init() {
	register(&command{
		name:  "build",
		usage: "[-corpus DIR] [-out DIR] [-base-url URL] [-paper a4|letter] [-probes N]",
		short: "build the static site (and the PDF book)",
		long: `Build loads the corpus (the copy built into pasyans, or the folder given
with -corpus) and writes the edition into the output folder (default
./out): the static site in site/, the PDF book as book.pdf and the
edition in TEI P5 XML as tei/pasyans.xml (what 'pasyans export -format
tei' prints).

The whole output folder is written as a staging folder beside it
(.out.build-XXXX) and, when complete, swapped into place in one step
(renameat2 on Linux), so the output folder always holds either the whole
previous build or the whole new one, even if the build is killed.
(Elsewhere two renames do it; a kill between them leaves no output
folder.) A failed or interrupted build (SIGINT, SIGTERM: exit status 130,
143) leaves the previous output untouched. Staging folders of killed
builds are removed by the next build. The output folder is replaced as a
whole: build refuses one that holds files it did not write. The same
input gives the same bytes.

The output a build replaces is kept in pasyans's cache folder (one at
most: $XDG_CACHE_HOME/pasyans/spare-output, or the system's equivalent),
and the next build writes over its files instead of creating about 700
files and folders, which costs more than writing them on some systems; it
first removes what it will not write and anything that is not a plain
file or folder of its own. The probes' results are cached there too (see
'pasyans help check'). PASYANS_CACHE=off turns the cache off; deleting
the folder is always safe.

Build runs the checker (as 'pasyans check' does, with -probes behaviour
probes per game) while it lays out the site and the book, and prints its
verdict on every rule beside the rule in the site and the book. A corpus
that fails the check is not built: its problems are printed as
file:line: message, and the exit status is 1.
-probes 0 skips the behaviour probes (a quicker build whose rules then
read "not checked" unless a claim or a deal verified them).

-base-url URL is the site's public address (https://example.org/pasyans/).
With it every page names its canonical address and its language versions
(hreflang) absolutely, as search engines require, and preloads the body
font; the site gets sitemap.xml and robots.txt. Without it these are left
out: a sitemap and a canonical link may not be relative, and a font
preload is a request that a page opened from file:// may not make. The
site then works from any folder of any host and from file://, with
relative links only (the language versions named by relative alternates,
which search engines ignore).`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			var cf corpusFlags
			cf.register(fs)
			out := fs.String("out", "out", "write the edition into `DIR`")
			baseURL := fs.String("base-url", "", "the site's public address (`URL`): absolute hreflang and canonical links, sitemap.xml, robots.txt")
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
				if *baseURL != "" {
					u, err := render.BaseURL(*baseURL)
					if err != nil {
						return usageError("-base-url: %v", err)
					}
					*baseURL = u
				}
				return buildContext(context.Background(), e, &cf, *out, *paper, *baseURL, *probes)
			}
		},
	})
}

// build renders the edition into out/site (and out/book.pdf) through a
// staging folder and prints a one-line summary to stderr.
//
// The checker and the writers run at once: the writers lay out the site
// and the book while the checker probes the games, and wait for its
// verdicts only where they print one (see render.SiteOptions.Await), so
// that no core idles while the checker's last games run or while the
// book is laid out alone. A corpus that fails the check is not built: the
// writers stop at their first verdict and their folder is dropped.
func build(e *env, cf *corpusFlags, out, paper string, probes int) error {
	return buildContext(context.Background(), e, cf, out, paper, "", probes)
}

// buildContext is build for a site with the public address baseURL (or
// ""), cancelled through ctx (the live preview's rebuilds): when ctx is
// done it returns at once, the loading and the check (which write
// nothing) left to end on their own and the writers told to stop and to
// drop their staging folder when they have (see writers.abandon). A build
// with a context that can be done leaves SIGINT and SIGTERM to its caller.
func buildContext(ctx context.Context, e *env, cf *corpusFlags, out, paper, baseURL string, probes int) error {
	start := time.Now()
	defer batchGC()()
	ed, ds, err := loadContext(ctx, cf)
	if err != nil {
		return err
	}
	if len(ds) > 0 {
		return printDiagnostics(e.stderr, ds, cf.name)
	}
	// From here on SIGINT and SIGTERM stop the build cleanly: the staging
	// folder is removed and the previous output stays as it was.
	sigs := make(chan os.Signal, 1)
	if ctx.Done() == nil {
		signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
		defer signal.Stop(sigs)
	}
	checkStart := time.Now()
	reports := make(chan *check.Report, 1)
	go func() { reports <- check.Run(ed, check.Options{Probes: probes, Cache: probeCache()}) }()
	v := newLateVerdicts()
	// Every output is written under the staging folder (st.Path); commit
	// puts the whole folder in place at once. Its error waits for the
	// check's: a corpus that fails the check is reported as such.
	st, stErr := output.New(out, spareSlot())
	var w *writers
	if stErr == nil {
		w = startWriters(ed, st, cf.fsys(), paper, baseURL, v)
	}
	var report *check.Report
	select {
	case sig := <-sigs:
		w.stop(v, errInterrupted)
		return interrupted{sig}
	case <-ctx.Done():
		w.abandon(v, errInterrupted)
		return ctx.Err()
	case report = <-reports:
	}
	checked := time.Since(checkStart)
	if !report.OK() {
		w.stop(v, errCheckFailed)
		return printDiagnostics(e.stderr, report.Diagnostics, cf.name)
	}
	if stErr != nil {
		return stErr
	}
	v.set(check.Verdicts(report))
	var res buildResult
	select {
	case <-ctx.Done():
		// Removed once the writers end (or with the caller's folder).
		go func() {
			<-w.done
			st.Abort()
		}()
		return ctx.Err()
	case sig := <-sigs:
		// The writers cannot be stopped midway: the folder removed under
		// them makes them fail fast, but one may make a folder again
		// before it notices, so wait for them and remove what is left. A
		// second signal kills at once (the next build sweeps the folder).
		signal.Stop(sigs)
		st.Abort()
		<-w.done
		st.Abort()
		return interrupted{sig}
	case res = <-w.done:
	}
	if res.err != nil {
		st.Abort()
		return failure("build: %v", res.err)
	}
	// A signal from now on kills the process as it would without the
	// handler: the commit is one step, so the output is still whole.
	signal.Stop(sigs)
	select {
	case sig := <-sigs:
		st.Abort()
		return interrupted{sig}
	default:
	}
	if err := st.Commit(); err != nil {
		st.Abort()
		return failure("build: %v", err)
	}
	fmt.Fprintf(e.stderr, "pasyans: checked the edition (%d probes per game) in %s; built %s (%d files, %.1f MB) and %s (%.1f MB) in %s\n",
		probes, checked.Round(time.Millisecond), filepath.Join(out, "site"), res.siteFiles, float64(res.siteSize)/1e6,
		filepath.Join(out, "book.pdf"), float64(res.pdfSize)/1e6, time.Since(start).Round(time.Millisecond))
	return nil
}

// loadContext loads the corpus, or returns ctx's error as soon as ctx
// is done: the loading goes on alone until it ends, but it writes
// nothing.
func loadContext(ctx context.Context, cf *corpusFlags) (*corpus.Edition, corpus.Diagnostics, error) {
	type loaded struct {
		ed  *corpus.Edition
		ds  corpus.Diagnostics
		err error
	}
	c := make(chan loaded, 1)
	go func() {
		ed, ds, err := cf.load()
		c <- loaded{ed, ds, err}
	}()
	select {
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	case l := <-c:
		return l.ed, l.ds, l.err
	}
}

// Why the writers were stopped before the verdicts came.
var (
	errCheckFailed = errors.New("the check failed")
	errInterrupted = errors.New("interrupted")
)

// lateVerdicts are the checker's verdicts, which the writers start
// without: wait returns once they are in (set) or will never be (fail).
type lateVerdicts struct {
	m   map[string]string
	in  chan struct{}
	err error
}

func newLateVerdicts() *lateVerdicts {
	return &lateVerdicts{m: map[string]string{}, in: make(chan struct{})}
}

// set puts the verdicts in and wakes the writers.
func (v *lateVerdicts) set(m map[string]string) {
	maps.Copy(v.m, m)
	close(v.in)
}

// fail tells the writers that no verdicts will come, and why.
func (v *lateVerdicts) fail(err error) {
	v.err = err
	close(v.in)
}

func (v *lateVerdicts) wait() error {
	<-v.in
	return v.err
}

// writers are the goroutines writing the outputs into a staging folder.
type writers struct {
	st   *output.Staging
	done chan buildResult
}

// startWriters starts writing every output of the edition into st, with
// the verdicts v as they come.
func startWriters(ed *corpus.Edition, st *output.Staging, corpusFS fs.FS, paper, baseURL string, v *lateVerdicts) *writers {
	siteOpts := render.SiteOptions{Corpus: corpusFS, Verdicts: render.Verdicts(v.m), Await: v.wait, BaseURL: baseURL}
	pdfOpts := render.PDFOptions{Paper: paper, Verdicts: v.m, Await: v.wait}
	w := &writers{st: st, done: make(chan buildResult, 1)}
	go func() {
		if err := st.Prepare(outputFiles(ed, siteOpts)); err != nil {
			w.done <- buildResult{err: err}
			return
		}
		w.done <- writeOutputs(ed, st, siteOpts, pdfOpts)
	}()
	return w
}

// stop stops the writers before the verdicts came, for the reason err,
// waits for them and drops their folder, giving it back as the spare
// output that the next build recycles (see package output). Nothing to do
// for no writers (nil).
func (w *writers) stop(v *lateVerdicts, err error) {
	if w == nil {
		return
	}
	v.fail(err)
	<-w.done
	w.st.Drop()
}

// abandon stops the writers as stop does but does not wait for them: they
// drop their folder when they end (the live preview, cancelled, removes
// its whole private folder instead).
func (w *writers) abandon(v *lateVerdicts, err error) {
	if w == nil {
		return
	}
	v.fail(err)
	go func() {
		<-w.done
		w.st.Drop()
	}()
}

// buildResult is what writeOutputs made.
type buildResult struct {
	siteFiles         int
	siteSize, pdfSize int64
	err               error
}

// outputFiles lists the files writeOutputs writes, relative to the
// output folder: the marker, the book, the TEI and every file of the site.
func outputFiles(ed *corpus.Edition, so render.SiteOptions) []string {
	files := []string{output.Marker, "book.pdf", teiFile}
	for _, p := range render.SitePages(ed, so) {
		files = append(files, "site/"+p)
	}
	return files
}

// writeOutputs writes every output of the edition into the staging
// folder: site/ and book.pdf. A new output is one more file here.
func writeOutputs(ed *corpus.Edition, st *output.Staging, so render.SiteOptions, po render.PDFOptions) buildResult {
	var r buildResult
	// The book and the site are made at the same time; both only read
	// the edition and the checker's verdicts.
	var pdfErr error
	pdfDone := make(chan struct{})
	go func() {
		defer close(pdfDone)
		r.pdfSize, pdfErr = writePDF(ed, st.Path("book.pdf"), po)
	}()
	siteErr := render.Site(ed, st.Path("site"), so)
	if siteErr == nil {
		siteErr = writeTEI(ed, st.Path(teiFile))
	}
	<-pdfDone
	switch {
	case siteErr != nil:
		r.err = siteErr
	case pdfErr != nil:
		r.err = fmt.Errorf("book.pdf: %w", pdfErr)
	default:
		r.siteFiles, r.siteSize = dirStats(st.Path("site"))
	}
	return r
}

// interrupted is a build stopped by a signal: exit status 128 + the
// signal's number, as a shell reports a process the signal killed.
type interrupted struct{ sig os.Signal }

func (i interrupted) Error() string {
	return fmt.Sprintf("build: %v; stopped, the previous output is unchanged", i.sig)
}

func (i interrupted) ExitStatus() int {
	if s, ok := i.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
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
