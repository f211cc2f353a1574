package main

import (
	"fmt"
	"os"
	"path/filepath"

	"pasyans/corpus"
	"pasyans/render/tei"
)

// writeTEI writes the edition in TEI P5 to dir/pasyans.xml.
func writeTEI(ed *corpus.Edition, dir string) error {
	b, err := tei.Bytes(ed)
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "pasyans.xml"), b, 0o644)
	}
	if err != nil {
		return fmt.Errorf("tei/pasyans.xml: %w", err)
	}
	return nil
}
