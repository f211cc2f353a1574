package render

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"pasyans/corpus"
	"pasyans/engine"
)

// pdfEdition loads the embedded corpus once. When it has no example deal
// yet, the test gives one game a short deal of its first legal moves, so
// the deal pages are exercised all the same.
var pdfEdition = sync.OnceValues(func() (*corpus.Edition, error) {
	ed, err := corpus.Load(corpus.FS)
	if ed == nil {
		return nil, err
	}
	var ds corpus.Diagnostics
	if err != nil && !errors.As(err, &ds) {
		return nil, err
	}
	if len(ed.Deals) == 0 {
		for _, g := range ed.Games {
			if g.Variant != nil && g.ID == "le-cadran" {
				ed.Deals = append(ed.Deals, firstMovesDeal(g.Variant, 7, 12))
			}
		}
	}
	return ed, nil
})

// firstMovesDeal plays n moves, each the first legal one, from seed.
func firstMovesDeal(v *engine.Variant, seed uint64, n int) *corpus.Deal {
	s := engine.NewDeal(v, seed, 0)
	dl := &corpus.Deal{Name: "test", Game: v.ID, Seed: seed, Outcome: "lost",
		Title: corpus.DealTitle{EN: "A test deal", RU: "Пробная раскладка"}}
	for i := 0; i < n; i++ {
		ms := s.Moves()
		if len(ms) == 0 {
			break
		}
		s.Do(ms[0])
		dl.Moves = append(dl.Moves, engine.MoveText{Text: v.FormatMove(ms[0]), Line: i + 1})
	}
	if len(dl.Moves) > 1 {
		dl.Commentary = []corpus.Comment{{Move: 2, EN: "The first legal move of the position, for the test.", RU: "Первый возможный ход."}}
	}
	return dl
}

func testEdition(t testing.TB) *corpus.Edition {
	t.Helper()
	ed, err := pdfEdition()
	if err != nil {
		t.Fatal(err)
	}
	return ed
}

func buildPDF(t testing.TB, o PDFOptions) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := PDF(testEdition(t), &b, o); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// theBook is the A4 book of the test edition, built once for the tests
// that only read it.
func theBook(t testing.TB) []byte {
	t.Helper()
	bookOnce.Do(func() {
		var b bytes.Buffer
		bookErr = PDF(testEdition(t), &b, PDFOptions{})
		bookPDF = b.Bytes()
	})
	if bookErr != nil {
		t.Fatal(bookErr)
	}
	return bookPDF
}

var (
	bookOnce sync.Once
	bookPDF  []byte
	bookErr  error
)

func TestPDFDeterministic(t *testing.T) {
	for _, paper := range []string{"a4", "letter"} {
		t.Run(paper, func(t *testing.T) {
			a := buildPDF(t, PDFOptions{Paper: paper})
			b := buildPDF(t, PDFOptions{Paper: paper})
			if !bytes.Equal(a, b) {
				t.Fatalf("two builds differ (%d and %d bytes)", len(a), len(b))
			}
			if !bytes.HasPrefix(a, []byte("%PDF-")) {
				t.Fatalf("not a PDF: %q", a[:min(len(a), 16)])
			}
			if len(a) > 5<<20 {
				t.Errorf("the book is %d bytes, over 5 MB", len(a))
			}
			t.Logf("%s: %d bytes", paper, len(a))
		})
	}
	if err := PDF(testEdition(t), io.Discard, PDFOptions{Paper: "a5"}); !errors.Is(err, ErrPaper) {
		t.Errorf("paper a5: got %v, want ErrPaper", err)
	}
}

// TestPDFContents checks that the chapters add exactly the planned contents
// entries and that their pages increase.
func TestPDFContents(t *testing.T) {
	d, err := newPDFDoc(testEdition(t), PDFOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	d.book()
	plan := d.plannedTOC()
	if len(plan) != len(d.toc) {
		t.Fatalf("%d contents entries planned, %d added", len(plan), len(d.toc))
	}
	last := 0
	for i, e := range d.toc {
		if e.title != plan[i].title || e.level != plan[i].level {
			t.Errorf("entry %d: added %q (level %d), planned %q (level %d)", i, e.title, e.level, plan[i].title, plan[i].level)
		}
		if e.page < last {
			t.Errorf("entry %q on page %d, before the previous entry's %d", e.title, e.page, last)
		}
		last = e.page
	}
}

// needTool finds a poppler tool, skipping the test when it is absent
// outside CI (CI installs poppler-utils and must run it).
func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s not found on CI: .ci/run should install poppler-utils", name)
		}
		t.Skipf("%s not installed (Debian: poppler-utils)", name)
	}
	return p
}

