package play

import (
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// AppendJSON appends v as JSON text to b, by the field names and
// omitempty of its json tags: the one shape that encoding/json writes
// natively. It is the WebAssembly program's writer (encoding/json would
// add about 0.7 MB to a program with a budget of 4 MB), and it writes
// what the page is given, Position and Solution, as encoding/json would
// but for two things: a nil list is written [] (the page reads lists, and
// a game over has no legal moves), and <, > and & are not escaped. It
// knows structs (an embedded one's fields stand in the outer object),
// pointers, slices, strings, booleans and numbers; anything else is null.
func AppendJSON(b []byte, v any) []byte {
	return appendValue(b, reflect.ValueOf(v))
}

func appendValue(b []byte, v reflect.Value) []byte {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return append(b, "null"...)
		}
		return appendValue(b, v.Elem())
	case reflect.Struct:
		b = append(b, '{')
		b, _ = appendFields(b, v, true)
		return append(b, '}')
	case reflect.Slice, reflect.Array:
		b = append(b, '[')
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendValue(b, v.Index(i))
		}
		return append(b, ']')
	case reflect.String:
		return appendString(b, v.String())
	case reflect.Bool:
		return strconv.AppendBool(b, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(b, v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.AppendUint(b, v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		return strconv.AppendFloat(b, v.Float(), 'g', -1, 64)
	}
	return append(b, "null"...)
}

// appendFields writes the exported fields of struct v as name:value
// pairs, a comma before each but the first when first is set, and
// reports whether the next pair is still the first.
func appendFields(b []byte, v reflect.Value, first bool) ([]byte, bool) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		switch {
		case !f.IsExported() || name == "-":
			continue
		case f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct:
			b, first = appendFields(b, v.Field(i), first)
			continue
		case name == "":
			name = f.Name
		}
		fv := v.Field(i)
		if opts == "omitempty" && empty(fv) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = appendString(b, name)
		b = append(b, ':')
		b = appendValue(b, fv)
	}
	return b, first
}

// empty reports whether encoding/json's omitempty leaves v out.
func empty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Slice, reflect.Map, reflect.String, reflect.Array:
		return v.Len() == 0
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	case reflect.Struct:
		return false
	}
	return v.IsZero()
}

// appendString writes a JSON string as encoding/json does without HTML
// escaping: quotes, backslashes, control characters, U+2028 and U+2029
// escaped, invalid UTF-8 written as U+FFFD, other text as is.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c == '\b':
				b = append(b, '\\', 'b')
			case c == '\f':
				b = append(b, '\\', 'f')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, `\u202`...)
			b = append(b, hex[r&15])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
