package source

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// Info is one entry of corpus/sources.yaml: a source file and its provenance.
type Info struct {
	ID         string `yaml:"id"`         // "001"
	File       string `yaml:"file"`       // path relative to the manifest: "sources/001.txt"
	Original   string `yaml:"original"`   // the file name as received: "001_8d27fb77f4145213.txt"
	SHA256     string `yaml:"sha256"`     // hex SHA-256 of the file's bytes
	Encoding   string `yaml:"encoding"`   // "utf-8", "cp1251", "koi8-r"
	Title      string `yaml:"title"`      // the work's title
	Provenance string `yaml:"provenance"` // where the text comes from
	Licence    string `yaml:"licence"`    // licence note
	// ProvenanceRU and LicenceRU are the Russian of Provenance and
	// Licence; each is required when its English is given.
	ProvenanceRU string `yaml:"provenance_ru"`
	LicenceRU    string `yaml:"licence_ru"`
	Modern       bool   `yaml:"modern"` // already in modern spelling (no pre-reform readings)
}

// Source is a loaded, verified and decoded source.
type Source struct {
	Info
	Paragraphs []Paragraph
}

// ErrChecksum marks a source file whose SHA-256 differs from the manifest.
var ErrChecksum = errors.New("checksum mismatch")

// knownKeys are the keys a manifest entry may have, in Info's order.
var knownKeys = []string{"id", "file", "original", "sha256", "encoding", "title", "provenance", "provenance_ru", "licence", "licence_ru", "modern"}

