package source

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"unicode"
)

// Paragraph is one non-empty line of a source.
type Paragraph struct {
	ID     string // "001:7"
	Source string // "001"
	N      int    // 7: the n-th non-empty line (a line with any non-whitespace character)
	Line   int    // 1-based line number in the file
	Raw    string // the line as decoded (CRLF/CR->LF done, no NFC, not trimmed)
	SHA256 string // hex SHA-256 of Raw's UTF-8 bytes
}

// ParagraphID returns p.ID (normalize.Paragraph).
func (p Paragraph) ParagraphID() string { return p.ID }

// RawText returns p.Raw (normalize.Paragraph).
func (p Paragraph) RawText() string { return p.Raw }

// Split splits decoded text (LF line endings) into paragraphs: paragraph n
// is the n-th line holding a non-whitespace character; its id is
// "<sourceID>:<n>". Blank and whitespace-only lines are not paragraphs but
// still count for Line.
func Split(sourceID, text string) []Paragraph {
	var ps []Paragraph
	line := 0
	for len(text) > 0 {
		line++
		l := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			l, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		if strings.IndexFunc(l, func(r rune) bool { return !unicode.IsSpace(r) }) < 0 {
			continue
		}
		n := len(ps) + 1
		sum := sha256.Sum256([]byte(l))
		ps = append(ps, Paragraph{
			ID:     sourceID + ":" + strconv.Itoa(n),
			Source: sourceID,
			N:      n,
			Line:   line,
			Raw:    l,
			SHA256: hex.EncodeToString(sum[:]),
		})
	}
	return ps
}
