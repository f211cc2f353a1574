package variants

import "pasyans/engine"

// Бонапартовский, «Пасьянс острова Святой Елены» (source 003:16–19; St.
// Helena or Napoleon's Favourite, PySolFC 302 — not Cadogan's 1914 "Napoleon
// at St. Helena", which is Le Cadran). Швейцарка with its figure turned
// through 90°: four piles above the foundations, four below, two at each
// side; the ace places form the upper foundation row, the king places the
// lower. While the pack lasts a top-row card goes only to the aces below
// it, a bottom-row card only to the kings above it, a side card anywhere;
// three deals in all. It is played by the twelve machinery of swiss.go.

// Options of st-helena.
const (
	shOptSameColumn = 0 // "below"/"directly above" read as the place in the same column
	shOptStrict     = 1 // literal 003:8: a round only when no card can go up
)

var shRules = twRules{
	dealRound: &engine.Rule{ID: "st-helena/deal-round",
		EN:            "As in Швейцарка: twelve cards are laid face up, one on each pile in the order numbered on the figure (t1…t12); the word deal lays the next round of twelve the same way (the last round may be short) until the pack is out. The player deals when he chooses. Cards leave the pack only so and never go back to it.",
		RU:            "Как в «Швейцарке»: выкладывают двенадцать открытых карт, по одной на каждую стопку в порядке номеров рисунка (t1…t12); ход deal так же выкладывает следующий круг из двенадцати (последний может быть короче), пока колода не кончится. Когда выкладывать, решает игрок. Карты уходят из колоды только так и в неё не возвращаются.",
		Book:          []string{"003:17", "003:4", "003:8"},
		Reconstructed: "003:17 gives only the differences from Швейцарка, so its dealing in rounds of twelve applies (PySolFC deals the whole pack at once); the numbering of the figure is the edition's; dealing before every possible move is made is the edition's reading of 003:8, the literal one being the option strict-deal", ReconstructedRU: "003:17 сообщает только отличия от «Швейцарки», поэтому действует её раскладка кругами по двенадцать (PySolFC раскладывает всю колоду сразу); нумерация на рисунке — издателя; выкладывать круг, не сделав всех возможных ходов, можно по прочтению издателем 003:8, буквальное же прочтение — вариант strict-deal"},
	strictDeal: &engine.Rule{ID: "st-helena/strict-deal",
		EN:     "Literal reading of 003:8: the next round is dealt only when no top card of a pile can go to a foundation.",
		RU:     "Буквальное прочтение 003:8: следующий круг выкладывают, лишь когда ни одну верхнюю карту стопок нельзя переложить на базовые.",
		Book:   []string{"003:17", "003:8"},
		Option: "strict-deal"},
	redeal: &engine.Rule{ID: "st-helena/redeal",
		EN:            "When the whole pack has been laid out and the patience stops, the cards are gathered in the order of dealing and dealt again without shuffling (redeal): the piles are stacked face up, t1 at the bottom and t12 on top, and turned face down, so the new pack deals first the cards of t1 from its bottom card up, then t2, and so on. Cards on the foundations stay.",
		RU:            "Когда вся колода выложена и пасьянс остановился, карты собирают в порядке выкладки и раскладывают снова без перемешивания (ход redeal): стопки складывают открытыми, t1 внизу, t12 сверху, и переворачивают, так что новая колода даёт сначала карты t1 от нижней вверх, затем t2 и так далее. Карты на базовых остаются.",
		Book:          []string{"003:18"},
		Reconstructed: "the source does not say how the gathered piles are stacked; the edition fixes the convention above, the same as for Швейцарка", ReconstructedRU: "источник не говорит, как складываются собранные стопки; издатель принимает описанный выше порядок, тот же, что для «Швейцарки»"},
	deals: &engine.Rule{ID: "st-helena/three-deals",
		EN:   "The pack is laid out three times in all (two redeals); the patience comes out if all the cards reach the foundations within the three deals.",
		RU:   "Колоду раскладывают всего три раза (две пересдачи); пасьянс сошёлся, если за три раскладки все карты легли на базовые.",
		Book: []string{"003:19"}},
	base: &engine.Rule{ID: "st-helena/foundation-base",
		EN:            "As in Швейцарка, the foundations are four aces and four kings laid as they become playable: an empty ace place (f1–f4, upper row) takes only an ace, an empty king place (f5–f8, lower row) only a king. A base may start any empty place of its kind, from any pile, whatever the positional rule.",
		RU:            "Как в «Швейцарке», базовые карты — четыре туза и четыре короля, выкладываемые по мере возможности: пустое место туза (f1–f4, верхний ряд) принимает только туза, пустое место короля (f5–f8, нижний ряд) — только короля. Базовая карта может открыть любое пустое место своего рода с любой стопки, независимо от правила о положении карт.",
		Book:          []string{"003:17", "003:5"},
		Reconstructed: "the source does not tie suits or bases to places; as for Швейцарка, a base may start any empty place of its kind (PySolFC lays the bases out beforehand)", ReconstructedRU: "источник не привязывает масти и основные карты к местам; как и в «Швейцарке», основная карта может занять любое пустое место своего рода (PySolFC выкладывает основные карты заранее)"},
	diffSuits: &engine.Rule{ID: "st-helena/different-suits",
		EN:   "The four aces are of different suits, and so are the four kings: a base cannot start a place when another place of its kind already holds its suit.",
		RU:   "Четыре туза — разных мастей, четыре короля тоже: базовая карта не может открыть место, если другое место того же рода уже занято её мастью.",
		Book: []string{"003:17", "003:5"}},
	suit: &engine.Rule{ID: "st-helena/foundation-suit",
		EN:   "Cards are built on the foundations in suit.",
		RU:   "На базовые собирают карты в масть.",
		Book: []string{"003:17", "003:5"}},
	order: &engine.Rule{ID: "st-helena/foundation-order",
		EN:   "On the aces cards are built in ascending order up to the king, on the kings in descending order down to the ace.",
		RU:   "На тузах карты собирают в восходящем порядке до короля, на королях — в нисходящем до туза.",
		Book: []string{"003:17", "003:5"}},
	final: &engine.Rule{ID: "st-helena/foundation-final",
		EN:            "A card laid on a foundation stays there: it goes neither back to the piles nor to another foundation.",
		RU:            "Карта, положенная на базовую, там и остаётся: ни на стопки, ни на другую базовую она не переходит.",
		Book:          []string{"003:17"},
		Reconstructed: "as in Швейцарка, where moves between foundations are only an optional rule (003:13); no source moves a foundation card back to the piles", ReconstructedRU: "как в «Швейцарке», где ходы между основаниями — лишь необязательное правило (003:13); ни в одном источнике карта не возвращается с основания в стопки"},
	position: &engine.Rule{ID: "st-helena/row-to-row",
		EN:            "While the pack lasts, a card of the top row (t5–t8) goes only to the foundations lying below it, the aces (f1–f4); a card of the bottom row (t9–t12) only to those directly above it, the kings (f5–f8); a side card (t1–t4) to any foundation. Once the whole pack is laid out, in each deal, any top card goes to any foundation.",
		RU:            "Пока колода не выложена, карта верхнего ряда (t5–t8) перекладывается только на нижележащие базовые — тузы (f1–f4); карта нижнего ряда (t9–t12) — только на лежащие непосредственно выше — королей (f5–f8); боковая карта (t1–t4) — на любые базовые. После выкладки всей колоды, в каждой раскладке, любая верхняя карта идёт на любые базовые.",
		Book:          []string{"003:17", "003:9"},
		Reconstructed: "the edition reads «нижележащие» and «непосредственно выше» as the whole adjacent row of four (as PySolFC does), and lifts the restriction once the pack is out in every deal, as in Швейцарка (003:9); PySolFC applies it in the first deal only", ReconstructedRU: "издатель понимает «нижележащие» и «непосредственно выше» как весь соседний ряд из четырёх (как PySolFC) и снимает ограничение, когда колода выложена, в каждой раскладке, как в «Швейцарке» (003:9); PySolFC применяет его только в первой раскладке"},
	positionAlt: &engine.Rule{ID: "st-helena/same-column",
		EN:            "Option same-column: while the pack lasts, a top-row card goes only to the ace place directly below it, a bottom-row card only to the king place directly above it.",
		RU:            "Вариант same-column: пока колода не выложена, карта верхнего ряда идёт только на туза прямо под ней, карта нижнего ряда — только на короля прямо над ней.",
		Book:          []string{"003:17"},
		Reconstructed: "the narrower reading of «лежащие непосредственно выше» in 003:17: the single foundation in the same column", ReconstructedRU: "более узкое прочтение слов «лежащие непосредственно выше» в 003:17: одно основание в том же столбце",
		Option: "same-column"},
	buildAfterDeal: &engine.Rule{ID: "st-helena/build-after-deal",
		EN:   "As in Швейцарка: while the pack lasts no card is moved from pile to pile; once the whole pack is laid out, a top card may be put on the top card of another pile.",
		RU:   "Как в «Швейцарке»: пока колода не выложена, карты со стопки на стопку не перекладывают; после выкладки всей колоды верхнюю карту можно положить на верхнюю карту другой стопки.",
		Book: []string{"003:17", "003:9"}},
	buildRank: &engine.Rule{ID: "st-helena/build-rank",
		EN:            "A top card is put on another in ascending or descending order, one rank apart, regardless of suit (the king and the ace are not neighbours).",
		RU:            "Верхнюю карту кладут на другую на одно достоинство старше или младше, независимо от масти (король и туз не соседние).",
		Book:          []string{"003:17", "003:9"},
		Reconstructed: "one rank apart without wrap, as in Швейцарка and PySolFC's St. Helena", ReconstructedRU: "на одно достоинство, без перехода от короля к тузу, как в «Швейцарке» и в St. Helena у PySolFC"},
	emptyFill: &engine.Rule{ID: "st-helena/no-empty-fill",
		EN:            "A card is put only on another card: an emptied pile takes no card from the other piles (only the next round of the deal).",
		RU:            "Карту кладут только на карту: на опустевшую стопку карты с других стопок не кладут (только очередной круг выкладки).",
		Reconstructed: "as in Швейцарка; PySolFC's St. Helena never refills an empty pile", ReconstructedRU: "как в «Швейцарке»; St. Helena в PySolFC никогда не заполняет пустую стопку"},
}

