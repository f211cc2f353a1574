package source

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"
)

// Error is a decoding or manifest error at a position in a file.
// Line and Col are 1-based (Col counts bytes within the line); Offset is the
// 0-based byte offset in the file as read.
type Error struct {
	File              string
	Line, Col, Offset int
	Msg               string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s (byte offset %d)", e.File, e.Line, e.Col, e.Msg, e.Offset)
}

// errorAt builds an *Error for byte offset off of data, counting LF, CRLF and
// CR as line breaks.
func errorAt(name string, data []byte, off int, format string, args ...any) *Error {
	if off > len(data) {
		off = len(data)
	}
	line, start := 1, 0
	for i := 0; i < off; i++ {
		switch data[i] {
		case '\n':
			line++
			start = i + 1
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				continue // the LF ends the line
			}
			line++
			start = i + 1
		}
	}
	return &Error{File: name, Line: line, Col: off - start + 1, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// Encodings lists the encoding names Decode accepts, canonical name first.
var Encodings = []string{"utf-8", "cp1251", "windows-1251", "koi8-r"}

// charmapFor returns the single-byte decoder for a name, or nil for UTF-8.
func charmapFor(enc string) (cm *charmap.Charmap, ok bool) {
	switch strings.ToLower(strings.TrimSpace(enc)) {
	case "", "utf-8", "utf8":
		return nil, true
	case "cp1251", "windows-1251":
		return charmap.Windows1251, true
	case "koi8-r", "koi8r":
		return charmap.KOI8R, true
	}
	return nil, false
}

// ValidEncoding reports whether Decode accepts the encoding name.
func ValidEncoding(enc string) bool {
	_, ok := charmapFor(enc)
	return ok
}

// ErrEncoding is returned (wrapped) for an unknown encoding name.
var ErrEncoding = errors.New("unknown encoding")

// Decode decodes data, read from the file called name, from the given
// encoding ("utf-8", BOM optional and stripped; "cp1251" or "windows-1251";
// "koi8-r") and turns CRLF and CR line endings into LF. An empty file,
// invalid UTF-8, a NUL byte, or a U+FFFD replacement character (in the input
// or produced by the decoder) is an *Error naming the line and byte offset.
func Decode(name string, data []byte, enc string) (string, error) {
	cm, ok := charmapFor(enc)
	if !ok {
		return "", fmt.Errorf("%s: %w %q (want one of %s)", name, ErrEncoding, enc, strings.Join(Encodings, ", "))
	}
	if len(data) == 0 {
		return "", &Error{File: name, Line: 1, Col: 1, Offset: 0, Msg: "empty file"}
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return "", errorAt(name, data, i, "NUL byte")
	}
	var text string
	if cm == nil {
		body := data
		if bytes.HasPrefix(body, []byte("\uFEFF")) {
			body = body[3:]
		}
		if _, n, err := transform.Bytes(encoding.UTF8Validator, body); err != nil {
			return "", errorAt(name, data, n+len(data)-len(body), "invalid UTF-8")
		}
		if i := bytes.Index(body, []byte("\uFFFD")); i >= 0 {
			return "", errorAt(name, data, i+len(data)-len(body), "replacement character U+FFFD in input")
		}
		if len(body) == 0 {
			return "", &Error{File: name, Line: 1, Col: 1, Offset: 0, Msg: "empty file (only a byte-order mark)"}
		}
		text = string(body)
	} else {
		out, _, err := transform.Bytes(cm.NewDecoder(), data)
		if err != nil {
			return "", fmt.Errorf("%s: decoding %s: %w", name, enc, err)
		}
		// A single-byte decoder writes one rune per input byte, so the
		// rune index of a U+FFFD is the byte offset of its cause.
		if i := bytes.Index(out, []byte("\uFFFD")); i >= 0 {
			off := utf8.RuneCount(out[:i])
			return "", errorAt(name, data, off, "byte 0x%02X has no character in %s", data[off], enc)
		}
		text = string(out)
	}
	return normalizeNewlines(text), nil
}

// normalizeNewlines turns CRLF and lone CR into LF.
func normalizeNewlines(s string) string {
	if strings.IndexByte(s, '\r') < 0 {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}
