package render

import (
	"strconv"
	"strings"
	"testing"
)

// TestPDFTypography reads every page of the book as a typesetter would
// and fails on a heading stranded at a page's foot, a page holding a
// single line, a word hyphenated across a page turn, text under 6 pt
// and diagram labels that overlap.
func TestPDFTypography(t *testing.T) {
	for _, paper := range []string{"a4", "letter"} {
		t.Run(paper, func(t *testing.T) {
			d, err := layoutBook(testEdition(t), PDFOptions{Paper: paper})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range typographyFaults(&d.log, d.f.PageNo()) {
				t.Error(p)
			}
			t.Logf("%d pages, %d rows, %d headings, %d diagram labels", d.f.PageNo(), len(d.log.rows), len(d.log.headings), len(d.log.labels))
		})
	}
}

// typographyFaults lists the faults of a laid-out book.
func typographyFaults(l *pageLog, pages int) []string {
	var out []string
	rowsOn := make([][]loggedRow, pages+1)
	for _, r := range l.rows {
		rowsOn[r.page] = append(rowsOn[r.page], r)
	}
	for _, h := range l.headings {
		below := false
		for _, r := range rowsOn[h.page] {
			if r.top >= h.bot-0.01 {
				below = true
				break
			}
		}
		if !below {
			out = append(out, "page "+itoa(h.page)+": the heading "+quote(h.text)+" has nothing under it")
		}
	}
	for p := 1; p <= pages; p++ {
		rs := rowsOn[p]
		if len(rs) == 1 && !rs[0].inFigureBlock {
			out = append(out, "page "+itoa(p)+": a single line, "+quote(rs[0].text))
		}
		// The last row of each column on the page.
		last := map[float64]loggedRow{}
		for _, r := range rs {
			if q, ok := last[r.x]; !ok || r.bot > q.bot {
				last[r.x] = r
			}
		}
		for _, r := range last {
			if r.hyphen {
				out = append(out, "page "+itoa(p)+": ends in a hyphenated word, "+quote(r.text))
			}
		}
	}
	small := map[int]bool{}
	for _, tx := range l.texts {
		if tx.head && tx.color != grey {
			out = append(out, "page "+itoa(tx.page)+": the running head is not grey")
		}
		if tx.size < 6-1e-9 && !small[tx.page] {
			small[tx.page] = true
			out = append(out, "page "+itoa(tx.page)+": text of "+ftoa(tx.size)+" pt, "+quote(tx.text))
		}
	}
	for i, a := range l.labels {
		for _, b := range l.labels[i+1:] {
			if a.figure == b.figure && overlap(a, b) {
				out = append(out, "page "+itoa(a.page)+": diagram labels "+quote(a.text)+" and "+quote(b.text)+" overlap")
			}
		}
	}
	return out
}

// overlap reports whether two label boxes intersect (by more than a
// tenth of a millimetre).
func overlap(a, b loggedBox) bool {
	const e = 0.1
	return a.x+e < b.x+b.w && b.x+e < a.x+a.w && a.y+e < b.y+b.h && b.y+e < a.y+a.h
}

func quote(s string) string {
	if len([]rune(s)) > 50 {
		s = string([]rune(s)[:50]) + "…"
	}
	return "«" + strings.ReplaceAll(s, softHyphen, "-") + "»"
}

func ftoa(f float64) string { return strings.TrimRight(strings.TrimRight(strconvF(f), "0"), ".") }

// TestTypographyFaults checks that the checks can fail: a made-up log
// with one of each fault.
func TestTypographyFaults(t *testing.T) {
	l := pageLog{
		headings: []loggedRow{{page: 1, x: 20, top: 260, bot: 270, text: "The layout"}},
		rows: []loggedRow{
			{page: 1, x: 20, top: 20, bot: 25, text: "a"}, {page: 1, x: 20, top: 250, bot: 255, text: "b"},
			{page: 2, x: 20, top: 20, bot: 25, text: "alone"},
			{page: 3, x: 20, top: 20, bot: 25, text: "x"}, {page: 3, x: 20, top: 270, bot: 275, hyphen: true, text: "tur" + softHyphen},
		},
		texts:  []loggedText{{page: 3, size: 4.2, text: "tiny"}, {page: 3, size: 7.5, text: "1. La Belle Lucie", color: green, head: true}},
		labels: []loggedBox{{page: 3, figure: 1, x: 10, y: 10, w: 20, h: 3, text: "ace foundation"}, {page: 3, figure: 1, x: 25, y: 11, w: 20, h: 3, text: "king foundation"}},
	}
	got := strings.Join(typographyFaults(&l, 3), "\n")
	for _, want := range []string{"heading «The layout»", "page 2: a single line", "page 3: ends in a hyphenated word, «tur-»", "4.2 pt", "overlap", "running head is not grey"} {
		if !strings.Contains(got, want) {
			t.Errorf("no fault %q in:\n%s", want, got)
		}
	}
}

func strconvF(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }
