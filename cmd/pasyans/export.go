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
	"pasyans/normalize"
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

// The JSON shape of 'pasyans export' (DESIGN.md): fields may be added,
// never renamed.
type (
	exportEdition struct {
		Sources    []exportSource    `json:"sources"`
		Paragraphs []exportParagraph `json:"paragraphs"`
		Games      []exportGame      `json:"games"`
		Book       []exportBook      `json:"book"`
		Glossary   []*corpus.Term    `json:"glossary"`
		Deals      []exportDeal      `json:"deals"`
		Stats      []*corpus.Stats   `json:"stats"`
	}
	exportSource struct {
		ID         string `json:"id"`
		File       string `json:"file"`
		Original   string `json:"original"`
		SHA256     string `json:"sha256"`
		Encoding   string `json:"encoding"`
		Title      string `json:"title"`
		Provenance string `json:"provenance"`
		Licence    string `json:"licence"`
		Modern     bool   `json:"modern"`
		Paragraphs int    `json:"paragraphs"`
	}
	exportParagraph struct {
		ID         string           `json:"id"`
		Source     string           `json:"source"`
		N          int              `json:"n"`
		SHA256     string           `json:"sha256"`
		Owner      string           `json:"owner"`
		Diplomatic string           `json:"diplomatic"`
		Corrected  string           `json:"corrected"`
		Modern     string           `json:"modern"`
		Apparatus  []normalize.Edit `json:"apparatus"`
		EN         string           `json:"en"`
		Rules      []string         `json:"rules"`
		Notes      []string         `json:"notes"`
		Claims     *corpus.Claims   `json:"claims,omitempty"`
		Pos        string           `json:"pos"`
	}
	exportGame struct {
		ID         string         `json:"id"`
		Variant    string         `json:"variant"`
		Order      int            `json:"order,omitempty"`
		Titles     corpus.Titles  `json:"titles"`
		Aliases    corpus.Aliases `json:"aliases"`
		Packs      int            `json:"packs"`
		Title      string         `json:"title"`
		Intro      string         `json:"intro"`
		Paragraphs []string       `json:"paragraphs"`
	}
	exportBook struct {
		ID         string          `json:"id"`
		Lang       string          `json:"lang"`
		Titles     corpus.Titles   `json:"titles"`
		Sections   []exportSection `json:"sections"`
		Paragraphs []string        `json:"paragraphs"`
	}
	exportSection struct {
		Title string `json:"title"`
		Text  string `json:"text"`
	}
	exportDeal struct {
		Game       string           `json:"game"`
		Name       string           `json:"name"`
		Title      corpus.DealTitle `json:"title"`
		Seed       uint64           `json:"seed"`
		Options    []string         `json:"options"`
		Outcome    string           `json:"outcome"`
		Moves      []string         `json:"moves"`
		Commentary []corpus.Comment `json:"commentary"`
		Proof      *corpus.Proof    `json:"proof,omitempty"`
	}
)

func exportOf(ed *corpus.Edition, name func(string) string) exportEdition {
	x := exportEdition{Sources: []exportSource{}, Paragraphs: []exportParagraph{}, Games: []exportGame{},
		Book: []exportBook{}, Glossary: ed.Glossary, Deals: []exportDeal{}, Stats: []*corpus.Stats{}}
	for _, s := range ed.Sources {
		x.Sources = append(x.Sources, exportSource{s.ID, s.File, s.Original, s.SHA256, s.Encoding, s.Title,
			s.Provenance, s.Licence, s.Modern, len(s.Paragraphs)})
	}
	for _, p := range ed.Paragraphs {
		x.Paragraphs = append(x.Paragraphs, exportParagraphOf(p, name))
	}
	for _, g := range ed.Games {
		x.Games = append(x.Games, exportGameOf(g))
	}
	for _, b := range []*corpus.Book{ed.Book, ed.BookRU} {
		if b != nil {
			x.Book = append(x.Book, exportBookOf(b))
		}
	}
	if x.Glossary == nil {
		x.Glossary = []*corpus.Term{}
	}
	for _, d := range ed.Deals {
		x.Deals = append(x.Deals, exportDealOf(d))
	}
	for _, s := range ed.Stats {
		x.Stats = append(x.Stats, s)
	}
	return x
}

func exportParagraphOf(p *corpus.Paragraph, name func(string) string) exportParagraph {
	xp := exportParagraph{ID: p.ID, Source: p.Source, N: p.N, SHA256: p.SHA256, Owner: p.Owner,
		Diplomatic: p.Diplomatic, Corrected: p.Corrected, Modern: p.Modern, Apparatus: p.Apparatus,
		EN: p.Translation.Markdown, Rules: []string{}, Notes: []string{}, Claims: p.Claims,
		Pos: corpus.Pos{File: name(p.Pos.File), Line: p.Pos.Line}.String()}
	if xp.Apparatus == nil {
		xp.Apparatus = []normalize.Edit{}
	}
	for _, l := range p.Rules {
		xp.Rules = append(xp.Rules, l.ID)
	}
	for _, n := range p.Notes {
		xp.Notes = append(xp.Notes, n.Markdown)
	}
	return xp
}

func exportGameOf(g *corpus.Game) exportGame {
	xg := exportGame{ID: g.ID, Order: g.Order, Titles: g.Titles, Aliases: g.Aliases, Packs: g.Packs,
		Title: g.Title, Intro: g.Intro.Markdown, Paragraphs: paragraphIDs(g.Paragraphs)}
	if g.Variant != nil {
		xg.Variant = g.Variant.ID
	}
	return xg
}

func exportBookOf(b *corpus.Book) exportBook {
	xb := exportBook{ID: b.ID, Lang: b.Lang, Titles: b.Titles, Sections: []exportSection{}, Paragraphs: paragraphIDs(b.Paragraphs)}
	for _, s := range b.Sections {
		xb.Sections = append(xb.Sections, exportSection{s.Title, s.Text.Markdown})
	}
	return xb
}

func exportDealOf(d *corpus.Deal) exportDeal {
	xd := exportDeal{Game: d.Game, Name: d.Name, Title: d.Title, Seed: d.Seed, Options: d.Options, Outcome: d.Outcome,
		Moves: []string{}, Commentary: d.Commentary, Proof: d.Proof}
	if xd.Options == nil {
		xd.Options = []string{}
	}
	if xd.Commentary == nil {
		xd.Commentary = []corpus.Comment{}
	}
	for _, m := range d.Moves {
		xd.Moves = append(xd.Moves, m.Text)
	}
	return xd
}

func paragraphIDs(ps []*corpus.Paragraph) []string {
	ids := make([]string, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return ids
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
				return writeJSON(e.stdout, exportOf(ed, cf.name))
			}
		},
	})
}
