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
	if !strings.HasPrefix(xml, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+`<TEI xmlns="http://www.tei-c.org/ns/1.0"`) {
		t.Errorf("export -format tei starts %q", xml[:min(len(xml), 120)])
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
	for _, args := range [][]string{{"export"}, {"export", "-format", "json"}} {
		if code, js, _ := runCmd(t, args...); code != 0 || !strings.HasPrefix(js, "{") {
			t.Errorf("%v: exit %d, output starts %q; want JSON", args, code, js[:min(len(js), 20)])
		}
	}
	if code, _, errs := runCmd(t, "export", "-format", "yaml"); code != 2 || !strings.Contains(errs, `-format "yaml": want json or tei`) {
		t.Errorf("export -format yaml: exit %d, %q; want 2 and the reason", code, errs)
	}
}
