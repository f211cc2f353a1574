package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// dataEntries are the corpus folder's top-level files and folders that
// hold the edition's data: what FS embeds (TestDataEntriesAreEmbedded
// holds the two lists together). The package's Go code and test data
// live in the same folder but are not the corpus, so a -corpus folder and
// the embedded copy of the same data have the same digest.
var dataEntries = []string{"sources", "sources.yaml", "emendations.tsv", "games", "book.md", "book.ru.md", "glossary.yaml", "works.yaml", "terms.yaml", "stats", "deals"}

// digest returns the SHA-256 of a corpus folder's data (dataEntries): of
// every regular file's path and bytes, in path order, leaving out the
// hidden files and editor backups that the loader and the watcher pass
// over. Two corpora with the same digest hold the same data files.
func digest(fsys fs.FS) (string, error) {
	h := sha256.New()
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != "." && !strings.Contains(p, "/") && !slices.Contains(dataEntries, p) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if p != "." && (Ignored(path.Base(p)) || !utf8.ValidString(p)) {
			// The loader passes over the one and reports the other.
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		h.Write([]byte(p))
		h.Write([]byte{0})
		h.Write(sum[:])
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// textDate is the date of the edition's text, for a corpus whose
// statistics date nothing later.
var textDate = time.Date(2026, time.November, 30, 0, 0, 0, 0, time.UTC)

// Date returns the edition's one date, printed on the PDF's title page and
// recorded as its creation date, in the TEI's header and in the site's
// "How to cite" blocks: the latest date its statistics were written (so
// that the edition is never dated before its own figures), or the date of
// its text if that is later. The same corpus gives the same date.
func (ed *Edition) Date() time.Time {
	d := textDate
	for _, st := range ed.Stats {
		if t, err := time.Parse("2006-01-02", st.Date); err == nil && t.After(d) {
			d = t
		}
	}
	return d
}