func init() {
	g := &twelve{r: shRules, deals: 3, altOpt: shOptSameColumn, freeOpt: -1, buildOpt: -1, f2fOpt: -1, strictOpt: shOptStrict}
	for p := 0; p < 4; p++ {
		g.masks[0][p], g.masks[1][p] = twAll, twAll // side piles
	}
	for c := uint(0); c < 4; c++ {
		g.masks[0][4+c], g.masks[1][4+c] = 0x0F, 1<<c     // top row over the aces
		g.masks[0][8+c], g.masks[1][8+c] = 0xF0, 1<<(4+c) // bottom row under the kings
	}
	r := shRules
	engine.Register(&engine.Variant{
		ID:     "st-helena",
		Titles: engine.Titles{RU: "Бонапартовскій", RUModern: "Бонапартовский", EN: "Bonaparte's Patience"},
		Packs:  2,
		Piles:  twPiles(),
		Words:  []engine.Word{engine.WordDeal, engine.WordRedeal},
		Rules: []*engine.Rule{r.dealRound, r.strictDeal, r.redeal, r.deals, r.base, r.diffSuits, r.suit, r.order,
			r.final, r.position, r.positionAlt, r.buildAfterDeal, r.buildRank, r.emptyFill},
		Options: []engine.Option{
			{ID: "same-column", EN: "A top-row card goes only to the ace directly below it, a bottom-row card only to the king directly above it.", RU: "Карта верхнего ряда идёт только на туза прямо под ней, нижнего — только на короля прямо над ней."},
			{ID: "strict-deal", EN: "Literal 003:8: the next round is dealt only when no top card can go to a foundation.", RU: "Буквально 003:8: следующий круг выкладывают, лишь когда ни одну карту нельзя переложить на базовые."},
		},
		Spec:   twSpec(3, "during", "any"),
		Layout: stHelenaLayout(),
		Game:   g,
	})
}

