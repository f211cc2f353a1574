package render

import (
	"encoding/json"
	"regexp"
	"strconv"
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
			const t0 = Date.now();
			while (el.getAttribute("data-drawn") !== String(n) && Date.now() - t0 < 20000) { await new Promise((ok) => setTimeout(ok, 5)); }
			drawn.push(el.querySelector(".board").innerHTML);
		}
		out.push({game: d.game, seed: d.seed, options: d.options, lang: d.lang, moves: d.moves, drawn: drawn});
	}
	return JSON.stringify(out);
})()`

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
	title := regexp.MustCompile(`<title>.*?</title>`)
	steps := 0
	for i, g := range s.ed.Games {
		for _, lang := range []string{"en", "ru"}[i%2 : i%2+1] { // one language per game: the drawing is the same code in both
			s.do("open "+g.ID, chromedp.Navigate(s.fileURL+gamePath(lang, g.ID)), chromedp.WaitReady(chromedp.CSS("body")))
			var players []struct {
				Game, Seed, Lang string
				Options, Moves   []string
				Drawn            []string
			}
			if err := json.Unmarshal([]byte(s.eval(stepAll)), &players); err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, p := range players {
				seed, _ := strconv.ParseUint(p.Seed, 10, 64)
				var tab play.Table
				for n := range p.Drawn {
					pos, err := tab.Position(play.Request{Game: p.Game, Seed: seed, Options: p.Options, Moves: p.Moves[:n], Draw: "svg", Lang: p.Lang})
					if err != nil {
						t.Fatal(err)
					}
					want = append(want, pos.SVG)
				}
			}
			list, _ := json.Marshal(want)
			var norm []string
			if err := json.Unmarshal([]byte(s.eval(`JSON.stringify(`+string(list)+`.map((h) => { const d = document.createElement("div"); d.innerHTML = h; return d.innerHTML; }))`)), &norm); err != nil {
				t.Fatal(err)
			}
			k := 0
			for _, p := range players {
				for n, got := range p.Drawn {
					if a, b := title.ReplaceAllString(got, ""), title.ReplaceAllString(norm[k], ""); a != b {
						t.Errorf("%s %s seed %s step %d: the page's drawing differs from the Go drawing:\n got %.300s\nwant %.300s", lang, p.Game, p.Seed, n, a, b)
					}
					k++
					steps++
				}
			}
		}
	}
	t.Logf("%d drawn steps compared", steps)
}
