package variants

import "pasyans/engine"

// The Fifteen (Cadogan 1874 #3 "La Quinzaine"; "The Fifteen" in Cadogan
// 1914; Fifteen in PySolFC, which lacks the opening exception): source
// 002:12–13 and footnote [3] at 002:16–17; the rest of the rules (rule II,
// the deal, the foundations, marriage, lanes, the text of the exception)
// is not in the sources and is reconstructed from the online copy of the
// same e-text (litresp.ru p.5 and a reader site's "страница 3") and from
// Cadogan. Both packs are dealt face up left to right in rows of fifteen,
// the last row of fourteen; only the lowest card of each column is
// available; four aces are built up and four kings down, in suit;
// available cards marry up or down in suit; a cleared column (lane) takes
// any available card; once, when the game cannot be opened, an ace and a
// king may be taken from the sixth row; no redeal.
//
// Notation: c3>a1 plays the lowest card of column c3 onto the ace
// foundation a1; open:c3>a1 is the opening exception (the card just above
// the lowest card of c3, an ace, onto a1; the lowest card closes the gap).

// Pile indexes of fifteen.
const (
	fifCols  = 0  // c1..c15
	fifAces  = 15 // a1..a4: aces up to the kings
	fifKings = 19 // k1..k4: kings down to the aces
	fifPiles = 23
)

// Game counters of fifteen (State.Vars indexes).
const (
	// fifVarOpened records the opening exception: bit 1 once an ace has
	// been taken from the sixth row, bit 2 once a king has.
	fifVarOpened = 0
)

// The game word of fifteen (1-based Action number).
const fifActOpen = 1

