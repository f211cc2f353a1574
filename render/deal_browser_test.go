package render

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"pasyans/cmd/pasyans-wasm/play"
)

// stepAll shows every position of every deal player on the page, waits
// for the engine's drawing of each and returns them, per player, as the
// browser serialises them.
const stepAll = `(async () => {
	const out = [];
	for (const el of document.querySelectorAll(".player[data-deal]")) {
		const d = JSON.parse(document.getElementById(el.dataset.deal).textContent);
		const drawn = [];
		for (let n = 0; n <= d.moves.length; n++) {
			const range = el.querySelector(".seek-range");
			range.value = String(n);
			range.dispatchEvent(new Event("input"));
			await null; // the engine's drawing comes in a microtask once it is loaded
			const t0 = Date.now();
			while (el.getAttribute("data-drawn") !== String(n) && Date.now() - t0 < 20000) { await new Promise((ok) => setTimeout(ok, 5)); }
			drawn.push(el.querySelector(".board").innerHTML.replace(/<title>.*?<\/title>/, ""));
		}
		window.pasyansDrawn = (window.pasyansDrawn || []).concat(drawn);
		out.push({game: d.game, seed: d.seed, options: d.options, lang: d.lang, moves: d.moves, steps: drawn.length});
	}
	return JSON.stringify(out);
})()`

// compareDrawn compares the drawings the page kept (pasyansDrawn) with
// the Go drawings given, both parsed and serialised by the browser, the
// titles left out; it returns the indices that differ, with the first
// difference.
const compareDrawn = `((want) => {
	const bad = [];
	want.forEach((h, i) => {
		const d = document.createElement("div");
		d.innerHTML = h;
		const w = d.innerHTML.replace(/<title>.*?<\/title>/, "");
		if (w !== window.pasyansDrawn[i]) { bad.push(bad.length ? String(i) : i + ": got " + window.pasyansDrawn[i].slice(0, 300) + " want " + w.slice(0, 300)); }
	});
	window.pasyansDrawn = [];
	return JSON.stringify(bad);
})`

// TestDealPlayerDrawings steps through every example deal on every game
// page (in one of the two languages, alternately) and compares each drawn position with the Go drawing (package
// figure, through play.Table as the engine draws it), parsed and
// serialised by the same browser. The titles are left out: they name the
// step in the page's words.
func TestDealPlayerDrawings(t *testing.T) {
	if testing.Short() {
		t.Skip("steps through every example deal in a browser")
	}
	s := newPlaySession(t)
	steps := 0
	for i, g := range s.ed.Games {
		for _, lang := range []string{"en", "ru"}[i%2 : i%2+1] { // one language per game: the drawing is the same code in both
			s.do("open "+g.ID, chromedp.Navigate(s.fileURL+gamePath(lang, g.ID)), chromedp.WaitReady(chromedp.CSS("body")))
			var players []struct {
				Game, Seed, Lang string
				Options, Moves   []string
				Steps            int
			}
			if err := json.Unmarshal([]byte(s.eval(stepAll)), &players); err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, p := range players {
				seed, _ := strconv.ParseUint(p.Seed, 10, 64)
				var tab play.Table
				for n := 0; n < p.Steps; n++ {
					pos, err := tab.Position(play.Request{Game: p.Game, Seed: seed, Options: p.Options, Moves: p.Moves[:n], Draw: "svg", Lang: p.Lang})
					if err != nil {
						t.Fatal(err)
					}
					want = append(want, pos.SVG)
				}
			}
			list, _ := json.Marshal(want)
			var bad []string
			if err := json.Unmarshal([]byte(s.eval(compareDrawn+"("+string(list)+")")), &bad); err != nil {
				t.Fatal(err)
			}
			if len(bad) > 0 {
				t.Errorf("%s %s: %d of %d drawn steps differ from the Go drawing: %s", lang, g.ID, len(bad), len(want), strings.Join(bad, ", "))
			}
			steps += len(want)
		}
	}
	t.Logf("%d drawn steps compared", steps)
}
