package typo

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// voidElements have no end tag.
var voidElements = []string{"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

// skipElements hold no prose.
var skipElements = []string{"script", "style", "code", "pre", "textarea", "kbd", "samp", "svg", "math"}

// skipClasses mark the book's own text.
var skipClasses = []string{"rd", "t-ru"}

// HTML applies Text to the text of a page in Russian (see the package
// comment for what it leaves out); attributes are not changed. A page it
// cannot tokenize is returned as it is.
func HTML(page []byte) []byte {
	z := html.NewTokenizer(bytes.NewReader(page))
	var out bytes.Buffer
	out.Grow(len(page) + len(page)/16)
	type open struct {
		name          string
		hard, foreign bool // in code or the book's text; in another language
	}
	var stack []open
	top := func() open {
		if len(stack) == 0 {
			return open{}
		}
		return stack[len(stack)-1]
	}
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if !errors.Is(z.Err(), io.EOF) {
				return page
			}
			return out.Bytes()
		}
		raw := z.Raw()
		switch tt {
		case html.TextToken:
			if t := top(); !t.hard && !t.foreign {
				out.WriteString(Text(string(raw)))
				continue
			}
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			n := string(name)
			if slices.Contains(voidElements, n) {
				break
			}
			e := top()
			e.name = n
			e.hard = e.hard || slices.Contains(skipElements, n)
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				switch string(k) {
				case "lang":
					e.foreign = !strings.HasPrefix(string(v), "ru")
				case "class":
					for _, c := range strings.Fields(string(v)) {
						e.hard = e.hard || slices.Contains(skipClasses, c)
					}
				}
			}
			stack = append(stack, e)
		case html.EndTagToken:
			name, _ := z.TagName()
			for i := len(stack) - 1; i >= 0; i-- {
				if stack[i].name == string(name) {
					stack = stack[:i]
					break
				}
			}
		}
		out.Write(raw)
	}
}
