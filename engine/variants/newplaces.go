package variants

import "pasyans/engine"

// Новые места, "New Places" (source 003:20–28; nearest in PySolFC: Louis,
// 975, which has no positional rule). Швейцарка with these differences: the
// eight bases are taken out before the deal; a pile «и» under a foundation
// feeds only that foundation, a pile «И» with nothing above it any
// foundation; a card played from a pile while the pack lasts is replaced at
// once from the pack; cards may pass from foundation to foundation; once the
// pack is out, top cards go anywhere and are built on one another in suit,
// and an emptied place is never refilled; three deals. It is played by the
// twelve machinery of swiss.go.

// Options of new-places.
const (
	npOptStrict = 0 // literal 003:8: a round only when no card can go up
)

var npRules = twRules{
	dealRound: &engine.Rule{ID: "new-places/deal-round",
		EN:            "As in Швейцарка: twelve cards are laid face up, one on each pile from left to right (t1…t12); the word deal lays the next round of twelve the same way (the last round may be short) until the pack is out. The player deals when he chooses. Cards leave the pack only so, or to replace a card played (new-places/replace), and never go back to it.",
		RU:            "Как в «Швейцарке»: выкладывают двенадцать открытых карт, по одной на каждую стопку слева направо (t1…t12); ход deal так же выкладывает следующий круг из двенадцати (последний может быть короче), пока колода не кончится. Когда выкладывать, решает игрок. Карты уходят из колоды только так или на место сыгранной карты (new-places/replace) и в неё не возвращаются.",
		Book:          []string{"003:4", "003:8"},
		Reconstructed: "003 gives only the differences from Швейцарка and says nothing of further rounds; the edition keeps Швейцарка's rounds of twelve (003:8), dealt when the player chooses (the literal reading is the option strict-deal); the twelve places and their order are the edition's reconstruction of the missing figure", ReconstructedRU: "003 сообщает только отличия от «Швейцарки» и ничего не говорит о следующих кругах; издатель сохраняет круги по двенадцать карт «Швейцарки» (003:8), раскладываемые, когда захочет игрок (буквальное прочтение — вариант strict-deal); двенадцать мест и их порядок восстановлены издателем: рисунок утрачен"},
	strictDeal: &engine.Rule{ID: "new-places/strict-deal",
		EN:            "Literal reading of 003:8: the next round is dealt only when no top card of a pile can go to a foundation.",
		RU:            "Буквальное прочтение 003:8: следующий круг выкладывают, лишь когда ни одну верхнюю карту стопок нельзя переложить на базовые.",
		Book:          []string{"003:8"},
		Reconstructed: "Швейцарка's 003:8 read literally; 003 describes Новые места only by its differences from Швейцарка", ReconstructedRU: "003:8 «Швейцарки», прочитанное буквально; 003 описывает «Новые места» только отличиями от «Швейцарки»",
		Option: "strict-deal"},
	redeal: &engine.Rule{ID: "new-places/redeal",
		EN:            "When the whole pack has been laid out and the patience stops, the cards are gathered from left to right and dealt again without shuffling (redeal): the piles are stacked face up, t1 at the bottom and t12 on top, and turned face down, so the new pack deals first the cards of t1 from its bottom card up, then t2, and so on. Cards on the foundations stay.",
		RU:            "Когда вся колода выложена и пасьянс остановился, карты собирают слева направо и раскладывают снова без тасовки (ход redeal): стопки складывают открытыми, t1 внизу, t12 сверху, и переворачивают, так что новая колода даёт сначала карты t1 от нижней вверх, затем t2 и так далее. Карты на базовых остаются.",
		Book:          []string{"003:27"},
		Reconstructed: "the source does not say how the gathered piles are stacked; the edition fixes the convention above, the same as for Швейцарка", ReconstructedRU: "источник не говорит, как складываются собранные стопки; издатель принимает описанный выше порядок, тот же, что для «Швейцарки»"},
	deals: &engine.Rule{ID: "new-places/three-deals",
		EN:   "The pack is laid out three times in all (two redeals); the patience comes out if all the cards reach the foundations within the three deals.",
		RU:   "Колоду раскладывают всего три раза (две пересдачи); пасьянс сошёлся, если за три раскладки все карты легли на базовые.",
		Book: []string{"003:28"}},
	base: &engine.Rule{ID: "new-places/foundation-base",
		EN:            "The foundations are four aces and four kings of different suits, taken out of the pack before the deal: the topmost A♠, A♥, A♦, A♣ of the pack go to f1–f4, the topmost K♠, K♥, K♦, K♣ to f5–f8. A place emptied by a move between foundations takes again only a base of its kind: an ace on f1–f4, a king on f5–f8.",
		RU:            "Базовые карты — четыре туза и четыре короля разных мастей — извлекаются из колоды до начала раскладки: верхние в колоде A♠, A♥, A♦, A♣ идут на f1–f4, K♠, K♥, K♦, K♣ — на f5–f8. Место, освобождённое перекладкой с базовой на базовую, снова принимает только базовую карту своего рода: туза на f1–f4, короля на f5–f8.",
		Book:          []string{"003:21", "003:5"},
		Reconstructed: "the order of the suits in the row and which of the two equal cards is taken are the edition's choices; the source does not say what an emptied foundation place takes", ReconstructedRU: "порядок мастей в ряду и то, какая из двух одинаковых карт берётся, выбраны издателем; источник не говорит, что принимает освободившееся место основания"},
	diffSuits: &engine.Rule{ID: "new-places/different-suits",
		EN:            "The four aces are of different suits, and so are the four kings: a base cannot start an emptied place when another place of its kind already holds its suit.",
		RU:            "Четыре туза — разных мастей, четыре короля тоже: базовая карта не может открыть освободившееся место, если другое место того же рода уже занято её мастью.",
		Book:          []string{"003:5"},
		Reconstructed: "003 describes Новые места only by its differences from Швейцарка (compare 003:17), so Швейцарка's rule of 003:5 applies", ReconstructedRU: "003 описывает «Новые места» только отличиями от «Швейцарки» (ср. 003:17), поэтому действует правило «Швейцарки» из 003:5"},
	suit: &engine.Rule{ID: "new-places/foundation-suit",
		EN:            "As in Швейцарка, cards are built on the foundations in suit.",
		RU:            "Как в «Швейцарке», на базовые собирают карты в масть.",
		Book:          []string{"003:5"},
		Reconstructed: "003 describes Новые места only by its differences from Швейцарка (compare 003:17), so Швейцарка's rule of 003:5 applies", ReconstructedRU: "003 описывает «Новые места» только отличиями от «Швейцарки» (ср. 003:17), поэтому действует правило «Швейцарки» из 003:5"},
	order: &engine.Rule{ID: "new-places/foundation-order",
		EN:            "On the aces cards are built in ascending order up to the king, on the kings in descending order down to the ace.",
		RU:            "На тузах карты собирают в восходящем порядке до короля, на королях — в нисходящем до туза.",
		Book:          []string{"003:5"},
		Reconstructed: "003 describes Новые места only by its differences from Швейцарка (compare 003:17), so Швейцарка's rule of 003:5 applies", ReconstructedRU: "003 описывает «Новые места» только отличиями от «Швейцарки» (ср. 003:17), поэтому действует правило «Швейцарки» из 003:5"},
	final: &engine.Rule{ID: "new-places/foundation-final",
		EN:            "A card may be moved from one foundation to another where it fits (in suit, in order), but a foundation card never goes back to the piles.",
		RU:            "Карту можно переложить с одной базовой на другую, если она туда подходит (в масть, по порядку), но с базовых на стопки карты не возвращаются.",
		Book:          []string{"003:24"},
		Reconstructed: "003:24 allows moves between foundations only; no source moves a foundation card back to the piles", ReconstructedRU: "003:24 разрешает ходы только между основаниями; ни в одном источнике карта не возвращается с основания в стопки",
		Lets: engine.LetsFoundationMove}, // 003:24: "may be moved from one foundation to another"
	position: &engine.Rule{ID: "new-places/under-foundation",
		EN:            "While the pack lasts, a card of a pile «и» lying under a foundation (t3–t10 under f1–f8) goes only to the foundation directly above it; a card of a pile «И» with no card above it (t1, t2, t11, t12) to any foundation. Once the whole pack is laid out, any top card goes to any foundation.",
		RU:            "Пока колода не выложена, карта стопки «и», лежащей под базовой (t3–t10 под f1–f8), перекладывается только на ту базовую, под которой лежит; карта стопки «И», над которой нет карт (t1, t2, t11, t12), — на любые базовые. После выкладки всей колоды игровые карты перекладываются независимо от местоположения.",
		Book:          []string{"003:22", "003:25"},
		Reconstructed: "where the piles «и» and «И» lie is the edition's reconstruction of the missing figure", ReconstructedRU: "где лежат стопки «и» и «И», восстанавливает издатель: рисунок утрачен"},
	buildAfterDeal: &engine.Rule{ID: "new-places/build-after-deal",
		EN:   "While the pack lasts no card is moved from pile to pile; once the whole pack is laid out, a top card may be put on the top card of another pile.",
		RU:   "Пока колода не выложена, карты со стопки на стопку не перекладывают; после раскладки всей колоды игровые карты можно перекладывать друг на друга.",
		Book: []string{"003:25"}},
	buildSuit: &engine.Rule{ID: "new-places/build-suit",
		EN:   "Top cards are put on one another only in suit.",
		RU:   "Игровые карты перекладывают друг на друга только в масть.",
		Book: []string{"003:25"}},
	buildRank: &engine.Rule{ID: "new-places/build-rank",
		EN:            "A top card is put on another in either order, ascending or descending, one rank apart (the king and the ace are not neighbours).",
		RU:            "Игровую карту кладут на другую на одно достоинство старше или младше (король и туз не соседние).",
		Book:          []string{"003:25"},
		Reconstructed: "«в любом порядке» read as in Швейцарка (003:9): up or down by one rank; PySolFC's Louis wraps from king to ace, which no source says", ReconstructedRU: "«в любом порядке» читается как в «Швейцарке» (003:9): вверх или вниз на одно достоинство; Louis в PySolFC переходит от короля к тузу, о чём не говорит ни один источник"},
	emptyFill: &engine.Rule{ID: "new-places/no-empty-fill",
		EN:   "No card may be put on a place left empty by a move.",
		RU:   "На освободившееся в результате перекладки место класть карту нельзя.",
		Book: []string{"003:26"}},
}

