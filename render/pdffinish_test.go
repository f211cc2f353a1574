package render

import (
	"bytes"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestPDFMetadata checks the points of a well-described file in the
// book's bytes: the information dictionary, the catalog's language, page
// labels and metadata, the XMP packet, the file identifier and the fonts'
// names.
func TestPDFMetadata(t *testing.T) {
	raw := theBook(t)
	s := string(raw)
	for _, want := range []string{
		"%PDF-1.7\n",
		"/Title " + pdfText("Двадцать четыре основные пасьянса съ двадцатью таблицами / Twenty-Four Basic Patiences, with Twenty Tables"),
		"/Lang (en)",
		"/PageLabels << /Nums [0 << /S /r >> 6 << /S /D >>] >>",
		"/Metadata ",
		"/OutputIntents [",
		"/S /GTS_PDFA1",
		"/CreationDate (D:",
		`<rdf:li xml:lang="ru">Двадцать четыре основные пасьянса съ двадцатью таблицами</rdf:li>`,
		"<rdf:li>Adelaide Cadogan (the original, Illustrated Games of Patience, 1874); an anonymous Russian translator; the pasyans edition",
		"/Subtype /Link /F 4 ",
		"<dc:subject><rdf:Bag><rdf:li>patience</rdf:li>",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the file lacks %q", want)
		}
	}
	for _, key := range []string{"Author", "Subject", "Keywords"} {
		if !regexp.MustCompile(`/` + key + ` <FEFF[0-9A-F]{40,}>`).MatchString(s) {
			t.Errorf("no /%s in the information dictionary", key)
		}
	}
	if !regexp.MustCompile(`/CreationDate \(D:\d{14}(Z|[+-]\d\d'\d\d')\)`).MatchString(s) {
		t.Error("the creation date has no time zone")
	}
	if !regexp.MustCompile(`/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]`).MatchString(s) {
		t.Error("no file /ID in the trailer")
	}
	if strings.Contains(s, "/utf8") {
		t.Error("a font is still named /utf8…")
	}
	if strings.Contains(s, "/EmbeddedFiles") {
		t.Error("the catalog lists embedded files")
	}
	fonts := regexp.MustCompile(`/BaseFont /([A-Z]{6})\+(DejaVu[A-Za-z-]+)`).FindAllStringSubmatch(s, -1)
	if len(fonts) < 7 {
		t.Errorf("%d fonts with a subset tag and a real name, want 7 or more", len(fonts))
	}
	// The rewritten file is sound: its objects are where the table says.
	if _, _, _, err := parsePDF(raw); err != nil {
		t.Errorf("the finished file does not parse: %v", err)
	}
	if q, err := exec.LookPath("qpdf"); err == nil {
		file := writeTemp(t, raw)
		if out, err := exec.Command(q, "--check", file).CombinedOutput(); err != nil {
			t.Errorf("qpdf --check: %v\n%s", err, out)
		}
		// The Russian passages are marked content in Russian.
		out, err := exec.Command(q, "--qdf", "--object-streams=disable", file, "-").Output()
		if err != nil {
			t.Fatalf("qpdf --qdf: %v", err)
		}
		if n := bytes.Count(out, []byte("/Span <</Lang (ru)>> BDC")); n < 100 {
			t.Errorf("%d Russian passages marked, want hundreds", n)
		}
	}
}

// TestFinishPDFErrors feeds finishPDF what is not gofpdf's output.
func TestFinishPDFErrors(t *testing.T) {
	for _, bad := range []string{"", "%PDF-1.3\nno xref", "%PDF-1.3\nstartxref\n999\n%%EOF\n", "%PDF-1.3\nxref\n0 1\nstartxref\n9\n%%EOF\n"} {
		if _, err := finishPDF([]byte(bad), pdfMeta{date: time.Now(), checksum: strings.Repeat("0", 64)}); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestPDFWholeWords checks that both poppler and MuPDF extract lines of
// whole words with spaces between them (one text object a line, real
// spaces), and how each reads a word broken across lines.
func TestPDFWholeWords(t *testing.T) {
	file := writeTemp(t, theBook(t))
	sentence := "The kings, queens and aces are taken out of"
	for _, tool := range []struct {
		name string
		args []string
	}{
		{"pdftotext", []string{"-enc", "UTF-8", file, "-"}},
		{"mutool", []string{"draw", "-q", "-F", "txt", "-o", "-", file}},
	} {
		p, err := exec.LookPath(tool.name)
		if err != nil {
			t.Logf("%s not installed: skipped", tool.name)
			continue
		}
		out, err := exec.Command(p, tool.args...).Output()
		if err != nil {
			t.Fatalf("%s: %v", tool.name, err)
		}
		text := string(bytes.ReplaceAll(out, []byte("  "), []byte(" ")))
		if !strings.Contains(text, sentence) {
			t.Errorf("%s does not give the line %q as one line of words", tool.name, sentence)
		}
		// A word broken at a line's end: poppler reads the head's
		// ActualText (the whole word) and drops the tail; MuPDF gives the
		// soft hyphen, which a reader's copy drops.
		switch tool.name {
		case "pdftotext":
			if n := strings.Count(text, softHyphen); n > 0 {
				t.Errorf("pdftotext gives %d soft hyphens: the heads' ActualText is not read", n)
			}
		case "mutool":
			if !strings.Contains(text, softHyphen+"\n") {
				t.Errorf("mutool gives no soft hyphen at a line's end")
			}
		}
	}
}

// TestSRGBICC checks the profile's structure: its size, signature, tag
// table and that each tag lies inside it on a four-byte boundary.
func TestSRGBICC(t *testing.T) {
	p := srgbICC()
	be := func(i int) int { return int(p[i])<<24 | int(p[i+1])<<16 | int(p[i+2])<<8 | int(p[i+3]) }
	if be(0) != len(p) || string(p[36:40]) != "acsp" || string(p[12:24]) != "mntrRGB XYZ " {
		t.Fatalf("bad header: size %d of %d, %q", be(0), len(p), p[12:40])
	}
	n := be(128)
	seen := map[string]bool{}
	for i := 0; i < n; i++ {
		e := 132 + 12*i
		sig, off, size := string(p[e:e+4]), be(e+4), be(e+8)
		seen[sig] = true
		if off%4 != 0 || off+size > len(p) || off < 132+12*n {
			t.Errorf("tag %s at %d+%d", sig, off, size)
		}
	}
	for _, sig := range []string{"desc", "cprt", "wtpt", "rXYZ", "gXYZ", "bXYZ", "rTRC", "gTRC", "bTRC"} {
		if !seen[sig] {
			t.Errorf("no %s tag", sig)
		}
	}
}

// FuzzFinishPDF feeds finishPDF damaged files: an error or a file, never
// a panic.
func FuzzFinishPDF(f *testing.F) {
	f.Add([]byte("%PDF-1.3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n2 0 obj\n<< >>\nendobj\nxref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R /Info 2 0 R >>\nstartxref\n73\n%%EOF\n"))
	f.Add([]byte("%PDF-1.3\nstartxref\n1\n%%EOF\n"))
	meta := pdfMeta{date: time.Unix(0, 0).UTC(), checksum: strings.Repeat("0", 64)}
	f.Fuzz(func(t *testing.T, raw []byte) {
		out, err := finishPDF(raw, meta)
		if err == nil {
			if _, _, _, err := parsePDF(out); err != nil {
				t.Fatalf("finished file does not parse: %v", err)
			}
		}
	})
}
