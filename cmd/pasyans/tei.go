package main

import (
	"fmt"
	"os"
	"path/filepath"

	"pasyans/corpus"
	"pasyans/render/tei"
)

// teiFile is where build writes the TEI, relative to the output folder.
const teiFile = "tei/pasyans.xml"

// writeTEI writes the edition in TEI P5 to name, with the edition's
// schema and ODD beside it.
func writeTEI(ed *corpus.Edition, name string) error {
	b, err := tei.Bytes(ed)
	if err == nil {
		err = os.MkdirAll(filepath.Dir(name), 0o755)
	}
	if err == nil {
		err = os.WriteFile(name, b, 0o644)
	}
	// The schema the document points at, and the ODD it is made from.
	for file, data := range map[string][]byte{tei.SchemaFile: tei.Schema, tei.ODDFile: tei.ODD} {
		if err == nil {
			err = os.WriteFile(filepath.Join(filepath.Dir(name), file), data, 0o644)
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", teiFile, err)
	}
	return nil
}
