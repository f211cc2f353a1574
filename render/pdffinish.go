package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
)

// The PDF's description for readers and archives, which gofpdf does not
// write: the document's language, page labels (roman for the front
// matter), XMP metadata, fonts named by their real names with subset
// tags, dates with their time zone, a file identifier. finishPDF rewrites
// gofpdf's output (whose object dictionaries are plain text and whose
// streams are separate) with these, and a new cross-reference table.

// pdfMeta is what finishPDF writes into the file.
type pdfMeta struct {
	titleEN, titleRU string
	author           []string // the original's author, the translator, the edition
	subject          string
	keywords         []string
	lang             string // the document's main language
	date             time.Time
	front            int // pages with roman folios
	checksum         string
}

// fontNames maps gofpdf's font keys to the fonts' PostScript names.
var fontNames = map[string]string{
	"serif": "DejaVuSerif", "serifI": "DejaVuSerif-Italic", "serifB": "DejaVuSerif-Bold", "serifBI": "DejaVuSerif-BoldItalic",
	"sans": "DejaVuSans", "sansB": "DejaVuSans-Bold", "mono": "DejaVuSansMono",
}

var (
	fontNameRE   = regexp.MustCompile(`/(BaseFont|FontName) /utf8(\w+)`)
	emptyNamesRE = regexp.MustCompile(`/Names <<\s*/EmbeddedFiles << /Names \[\s*\] >>\s*>>\s*`)
)

// pdfObject is one indirect object of the file.
type pdfObject struct {
	num  int
	body []byte // "n 0 obj … endobj\n"
}

// finishPDF returns raw (a PDF as gofpdf writes it) with meta written in.
func finishPDF(raw []byte, meta pdfMeta) ([]byte, error) {
	objs, root, info, err := parsePDF(raw)
	if err != nil {
		return nil, fmt.Errorf("pdf: finishing: %w", err)
	}
	next := 0
	for _, o := range objs {
		next = max(next, o.num+1)
	}
	xmpNum := next
	for i, o := range objs {
		switch o.num {
		case info:
			objs[i].body = objectText(o.num, meta.infoDict())
		case root:
			o.body = emptyNamesRE.ReplaceAll(o.body, nil) // gofpdf's empty list of embedded files
			objs[i].body, err = extendDict(o, meta.catalogEntries(xmpNum))
			if err != nil {
				return nil, fmt.Errorf("pdf: finishing the catalog: %w", err)
			}
		default:
			if !bytes.Contains(o.body, []byte("stream")) {
				// Links are printed (PDF/A wants every annotation's Print flag).
				o.body = bytes.ReplaceAll(o.body, []byte("/Subtype /Link "), []byte("/Subtype /Link /F 4 "))
				objs[i].body = fontNameRE.ReplaceAllFunc(o.body, func(m []byte) []byte {
					sub := fontNameRE.FindSubmatch(m)
					name, ok := fontNames[string(sub[2])]
					if !ok {
						return m
					}
					return []byte("/" + string(sub[1]) + " /" + subsetTag(name, raw) + "+" + name)
				})
			}
		}
	}
	xmp := meta.xmp()
	objs = append(objs, pdfObject{num: xmpNum, body: []byte(fmt.Sprintf("%d 0 obj\n<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n%s\nendstream\nendobj\n", xmpNum, len(xmp), xmp))})
	// The output intent: sRGB, the colour space every colour of the
	// book is given in.
	icc := srgbICC()
	iccObj := fmt.Appendf(nil, "%d 0 obj\n<< /N 3 /Length %d >>\nstream\n", xmpNum+1, len(icc))
	iccObj = append(append(iccObj, icc...), "\nendstream\nendobj\n"...)
	objs = append(objs, pdfObject{num: xmpNum + 1, body: iccObj})
	objs = append(objs, pdfObject{num: xmpNum + 2, body: objectText(xmpNum+2,
		fmt.Sprintf("/Type /OutputIntent\n/S /GTS_PDFA1\n/OutputConditionIdentifier (sRGB IEC61966-2.1)\n/RegistryName (http://www.color.org)\n/Info (sRGB IEC61966-2.1)\n/DestOutputProfile %d 0 R\n", xmpNum+1))})
	return writePDF(objs, root, info, xmpNum+3), nil
}

