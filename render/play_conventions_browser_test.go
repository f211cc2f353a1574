package render

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"pasyans/engine"
)

// TestPlayConventions checks what players expect of a web solitaire: the
// focus stays on a word button that acts (Enter on Deal), the listed
// keyboard shortcuts undo and redo, a double click sends a card to a
// foundation, the results are kept in the browser and can be cleared, and
// the win is announced as a win.
func TestPlayConventions(t *testing.T) {
	s := newPlaySession(t)
	v, _ := engine.Lookup("salic-law")
	s.open(playPath("en", v.ID), fragmentOf(1, nil, nil))
	s.eval(`localStorage.clear(), ""`)
	s.do("enter on Deal", chromedp.Focus(chromedp.CSS(`.play-words button[data-move="deal"]`)), chromedp.KeyEvent(kb.Enter))
	if got := s.main("data-applied") + "/" + s.eval(`document.activeElement.getAttribute("data-move") || document.activeElement.tagName`); got != "1/deal" {
		t.Errorf("Enter on Deal: data-applied/focus %s, want 1/deal", got)
	}
	s.eval(`document.activeElement.blur(), ""`)
	s.do("u", chromedp.KeyEvent("u"))
	if got := s.main("data-applied"); got != "0" {
		t.Errorf("the key U: data-applied %s, want 0", got)
	}
	if got := s.eval(`document.activeElement.tagName`); got == "BODY" {
		t.Log("after U the focus is on the body (no control had it)")
	}
	s.do("r", chromedp.KeyEvent("r"))
	if got := s.main("data-applied"); got != "1" {
		t.Errorf("the key R: data-applied %s, want 1", got)
	}
	s.do("undo button", chromedp.Click(chromedp.CSS(`[data-action="undo"]`)))
	if got := s.eval(`document.activeElement.closest("g.pile") ? "pile" : document.activeElement.tagName`); got != "pile" {
		t.Errorf("Undo disabled itself: the focus went to %s, want the table", got)
	}
	if got := s.eval(`localStorage.getItem("pasyans.results.salic-law") || ""`); !strings.Contains(got, `"played":1`) {
		t.Errorf("results after a played deal: %q", got)
	}

	// A double click sends a card to a foundation: the first move of a
	// won line that goes there, from the position before it.
	seed, options, moves := wonLine(t, s.ed, v)
	o, _ := v.ParseOptions(options)
	st := engine.NewDeal(v, seed, o)
	k := -1
	for i, mt := range moves {
		m, err := v.ParseMove(mt)
		if err != nil {
			t.Fatal(err)
		}
		if m.Action == 0 && m.To >= 0 && v.Piles[m.To].Role == engine.Foundation {
			k = i
			break
		}
		st.Do(m)
	}
	if k < 0 {
		t.Fatal("no move to a foundation in the won line")
	}
	from, _, _ := strings.Cut(moves[k], ">")
	s.open(playPath("en", v.ID), fragmentOf(seed, options, moves[:k]))
	s.eval(`document.querySelector('g.pile[data-pile="` + from + `"]').dispatchEvent(new MouseEvent("dblclick", {bubbles: true})), ""`)
	if got := s.main("data-applied"); got != strconv.Itoa(k+1) {
		t.Errorf("double click on %s: data-applied %s, want %d", from, got, k+1)
	}

	// The win is announced, and counted.
	s.open(playPath("en", v.ID), fragmentOf(seed, options, moves[:len(moves)-1]))
	list := `["` + strings.Join(moves[len(moves)-1:], `","`) + `"]`
	s.eval(clickLine + "(" + list + ")")
	if got := s.main("data-state") + "/" + s.main("data-message"); got != "won/won" {
		t.Errorf("after the winning move: data-state/data-message %s", got)
	}
	if got := s.eval(`document.querySelector(".play-results-text").textContent`); !strings.Contains(got, "1 won") {
		t.Errorf("results after a win: %q", got)
	}
	s.do("clear", chromedp.Click(chromedp.CSS(`[data-action="clear-results"]`)))
	if got := s.eval(`document.querySelector(".play-results-text").textContent + "|" + (JSON.parse(localStorage.getItem("pasyans.results.salic-law")).played)`); !strings.HasSuffix(got, "|0") {
		t.Errorf("after clearing the results: %q", got)
	}
	s.check("conventions")
}
