package normalize

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Emendation is one row of corpus/emendations.tsv: in paragraph Paragraph of
// source Source, the whole word (or phrase) OCR is read Corrected.
type Emendation struct {
	Source    string // "000"
	Paragraph int    // n of the paragraph id "000:n"
	OCR       string // the form as printed in the OCR (NFC)
	Corrected string // the corrected form, in the book's spelling
	Reason    string // why
	Line      int    // line in the TSV file
}

// ParaID returns the paragraph id "<source>:<n>".
func (e Emendation) ParaID() string { return e.Source + ":" + strconv.Itoa(e.Paragraph) }

// Emendations is the editor's table.
type Emendations []Emendation

// EmendationsHeader is the TSV header ParseEmendations requires.
const EmendationsHeader = "source\tparagraph\tocr\tcorrected\treason"

// validSourceID reports whether id is a source id: ASCII letters and
// digits, then also '_' and '-' (^[0-9A-Za-z][0-9A-Za-z_-]*$). A
// function, not a regexp: package regexp would add a third of a megabyte
// to the site's WebAssembly program, which keys search words with this
// package.
func validSourceID(id string) bool {
	for i, c := range []byte(id) {
		alnum := '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !alnum && (i == 0 || c != '_' && c != '-') {
			return false
		}
	}
	return id != ""
}

// ParseEmendations reads the editor's table: tab-separated, UTF-8, the
// header line EmendationsHeader first, then one emendation per line with
// five fields. Blank lines and lines starting with # are skipped. OCR and
// corrected forms must be NFC, without leading or trailing spaces, and
// differ; a (source, paragraph, ocr) triple may appear once. Errors name the
// line: "emendations.tsv:7: …".
func ParseEmendations(name string, r io.Reader) (Emendations, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20) // 4 KB to start, grown as lines need
	var em Emendations
	seen := map[string]int{}
	line := 0
	header := false
	for sc.Scan() {
		line++
		text := strings.TrimSuffix(sc.Text(), "\r")
		errf := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, args...))
		}
		if !utf8.ValidString(text) {
			return nil, errf("invalid UTF-8")
		}
		if !header {
			if line == 1 && strings.HasPrefix(text, "\uFEFF") {
				text = text[3:]
			}
			if text != EmendationsHeader {
				return nil, errf("want the header %q, have %q", EmendationsHeader, text)
			}
			header = true
			continue
		}
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != 5 {
			return nil, errf("want 5 tab-separated fields (source, paragraph, ocr, corrected, reason), have %d", len(f))
		}
		e := Emendation{Source: f[0], OCR: f[2], Corrected: f[3], Reason: strings.TrimSpace(f[4]), Line: line}
		if !validSourceID(e.Source) {
			return nil, errf("bad source id %q", e.Source)
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 {
			return nil, errf("bad paragraph number %q (want 1, 2, …)", f[1])
		}
		e.Paragraph = n
		for _, fld := range []struct{ name, v string }{{"ocr", e.OCR}, {"corrected", e.Corrected}} {
			switch {
			case fld.v == "":
				return nil, errf("empty %s form", fld.name)
			case strings.TrimSpace(fld.v) != fld.v:
				return nil, errf("%s form %q has leading or trailing space", fld.name, fld.v)
			case !norm.NFC.IsNormalString(fld.v):
				return nil, errf("%s form %q is not in Unicode NFC", fld.name, fld.v)
			}
		}
		if e.OCR == e.Corrected {
			return nil, errf("ocr and corrected forms are the same (%q)", e.OCR)
		}
		if e.Reason == "" {
			return nil, errf("empty reason")
		}
		key := e.ParaID() + "\t" + e.OCR
		if first, dup := seen[key]; dup {
			return nil, errf("duplicate emendation of %q in %s (first at line %d)", e.OCR, e.ParaID(), first)
		}
		seen[key] = line
		em = append(em, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	if !header {
		return nil, fmt.Errorf("%s:1: empty file: want the header %q", name, EmendationsHeader)
	}
	return em, nil
}
