package render

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// langScan is a script that returns, as JSON, the sentences of a page in
// the wrong language. Latin sentences are looked for in the editorial
// prose of a Russian page (its English translation column is the edition's
// English and is left alone); Cyrillic ones anywhere on an English page
// outside the Russian column and lang="ru" elements. Card notation, code,
// ids and quoted words («…», "…", “…”) are removed first. A Latin
// sentence is a run of four or more Latin words with an English function
// word among them (so that a title such as Les Quatre Coins passes); a
// Cyrillic one, a run of four or more Cyrillic words.
const langScan = `((lang, whole) => {
  const roots = whole ? document.querySelectorAll("main") : lang === "ru"
    ? document.querySelectorAll("main .game-intro, main .footnotes li, main .rules-lang, main .legend, main .cite, main .rule-list li, main .option-list li, main .movelist li, main .deal-meta, main .stat-list, main figcaption, main h1, main h2, main h3, main .toc, main .note, main .hint")
    : document.querySelectorAll("main");
  const other = lang === "ru" ? "en" : "ru";
  const skip = (el) => el.closest("code, svg, script, em, i, cite") || lang === "en" && el.closest(".ru") ||
    (el.closest("[lang]") && el.closest("[lang]").lang === other);
  const fn = new Set(["the","of","and","is","are","a","an","to","in","on","from","with","by","for","which","that","this","it","not","be","may","must","only","one","no"]);
  const out = [];
  const seen = new Set();
  roots.forEach((root) => {
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let text = "";
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      const el = n.parentElement;
      if (skip(el)) continue;
      text += n.textContent + " ";
    }
    text = text.replace(/«[^»]*»/g, " ").replace(/“[^”]*”/g, " ").replace(/"[^"]*"/g, " ")
      .replace(/[0-9]{3}:[0-9]+/g, " ").replace(/[a-z-]+\/[a-z-]+/g, " ")
      .replace(/\b(10|[2-9AKQJT])[♠♥♦♣]/g, " ").replace(/\b[a-z]{1,2}[0-9]{1,2}\b/g, " ");
    const words = text.split(/[\s,.;:()!?—–\[\]]+/).filter(Boolean);
    let run = [];
    const flush = () => {
      if (lang === "ru" && run.length >= 4 && run.some((x) => fn.has(x.toLowerCase()))) out.push(run.join(" "));
      if (lang === "en" && run.length >= 4) out.push(run.join(" "));
      run = [];
    };
    const re = lang === "ru" ? /^[A-Za-z][A-Za-z'’-]*$/ : /^[\u0400-\u04FF][\u0400-\u04FF'’-]*$/;
    words.forEach((x) => { if (re.test(x)) run.push(x); else flush(); });
    flush();
  });
  return JSON.stringify(out.filter((s) => !seen.has(s) && seen.add(s)));
})`