// npReplace is the automatic replacement of 003:23; Check never returns it.
var npReplace = &engine.Rule{ID: "new-places/replace",
	EN:   "While the pack lasts, a card played from a pile is at once replaced by the top card of the pack, dealt onto its place (this happens by itself, within the move).",
	RU:   "Пока колода не кончилась, на место переложенной игровой карты сразу выкладывают новую карту из колоды (программа делает это в том же ходе).",
	Book: []string{"003:23"}, Lets: engine.LetsStockFeed}

func init() {
	g := &twelve{r: npRules, deals: 3, altOpt: -1, freeOpt: -1, buildOpt: -1, f2fOpt: -1, strictOpt: npOptStrict,
		f2f: true, buildSuit: true, refill: true, basesOut: true}
	for p := 0; p < twNTab; p++ {
		g.masks[0][p] = twAll // «И»: t1, t2, t11, t12
		if p >= 2 && p < 10 {
			g.masks[0][p] = 1 << uint(p-2) // «и»: under f(p-1)
		}
		g.masks[1][p] = g.masks[0][p]
	}
	r := npRules
	engine.Register(&engine.Variant{
		ID:     "new-places",
		Titles: engine.Titles{RU: "Новыя мѣста", RUModern: "Новые места", EN: "New Places"},
		Packs:  2,
		Piles:  twPiles(),
		Words:  []engine.Word{engine.WordDeal, engine.WordRedeal},
		Rules: []*engine.Rule{r.dealRound, r.strictDeal, npReplace, r.redeal, r.deals, r.base, r.diffSuits, r.suit, r.order,
			r.final, r.position, r.buildAfterDeal, r.buildSuit, r.buildRank, r.emptyFill},
		Options: []engine.Option{
			{ID: "strict-deal", EN: "Literal 003:8: the next round is dealt only when no top card can go to a foundation.", RU: "Буквально 003:8: следующий круг выкладывают, лишь когда ни одну карту нельзя переложить на базовые."},
		},
		Spec:   twSpec(3, "before", "same"),
		Layout: newPlacesLayout(),
		Game:   g,
	})
}

