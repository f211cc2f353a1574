package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportTEI: export -format tei prints a TEI document, the same bytes
// that build writes to out/tei/pasyans.xml; -format json stays the
// default; an unknown format is a usage error.
func TestExportTEI(t *testing.T) {
	code, xml, errs := runCmd(t, "export", "-format", "tei")
	if code != 0 {
		t.Fatalf("export -format tei: exit %d: %s", code, errs)
	}
	if !strings.HasPrefix(xml, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+`<?xml-model `) ||
		!strings.Contains(xml, `<?xml-model href="pasyans.rng"`) || !strings.Contains(xml, "\n"+`<TEI xmlns="http://www.tei-c.org/ns/1.0"`) {
		t.Errorf("export -format tei starts %q", xml[:min(len(xml), 400)])
	}
	out := t.TempDir()
	if code, _, errs := runCmd(t, "build", "-out", out, "-probes", "0"); code != 0 {
		t.Fatalf("build: exit %d: %s", code, errs)
	}
	built, err := os.ReadFile(filepath.Join(out, "tei", "pasyans.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if string(built) != xml {
		t.Errorf("out/tei/pasyans.xml (%d bytes) differs from export -format tei (%d bytes)", len(built), len(xml))
	}
	// The edition's schema and ODD stand beside the document, which
	// points at the schema by its name.
	for _, f := range []string{"pasyans.rng", "pasyans.odd"} {
		if b, err := os.ReadFile(filepath.Join(out, "tei", f)); err != nil || len(b) == 0 {
			t.Errorf("out/tei/%s: %v (%d bytes)", f, err, len(b))
		}
	}
	for _, args := range [][]string{{"export"}, {"export", "-format", "json"}} {
		if code, js, _ := runCmd(t, args...); code != 0 || !strings.HasPrefix(js, "{") {
			t.Errorf("%v: exit %d, output starts %q; want JSON", args, code, js[:min(len(js), 20)])
		}
	}
	if code, _, errs := runCmd(t, "export", "-format", "yaml"); code != 2 || !strings.Contains(errs, `-format "yaml": want json or tei`) {
		t.Errorf("export -format yaml: exit %d, %q; want 2 and the reason", code, errs)
	}
}
