package render

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/tdewolff/font"
)

// TestFontsCoverEveryPage decodes every WOFF2 subset the site serves
// (with the font library's own WOFF2 reader) and checks that it maps
// every character of every page, script and style sheet of the site
// that the whole DejaVu face has; and that all the faces together, the
// most a page can load, stay under 150 KB.
func TestFontsCoverEveryPage(t *testing.T) {
	dir, _ := builtSite(t)
	used := map[rune]string{} // character → a file that has it
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if !fontText(filepath.ToSlash(rel)) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, r := range string(data) {
			if _, ok := used[r]; !ok && r != utf8.RuneError && !unicode.IsControl(r) {
				used[r] = rel
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(used) < 150 {
		t.Fatalf("only %d characters in the whole site: is it built?", len(used))
	}
	total := 0
	for _, f := range siteFonts {
		name := assetPath(t, dir, fontPath(f.name))
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		total += len(data)
		sub := parseWOFF2(t, name, data)
		whole, err := font.ParseFont(f.ttf, 0)
		if err != nil {
			t.Fatal(err)
		}
		missing := 0
		for r, file := range used {
			if whole.GlyphIndex(r) != 0 && sub.GlyphIndex(r) == 0 {
				missing++
				if missing <= 10 {
					t.Errorf("%s: no glyph for %q (U+%04X), used in %s", name, r, r, file)
				}
			}
		}
		t.Logf("%s: %d bytes", name, len(data))
	}
	if total >= 150<<10 {
		t.Errorf("the fonts weigh %d bytes together, want under 150 KB", total)
	}
}

// parseWOFF2 decodes a WOFF2 file into a font.
func parseWOFF2(t *testing.T, name string, data []byte) *font.SFNT {
	t.Helper()
	ttf, err := font.ParseWOFF2(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	f, err := font.ParseSFNT(ttf, 0)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

// TestSubsetWOFF2 subsets a face to a few characters: the file decodes,
// maps exactly those the face has (and keeps their advance widths), and
// is far smaller than the face.
func TestSubsetWOFF2(t *testing.T) {
	f := siteFonts[0]
	for _, tc := range []struct {
		name  string
		chars string
	}{
		{"latin", "Patience"},
		{"pre-reform", "ѣіѳѵ Пасьянсъ"},
		{"suits and one the face lacks", "♠♥♦♣ 𝄞"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := []rune(tc.chars)
			data, err := subsetWOFF2(f.ttf, rs)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) > len(f.ttf)/20 {
				t.Errorf("%d bytes from a face of %d", len(data), len(f.ttf))
			}
			sub := parseWOFF2(t, tc.name, data)
			whole, err := font.ParseFont(f.ttf, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rs {
				has, kept := whole.GlyphIndex(r), sub.GlyphIndex(r)
				if (has != 0) != (kept != 0) {
					t.Errorf("%q: in the face %v, in the subset %v", r, has != 0, kept != 0)
				}
				if has != 0 && kept != 0 && whole.GlyphAdvance(has) != sub.GlyphAdvance(kept) {
					t.Errorf("%q: advance %d, was %d", r, sub.GlyphAdvance(kept), whole.GlyphAdvance(has))
				}
			}
			if sub.GlyphIndex('Z') != 0 && !strings.ContainsRune(tc.chars, 'Z') {
				t.Error("the subset maps Z, which was not asked for")
			}
		})
	}
}

func TestWriteBase128(t *testing.T) {
	for _, tc := range []struct {
		v    uint32
		want string
	}{{0, "\x00"}, {127, "\x7f"}, {128, "\x81\x00"}, {16384, "\x81\x80\x00"}, {1<<32 - 1, "\x8f\xff\xff\xff\x7f"}} {
		var b bytes.Buffer
		writeBase128(&b, tc.v)
		if b.String() != tc.want {
			t.Errorf("%d: %q, want %q", tc.v, b.String(), tc.want)
		}
	}
}