var (
	fifAvailable = &engine.Rule{ID: "fifteen/available",
		EN:   "Only the lowest card of each column (the seventh row as dealt) is available; a card above it becomes available only when every card below it is gone (rule I). A covered card can be taken only under the opening exception; once a foundation has been started by ordinary play, or while an available card can start one, that exception does not apply.",
		RU:   "Годна только нижняя карта каждого столбца (седьмой ряд раскладки); лежащая выше становится годной, лишь когда сняты все карты под ней (правило I). Покрытую карту можно взять только по исключению для начала игры; когда основание уже начато обычным ходом или годная карта может его начать, исключение не действует.",
		Book: []string{"002:13", "002:17"}}
	fifOpening = &engine.Rule{ID: "fifteen/opening-exception",
		EN:            "Exception to rule I (footnote 3): if the game cannot be opened — no foundation has been started by ordinary play and no available card can start one (marriages may be tried first, but are not required) — an ace and a king may be taken from the sixth row, that is the card lying just above the lowest card of a column, onto an empty foundation of its kind; the lowest card then closes the gap (written open:c3>a1).",
		RU:            "Исключение из правила I (сноска 3): если игру нельзя открыть — ни одно основание не начато обычным ходом и ни одна годная карта не может его начать (марьяжи можно попробовать прежде, но это не обязательно), — из шестого ряда, то есть из карт, лежащих прямо над нижней картой столбца, можно взять туза и короля на пустое основание своего рода; нижняя карта занимает освободившееся место (запись open:c3>a1).",
		Book:          []string{"002:16", "002:17"},
		Reconstructed: "the passage footnote 3 points to ('see below') is not in the sources: the ace and king from the sixth row, the gap closed by the blocking card and the failure if this does not open the game are from the online copy of the e-text (litresp.ru p.5, 'страница 3') and Cadogan; the exact trigger (no foundation started by ordinary play, no available card able to start one) is the edition's reading of 'if the game cannot be opened', since proving that no series of marriages frees a foundation card is a search, not a rule", ReconstructedRU: "места, на которое указывает сноска 3 («см. ниже»), в источниках нет: туз и король из шестого ряда, промежуток, закрываемый мешающей картой, и неудача, если и это не открывает игру, взяты из сетевой копии электронного текста (litresp.ru, с. 5, «страница 3») и у Кадоган; точное условие (ни одно основание не начато обычной игрой, ни одна годная карта не может его начать) — так издатель читает слова «если игру нельзя открыть», потому что доказать, что никакая цепочка марьяжей не освобождает основную карту, — задача поиска, а не правило"}
	fifOpenOnce = &engine.Rule{ID: "fifteen/opening-once",
		EN:            "The opening exception allows at most one ace and one king, once in the game.",
		RU:            "Исключение для начала игры позволяет взять не больше одного туза и одного короля, один раз за игру.",
		Book:          []string{"002:17"},
		Reconstructed: "'one ace and one king' is in Cadogan and the online copy of the e-text, not in the sources", ReconstructedRU: "«один туз и один король» — у Кадоган и в сетевой копии электронного текста, а не в источниках"}
	fifFoundBase = &engine.Rule{ID: "fifteen/foundation-base",
		EN:            "Four aces and four kings are the foundations, found during play: an ace foundation (a1–a4) begins with an ace, a king foundation (k1–k4) with a king.",
		RU:            "Основания — четыре туза и четыре короля, которые находят во время игры: основание тузов (a1–a4) начинается с туза, основание королей (k1–k4) — с короля.",
		Reconstructed: "rule II and the play text are not in the sources; from the online copy of the e-text (litresp.ru p.5) and Cadogan ('four aces and four kings form the foundation cards')", ReconstructedRU: "правила II и описания хода игры в источниках нет; по сетевой копии электронного текста (litresp.ru, с. 5) и Кадоган («four aces and four kings form the foundation cards»)"}
	fifFoundOnePerSuit = &engine.Rule{ID: "fifteen/foundation-one-per-suit",
		EN:            "The four aces are of different suits, and so are the four kings: each suit has one foundation going up and one going down.",
		RU:            "Четыре туза — разных мастей, четыре короля — тоже: у каждой масти одно основание восходящее и одно нисходящее.",
		Reconstructed: "the sources do not say; the edition follows PySolFC (one ace and one king foundation per suit) and Cadogan's Zodiac, whose four aces and four kings are of different suits; with two packs the 26 cards of a suit then fill exactly its two foundations", ReconstructedRU: "источники об этом не говорят; издатель следует PySolFC (по одному тузовому и одному королевскому основанию на масть) и «Зодиаку» Кадоган, где четыре туза и четыре короля разных мастей; при двух колодах 26 карт масти тогда ровно заполняют два её основания"}
	fifFoundSuit = &engine.Rule{ID: "fifteen/foundation-suit",
		EN:            "The foundations follow suit.",
		RU:            "На основаниях соблюдаются масти.",
		Reconstructed: "rule II (second clause) is in the online copy of the e-text (litresp.ru p.5), not in the sources; Cadogan: 'Each foundation must follow suit'", ReconstructedRU: "правило II (второе положение) — в сетевой копии электронного текста (litresp.ru, с. 5), а не в источниках; у Кадоган: «Each foundation must follow suit»"}
	fifFoundOrder = &engine.Rule{ID: "fifteen/foundation-order",
		EN:            "Aces are built up to the kings, kings down to the aces, one rank at a time.",
		RU:            "На тузов кладут карты в восходящем порядке до короля, на королей — в нисходящем до туза.",
		Reconstructed: "from the online copy of the e-text (litresp.ru p.5) and Cadogan", ReconstructedRU: "по сетевой копии электронного текста (litresp.ru, с. 5) и Кадоган"}
	fifFoundFinal = &engine.Rule{ID: "fifteen/foundation-final",
		EN:            "A card laid on a foundation stays there.",
		RU:            "Карта, положенная на основание, там и остаётся.",
		Reconstructed: "neither the e-text nor Cadogan ever moves a card back from a foundation", ReconstructedRU: "ни в электронном тексте, ни у Кадоган карта никогда не возвращается с основания"}
	fifMarriage = &engine.Rule{ID: "fifteen/marriage",
		EN:            "An available card may be placed on an available card of the same suit one rank higher or lower (marriage in ascending and descending order), one card at a time; the direction may change within a column.",
		RU:            "Годную карту можно положить на годную карту той же масти на одно достоинство старше или младше (марьяж в восходящем и нисходящем порядке), по одной карте; направление в столбце может меняться.",
		Reconstructed: "the play text is not in the sources; from the online copy of the e-text (litresp.ru p.5) and Cadogan ('marry, both in ascending and in descending lines'); changes of direction as in PySolFC, which neither text forbids", ReconstructedRU: "описания хода игры в источниках нет; по сетевой копии электронного текста (litresp.ru, с. 5) и Кадоган («marry, both in ascending and in descending lines»); смена направления — как в PySolFC, ни один из текстов её не запрещает"}
	fifLane = &engine.Rule{ID: "fifteen/lane",
		EN:            "A column emptied to the top (a lane) may be filled with any available card, when the player chooses; further cards are married onto it as usual.",
		RU:            "Столбец, освобождённый до верха (поперечный промежуток), можно занять любой годной картой, когда угодно; дальше на неё кладут карты обычным марьяжем.",
		Reconstructed: "the lanes are described in the continuation of the e-text ('страница 3') and in Cadogan, not in the sources; Cadogan's lane runs in suit, which the marriage rule already ensures; any available card may head it, as in PySolFC", ReconstructedRU: "промежутки описаны в продолжении электронного текста («страница 3») и у Кадоган, а не в источниках; у Кадоган промежуток идёт в масть, что уже обеспечивает правило марьяжа; занять его может любая годная карта, как в PySolFC"}
)

