// Package edition writes the whole edition into an output folder: the
// static site, the PDF book and the TEI, made at once from one loaded
// edition while the checker's verdicts come in late (Verdicts), into a
// staging folder of package output that the caller commits.
//
// Boundary: edition knows the renderings (render, render/tei) and the
// output folder's layout (site/, book.pdf, tei/). It must not know the
// checker (it is given its verdicts), the command's flags, signals or
// where the output folder goes: the caller makes the staging folder and
// commits or drops it.
package edition

import (
	"bufio"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"

	"pasyans/corpus"
	"pasyans/render"
	"pasyans/render/tei"
	"pasyans/site/output"
)

// Verdicts are the checker's verdicts, which the writers start without:
// they wait for them only where they print one, until they are in (Set)
// or will never be (Fail).
type Verdicts struct {
	m   map[string]string
	in  chan struct{}
	err error
}

// NewVerdicts returns verdicts still to come.
func NewVerdicts() *Verdicts {
	return &Verdicts{m: map[string]string{}, in: make(chan struct{})}
}

// Set puts the verdicts in and wakes the writers.
func (v *Verdicts) Set(m map[string]string) {
	maps.Copy(v.m, m)
	close(v.in)
}

// Fail tells the writers that no verdicts will come, and why.
func (v *Verdicts) Fail(err error) {
	v.err = err
	close(v.in)
}

func (v *Verdicts) wait() error {
	<-v.in
	return v.err
}

// Writers are the goroutines writing the outputs into a staging folder;
// Done gives their Result once.
type Writers struct {
	st   *output.Staging
	Done chan Result
}

// Start starts writing every output of the edition into st, with the
// verdicts v as they come: the site (its corpus files read from
// corpusFS, its public address baseURL or ""), the book on paper (a4 or
// letter) and the TEI.
func Start(ed *corpus.Edition, st *output.Staging, corpusFS fs.FS, paper, baseURL string, v *Verdicts) *Writers {
	siteOpts := render.SiteOptions{Corpus: corpusFS, Verdicts: render.Verdicts(v.m), Await: v.wait, BaseURL: baseURL}
	pdfOpts := render.PDFOptions{Paper: paper, Verdicts: v.m, Await: v.wait}
	w := &Writers{st: st, Done: make(chan Result, 1)}
	go func() {
		if err := st.Prepare(outputFiles(ed, siteOpts)); err != nil {
			w.Done <- Result{Err: err}
			return
		}
		w.Done <- writeOutputs(ed, st, siteOpts, pdfOpts)
	}()
	return w
}

// Stop stops the writers before the verdicts came, for the reason err,
// waits for them and drops their folder, giving it back as the spare
// output that the next build recycles (see package output). Nothing to do
// for no writers (nil).
func (w *Writers) Stop(v *Verdicts, err error) {
	if w == nil {
		return
	}
	v.Fail(err)
	<-w.Done
	w.st.Drop()
}

// Abandon stops the writers as Stop does but does not wait for them: they
// drop their folder when they end (the live preview, cancelled, removes
// its whole private folder instead).
func (w *Writers) Abandon(v *Verdicts, err error) {
	if w == nil {
		return
	}
	v.Fail(err)
	go func() {
		<-w.Done
		w.st.Drop()
	}()
}

// Result is what the writers made: the site's files and bytes and the
// book's bytes, or the error that stopped them.
type Result struct {
	SiteFiles         int
	SiteSize, PDFSize int64
	Err               error
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
func writeOutputs(ed *corpus.Edition, st *output.Staging, so render.SiteOptions, po render.PDFOptions) Result {
	var r Result
	// The book and the site are made at the same time; both only read
	// the edition and the checker's verdicts.
	var pdfErr error
	pdfDone := make(chan struct{})
	go func() {
		defer close(pdfDone)
		r.PDFSize, pdfErr = writePDF(ed, st.Path("book.pdf"), po)
	}()
	siteErr := render.Site(ed, st.Path("site"), so)
	if siteErr == nil {
		siteErr = writeTEI(ed, st.Path(teiFile))
	}
	<-pdfDone
	switch {
	case siteErr != nil:
		r.Err = siteErr
	case pdfErr != nil:
		r.Err = fmt.Errorf("book.pdf: %w", pdfErr)
	default:
		r.SiteFiles, r.SiteSize = dirStats(st.Path("site"))
	}
	return r
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

// teiFile is where the writers put the TEI, relative to the output folder.
const teiFile = "tei/pasyans.xml"

// writeTEI writes the edition in TEI P5 to name, with the edition's
// schema and ODD beside it.
func writeTEI(ed *corpus.Edition, name string) error {
	b, err := tei.Bytes(ed)
	if err == nil {
		err = os.MkdirAll(filepath.Dir(name), 0o755)
	}
	if err == nil {
		err = os.WriteFile(name, b, 0o644)
	}
	// The schema the document points at, and the ODD it is made from.
	for file, data := range map[string][]byte{tei.SchemaFile: tei.Schema, tei.ODDFile: tei.ODD} {
		if err == nil {
			err = os.WriteFile(filepath.Join(filepath.Dir(name), file), data, 0o644)
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", teiFile, err)
	}
	return nil
}