// TestRussianBrowser walks the site as a reader of each language: every
// game page in Russian has its editorial prose in Russian and every
// English page its prose in English; the book's footnote calls lead to
// their footnotes and back; a rule popover opens next to its badge; the
// deal player's slider, fatal-move button and moved-card outline work; at
// 390 px the card ranks stay at least 12 px and the page does not scroll
// sideways; and dark mode keeps its contrast (a screenshot is saved).
func TestRussianBrowser(t *testing.T) {
	ctx, dir, ed := siteInBrowser(t)
	shots := artifacts(t)
	t.Logf("screenshots in %s", shots)
	var bad problems
	if err := chromedp.Listen(ctx, func(ev any) {
		if ev, ok := ev.(*runtime.EventExceptionThrown); ok {
			bad.add("exception: %s", ev.ExceptionDetails.Text)
		}
	}); err != nil {
		t.Fatal(err)
	}
	fileURL := "file://" + filepath.ToSlash(dir) + "/"
	do := func(name string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		sctx, c := context.WithTimeout(ctx, 30*time.Second)
		defer c()
		if err := chromedp.Do(sctx, actions...); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	eval := func(expr string) string {
		t.Helper()
		return evalAwait(t, ctx, expr)
	}
	open := func(page string) {
		t.Helper()
		do(page, chromedp.Navigate(fileURL+page), chromedp.WaitVisible(chromedp.CSS("main")))
	}

	t.Run("languages", func(t *testing.T) {
		for _, g := range ed.Games {
			for _, lang := range []string{"ru", "en"} {
				page := gamePath(lang, g.ID)
				open(page)
				// The deals' move lists are built when opened: open them,
				// so that the scan reads their comments too.
				if got := eval(`(() => { const ds = document.querySelectorAll("details.movelist");
				  ds.forEach((d) => d.querySelector("summary").click());
				  return [...ds].filter((d) => !d.open || d.querySelector("noscript") || !d.querySelector("ol > li")).length + "/" + ds.length; })()`); !strings.HasPrefix(got, "0/") {
					t.Errorf("%s: %s move lists not built when opened", page, got)
				}
				var found []string
				if err := json.Unmarshal([]byte(eval(langScan+`("`+lang+`", false)`)), &found); err != nil {
					t.Fatal(err)
				}
				for _, s := range found {
					t.Errorf("%s: a sentence in the wrong language: %q", page, s)
				}
				if g.ID == "zodiac" {
					// The scan can fail: a sentence of the other language
					// added to the page's prose is found.
					plant := map[string]string{"ru": `The foundations are built up from the ace to the king.`, "en": `Основания собираются вверх от туза до короля.`}[lang]
					eval(`document.querySelector("main .game-intro").insertAdjacentHTML("beforeend", "<p>` + plant + `</p>"), ""`)
					if err := json.Unmarshal([]byte(eval(langScan+`("`+lang+`", false)`)), &found); err != nil || len(found) == 0 {
						t.Errorf("%s: the scan misses the planted sentence %q", page, plant)
					}
				}
			}
		}
	})

	// The other kinds of Russian page are scanned whole (their English is
	// marked lang="en"): the method page, the search page with results,
	// every rule page, and every Play page once the engine has dealt, one
	// of them refusing a malformed move.
	t.Run("languages of the other pages", func(t *testing.T) {
		scan := func(page string) {
			t.Helper()
			var found []string
			if err := json.Unmarshal([]byte(eval(langScan+`("ru", true)`)), &found); err != nil {
				t.Fatal(err)
			}
			for _, s := range found {
				t.Errorf("%s: a sentence in English on a Russian page: %q", page, s)
			}
		}
		pages := []string{"ru/method/index.html", "ru/glossary/index.html", "ru/sources/index.html"}
		for _, g := range ed.Games {
			if g.Variant != nil {
				for _, r := range g.Variant.Rules {
					pages = append(pages, rulePath("ru", r.ID))
				}
			}
		}
		for _, page := range pages {
			open(page)
			scan(page)
		}
		// The whole-page scan can fail: an English sentence added to the
		// last rule page's prose is found.
		eval(`document.querySelector("main").insertAdjacentHTML("beforeend", "<p>The foundations are built up from the ace to the king.</p>"), ""`)
		var planted []string
		if err := json.Unmarshal([]byte(eval(langScan+`("ru", true)`)), &planted); err != nil || len(planted) == 0 {
			t.Errorf("the whole-page scan misses a planted English sentence")
		}
		do("search", chromedp.Navigate(fileURL+"ru/search/index.html#q=король"),
			chromedp.WaitVisible(chromedp.CSS("#search-results[data-query]")))
		scan("ru/search/index.html#q=король")
		for _, g := range ed.Games {
			page := "ru/games/" + g.ID + "/play/index.html"
			frag := "#seed=1"
			if g.ID == "zodiac" {
				frag = "#seed=1&moves=zz%3Eqq" // a malformed move: refused with its rule, in Russian
			}
			do(page, chromedp.Navigate(fileURL+page+frag), chromedp.WaitVisible(chromedp.CSS("main[data-state]")))
			if g.ID == "zodiac" {
				do(page, chromedp.WaitVisible(chromedp.CSS(".play-refusal[data-refused-rule]")))
				if got := eval(`document.querySelector(".play-refusal").textContent`); !isRussian(got) || strings.Contains(got, "pile") {
					t.Errorf("%s: the refusal of a malformed move is not in Russian: %q", page, got)
				}
			}
			scan(page + frag)
		}
	})

	t.Run("footnotes", func(t *testing.T) {
		for _, page := range []string{"en/games/le-cadran/index.html", "ru/games/fifteen/index.html", "en/games/constitution/index.html"} {
			open(page)
			got := eval(`(() => {
			  const calls = [...document.querySelectorAll("a.fncall")];
			  if (!calls.length) return "no footnote call";
			  for (const a of calls) {
			    const to = document.getElementById(a.hash.slice(1));
			    if (!to) return "call " + a.textContent + " leads to no element " + a.hash;
			    const back = to.querySelector("a.fnmark");
			    if (back) {
			      const from = document.getElementById(back.hash.slice(1));
			      if (!from || !from.contains(a) && !from.querySelector("a.fncall")) return "footnote " + a.textContent + " does not link back to its call";
			    } else if (!to.matches(".footnotes li") || !to.textContent.includes(a.textContent)) {
			      return "call " + a.textContent + " leads to " + a.hash + ", neither a footnote nor a note about it";
			    }
			  }
			  return "ok";
			})()`)
			if got != "ok" {
				t.Errorf("%s: %s", page, got)
			}
		}
	})

	t.Run("popover", func(t *testing.T) {
		open("ru/games/zodiac/index.html")
		do("scroll to a badge", chromedp.ScrollIntoView(chromedp.CSS(".para button.badge")), chromedp.Click(chromedp.CSS(".para button.badge")))
		do("let the popover open", chromedp.Sleep(300*time.Millisecond))
		dist := eval(`(() => {
		  const b = document.querySelector(".para button.badge").getBoundingClientRect();
		  const p = document.querySelector(".rule-pop:popover-open");
		  if (!p) return "no popover";
		  const r = p.getBoundingClientRect();
		  const dx = Math.max(0, r.left - b.right, b.left - r.right), dy = Math.max(0, r.top - b.bottom, b.top - r.bottom);
		  return String(Math.round(Math.hypot(dx, dy)));
		})()`)
		if d, err := strconv.ParseFloat(dist, 64); err != nil || d > 40 {
			t.Errorf("the popover is %s px from its badge, want at most 40", dist)
		}
		saveShot(t, ctx, filepath.Join(shots, "ru-popover.png"), chromedp.CaptureScreenshot())
	})

	t.Run("player", func(t *testing.T) {
		open("ru/games/zodiac/index.html")
		got := eval(`(async () => {
		  const el = [...document.querySelectorAll(".player")].find((p) => p.querySelector("[data-go=fatal]"));
		  if (!el) return "no failed deal with a fatal-move button";
		  const r = el.querySelector(".seek-range");
		  r.value = "5"; r.dispatchEvent(new Event("input"));
		  if (el.dataset.step !== "5") return "the slider did not go to move 5: " + el.dataset.step;
		  for (const t0 = Date.now(); el.dataset.drawn !== "5" && Date.now() - t0 < 20000; ) { await new Promise((ok) => setTimeout(ok, 10)); } // the engine draws it
		  if (!el.querySelector(".desc").textContent.trim()) return "move 5 is not described in words";
		  if (!el.querySelector("svg .card.moved")) return "no moved card outlined at move 5";
		  const f = el.querySelector("[data-go=fatal]");
		  f.click();
		  if (el.dataset.step !== f.dataset.n) return "the fatal-move button went to " + el.dataset.step + ", not " + f.dataset.n;
		  return "ok";
		})()`)
		if got != "ok" {
			t.Error(got)
		}
	})

	t.Run("phone", func(t *testing.T) {
		do("phone", chromedp.EmulateViewport(390, 844))
		defer do("desktop", chromedp.EmulateViewport(1280, 900))
		for _, g := range ed.Games {
			page := gamePath("ru", g.ID)
			open(page)
			got := eval(`(() => {
			  let min = Infinity;
			  document.querySelectorAll("svg.figure .card text:not(.pip)").forEach((x) => {
			    const m = x.getScreenCTM();
			    if (m && x.getClientRects().length) min = Math.min(min, parseFloat(getComputedStyle(x).fontSize) * m.a);
			  });
			  const wide = document.documentElement.scrollWidth > window.innerWidth + 1;
			  return (min === Infinity ? "none" : min.toFixed(1)) + "|" + wide;
			})()`)
			size, wide, _ := strings.Cut(got, "|")
			if wide == "true" {
				t.Errorf("%s scrolls sideways at 390 px", page)
			}
			if px, err := strconv.ParseFloat(size, 64); size != "none" && (err != nil || px < 12) {
				t.Errorf("%s: the smallest card rank is %s px at 390 px, want at least 12", page, size)
			}
		}
		open("ru/games/zodiac/index.html")
		do("to the deal", chromedp.ScrollIntoView(chromedp.CSS(".deal .board")))
		saveShot(t, ctx, filepath.Join(shots, "ru-phone-zodiac.png"), chromedp.CaptureScreenshot())
	})

	t.Run("dark", func(t *testing.T) {
		do("dark", cdpDo(emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}))
		open("ru/games/zodiac/index.html")
		got := eval(`(() => {
		  const lum = (c) => { const v = c.match(/[0-9.]+/g).slice(0, 3).map((x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
		    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
		  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
		  const bg = getComputedStyle(document.body).backgroundColor;
		  if (lum(bg) > 0.2) return "the page is not dark: " + bg;
		  const bad = [];
		  for (const sel of ["body", ".kicker", ".rules-line", ".legend", "main a", ".pid", ".fnpara", ".colophon"]) {
		    const el = document.querySelector(sel);
		    if (el && ratio(getComputedStyle(el).color, bg) < 4.5) bad.push(sel + " " + ratio(getComputedStyle(el).color, bg).toFixed(2));
		  }
		  const c = document.querySelector("svg.figure .count");
		  if (c && ratio(getComputedStyle(c).fill, getComputedStyle(c).stroke) < 4.5) bad.push("card count");
		  return bad.length ? bad.join(", ") : "ok";
		})()`)
		if got != "ok" {
			t.Errorf("dark mode: %s", got)
		}
		saveShot(t, ctx, filepath.Join(shots, "ru-dark-zodiac.png"), chromedp.CaptureScreenshot())
		do("light", cdpDo(emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}))
	})
	for _, p := range bad.take() {
		t.Error(p)
	}
}

// cdpDo runs one DevTools command as an action.
func cdpDo[P any, R any](c cdp.Command[P, R], p P) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, c, p)
		return err
	})
}