type fifteen struct{}

func init() {
	piles := append(pileIDs("c", 15, engine.Tableau), pileIDs("a", 4, engine.Foundation)...)
	piles = append(piles, pileIDs("k", 4, engine.Foundation)...)
	engine.Register(&engine.Variant{
		ID:     "fifteen",
		Titles: engine.Titles{RU: "Пятнадцать", RUModern: "Пятнадцать", EN: "The Fifteen"},
		Packs:  2,
		Piles:  piles,
		Words:  []engine.Word{wordOpen},
		Rules: []*engine.Rule{fifAvailable, fifOpening, fifOpenOnce, fifFoundBase, fifFoundOnePerSuit,
			fifFoundSuit, fifFoundOrder, fifFoundFinal, fifMarriage, fifLane},
		Spec: engine.Spec{Cards: 104, Players: 1, Deals: 1, Win: "foundations",
			Foundations: []engine.FoundationSpec{
				{Count: 4, Base: "A", Dir: "up", Top: "K", Suit: "same", When: "during", Piles: idsOf(piles, indexes(fifAces, 4))},
				{Count: 4, Base: "K", Dir: "down", Top: "A", Suit: "same", When: "during", Piles: idsOf(piles, indexes(fifKings, 4))},
			},
			Building: []engine.BuildSpec{{Piles: idsOf(piles, indexes(fifCols, 15)), Dir: "either", Suit: "same", Empty: "any", When: "always"}},
		},
		Layout:    fifteenLayout(),
		Symmetric: [][]int{indexes(fifCols, 15), indexes(fifAces, 4), indexes(fifKings, 4)},
		Game:      fifteen{},
	})
}

func fifteenLayout() engine.Layout {
	const gap, step, fan = 1.1, 0.3, 6 * 0.3
	top := engine.CardHeight + 0.6
	l := engine.Layout{Width: 15*gap - 0.1, Height: top + fan + engine.CardHeight + 0.6,
		Reconstructed: "the book's table for the Fifteen is not in the sources; the fifteen overlapping columns follow the deal of the e-text and Cadogan, and the row of foundations above them (aces left, kings right) is the edition's", ReconstructedRU: "таблицы книги к «Пятнадцати» в источниках нет; пятнадцать столбцов внахлёст следуют раскладке электронного текста и Кадоган, а ряд оснований над ними (тузы слева, короли справа) выбран издателем"}
	for i := 0; i < 4; i++ {
		l.Slots = append(l.Slots,
			engine.Slot{Pile: "a" + itoa(i+1), X: 1.5 + float64(i)*gap, Y: 0, Label: engine.Text{RU: "туз", EN: "ace"}, Mark: "A↑K"},
			engine.Slot{Pile: "k" + itoa(i+1), X: 9.2 + float64(i)*gap, Y: 0, Label: engine.Text{RU: "король", EN: "king"}, Mark: "K↓A"})
	}
	for i := 0; i < 15; i++ {
		l.Slots = append(l.Slots, engine.Slot{Pile: "c" + itoa(i+1), X: float64(i) * gap, Y: top, Fan: engine.FanDown})
	}
	l.Captions = []engine.Caption{
		{X: 0, Y: top - 0.3, Text: engine.Text{RU: "основания", EN: "foundations"}},
		{X: 0, Y: l.Height - 0.2, Text: engine.Text{RU: "седьмой, нижний ряд — годные карты", EN: "seventh or lowest row: available cards"}},
	}
	return l
}

