package render

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"pasyans/engine"
)

// measureTable measures the Play page shown: whether the board, the
// status line and the main controls are in the window, the smallest card
// index in CSS px, and the pairs of labels (pile labels, captions) whose
// boxes overlap or that stick out of the drawing.
const measureTable = `(() => {
	const inView = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; };
	const svg = document.querySelector("[data-board] svg");
	const out = {board: inView(document.querySelector("[data-board]")) && inView(svg), status: inView(document.querySelector(".play-status")), controls: []};
	for (const a of ["hint", "undo", "redo", "new-deal"]) { if (!inView(document.querySelector('[data-action="' + a + '"]'))) { out.controls.push(a); } }
	const k = svg.getScreenCTM().a;
	const idx = [...svg.querySelectorAll("g.card text:not(.pip)")].map((t) => parseFloat(getComputedStyle(t).fontSize) * k);
	out.index = idx.length ? Math.min(...idx) : 0;
	const box = svg.getBoundingClientRect();
	const labels = [...svg.querySelectorAll("text.label, text.caption")].map((t) => ({t: t.textContent, r: t.getBoundingClientRect()}));
	out.bad = [];
	for (const a of labels) {
		if (a.r.left < box.left - 0.5 || a.r.right > box.right + 0.5 || a.r.top < box.top - 0.5 || a.r.bottom > box.bottom + 0.5) { out.bad.push("cut: " + a.t); }
	}
	for (let i = 0; i < labels.length; i++) {
		for (let j = i + 1; j < labels.length; j++) {
			const a = labels[i].r, b = labels[j].r;
			const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
			if (w > 0.5 && h > 0.5) { out.bad.push("overlap: " + labels[i].t + " / " + labels[j].t); }
		}
	}
	out.drawnMS = parseFloat(document.querySelector("main").getAttribute("data-drawn-ms"));
	return JSON.stringify(out);
})()`

// TestPlayLayout opens every game's Play page in both languages at
// 1280×800 and at 390×844. At 1280×800 the whole board, the status line
// and Hint, Undo, Redo and New deal are in view without scrolling; at 390
// px the smallest card index is at least 12 CSS px (the board scrolls
// sideways in its box where the table cannot fit); at both widths no
// label overlaps another or is cut off.
func TestPlayLayout(t *testing.T) {
	s := newPlaySession(t)
	var report []string
	for _, v := range engine.Variants() {
		for _, lang := range []string{"en", "ru"} {
			row := fmt.Sprintf("%-15s %s", v.ID, lang)
			for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
				s.do("viewport", chromedp.EmulateViewport(size[0], size[1]))
				s.open(playPath(lang, v.ID), fragmentOf(3, nil, nil))
				var m struct {
					Board, Status bool
					Controls, Bad []string
					Index         float64
					DrawnMS       float64
				}
				if err := json.Unmarshal([]byte(s.eval(measureTable)), &m); err != nil {
					t.Fatal(err)
				}
				if m.Index == 0 { // no card face up yet (Sympathy): turn one over
					s.eval(`document.querySelector(".play-words button").click(), ""`)
					if err := json.Unmarshal([]byte(s.eval(measureTable)), &m); err != nil {
						t.Fatal(err)
					}
				}
				where := fmt.Sprintf("%s %s at %d px", v.ID, lang, size[0])
				if size[0] == 1280 {
					if !m.Board || !m.Status || len(m.Controls) > 0 {
						t.Errorf("%s: in view: board %v, status %v; controls out of view %v", where, m.Board, m.Status, m.Controls)
					}
					row += fmt.Sprintf("  1280: board in view %-5v first board %4.0f ms", m.Board, m.DrawnMS)
					// A refused move is explained where the player looks.
					bad, _ := refusedMove(v, engine.NewDeal(v, 3, 0))
					if from, to, ok := strings.Cut(bad, ">"); ok {
						got := s.eval(`(async () => { const c = (id) => document.querySelector('g.pile[data-pile="' + id + '"]').dispatchEvent(new MouseEvent("click", {bubbles: true}));
							c(` + strconv.Quote(from) + `); c(` + strconv.Quote(to) + `); await ` + playSettled + `();
							const r = document.querySelector("[data-refused-rule]"); if (!r) { return "no refusal"; }
							const b = r.getBoundingClientRect(); return b.top >= 0 && b.top < innerHeight - 40 ? "in view" : "at y " + Math.round(b.top); })()`)
						if got != "in view" {
							t.Errorf("%s: the refusal of %s: %s", where, bad, got)
						}
					}
				} else {
					if m.Index < 12 {
						t.Errorf("%s: the smallest card index is %.1f CSS px, want ≥ 12", where, m.Index)
					}
					row += fmt.Sprintf("  390: smallest index %4.1f px", m.Index)
				}
				if len(m.Bad) > 0 {
					t.Errorf("%s: labels: %s", where, strings.Join(m.Bad, "; "))
				}
				row += fmt.Sprintf(" labels bad %d", len(m.Bad))
			}
			report = append(report, row)
		}
	}
	s.do("viewport", chromedp.EmulateViewport(1280, 800))
	t.Logf("per game and language:\n%s", strings.Join(report, "\n"))
}
