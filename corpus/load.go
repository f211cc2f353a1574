package corpus

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"pasyans/engine"
	_ "pasyans/engine/variants" // the full rule registry
	"pasyans/source"

	"github.com/yuin/goldmark"
)

// The corpus's file names, relative to the root of its fs.FS.
const (
	manifestFile    = "sources.yaml"
	emendationsFile = "emendations.tsv"
	bookFile        = "book.md"
	bookRUFile      = "book.ru.md"
	glossaryFile    = "glossary.yaml"
	worksFile       = "works.yaml"
	gamesGlob       = "games/*.md"
	dealsGlob       = "deals/*/*.yaml"
	statsGlob       = "stats/*.yaml"
)

// Load reads the corpus in fsys (corpus.FS, or os.DirFS of a folder) and
// assembles the edition. When the corpus has structural problems it returns
// the edition as far as it could be built together with a Diagnostics error
// listing them all, sorted by position. Any other error means the corpus
// could not be read (a missing source file, an unreadable folder); then the
// edition is nil.
func Load(fsys fs.FS) (*Edition, error) {
	l := &loader{fsys: fsys, md: newMarkdown(), owners: map[string]Pos{}}
	ed, err := l.load()
	if err != nil {
		return nil, err
	}
	if ed.Digest, err = digest(fsys); err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	if len(l.d.list) > 0 {
		l.d.list.Sort()
		return ed, l.d.list
	}
	return ed, nil
}

// loader holds the state of one Load.
type loader struct {
	fsys   fs.FS
	md     goldmark.Markdown
	d      diags
	ed     *Edition
	byID   map[string]*Paragraph
	owners map[string]Pos // paragraph id → the front-matter entry that owns it
}

func (l *loader) load() (*Edition, error) {
	l.ed = &Edition{Files: l.fsys}
	if err := l.loadSources(); err != nil {
		return nil, err
	}
	if l.ed.Sources == nil {
		// Every file refers to the paragraphs of the sources: without
		// them each would report its own as missing. The cause is enough.
		return l.ed, nil
	}
	steps := []func() error{l.loadWorks, l.loadStats, l.loadGames, l.loadBooks, l.loadGlossary, l.loadDeals, l.loadTerms}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	l.checkOwned()
	sortGames(l.ed)
	return l.ed, nil
}

// readFile reads a corpus file; a missing required file is a diagnostic
// (ok false), any other read error is returned.
func (l *loader) readFile(name string) (data []byte, ok bool, err error) {
	data, err = source.ReadFile(l.fsys, name)
	if errors.Is(err, fs.ErrNotExist) {
		l.d.add(Pos{File: name}, CheckSyntax, "missing file %s", name)
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("reading corpus: %w", err)
	}
	return data, true, nil
}

// readEach reads every file that pattern matches (as glob lists them)
// and hands each to use with its data. what names the files in the error
// when they cannot be listed.
func (l *loader) readEach(pattern, what string, use func(name string, data []byte)) error {
	names, err := l.glob(pattern)
	if err != nil {
		return fmt.Errorf("listing %s: %w", what, err)
	}
	for _, name := range names {
		data, err := source.ReadFile(l.fsys, name)
		if err != nil {
			return fmt.Errorf("reading corpus: %w", err)
		}
		use(name, data)
	}
	return nil
}

// glob lists the corpus files matching pattern (fs.Glob) that are the
// corpus's: names an editor or a tool leaves beside them (Ignored) are
// skipped, as the live preview's watcher skips them, and a name that is
// not UTF-8 is reported and skipped, not read.
func (l *loader) glob(pattern string) ([]string, error) {
	names, err := fs.Glob(l.fsys, pattern)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", pattern, err)
	}
	var out []string
	for _, name := range names {
		switch {
		case slices.ContainsFunc(strings.Split(name, "/"), Ignored):
		case !utf8.ValidString(name):
			l.d.add(Pos{File: strings.ToValidUTF8(name, "\uFFFD")}, CheckSyntax, "file name %q is not UTF-8: rename the file", name)
		default:
			out = append(out, name)
		}
	}
	return out, nil
}

// Ignored reports whether a file name is an editor's or a tool's scratch
// file (a dot-file such as a lock file .#x.md, #x#, x~, Vim's swap
// files), which belongs to no corpus.
func Ignored(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "#") ||
		strings.HasSuffix(name, "~") || name == "4913" ||
		strings.HasSuffix(name, ".swp") || strings.HasSuffix(name, ".swx") || strings.HasSuffix(name, ".swo")
}

var posPrefix = regexp.MustCompile(`^([^\s:]+):(\d+)(?::\d+)?: (.*)$`)

// errDiag turns an error from package source or normalize into a
// diagnostic when it names a position, or else reports it as one at file.
func (l *loader) errDiag(file string, err error) {
	msg := err.Error()
	if sm := posPrefix.FindStringSubmatch(msg); sm != nil {
		line, _ := strconv.Atoi(sm[2])
		l.d.add(Pos{File: sm[1], Line: line}, CheckSource, "%s", sm[3])
		return
	}
	msg = strings.TrimPrefix(msg, file+": ")
	l.d.add(Pos{File: file}, CheckSource, "%s", msg)
}

// sortGames puts the games in the book's order; games the book does not
// number follow in the order of their first paragraph.
func sortGames(ed *Edition) {
	index := map[string]int{}
	for i, p := range ed.Paragraphs {
		index[p.ID] = i
	}
	first := func(g *Game) int {
		if len(g.Paragraphs) == 0 {
			return len(ed.Paragraphs)
		}
		return index[g.Paragraphs[0].ID]
	}
	key := func(g *Game) int {
		if g.Order > 0 {
			return g.Order
		}
		return 1000 + first(g)
	}
	slices.SortStableFunc(ed.Games, func(a, b *Game) int {
		if c := key(a) - key(b); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
}

// lookupVariant returns the engine variant id, or nil.
func lookupVariant(id string) *engine.Variant {
	v, err := engine.Lookup(id)
	if err != nil {
		return nil
	}
	return v
}

// checkOwned reports the paragraphs no file owns, at their source line.
func (l *loader) checkOwned() {
	for _, p := range l.ed.Paragraphs {
		if p.Owner == "" {
			l.d.add(p.Pos, CheckOwned, "paragraph %s (%q) is owned by no game: list it in the front matter of a game or of book.md",
				p.ID, quote(p.Raw, 40))
		}
	}
}