// Deal lays both packs face up from left to right in rows of fifteen, the
// first row at the top, the seventh row of fourteen: columns c1..c14 hold
// seven cards, c15 six.
func (fifteen) Deal(s *engine.State, deck []engine.Card) {
	n := len(deck)
	for row := 0; row < 7; row++ {
		for c := 0; c < 15 && n > 0; c++ {
			n--
			col := &s.Piles[fifCols+c]
			col.Cards = append(col.Cards, deck[n])
		}
	}
}

// Check returns the rule that refuses m, or nil.
func (fifteen) Check(s *engine.State, m engine.Move) *engine.Rule {
	if m.Action != 0 {
		return fifCheckOpen(s, m)
	}
	from, to := int(m.From), int(m.To)
	if from >= fifAces {
		return fifFoundFinal
	}
	c := s.Piles[from].Top()
	if c == engine.NoCard {
		return engine.RuleEmptySource
	}
	if to >= fifAces {
		return fifCheckFoundation(s, c, to)
	}
	t := s.Piles[to].Top()
	if t != engine.NoCard && (c.Suit() != t.Suit() || !adjacent(c, t)) {
		return fifMarriage
	}
	return nil
}

// fifGroup returns the first pile and the base rank of foundation f's group.
func fifGroup(f int) (int, engine.Rank, bool) {
	if f < fifKings {
		return fifAces, engine.Ace, true
	}
	return fifKings, engine.King, false
}

// fifCheckFoundation checks card c going onto foundation f.
func fifCheckFoundation(s *engine.State, c engine.Card, f int) *engine.Rule {
	first, base, up := fifGroup(f)
	t := s.Piles[f].Top()
	if r := checkFoundationUp(t, c, base, up, fifFoundBase, fifFoundSuit, fifFoundOrder); r != nil {
		return r
	}
	if t == engine.NoCard && fifSuitStarted(s, first, c.Suit()) {
		return fifFoundOnePerSuit
	}
	return nil
}

// fifSuitStarted reports whether a foundation of the group at first holds
// suit su.
func fifSuitStarted(s *engine.State, first int, su engine.Suit) bool {
	for f := first; f < first+4; f++ {
		if len(s.Piles[f].Cards) > 0 && s.Piles[f].Cards[0].Suit() == su {
			return true
		}
	}
	return false
}

// fifCheckOpen checks the opening exception open:cN>F.
func fifCheckOpen(s *engine.State, m engine.Move) *engine.Rule {
	from, to := int(m.From), int(m.To)
	if from < fifCols || from >= fifAces || to < fifAces {
		return fifOpening
	}
	if !fifCannotOpen(s) {
		return fifAvailable
	}
	bit := int32(1)
	if to >= fifKings {
		bit = 2
	}
	if s.Vars[fifVarOpened]&bit != 0 {
		return fifOpenOnce
	}
	cards := s.Piles[from].Cards
	if len(cards) < 2 {
		return fifOpening
	}
	_, base, _ := fifGroup(to)
	if c := cards[len(cards)-2]; c.Rank() != base || len(s.Piles[to].Cards) != 0 {
		return fifOpening
	}
	return nil
}

// fifCannotOpen reports whether the game cannot be opened: every card on
// the foundations came there by the opening exception, and no available
// card can start a foundation.
func fifCannotOpen(s *engine.State) bool {
	onFound := int32(0)
	for f := fifAces; f < fifPiles; f++ {
		onFound += int32(len(s.Piles[f].Cards))
	}
	opened := s.Vars[fifVarOpened]
	if onFound != opened&1+opened>>1 {
		return false
	}
	for c := fifCols; c < fifAces; c++ {
		t := s.Piles[c].Top()
		switch t.Rank() {
		case engine.Ace:
			if !fifSuitStarted(s, fifAces, t.Suit()) {
				return false
			}
		case engine.King:
			if !fifSuitStarted(s, fifKings, t.Suit()) {
				return false
			}
		}
	}
	return true
}