// subsetTag is the six capital letters that mark a subset font, from a
// hash of the font's name and the file (the same file, the same tags).
func subsetTag(name string, raw []byte) string {
	h := sha256.Sum256(append([]byte(name), raw[:min(len(raw), 4096)]...))
	var b [6]byte
	for i := range b {
		b[i] = 'A' + h[i]%26
	}
	return string(b[:])
}

var (
	startxrefRE = regexp.MustCompile(`startxref\s+(\d+)\s+%%EOF\s*$`)
	trailerRE   = regexp.MustCompile(`/(Root|Info) (\d+) 0 R`)
)

// parsePDF splits gofpdf's file into its objects by the cross-reference
// table, and finds the catalog and the information dictionary.
func parsePDF(raw []byte) (objs []pdfObject, root, info int, err error) {
	m := startxrefRE.FindSubmatch(raw)
	if m == nil {
		return nil, 0, 0, errors.New("no startxref")
	}
	xref, _ := strconv.Atoi(string(m[1]))
	if xref <= 0 || xref >= len(raw) || !bytes.HasPrefix(raw[xref:], []byte("xref")) {
		return nil, 0, 0, fmt.Errorf("no xref at %d", xref)
	}
	lines := strings.Split(string(raw[xref:]), "\n")
	if len(lines) < 3 {
		return nil, 0, 0, errors.New("short xref")
	}
	var first, n int
	if _, err := fmt.Sscan(lines[1], &first, &n); err != nil || first != 0 {
		return nil, 0, 0, fmt.Errorf("xref subsection %q", lines[1])
	}
	type at struct{ num, off int }
	var offs []at
	for i := 1; i < n && i+2 < len(lines); i++ {
		f := strings.Fields(lines[i+2])
		if len(f) != 3 || f[2] != "n" {
			continue
		}
		off, err := strconv.Atoi(f[0])
		if err != nil || off <= 0 || off >= xref {
			return nil, 0, 0, fmt.Errorf("xref entry %d: %q", i, lines[i+2])
		}
		offs = append(offs, at{i, off})
	}
	slices.SortFunc(offs, func(a, b at) int { return a.off - b.off })
	for k, o := range offs {
		end := xref
		if k+1 < len(offs) {
			end = offs[k+1].off
		}
		body := raw[o.off:end]
		if !bytes.HasPrefix(body, []byte(strconv.Itoa(o.num)+" 0 obj")) {
			return nil, 0, 0, fmt.Errorf("object %d is not at %d", o.num, o.off)
		}
		objs = append(objs, pdfObject{num: o.num, body: body})
	}
	trailer := raw[xref:]
	for _, tm := range trailerRE.FindAllSubmatch(trailer, -1) {
		v, _ := strconv.Atoi(string(tm[2]))
		if string(tm[1]) == "Root" {
			root = v
		} else {
			info = v
		}
	}
	if root == 0 || info == 0 {
		return nil, 0, 0, errors.New("the trailer names no /Root or /Info")
	}
	return objs, root, info, nil
}

// objectText is an object holding a dictionary.
func objectText(num int, dict string) []byte {
	return []byte(fmt.Sprintf("%d 0 obj\n<<\n%s>>\nendobj\n", num, dict))
}

// extendDict adds entries at the end of o's dictionary.
func extendDict(o pdfObject, entries string) ([]byte, error) {
	i := bytes.LastIndex(o.body, []byte(">>"))
	if i < 0 || bytes.Contains(o.body, []byte("stream")) {
		return nil, fmt.Errorf("object %d: not a dictionary", o.num)
	}
	out := append([]byte{}, o.body[:i]...)
	out = append(out, entries...)
	return append(out, o.body[i:]...), nil
}

// writePDF writes the objects with a new header, cross-reference table
// and trailer (with the file's /ID, a hash of its content).
func writePDF(objs []pdfObject, root, info, size int) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	offs := make([]int, size)
	for _, o := range objs {
		offs[o.num] = b.Len()
		b.Write(o.body)
		if !bytes.HasSuffix(o.body, []byte("\n")) {
			b.WriteByte('\n')
		}
	}
	sum := sha256.Sum256(b.Bytes())
	id := hex.EncodeToString(sum[:16])
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", size)
	for i := 1; i < size; i++ {
		if offs[i] == 0 {
			b.WriteString("0000000000 65535 f \n")
			continue
		}
		fmt.Fprintf(&b, "%010d 00000 n \n", offs[i])
	}
	fmt.Fprintf(&b, "trailer\n<<\n/Size %d\n/Root %d 0 R\n/Info %d 0 R\n/ID [<%s> <%s>]\n>>\nstartxref\n%d\n%%%%EOF\n", size, root, info, id, id, xref)
	return b.Bytes()
}