// newPlacesLayout reconstructs the figure of 003:22: the eight foundations
// in a row, a pile «и» under each, two piles «И» at each end of that row.
func newPlacesLayout() engine.Layout {
	dy := engine.CardHeight + 0.3
	l := engine.Layout{Width: 14.2, Height: dy + engine.CardHeight + 0.6,
		Reconstructed: "The figure is not in the source. Reconstructed from 003:22: the eight foundations in a row (aces f1–f4, kings f5–f8), a pile «и» under each of them (t3–t10), and four piles «И» with no card above them, two at each end of the lower row (t1, t2 on the left, t11, t12 on the right), so that the twelve piles are numbered, dealt and gathered from left to right (003:27).", ReconstructedRU: "Рисунка в источнике нет. Восстановлен по 003:22: восемь оснований в ряд (тузы f1–f4, короли f5–f8), под каждым стопка «и» (t3–t10) и четыре стопки «И», над которыми нет карты, по две на каждом конце нижнего ряда (t1, t2 слева, t11, t12 справа), так что двенадцать стопок нумеруются, раскладываются и собираются слева направо (003:27)."}
	for i := 0; i < 12; i++ {
		sl := engine.Slot{Pile: "t" + itoa(i+1), X: float64(i) * 1.2, Y: dy, Mark: "И", Label: engine.Text{RU: "свободная", EN: "free"}}
		if i >= 2 && i < 10 {
			sl.Mark, sl.Label = "и", engine.Text{RU: "под базовой", EN: "under a foundation"}
		}
		l.Slots = append(l.Slots, sl)
	}
	for f := 0; f < 8; f++ {
		sl := engine.Slot{Pile: "f" + itoa(f+1), X: float64(f+2) * 1.2, Y: 0, Label: engine.Text{RU: "базовый туз", EN: "ace foundation"}, Mark: "A↑K"}
		if f >= 4 {
			sl.Label, sl.Mark = engine.Text{RU: "базовый король", EN: "king foundation"}, "K↓A"
		}
		l.Slots = append(l.Slots, sl)
	}
	l.Slots = append(l.Slots, engine.Slot{Pile: "s", X: 0, Y: 0, Label: engine.Text{RU: "колода", EN: "pack"}})
	l.Captions = []engine.Caption{{X: 0, Y: dy + engine.CardHeight + 0.2, Text: engine.Text{RU: "«и» — только на базовую над ней; «И» — на любую", EN: "«и»: only to the foundation above; «И»: to any"}}}
	return l
}