// Apply plays m. The opening exception lifts the lowest card and its
// neighbour onto the foundation, then puts the lowest card back.
func (fifteen) Apply(s *engine.State, m engine.Move) {
	from, to := int(m.From), int(m.To)
	if m.Action == 0 {
		s.Move(from, to, 1)
		return
	}
	s.Move(from, to, 2)
	s.Move(to, from, 1)
	bit := int32(1)
	if to >= fifKings {
		bit = 2
	}
	s.SetVar(fifVarOpened, s.Vars[fifVarOpened]|bit)
}

// Moves appends every legal move: foundation plays, marriages, lane fills
// and, while the game cannot be opened, the opening exception.
func (fifteen) Moves(s *engine.State, dst []engine.Move) []engine.Move {
	for from := fifCols; from < fifAces; from++ {
		c := s.Piles[from].Top()
		if c == engine.NoCard {
			continue
		}
		dst = fifFoundationMoves(s, dst, from, c)
		for to := fifCols; to < fifAces; to++ {
			if to == from {
				continue
			}
			t := s.Piles[to].Top()
			if t == engine.NoCard || (t.Suit() == c.Suit() && adjacent(c, t)) {
				dst = append(dst, engine.Transfer(from, to))
			}
		}
	}
	if s.Vars[fifVarOpened] != 3 && fifCannotOpen(s) {
		dst = fifOpenMoves(s, dst)
	}
	return dst
}

// fifFoundationMoves appends the plays of card c from pile from onto the
// foundations.
func fifFoundationMoves(s *engine.State, dst []engine.Move, from int, c engine.Card) []engine.Move {
	switch c.Rank() {
	case engine.Ace:
		if !fifSuitStarted(s, fifAces, c.Suit()) {
			dst = fifEmptyFoundations(s, dst, engine.Transfer(from, 0), fifAces)
		}
	case engine.King:
		if !fifSuitStarted(s, fifKings, c.Suit()) {
			dst = fifEmptyFoundations(s, dst, engine.Transfer(from, 0), fifKings)
		}
	}
	for f := fifAces; f < fifPiles; f++ {
		t := s.Piles[f].Top()
		if t == engine.NoCard || t.Suit() != c.Suit() {
			continue
		}
		if (f < fifKings && c.Rank() == t.Rank()+1) || (f >= fifKings && c.Rank()+1 == t.Rank()) {
			dst = append(dst, engine.Transfer(from, f))
		}
	}
	return dst
}

// fifEmptyFoundations appends m aimed at each empty foundation of the group
// at first.
func fifEmptyFoundations(s *engine.State, dst []engine.Move, m engine.Move, first int) []engine.Move {
	for f := first; f < first+4; f++ {
		if len(s.Piles[f].Cards) == 0 {
			m.To = int8(f)
			dst = append(dst, m)
		}
	}
	return dst
}

// fifOpenMoves appends the opening exceptions still allowed.
func fifOpenMoves(s *engine.State, dst []engine.Move) []engine.Move {
	opened := s.Vars[fifVarOpened]
	for from := fifCols; from < fifAces; from++ {
		cards := s.Piles[from].Cards
		if len(cards) < 2 {
			continue
		}
		m := engine.ActionMove(fifActOpen, from, 0)
		switch cards[len(cards)-2].Rank() {
		case engine.Ace:
			if opened&1 == 0 {
				dst = fifEmptyFoundations(s, dst, m, fifAces)
			}
		case engine.King:
			if opened&2 == 0 {
				dst = fifEmptyFoundations(s, dst, m, fifKings)
			}
		}
	}
	return dst
}

// Won reports whether all 104 cards are on the foundations.
func (fifteen) Won(s *engine.State) bool {
	for f := fifAces; f < fifPiles; f++ {
		if len(s.Piles[f].Cards) != 13 {
			return false
		}
	}
	return true
}

// wordOpen is the Fifteen's opening exception.
var wordOpen = engine.Word{ID: "open",
	Label: engine.Text{EN: "Open", RU: "Открыть"},
	Says:  engine.Text{EN: "the opening exception: a card taken from above the lowest card", RU: "исключение для начала игры: берут карту, лежащую над нижней"}}