// pdfText is a text string: UTF-16BE with a byte-order mark, in hex.
func pdfText(s string) string {
	var b strings.Builder
	b.WriteString("<FEFF")
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	b.WriteString(">")
	return b.String()
}

// pdfDate is a date as PDF writes it, with its time zone.
func pdfDate(t time.Time) string {
	s := t.Format("D:20060102150405-07'00'")
	return strings.Replace(s, "+00'00'", "Z", 1)
}

func (m pdfMeta) title() string {
	if m.titleRU == "" {
		return m.titleEN
	}
	return m.titleRU + " / " + m.titleEN
}

func (m pdfMeta) infoDict() string {
	var b strings.Builder
	for _, kv := range [][2]string{
		{"Title", pdfText(m.title())},
		{"Author", pdfText(strings.Join(m.author, "; "))},
		{"Subject", pdfText(m.subject)},
		{"Keywords", pdfText(strings.Join(m.keywords, "; "))},
		{"Creator", pdfText("pasyans")},
		{"Producer", pdfText("pasyans (gofpdf)")},
		{"CreationDate", "(" + pdfDate(m.date) + ")"},
		{"ModDate", "(" + pdfDate(m.date) + ")"},
	} {
		fmt.Fprintf(&b, "/%s %s\n", kv[0], kv[1])
	}
	return b.String()
}

// catalogEntries are the catalog's additions: language, page labels,
// metadata, the title shown in the window.
func (m pdfMeta) catalogEntries(xmp int) string {
	labels := "/PageLabels << /Nums [0 << /S /D >>] >>"
	if m.front > 0 {
		labels = fmt.Sprintf("/PageLabels << /Nums [0 << /S /r >> %d << /S /D >>] >>", m.front)
	}
	return fmt.Sprintf("/Lang (%s)\n%s\n/Metadata %d 0 R\n/OutputIntents [%d 0 R]\n/ViewerPreferences << /DisplayDocTitle true >>\n", m.lang, labels, xmp, xmp+2)
}

// xmp is the XMP packet: Dublin Core, the PDF and XMP basic schemas.
func (m pdfMeta) xmp() string {
	esc := func(s string) string {
		return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
	}
	var creators, subjects strings.Builder
	// One entry, the information dictionary's Author: the two agree.
	fmt.Fprintf(&creators, "<rdf:li>%s</rdf:li>", esc(strings.Join(m.author, "; ")))
	for _, k := range m.keywords {
		fmt.Fprintf(&subjects, "<rdf:li>%s</rdf:li>", esc(k))
	}
	date := m.date.Format(time.RFC3339)
	id := "uuid:" + m.checksum[:8] + "-" + m.checksum[8:12] + "-" + m.checksum[12:16] + "-" + m.checksum[16:20] + "-" + m.checksum[20:32]
	return `<?xpacket begin="` + "\ufeff" + `" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
 xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">` + esc(m.title()) + `</rdf:li><rdf:li xml:lang="en">` + esc(m.titleEN) + `</rdf:li><rdf:li xml:lang="ru">` + esc(m.titleRU) + `</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq>` + creators.String() + `</rdf:Seq></dc:creator>
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">` + esc(m.subject) + `</rdf:li></rdf:Alt></dc:description>
<dc:subject><rdf:Bag>` + subjects.String() + `</rdf:Bag></dc:subject>
<dc:language><rdf:Bag><rdf:li>en</rdf:li><rdf:li>ru</rdf:li></rdf:Bag></dc:language>
<pdf:Producer>pasyans (gofpdf)</pdf:Producer>
<pdf:Keywords>` + esc(strings.Join(m.keywords, "; ")) + `</pdf:Keywords>
<xmp:CreatorTool>pasyans</xmp:CreatorTool>
<xmp:CreateDate>` + date + `</xmp:CreateDate>
<xmp:ModifyDate>` + date + `</xmp:ModifyDate>
<xmp:MetadataDate>` + date + `</xmp:MetadataDate>
<xmpMM:DocumentID>` + id + `</xmpMM:DocumentID>
<xmpMM:InstanceID>` + id + `</xmpMM:InstanceID>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`
}