func writeTemp(t *testing.T, data []byte) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "book.pdf")
	if err := os.WriteFile(f, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// bookText is the text pdftotext reads from the book.
func bookText(t *testing.T) string {
	t.Helper()
	tool := needTool(t, "pdftotext")
	file := writeTemp(t, theBook(t))
	out, err := exec.Command(tool, "-enc", "UTF-8", file, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestPDFTextExtractable(t *testing.T) {
	text := bookText(t)
	for _, want := range []string{
		// Pre-reform words of the corrected reading.
		"основанія", "слѣдовать", "арьяжъ", "Салическій законъ",
		// The English.
		"The foundations must follow suit", "The Salic Law", "Contents", "Glossary",
		// Suit symbols of the diagrams.
		"♠", "♥",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("pdftotext does not find %q", want)
		}
	}
}

// TestPDFPages renders the pages with diagrams and checks that they are not
// blank; it keeps their images (in $PASYANS_ARTIFACTS, or a temporary
// folder).
func TestPDFPages(t *testing.T) {
	tool := needTool(t, "pdftoppm")
	ed := testEdition(t)
	d, err := newPDFDoc(ed, PDFOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	d.book()
	if len(d.figPages) == 0 {
		t.Fatal("no page has a diagram")
	}
	file := writeTemp(t, theBook(t))
	dir := os.Getenv("PASYANS_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "pasyans-artifacts")
	}
	dir = filepath.Join(dir, "pdf")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	pages := append([]int{1, 2}, d.figPages...)
	if len(pages) > 14 { // a few pages are enough as artefacts
		pages = pages[:14]
	}
	seen := map[int]bool{}
	for _, p := range pages {
		if seen[p] {
			continue
		}
		seen[p] = true
		prefix := filepath.Join(dir, "page")
		cmd := exec.Command(tool, "-png", "-r", "60", "-f", itoa(p), "-l", itoa(p), file, prefix)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm page %d: %v\n%s", p, err, out)
		}
		img := findPage(t, dir, p)
		ink := inkRatio(t, img)
		t.Logf("page %d: %.1f%% ink: %s", p, ink*100, img)
		if ink < 0.01 && isFigPage(d.figPages, p) {
			t.Errorf("page %d has a diagram but is almost blank (%.2f%% ink)", p, ink*100)
		}
	}
	t.Logf("page images in %s", dir)
}

func isFigPage(ps []int, p int) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// findPage finds the image pdftoppm wrote for page p (it pads the number
// to the width of the page count).
func findPage(t *testing.T, dir string, p int) string {
	t.Helper()
	for _, w := range []int{1, 2, 3, 4} {
		n := itoa(p)
		for len(n) < w {
			n = "0" + n
		}
		f := filepath.Join(dir, "page-"+n+".png")
		if _, err := os.Stat(f); err == nil {
			return f
		}
	}
	t.Fatalf("no image for page %d in %s", p, dir)
	return ""
}

// inkRatio is the share of pixels that are not (near) white.
func inkRatio(t *testing.T, file string) float64 {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	ink := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r < 0xe000 || g < 0xe000 || bl < 0xe000 {
				ink++
			}
		}
	}
	return float64(ink) / float64(b.Dx()*b.Dy())
}

var _ image.Image // image/png registers the decoder

func TestHyphenPoints(t *testing.T) {
	tests := []struct {
		word, lang string
		want       string // the word with every break point marked "-"
	}{
		// The words issue #53 found broken inside a syllable or against
		// a prefix or root, with every break Liang's patterns allow.
		{"paragraph", "en", "para-graph"},
		{"library", "en", "li-brary"},
		{"marked", "en", "marked"},
		{"solver", "en", "solver"},
		{"running", "en", "run-ning"},
		{"descend", "en", "de-scend"},
		{"turned", "en", "turned"},
		{"sentence", "en", "sen-tence"},
		{"called", "en", "called"},
		{"between", "en", "be-tween"},
		{"stressed", "en", "stressed"},
		{"sources", "en", "sources"},
		{"обозначающее", "ru", "обо-зна-ча-ю-щее"},
		{"разобранный", "ru", "разо-бран-ный"},
		{"перекладки", "ru", "пе-ре-клад-ки"},
		{"программа", "ru", "про-грам-ма"},
		{"выкладка", "ru", "вы-клад-ка"},
		{"неудавшимся", "ru", "не-удав-шим-ся"},
		{"столбцов", "ru", "столб-цов"},
		{"ПЯТНАДЦАТЬ", "ru", "ПЯТНАДЦАТЬ"}, // none in capitals
		{"вторично.", "ru", "вто-рич-но."},
		{"можетъ", "ru", "мо-жетъ"},
		{"turned,", "en", "turned,"},
		// More, with punctuation, pre-reform letters and compounds.
		{"foundations", "en", "foun-da-tions"},
		{"«слѣдовать»", "ru", "«слѣ-до-вать»"},
		{"основанія", "ru", "ос-но-ва-нія"},
		{"нихъ", "ru", "нихъ"}, // a final ъ is not a letter to keep
		{"раскладываютъ", "ru", "рас-кла-ды-ва-ютъ"},
		{"Fortia's", "en", "Fortia's"},
		{"PySolFC", "en", "PySolFC"},
		{"card-playing", "en", "card--play-ing"}, // a break after its own hyphen too
	}
	for _, tc := range tests {
		t.Run(tc.word, func(t *testing.T) {
			pts := hyphenPoints(tc.word, tc.lang)
			rs := []rune(tc.word)
			var b strings.Builder
			for i, r := range rs {
				for _, p := range pts {
					if p == i {
						b.WriteRune('-')
					}
				}
				b.WriteRune(r)
			}
			if b.String() != tc.want {
				t.Errorf("got %s, want %s", b.String(), tc.want)
			}
		})
	}
}

