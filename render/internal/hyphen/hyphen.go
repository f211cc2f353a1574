// Package hyphen finds the places where a word may be hyphenated, by
// Frank Liang's algorithm (the one TeX uses) over a language's pattern
// file: the patterns of LibreOffice's hyphenation dictionaries as Debian
// ships them, reduced by gen.go to one pattern a line in UTF-8 and
// embedded (ru.pat, en.pat; their headers name each file's origin and
// licence).
package hyphen

//go:generate go run gen.go

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Patterns is a language's hyphenation patterns and exceptions.
type Patterns struct {
	pats       map[string][]uint8 // letters → the values between and around them
	exceptions map[string][]int   // word → break points
	maxLen     int                // the longest pattern, in runes
	// Left and Right are the fewest letters a break leaves before and
	// after it.
	Left, Right int
	fold        func(rune) rune // maps letters the patterns do not know
	silentFinal rune            // a last letter that is not sounded (pre-reform ъ)
}

// Parse reads a pattern file: lines of Liang patterns ("a1b", ".ab2c"),
// words with hyphens as exceptions ("ta-ble"), "LEFTHYPHENMIN n" and
// "RIGHTHYPHENMIN n"; "%" starts a comment and a first line naming the
// encoding is skipped. Left and right minimums are at least 2.
func Parse(r io.Reader) (*Patterns, error) {
	p := &Patterns{pats: map[string][]uint8{}, exceptions: map[string][]int{}, Left: 2, Right: 2}
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if i := strings.IndexByte(line, '%'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" || (n == 1 && (line == "UTF-8" || line == "KOI8-R" || line == "ISO8859-1")) {
			continue
		}
		if err := p.addLine(line); err != nil {
			return nil, fmt.Errorf("hyphen: line %d: %w", n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("hyphen: line %d: %w", n, err)
	}
	return p, nil
}

func (p *Patterns) addLine(line string) error {
	if k, v, ok := strings.Cut(line, " "); ok {
		var m int
		if _, err := fmt.Sscan(v, &m); err != nil {
			return fmt.Errorf("%q: %w", line, err)
		}
		switch k {
		case "LEFTHYPHENMIN":
			p.Left = max(p.Left, m)
		case "RIGHTHYPHENMIN":
			p.Right = max(p.Right, m)
		}
		return nil // other directives (COMPOUND…) are not used
	}
	if !utf8.ValidString(line) {
		return fmt.Errorf("%q: not UTF-8", line)
	}
	if strings.Contains(line, "-") {
		var pts []int
		word := []rune{}
		for _, r := range line {
			if r == '-' {
				pts = append(pts, len(word))
				continue
			}
			word = append(word, unicode.ToLower(r))
		}
		p.exceptions[string(word)] = pts
		return nil
	}
	var letters []rune
	vals := []uint8{0}
	for _, r := range line {
		if r >= '0' && r <= '9' {
			vals[len(vals)-1] = uint8(r - '0')
			continue
		}
		letters = append(letters, unicode.ToLower(r))
		vals = append(vals, 0)
	}
	if len(letters) == 0 {
		return fmt.Errorf("%q: a pattern without letters", line)
	}
	p.pats[string(letters)] = vals
	p.maxLen = max(p.maxLen, len(letters))
	return nil
}

// Points returns the rune offsets in word at which it may break (a break
// at i puts word[:i] before the hyphen), keeping Left letters before the
// first and Right after the last. word is a single word of letters;
// anything else gives no points.
func (p *Patterns) Points(word string) []int {
	rs := []rune(strings.ToLower(word))
	if len(rs) < p.Left+p.Right {
		return nil
	}
	for i, r := range rs {
		if !unicode.IsLetter(r) {
			return nil
		}
		if p.fold != nil {
			rs[i] = p.fold(r)
		}
	}
	if p.silentFinal != 0 && rs[len(rs)-1] == p.silentFinal {
		return p.Points(string(rs[:len(rs)-1])) // можетъ as может: нихъ stays whole
	}
	if pts, ok := p.exceptions[string(rs)]; ok {
		return p.bounded(pts, len(rs))
	}
	w := make([]rune, 0, len(rs)+2)
	w = append(append(append(w, '.'), rs...), '.')
	vals := make([]uint8, len(w)+1)
	for i := range w {
		for j := i + 1; j <= len(w) && j-i <= p.maxLen; j++ {
			v, ok := p.pats[string(w[i:j])]
			if !ok {
				continue
			}
			for k, x := range v {
				vals[i+k] = max(vals[i+k], x)
			}
		}
	}
	var pts []int
	// vals[k] is the value before w[k]; the break before rs[i] is vals[i+1].
	for i := 1; i < len(rs); i++ {
		if vals[i+1]%2 == 1 {
			pts = append(pts, i)
		}
	}
	return p.bounded(pts, len(rs))
}

func (p *Patterns) bounded(pts []int, n int) []int {
	var out []int
	for _, i := range pts {
		if i >= p.Left && n-i >= p.Right {
			out = append(out, i)
		}
	}
	return out
}

// Hyphenate returns word with sep at each of its break points (a test's
// and a reader's view of Points).
func (p *Patterns) Hyphenate(word, sep string) string {
	pts := p.Points(word)
	rs := []rune(word)
	var b strings.Builder
	last := 0
	for _, i := range pts {
		b.WriteString(string(rs[last:i]))
		b.WriteString(sep)
		last = i
	}
	b.WriteString(string(rs[last:]))
	return b.String()
}

var (
	//go:embed ru.pat
	ruPat []byte
	//go:embed en.pat
	enPat []byte
)

// For returns the patterns for a language ("ru" or "en"), or nil. The
// Russian patterns read the pre-reform letters as their modern
// counterparts (ѣ as е, і and ѵ as и, ѳ as ф) and do not count a final ъ
// as a letter.
func For(lang string) *Patterns {
	switch lang {
	case "ru":
		return ru
	case "en":
		return en
	}
	return nil
}

// The embedded patterns, parsed at init (a registry filled once).
var ru, en = mustParse(ruPat, preReform, 'ъ'), mustParse(enPat, nil, 0)

func mustParse(b []byte, fold func(rune) rune, silentFinal rune) *Patterns {
	p, err := Parse(bytes.NewReader(b))
	if err != nil {
		panic(err) // the embedded files are tested
	}
	p.fold, p.silentFinal = fold, silentFinal
	return p
}

// preReform maps the letters of the pre-1918 spelling to the modern ones
// the patterns know.
func preReform(r rune) rune {
	switch r {
	case 'ѣ':
		return 'е'
	case 'і', 'ѵ':
		return 'и'
	case 'ѳ':
		return 'ф'
	}
	return r
}