var idPattern = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z_-]*$`)
var hexPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)

// entry is a parsed manifest entry with the positions of its fields.
type entry struct {
	Info
	line    int            // line of the entry
	keyLine map[string]int // line of each key's value
}

// ParseManifest parses a sources manifest (YAML: a mapping with one key,
// "sources", holding a list of entries with the keys of Info). Unknown keys,
// missing required keys (id, file, sha256, encoding), duplicate ids or files,
// malformed checksums and unknown encodings are errors naming the line.
func ParseManifest(name string, data []byte) ([]Info, error) {
	es, err := parseManifest(name, data)
	if err != nil {
		return nil, err
	}
	infos := make([]Info, len(es))
	for i, e := range es {
		infos[i] = e.Info
	}
	return infos, nil
}

var yamlLineErr = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

func parseManifest(name string, data []byte) ([]entry, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		// yaml.v3 says "yaml: line 4: …"; name the position as file:line.
		if m := yamlLineErr.FindStringSubmatch(err.Error()); m != nil {
			return nil, fmt.Errorf("%s:%s: %s", name, m[1], m[2])
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	posErr := func(n *yaml.Node, format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", name, n.Line, fmt.Sprintf(format, args...))
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, fmt.Errorf("%s: empty manifest", name)
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, posErr(root, "manifest must be a mapping with the key \"sources\"")
	}
	var list *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Value != "sources" {
			return nil, posErr(k, "unknown key %q (want \"sources\")", k.Value)
		}
		list = v
	}
	if list == nil {
		return nil, posErr(root, "missing key \"sources\"")
	}
	if list.Kind != yaml.SequenceNode {
		return nil, posErr(list, "\"sources\" must be a list of entries")
	}
	var es []entry
	ids := map[string]int{}
	files := map[string]int{}
	for _, item := range list.Content {
		if item.Kind != yaml.MappingNode {
			return nil, posErr(item, "source entry must be a mapping")
		}
		e := entry{line: item.Line, keyLine: map[string]int{}}
		for i := 0; i+1 < len(item.Content); i += 2 {
			k, v := item.Content[i], item.Content[i+1]
			if !contains(knownKeys, k.Value) {
				return nil, posErr(k, "unknown key %q (known: %s)", k.Value, strings.Join(knownKeys, ", "))
			}
			if _, dup := e.keyLine[k.Value]; dup {
				return nil, posErr(k, "duplicate key %q", k.Value)
			}
			if v.Kind != yaml.ScalarNode {
				return nil, posErr(v, "%s: want a scalar value", k.Value)
			}
			e.keyLine[k.Value] = v.Line
		}
		if err := item.Decode(&e.Info); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for _, k := range []string{"id", "file", "sha256", "encoding"} {
			if _, ok := e.keyLine[k]; !ok {
				return nil, posErr(item, "source entry lacks %q", k)
			}
		}
		at := func(k string) *yaml.Node { return &yaml.Node{Line: e.keyLine[k]} }
		for _, k := range []string{"provenance", "licence"} {
			has, lacks := k, k+"_ru"
			_, en := e.keyLine[k]
			if _, ru := e.keyLine[lacks]; en == ru {
				continue
			} else if ru {
				has, lacks = lacks, k
			}
			return nil, posErr(at(has), "%s without %s: the edition's prose is in English and Russian", has, lacks)
		}
		if !idPattern.MatchString(e.ID) {
			return nil, posErr(at("id"), "bad source id %q (letters, digits, _ and -)", e.ID)
		}
		if l, dup := ids[e.ID]; dup {
			return nil, posErr(at("id"), "duplicate source id %q (first at line %d)", e.ID, l)
		}
		ids[e.ID] = e.keyLine["id"]
		if e.File == "" || !fs.ValidPath(e.File) {
			return nil, posErr(at("file"), "bad file path %q (want a slash-separated path relative to the manifest)", e.File)
		}
		if l, dup := files[e.File]; dup {
			return nil, posErr(at("file"), "duplicate file %q (first at line %d)", e.File, l)
		}
		files[e.File] = e.keyLine["file"]
		if !hexPattern.MatchString(e.SHA256) {
			return nil, posErr(at("sha256"), "bad sha256 %q (want 64 lower-case hex digits)", e.SHA256)
		}
		if !ValidEncoding(e.Encoding) {
			return nil, posErr(at("encoding"), "%v %q (want one of %s)", ErrEncoding, e.Encoding, strings.Join(Encodings, ", "))
		}
		es = append(es, e)
	}
	if len(es) == 0 {
		return nil, posErr(list, "no sources listed")
	}
	return es, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Load reads the manifest at path manifest in fsys, then each source file
// (relative to the manifest's directory), verifies its SHA-256 against the
// manifest, decodes it and splits it into paragraphs. Sources come back in
// manifest order.
func Load(fsys fs.FS, manifest string) ([]*Source, error) {
	data, err := ReadFile(fsys, manifest)
	if err != nil {
		return nil, fmt.Errorf("reading manifest: %w", err)
	}
	es, err := parseManifest(manifest, data)
	if err != nil {
		return nil, err
	}
	dir := path.Dir(manifest)
	srcs := make([]*Source, 0, len(es))
	for _, e := range es {
		name := path.Join(dir, e.File)
		st, err := fs.Stat(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: source %s: %w", manifest, e.keyLine["file"], e.ID, err)
		}
		if st.IsDir() {
			return nil, fmt.Errorf("%s:%d: source %s: %s is a directory, not a file", manifest, e.keyLine["file"], e.ID, name)
		}
		if !st.Mode().IsRegular() {
			// A FIFO would block the read until something writes to it.
			return nil, fmt.Errorf("%s:%d: source %s: %s is %s, not a regular file", manifest, e.keyLine["file"], e.ID, name, Kind(st.Mode()))
		}
		b, err := ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: source %s: %w", manifest, e.keyLine["file"], e.ID, err)
		}
		sum := sha256.Sum256(b)
		if got := hex.EncodeToString(sum[:]); got != e.SHA256 {
			return nil, fmt.Errorf("%s:%d: source %s: %s: %w: the manifest says %s, the file has %s (a source is kept as received: put corrections in the emendations)",
				manifest, e.keyLine["sha256"], e.ID, name, ErrChecksum, e.SHA256, got)
		}
		text, err := Decode(name, b, e.Encoding)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, &Source{Info: e.Info, Paragraphs: Split(e.ID, text)})
	}
	return srcs, nil
}

// Lookup returns the source whose file has the given SHA-256 (hex), or nil.
func Lookup(srcs []*Source, sha string) *Source {
	for _, s := range srcs {
		if s.SHA256 == sha {
			return s
		}
	}
	return nil
}

// ErrNotRegular is the class of errors for an input that is a FIFO, a
// device or a socket rather than a file.
var ErrNotRegular = errors.New("not a regular file")

// ReadFile reads the regular file name from fsys. A FIFO, device or socket
// is refused with an *fs.PathError wrapping ErrNotRegular before it is
// opened (reading a FIFO blocks until something writes to it); a folder
// fails as fs.ReadFile fails on it.
func ReadFile(fsys fs.FS, name string) ([]byte, error) {
	st, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if m := st.Mode(); !m.IsRegular() && !m.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: %s", ErrNotRegular, Kind(m))}
	}
	return fs.ReadFile(fsys, name)
}

// Kind names the kind of file a mode describes, for messages: "a named
// pipe (FIFO)", "a device", "a socket", "a folder", "a regular file".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	default:
		return "not a file (" + m.Type().String() + ")"
	}
}