func TestApparatusWords(t *testing.T) {
	ed := testEdition(t)
	p := ed.Paragraph("000:2")
	if p == nil {
		t.Skip("no paragraph 000:2")
	}
	app := apparatus(p)
	if len(app) == 0 {
		t.Fatal("000:2 has no apparatus entries")
	}
	found := false
	for _, a := range app {
		if a.corrected == "слѣдовать" {
			found = true
			if a.ocr == a.corrected || a.rules == "" {
				t.Errorf("entry %+v", a)
			}
		}
	}
	if !found {
		t.Errorf("no entry for слѣдовать in %+v", app)
	}
}

// BenchmarkPDF builds the whole book; it reports the file's size.
func BenchmarkPDF(b *testing.B) {
	ed := testEdition(b)
	var size int
	for b.Loop() {
		var buf bytes.Buffer
		if err := PDF(ed, &buf, PDFOptions{}); err != nil {
			b.Fatal(err)
		}
		size = buf.Len()
	}
	b.ReportMetric(float64(size), "bytes")
}

// TestPDFContentsPages checks the printed contents against the pages: each
// game's title is on the page the contents give for it.
func TestPDFContentsPages(t *testing.T) {
	tool := needTool(t, "pdftotext")
	ed := testEdition(t)
	file := writeTemp(t, theBook(t))
	d, err := newPDFDoc(ed, PDFOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	d.book()
	for _, e := range d.toc {
		if e.level != 1 || !strings.Contains(e.title, ". ") {
			continue // the games of the book are "N. Title"
		}
		out, err := exec.Command(tool, "-enc", "UTF-8", "-f", itoa(e.page), "-l", itoa(e.page), file, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out), e.title) {
			t.Errorf("%q is not on page %d", e.title, e.page)
		}
	}
	contents, err := exec.Command(tool, "-enc", "UTF-8", "-f", itoa(d.contentsPages[0]), "-l", itoa(d.contentsPages[1]), file, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range ed.Games {
		if !strings.Contains(string(contents), gameTitle(g)) {
			t.Errorf("the contents do not list %q", gameTitle(g))
		}
	}
}

// TestPDFSparseEdition builds a book from an almost empty edition: no
// front matter, a game without a variant, no deals: nothing panics.
func TestPDFSparseEdition(t *testing.T) {
	ed := &corpus.Edition{Games: []*corpus.Game{{ID: "nothing", Titles: corpus.Titles{EN: "Nothing"}}}}
	var b bytes.Buffer
	if err := PDF(ed, &b, PDFOptions{Paper: "letter"}); err != nil {
		t.Fatal(err)
	}
	if b.Len() == 0 {
		t.Fatal("empty output")
	}
}

func TestSmartQuotes(t *testing.T) {
	st := tstyle{font: fontSerif}
	for _, tc := range []struct{ in, want string }{
		{`He said "go" and 'stop'.`, "He said “go” and ‘stop’."},
		{"Cadogan's book...", "Cadogan’s book…"},
		{`("quoted")`, "(“quoted”)"},
		{`the 'nineties`, "the ‘nineties"}, // an elision the rule cannot tell from a quote
	} {
		if got := smartQuotes([]span{{tc.in, st}})[0].text; got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
	mono := tstyle{font: fontMono}
	if got := smartQuotes([]span{{`"x"`, mono}})[0].text; got != `"x"` {
		t.Errorf("code changed: %q", got)
	}
}

func TestWithCalls(t *testing.T) {
	st := tstyle{font: fontSerif, size: 10}
	got := withCalls([]span{{"itself", st}, {"[", st}, {"2].", st}})
	if len(got) != 3 || got[0].text != "itself" || got[1].text != "2" || got[1].st.rise == 0 || got[1].st.link != "fn 2" || got[2].text != "." {
		t.Errorf("got %+v", got)
	}
	if got := withCalls([]span{{"no call [x]", st}}); len(got) != 1 || got[0].text != "no call [x]" {
		t.Errorf("got %+v", got)
	}
}

func TestLinkParaRefs(t *testing.T) {
	st := tstyle{font: fontSerif}
	got := linkParaRefs([]span{{"see 002:14–15 and 1:2", st}})
	if len(got) != 3 || got[1].text != "002:14" || got[1].st.link != "¶002:14" || got[2].text != "–15 and 1:2" {
		t.Errorf("got %+v", got)
	}
}
