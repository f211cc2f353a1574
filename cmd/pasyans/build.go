package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"pasyans/corpus"
	"pasyans/corpus/check"
	"pasyans/render"
	"pasyans/render/edition"
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
	v := edition.NewVerdicts()
	// Every output is written under the staging folder (st.Path); commit
	// puts the whole folder in place at once. Its error waits for the
	// check's: a corpus that fails the check is reported as such.
	st, stErr := output.New(out, spareSlot())
	var w *edition.Writers
	if stErr == nil {
		w = edition.Start(ed, st, cf.fsys(), paper, baseURL, v)
	}
	var report *check.Report
	select {
	case sig := <-sigs:
		w.Stop(v, errInterrupted)
		return interrupted{sig}
	case <-ctx.Done():
		w.Abandon(v, errInterrupted)
		return ctx.Err()
	case report = <-reports:
	}
	checked := time.Since(checkStart)
	if !report.OK() {
		w.Stop(v, errCheckFailed)
		return printDiagnostics(e.stderr, report.Diagnostics, cf.name)
	}
	if stErr != nil {
		return stErr
	}
	v.Set(check.Verdicts(report))
	var res edition.Result
	select {
	case <-ctx.Done():
		// Removed once the writers end (or with the caller's folder).
		go func() {
			<-w.Done
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
		<-w.Done
		st.Abort()
		return interrupted{sig}
	case res = <-w.Done:
	}
	if res.Err != nil {
		st.Abort()
		return failure("build: %v", res.Err)
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
		probes, checked.Round(time.Millisecond), filepath.Join(out, "site"), res.SiteFiles, float64(res.SiteSize)/1e6,
		filepath.Join(out, "book.pdf"), float64(res.PDFSize)/1e6, time.Since(start).Round(time.Millisecond))
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

// fsys returns the corpus as an fs.FS, as load reads it.
func (c *corpusFlags) fsys() fs.FS {
	if c.dir == "" {
		return corpus.FS
	}
	return os.DirFS(c.dir)
}
