package check

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"pasyans/corpus"
)

// TestUnsafeLinkSchemes: a link with a scheme other than http, https,
// mailto or rule: anywhere in the corpus Markdown (a note, the translation,
// the book's front matter, an image) fails the check at its file:line, as
// raw HTML does; goldmark would drop it silently (issue #28).
func TestUnsafeLinkSchemes(t *testing.T) {
	const anchor = "Suits are not followed."
	for _, tc := range []struct {
		name, file, old, new, scheme string
	}{
		{"javascript in a note", "games/salic-law.md", anchor, anchor + "\n\n> Note. [Press](javascript:alert(document.domain)).", "javascript"},
		{"vbscript in the text", "games/salic-law.md", anchor, "[Suits](VBScript:msgbox(1)) are not followed.", "vbscript"},
		{"data image in the book", "book.md", "\n## ", "\n![x](data:text/html;base64,PHNjcmlwdD4=)\n\n## ", "data"},
		{"file link", "games/salic-law.md", anchor, "[Suits](file:///etc/passwd) are not followed.", "file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := realCorpus(t)
			data := m[tc.file].Data
			if !bytes.Contains(data, []byte(tc.old)) {
				t.Fatalf("%s lacks %q", tc.file, tc.old)
			}
			data = bytes.Replace(data, []byte(tc.old), []byte(tc.new), 1)
			m[tc.file] = &fstest.MapFile{Data: data}
			line := 1 + bytes.Count(data[:bytes.Index(data, []byte(strings.TrimLeft(tc.new, "\n")[:4]))], []byte("\n"))
			if strings.HasPrefix(tc.new, anchor) {
				line += 2 // the note's line
			}
			r := run(t, m)
			want := fmt.Sprintf("%s:%d: link to ", tc.file, line)
			var found bool
			for _, d := range diagStrings(r, corpus.CheckSyntax) {
				if strings.HasPrefix(d, want) && strings.Contains(d, "the "+tc.scheme+": scheme is not allowed") {
					found = true
				}
			}
			if !found || r.OK() {
				t.Errorf("no %q…%s: diagnostic; OK %v; syntax diagnostics: %q", want, tc.scheme, r.OK(), diagStrings(r, corpus.CheckSyntax))
			}
		})
	}
}
