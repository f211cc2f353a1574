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

// writeTEI writes the edition in TEI P5 to name.
func writeTEI(ed *corpus.Edition, name string) error {
	b, err := tei.Bytes(ed)
	if err == nil {
		err = os.MkdirAll(filepath.Dir(name), 0o755)
	}
	if err == nil {
		err = os.WriteFile(name, b, 0o644)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", teiFile, err)
	}
	return nil
}
