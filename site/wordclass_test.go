package site

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"pasyans/normalize"
)

// jsClass finds a character class of Unicode properties in a script's
// string literal: [\\p{L}\\p{Nd}\\p{M}].
var jsClass = regexp.MustCompile(`\[(?:\\\\p\{\w+\})+\]`)

// TestSearchWordClass: the class search.js marks whole words with holds
// exactly the runes normalize.IsWordRune does (Go's tables stand for the
// browser's).
func TestSearchWordClass(t *testing.T) {
	b, err := FS.ReadFile("static/search.js")
	if err != nil {
		t.Fatal(err)
	}
	classes := jsClass.FindAllString(string(b), -1)
	if len(classes) == 0 {
		t.Fatal("search.js has no class of Unicode properties")
	}
	for _, c := range classes {
		re, err := regexp.Compile("^" + strings.ReplaceAll(c, `\\`, `\`) + "$")
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		for r := rune(0); r <= unicode.MaxRune; r++ {
			if r >= 0xD800 && r <= 0xDFFF {
				continue // surrogates are no runes of a Go string
			}
			if got, want := re.MatchString(string(r)), normalize.IsWordRune(r); got != want {
				t.Fatalf("search.js's %s holds %U: %v; normalize.IsWordRune: %v", c, r, got, want)
			}
		}
	}
}
