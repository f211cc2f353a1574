package corpus

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"pasyans/normalize"
	"pasyans/source"
)

// maxNormalizeLine bounds one line of a file WriteNormalized reads: a
// paragraph of the book is a few kilobytes, so a longer line is not a
// text it can stand in for (and its apparatus would not fit in memory).
const maxNormalizeLine = 1 << 20

// WriteNormalized reads data, a source file named display in messages, as
// the edition reads its sources ('pasyans normalize'), and writes to out
// its reading of layer (normalize.Corrected or normalize.Modern) line for
// line, or with apparatus the edits of that reading as JSON lines. A file
// the embedded sources.yaml knows (by its checksum) is read as that source,
// with its id, modernity and encoding (enc "" for the source's, else
// utf-8); another is source id.
func WriteNormalized(out io.Writer, display, id string, data []byte, enc, layer string, apparatus bool) error {
	srcs, err := source.Load(FS, "sources.yaml")
	if err != nil {
		return fmt.Errorf("embedded corpus: %w", err)
	}
	em, err := embeddedEmendations()
	if err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	modern := false
	if src := source.Lookup(srcs, hex.EncodeToString(sum[:])); src != nil {
		id, modern = src.ID, src.Modern
		if enc == "" {
			enc = src.Encoding
		}
	}
	if enc == "" {
		enc = "utf-8"
	}
	if err := checkLineLength(display, data); err != nil {
		return err
	}
	text, err := source.Decode(display, data, enc)
	if err != nil {
		return err
	}

	r := normalize.NewReader(em)
	w := bufio.NewWriterSize(out, 64<<10)
	if apparatus {
		je := json.NewEncoder(w)
		je.SetEscapeHTML(false)
		for _, p := range source.Split(id, text) {
			for _, ed := range r.Read(p, modern).Apparatus {
				if ed.Layer == normalize.Modern && layer != normalize.Modern {
					continue
				}
				if err := je.Encode(ed); err != nil {
					return err
				}
			}
		}
	} else {
		lines := strings.Split(text, "\n")
		for _, p := range source.Split(id, text) {
			rd := r.Read(p, modern)
			if layer == normalize.Modern {
				lines[p.Line-1] = rd.Modern
			} else {
				lines[p.Line-1] = rd.Corrected
			}
		}
		for i, l := range lines {
			if i > 0 {
				w.WriteByte('\n')
			}
			w.WriteString(l)
		}
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("normalize: writing output: %w", err)
	}
	return nil
}

// checkLineLength reports the first line (LF, CRLF or CR ended) longer than
// maxNormalizeLine bytes.
func checkLineLength(name string, data []byte) error {
	start, line := 0, 1
	for i := 0; i <= len(data); i++ {
		if i == len(data) || data[i] == '\n' || data[i] == '\r' {
			if i-start > maxNormalizeLine {
				return &source.Error{File: name, Line: line, Col: maxNormalizeLine + 1, Offset: start + maxNormalizeLine,
					Msg: fmt.Sprintf("line of %d bytes is longer than a paragraph can be (limit %d MiB); split it", i-start, maxNormalizeLine>>20)}
			}
			if i < len(data) && data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			start, line = i+1, line+1
		}
	}
	return nil
}

// embeddedEmendations parses the embedded corpus's emendations.tsv.
func embeddedEmendations() (normalize.Emendations, error) {
	f, err := FS.Open("emendations.tsv")
	if err != nil {
		return nil, fmt.Errorf("embedded corpus: %w", err)
	}
	defer f.Close()
	em, err := normalize.ParseEmendations("emendations.tsv", f)
	if err != nil {
		return nil, fmt.Errorf("embedded corpus: %w", err)
	}
	return em, nil
}