// stHelenaLayout reconstructs the figure of 003:17: Швейцарка's turned
// through 90°, a row of four piles above the ace places, the king places
// below them, a row of four piles beneath, two side piles at each end.
func stHelenaLayout() engine.Layout {
	const gap = 0.3
	dy := engine.CardHeight + gap
	l := engine.Layout{Width: 7.0, Height: 4*dy - gap,
		Reconstructed: "The figure is not in the source; 003:17 says it is Швейцарка's turned through 90°. Reconstructed (as PySolFC's St. Helena, mirrored so that the aces lie above as the source says): four piles above the four ace places, the four king places below them, four piles beneath, and two side piles at each end beside the foundation rows. The side piles, which may feed any foundation, take positions 1–4 («И») of Швейцарка (1 left upper, 2 right upper, 3 left lower, 4 right lower); 5–8 are the top row and 9–12 the bottom row, left to right; the numbers give the order of dealing.", ReconstructedRU: "Рисунка в источнике нет; 003:17 говорит, что это рисунок «Швейцарки», повёрнутый на 90°. Восстановлен (как St. Helena в PySolFC, но зеркально, чтобы тузы лежали сверху, как говорит источник): четыре стопки над четырьмя тузовыми местами, под ними четыре королевских места, ниже четыре стопки и по две боковые стопки с каждого конца рядом с рядами оснований. Боковые стопки, с которых карты могут идти на любое основание, занимают места 1–4 («И») «Швейцарки» (1 — слева вверху, 2 — справа вверху, 3 — слева внизу, 4 — справа внизу); 5–8 — верхний ряд, 9–12 — нижний, слева направо; числа задают порядок раскладки."}
	side := engine.Text{RU: "боковая", EN: "side"}
	for i := 0; i < 4; i++ {
		x := 0.0
		if i%2 == 1 {
			x = 6.0
		}
		l.Slots = append(l.Slots, engine.Slot{Pile: "t" + itoa(i+1), X: x, Y: float64(1+i/2) * dy, Label: side, Mark: itoa(i+1) + " И"})
	}
	for c := 0; c < 4; c++ {
		x := 1.2 + float64(c)*1.2
		l.Slots = append(l.Slots,
			engine.Slot{Pile: "t" + itoa(5+c), X: x, Y: 0, Label: engine.Text{RU: "верхний ряд", EN: "top row"}, Mark: itoa(5 + c)},
			engine.Slot{Pile: "f" + itoa(1+c), X: x, Y: dy, Label: engine.Text{RU: "базовый туз", EN: "ace foundation"}, Mark: "A↑K"},
			engine.Slot{Pile: "f" + itoa(5+c), X: x, Y: 2 * dy, Label: engine.Text{RU: "базовый король", EN: "king foundation"}, Mark: "K↓A"},
			engine.Slot{Pile: "t" + itoa(9+c), X: x, Y: 3 * dy, Label: engine.Text{RU: "нижний ряд", EN: "bottom row"}, Mark: itoa(9 + c)})
	}
	l.Slots = append(l.Slots, engine.Slot{Pile: "s", X: 6.0, Y: 0, Label: engine.Text{RU: "колода", EN: "pack"}})
	l.Captions = []engine.Caption{
		{X: 0, Y: engine.CardHeight / 2, Text: engine.Text{RU: "верхний ряд", EN: "top row"}},
		{X: 0, Y: 3*dy + engine.CardHeight/2, Text: engine.Text{RU: "нижний ряд", EN: "bottom row"}},
	}
	return l
}
