package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// splitFrontMatter splits a Markdown file into its YAML front matter, which
// must open the file between two "---" lines, and the body. fmLine is the
// file line of the front matter's first line, bodyLine that of the body's.
func splitFrontMatter(data []byte) (fm, body []byte, fmLine, bodyLine int, err error) {
	first, rest, _ := bytes.Cut(data, []byte("\n"))
	if string(bytes.TrimRight(first, " \t\r")) != "---" {
		return nil, nil, 0, 0, errors.New(`the file must open with a YAML front matter between "---" lines`)
	}
	off, line := 0, 2
	for off < len(rest) {
		l, _, _ := bytes.Cut(rest[off:], []byte("\n"))
		if string(bytes.TrimRight(l, " \t\r")) == "---" {
			end := min(off+len(l)+1, len(rest))
			return rest[:off], rest[end:], 2, line + 1, nil
		}
		off += len(l) + 1
		line++
	}
	return nil, nil, 0, 0, errors.New(`the front matter is not closed by a "---" line`)
}

// decodeYAML decodes data, which starts at file line firstLine, strictly into
// v: unknown keys and type mismatches become diagnostics at their file line.
// It returns the document's root node, nil when the YAML is empty or does
// not parse (then ok is false).
func decodeYAML(d *diags, file string, data []byte, firstLine int, v any) (root *yaml.Node, ok bool) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		yamlDiags(d, file, firstLine, yamlLines(data), err)
		return nil, false
	}
	if len(doc.Content) == 0 {
		return nil, true
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		yamlDiags(d, file, firstLine, yamlLines(data), err)
	}
	return doc.Content[0], true
}

var (
	yamlLine    = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)
	yamlUnknown = regexp.MustCompile(`^field (.*) not found in type .*$`)
)

// yamlLines returns the number of lines of data (a last line without its
// newline counts).
func yamlLines(data []byte) int {
	n := bytes.Count(data, []byte("\n"))
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return max(n, 1)
}

// yamlDiags turns a yaml.v3 error into diagnostics with file lines. An error
// at the end of the stream ("found unexpected end of stream" after an
// unclosed quote), which yaml.v3 puts on the line after the last, is
// reported on the last line of the data (lines lines long).
func yamlDiags(d *diags, file string, firstLine, lines int, err error) {
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	} else {
		msgs = []string{err.Error()}
	}
	for _, m := range msgs {
		line := 0
		if sm := yamlLine.FindStringSubmatch(m); sm != nil {
			line, _ = strconv.Atoi(sm[1])
			m = sm[2]
			// yaml.v3 reports its parser's errors (not its scanner's)
			// at the 0-based line of the construct they interrupt.
			if strings.HasPrefix(m, "did not find expected") {
				line++
			}
		}
		m = strings.TrimPrefix(m, "yaml: ")
		if sm := yamlUnknown.FindStringSubmatch(m); sm != nil {
			m = fmt.Sprintf("unknown key %q", sm[1])
		}
		d.add(Pos{File: file, Line: firstLine + min(max(line, 1), lines) - 1}, CheckSyntax, "%s", m)
	}
}

// strictKeys reports a key of mapping n that no field of struct type t
// declares, in yaml.v3's words, so that custom unmarshalers stay as strict
// as KnownFields (which node.Decode does not pass on).
func strictKeys(n *yaml.Node, t reflect.Type) error {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	known := yamlNames(t)
	var errs []string
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if !known[k.Value] {
			errs = append(errs, fmt.Sprintf("line %d: field %s not found in type %s", k.Line, k.Value, t))
		}
	}
	if errs != nil {
		return &yaml.TypeError{Errors: errs}
	}
	return nil
}

// yamlNames returns the keys yaml.v3 maps onto the fields of struct type t.
func yamlNames(t reflect.Type) map[string]bool {
	names := map[string]bool{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		switch name {
		case "-":
			continue
		case "":
			name = strings.ToLower(f.Name)
		}
		names[name] = true
	}
	return names
}

// mapValue returns the value node of key in mapping n, or nil.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// keyLine returns the line of key in mapping n, or def.
func keyLine(n *yaml.Node, key string, def int) int {
	if n == nil || n.Kind != yaml.MappingNode {
		return def
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i].Line
		}
	}
	return def
}

// itemLines returns the line of each item of the sequence under key in
// mapping n (nil if there is none).
func itemLines(n *yaml.Node, key string) []int {
	seq := mapValue(n, key)
	if seq == nil || seq.Kind != yaml.SequenceNode {
		return nil
	}
	lines := make([]int, len(seq.Content))
	for i, it := range seq.Content {
		lines[i] = it.Line
	}
	return lines
}

// lineAt returns lines[i] shifted to the file, or the fallback.
func lineAt(lines []int, i, first, fallback int) int {
	if i < len(lines) {
		return first + lines[i] - 1
	}
	return fallback
}
