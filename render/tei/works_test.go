package tei

import (
	"strings"
	"testing"
)

// TestWorksAndDate: the book's working date is printed as the edition
// prints it, with low certainty; every work of works.yaml has a record,
// and every cite: link points at one.
func TestWorksAndDate(t *testing.T) {
	ed := load(t)
	_, root, _ := document(t, ed)
	ids := byID(root)
	book := ids["book"]
	if book == nil {
		t.Fatal("no bibl of the book")
	}
	dates := book.all("date")
	if len(dates) != 1 || dates[0].plain() != ed.Book.Date || dates[0].attr["cert"] != "low" {
		t.Errorf("the book's date: %v, want %q with cert low", dates, ed.Book.Date)
	}
	for _, w := range ed.Works {
		b := ids[workID(w.Key)]
		if b == nil || b.attr["xml:lang"] != w.Lang {
			t.Errorf("work %s: no bibl in %s", w.Key, w.Lang)
		}
	}
	cites := 0
	for _, r := range root.all("ref") {
		target := r.attr["target"]
		if !strings.HasPrefix(target, "#work-") {
			continue
		}
		cites++
		if ids[strings.TrimPrefix(target, "#")] == nil {
			t.Errorf("ref to %s: no such record", target)
		}
	}
	if cites == 0 {
		t.Error("no cite: link became a ref to a work's record")
	}
}
