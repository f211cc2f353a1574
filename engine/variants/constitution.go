package variants

import (
	"math/bits"

	"pasyans/engine"
)

// The Constitution ("Конституція"; Cadogan 1874 #22 "The British
// Constitution", 1914 "The Constitution"; PySolFC British Constitution):
// source 000:2–9. Two packs without kings and queens; the eight aces are the
// foundations (the Government), built up in suit to the knaves, fed only from
// the top of four rows of eight dealt from the bottom: the People, the House
// of Commons, the House of Lords and the Privy Council. A card climbs by
// building, descending in alternate colours, on the row immediately above;
// vacancies are filled at once from the row below, the People from the
// talon or the pack. No redeal.
//
// Only rule VI survives (000:2); rules I–V are the edition's reconstructions
// from Cadogan, each rule value saying so. Decisions (games.md §3.1):
//   - Rule V is compulsory (Cadogan): while a vacancy above the People can be
//     filled from the row below, the only legal moves are such fillings, a
//     normal transfer FROM>TO from a pile of the row immediately below chosen
//     by the player. Option free-vacancies follows PySolFC (never forced).
//   - A vacancy in the People is filled automatically, inside the move that
//     makes it, from the talon's top card, else the pack's next card.
//   - Talon cards enter the layout only through People vacancies (Cadogan);
//     option talon-on-people follows PySolFC (talon top builds on People).
//   - The word deal turns the next pack card at any time the player chooses.
//   - The removed cards are kept as cards so that every card of the deck is
//     in some pile: aces on the foundations, the Sovereign (the first queen of
//     diamonds of the shuffled deck) on sov, black kings on b1..b4, red kings
//     on j1..j4 (decoration), the seven other queens on the discard pile q.
//
// The game uses no counters (Vars).

// Pile indexes of constitution. Rows are 8 piles each, top row first, so the
// row of pile i (i < coFound) is i/8: 0 Privy Council, 1 Lords, 2 Commons,
// 3 People.
const (
	coPrivy   = 0  // v1..v8: the Privy Council (top row)
	coLords   = 8  // l1..l8: the House of Lords
	coCommons = 16 // c1..c8: the House of Commons
	coPeople  = 24 // p1..p8: the People (lowest row)
	coFound   = 32 // f1..f8: foundations, A↑J in suit (f1,f2 ♠, f3,f4 ♥, f5,f6 ♦, f7,f8 ♣)
	coStock   = 40 // s: the pack
	coTalon   = 41 // w: the talon
	coSov     = 42 // sov: the Sovereign, Q♦ (decoration)
	coBishops = 43 // b1..b4: black kings (decoration)
	coJudges  = 47 // j1..j4: red kings (decoration)
	coQueens  = 51 // q: the seven queens thrown aside (discard)
)

// Options of constitution.
const (
	coOptTalonOnPeople = 0 // PySolFC: the talon's top card builds on the People
	coOptFreeVacancies = 1 // PySolFC: vacancies above the People are not forced
)

const coReconstructedII = "the sources begin at rule VI (000:2): rules I–V of this game are lost with the start of its text; "

// coReconstructedIIRU is coReconstructedII in Russian.
const coReconstructedIIRU = "источники начинаются с правила VI (000:2): правила I–V этой игры утрачены вместе с началом её текста; "

var (
	coLayout = &engine.Rule{ID: "constitution/layout",
		EN:   "Four horizontal rows of eight are dealt, beginning with the lowest: the People, the House of Commons, the House of Lords and, at the top, the Privy Council.",
		RU:   "Раскладывают четыре продольных ряда по восемь карт, начиная с нижнего: Народ, Палата общин, Палата лордов и наверху Тайный совет.",
		Book: []string{"000:4", "000:6"}}
	coSetAside = &engine.Rule{ID: "constitution/set-aside",
		EN:   "Kings, queens and aces are taken out of the two packs: the eight aces become the foundations, seven queens are thrown aside, and the queen of diamonds (the Sovereign) and the eight kings (black: the Bishops, red: the Judges) only adorn the layout. None of these cards is moved in play.",
		RU:   "Из двух колод вынимают королей, дам и тузов: восемь тузов становятся основаниями, семь дам откладывают в сторону, а бубновая дама (государыня) и восемь королей (чёрные — епископы, красные — судьи) лишь украшают раскладку. Ни одну из этих карт в игре не двигают.",
		Book: []string{"000:3", "000:4"}}
	coFoundSuit = &engine.Rule{ID: "constitution/foundation-suit",
		EN:   "The foundations must follow suit (rule VI).",
		RU:   "На основаниях должны соблюдаться масти (правило VI).",
		Book: []string{"000:2"}}
	coFoundUp = &engine.Rule{ID: "constitution/foundation-up",
		EN:   "The eight aces are the foundations, the Government; each ascends one rank at a time to the knave.",
		RU:   "Восемь тузов — основные карты, «правительство»; на каждом карты идут по порядку вверх до валета.",
		Book: []string{"000:4"}}
	coFoundPrivy = &engine.Rule{ID: "constitution/foundation-from-privy-council",
		EN:            "Cards are played to the foundations only from the Privy Council, the top row; a card of any other row, of the talon or of the pack must first climb there (rule I).",
		RU:            "На основания карты кладут только из ряда Тайного совета, верхнего; карта любого другого ряда, талона или колоды должна сначала подняться туда (правило I).",
		Reconstructed: coReconstructedII + "rule I is restored from Cadogan's rule I. 000:7 cites rule I when the suitable cards of the Privy Council are played at once, but does not state that only that row feeds the foundations.", ReconstructedRU: coReconstructedIIRU + "правило I восстановлено по правилу I Кадоган. 000:7 ссылается на правило I, когда подходящие карты Тайного совета сразу идут в игру, но не говорит, что основания пополняются только из этого ряда."}
	coBuildRow = &engine.Rule{ID: "constitution/build-from-row-below",
		EN:            "A card of the People, the Commons or the Lords may be placed in sequence only on a card of the row immediately above it: never within its own row, never downwards, never across a row (rule II).",
		RU:            "Карту Народа, Палаты общин или Палаты лордов можно положить по порядку только на карту ряда непосредственно над ней: не в своём ряду, не вниз и не через ряд (правило II).",
		Reconstructed: coReconstructedII + "rule II is restored from Cadogan's rule II. 000:8 cites rules II and IV for placing cards in sequence without stating them.", ReconstructedRU: coReconstructedIIRU + "правило II восстановлено по правилу II Кадоган. 000:8 ссылается на правила II и IV, говоря о том, как класть карты в последовательность, но не излагает их."}
	coTopCard = &engine.Rule{ID: "constitution/top-card",
		EN:            "Only the top card of a sequence is available, so cards are moved one at a time (rule III). The notation enforces it: a move always takes the top card of a pile.",
		RU:            "В последовательности годна только верхняя карта, поэтому карты перекладывают по одной (правило III). Запись ходов это обеспечивает: ход всегда берёт верхнюю карту стопки.",
		Reconstructed: coReconstructedII + "rule III is restored from Cadogan's rule III; the surviving text does not cite it.", ReconstructedRU: coReconstructedIIRU + "правило III восстановлено по правилу III Кадоган; сохранившийся текст на него не ссылается."}
	coSequence = &engine.Rule{ID: "constitution/sequence",
		EN:            "Sequences descend in alternate colours: a red card goes on a black card one rank higher, a black card on a red one (rule IV).",
		RU:            "Последовательности идут вниз с чередованием цветов: красную карту кладут на чёрную, старшую на одно достоинство, чёрную — на красную (правило IV).",
		Reconstructed: coReconstructedII + "rule IV is restored from Cadogan's rule IV. 000:8 cites rules II and IV for placing cards in sequence without stating them.", ReconstructedRU: coReconstructedIIRU + "правило IV восстановлено по правилу IV Кадоган. 000:8 ссылается на правила II и IV, говоря о том, как класть карты в последовательность, но не излагает их."}
	coFill = &engine.Rule{ID: "constitution/fill-vacancy",
		EN:            "A vacancy in the Privy Council, the Lords or the Commons must be filled at once with a card of the row immediately below, chosen by the player; while such a vacancy can be filled no other move may be made, and the vacancy it leaves below is filled in its turn (rule V). A vacancy stays only when the whole row below is empty.",
		RU:            "Пустое место в Тайном совете, Палате лордов или Палате общин нужно сразу занять картой ряда непосредственно ниже, по выбору играющего; пока такое место можно занять, других ходов делать нельзя, а освободившееся ниже место занимают в свою очередь (правило V). Место остаётся пустым, лишь когда весь ряд ниже пуст.",
		Book:          []string{"000:7"},
		Reconstructed: coReconstructedII + "000:7 states that each vacancy is filled as soon as it opens and cites rule V; that the card comes from the row immediately below is Cadogan's rule V, and that the player chooses among the cards of that row is the edition's reading.", ReconstructedRU: coReconstructedIIRU + "000:7 говорит, что каждое пустое место заполняется, как только появляется, и ссылается на правило V; что карта берётся из ряда непосредственно ниже — правило V Кадоган, а что игрок выбирает среди карт этого ряда — прочтение издателя."}
	coFreeVacancies = &engine.Rule{ID: "constitution/free-vacancies",
		EN:            "PySolFC's reading: a vacancy above the People need not be filled at once; it may be filled later, when the player chooses, with any card of the row immediately below.",
		RU:            "Прочтение PySolFC: пустое место выше Народа не обязательно занимать сразу; его можно занять позже, когда угодно, любой картой ряда непосредственно ниже.",
		Reconstructed: "PySolFC's British Constitution leaves vacancies above the People open until the player fills them, against Cadogan's rule V and 000:7", ReconstructedRU: "British Constitution в PySolFC не требует сразу заполнять пустые места выше Народа — вопреки правилу V Кадоган и 000:7",
		Option: "free-vacancies"}
	coPeopleVacancy = &engine.Rule{ID: "constitution/people-vacancy",
		EN:            "A vacancy in the People is filled at once, automatically, with the top card of the talon or, when there is no talon, with the next card of the pack; talon cards enter the layout in no other way (rules I and V).",
		RU:            "Пустое место в Народе сразу, без выбора игрока, занимают верхней картой талона, а если талона нет — следующей картой колоды; иначе карты талона в раскладку не попадают (правила I и V).",
		Book:          []string{"000:9"},
		Reconstructed: "000:9 says that the cards not needed to fill vacancies in the People form the talon; taking the talon first and the pack only when there is no talon, and keeping talon cards out of every other place, are Cadogan's rules V and I (both lost here, see 000:2).", ReconstructedRU: "000:9 говорит, что карты, не нужные для заполнения пустых мест в Народе, образуют талон; брать сначала из талона, а из колоды — только когда талона нет, и не пускать карты талона ни в какое другое место — правила V и I Кадоган (оба здесь утрачены, см. 000:2).",
		Lets: engine.LetsStockFeed}
	coTalonOnPeople = &engine.Rule{ID: "constitution/talon-on-people",
		EN:            "PySolFC's variant: the top card of the talon may also be placed in sequence (down, alternate colours) on a card of the People.",
		RU:            "Вариант PySolFC: верхнюю карту талона можно также положить по порядку (вниз, с чередованием цветов) на карту Народа.",
		Reconstructed: "PySolFC's British Constitution lets the bottom row take cards from the waste; Cadogan's rule I does not", ReconstructedRU: "British Constitution в PySolFC позволяет нижнему ряду брать карты из талона; правило I Кадоган этого не позволяет",
		Option: "talon-on-people"}
	coDeal = &engine.Rule{ID: "constitution/deal",
		EN:   "The rest of the pack is turned one card at a time (the word deal), when the player chooses: the card fills a vacancy in the People if there is one, otherwise it goes onto the talon, a single packet whose top card fills the next vacancy. Pack cards move in no other way, and nothing else goes onto the talon or back to the pack.",
		RU:   "Карты остальной колоды выкладывают по одной (ход deal), когда угодно играющему: карта занимает пустое место в Народе, если оно есть, иначе идёт в талон — одну пачку, верхняя карта которой займёт следующее пустое место. Иначе карты колоды не двигаются, и ничего другого в талон и обратно в колоду не кладут.",
		Book: []string{"000:9"}}
	coNoRedeal = &engine.Rule{ID: "constitution/no-redeal",
		EN:            "The patience is not dealt a second time: when the pack is exhausted the talon is not turned over.",
		RU:            "Пасьянс вторично не раскладывается: когда колода кончилась, талон не переворачивают.",
		Reconstructed: "the surviving text ends at 000:9 without a word on a second deal, and the end of Cadogan's text could not be checked; PySolFC allows none (max_rounds=1)", ReconstructedRU: "сохранившийся текст кончается на 000:9, ни слова не сказав о пересдаче, а конец текста Кадоган проверить не удалось; PySolFC её не допускает (max_rounds=1)"}
	coFoundFinal = &engine.Rule{ID: "constitution/foundation-final",
		EN:            "A card played to a foundation stays there.",
		RU:            "Карта, положенная на основание, там и остаётся.",
		Reconstructed: "the text never moves a card back from a foundation; Cadogan's rule I makes the Privy Council the only way onto them (PySolFC allows taking back as its own choice)", ReconstructedRU: "в тексте карта никогда не возвращается с основания; по правилу I Кадоган единственный путь на основания — через Тайный совет (PySolFC по собственному выбору разрешает брать карты обратно)"}
)

type constitution struct{}

func init() {
	piles := append(pileIDs("v", 8, engine.Tableau), pileIDs("l", 8, engine.Tableau)...)
	piles = append(piles, pileIDs("c", 8, engine.Tableau)...)
	piles = append(piles, pileIDs("p", 8, engine.Tableau)...)
	piles = append(piles, pileIDs("f", 8, engine.Foundation)...)
	piles = append(piles, engine.PileDef{ID: "s", Role: engine.Stock}, engine.PileDef{ID: "w", Role: engine.Waste},
		engine.PileDef{ID: "sov", Role: engine.Decoration})
	piles = append(piles, pileIDs("b", 4, engine.Decoration)...)
	piles = append(piles, pileIDs("j", 4, engine.Decoration)...)
	piles = append(piles, engine.PileDef{ID: "q", Role: engine.Discard})
	engine.Register(&engine.Variant{
		ID:     "constitution",
		Titles: engine.Titles{RU: "Конституція", RUModern: "Конституция", EN: "The Constitution"},
		Packs:  2,
		Piles:  piles,
		Words:  []engine.Word{engine.WordDeal},
		Rules: []*engine.Rule{coLayout, coSetAside, coFoundSuit, coFoundUp, coFoundPrivy, coBuildRow, coTopCard, coSequence,
			coFill, coFreeVacancies, coPeopleVacancy, coTalonOnPeople, coDeal, coNoRedeal, coFoundFinal},
		Options: []engine.Option{
			{ID: "talon-on-people", EN: "PySolFC: the talon's top card may be built on the People.", RU: "PySolFC: верхнюю карту талона можно класть по порядку на карты Народа."},
			{ID: "free-vacancies", EN: "PySolFC: vacancies above the People need not be filled at once.", RU: "PySolFC: пустые места выше Народа не обязательно занимать сразу."},
		},
		Spec: engine.Spec{Cards: 88, Removed: []string{"K", "Q"}, Players: 1, Deals: 1, Win: "foundations",
			Foundations: []engine.FoundationSpec{{Count: 8, Base: "A", Dir: "up", Top: "J", Suit: "same", When: "before",
				Piles: idsOf(piles, indexes(coFound, 8))}},
			Building: []engine.BuildSpec{{Piles: idsOf(piles, indexes(coPrivy, 24)), Dir: "down", Suit: "alternate",
				Empty: "below", When: "always"}},
		},
		Layout: constitutionLayout(),
		Symmetric: [][]int{indexes(coPrivy, 8), indexes(coLords, 8), indexes(coCommons, 8), indexes(coPeople, 8),
			{coFound, coFound + 1}, {coFound + 2, coFound + 3}, {coFound + 4, coFound + 5}, {coFound + 6, coFound + 7}},
		Game: constitution{},
	})
}

// constitutionLayout draws the reconstructed figure: the Sovereign between
// the Bishops and the Judges at the top, the Government (foundations) below
// them, then the four rows from the Privy Council down to the People, with
// the pack, the talon and the thrown-aside queens on the right.
func constitutionLayout() engine.Layout {
	const pitch, rowY0, rowStep, x0 = 1.2, 4.0, 3.0, 0.6
	l := engine.Layout{Width: 12.2, Height: rowY0 + 3*rowStep + engine.CardHeight + 1.6,
		Reconstructed: "the book's figure (\"какъ на рисункѣ\", 000:3) is not in the sources: the four rows follow 000:4 and 000:6 (dealt from the bottom, the People lowest); the places of the Sovereign, the Bishops, the Judges, the foundations, the pack, the talon and the thrown-aside queens are the edition's", ReconstructedRU: "рисунка книги («какъ на рисункѣ», 000:3) в источниках нет: четыре ряда следуют 000:4 и 000:6 (раскладываются снизу, Народ — нижний); места государыни, епископов, судей, оснований, колоды, талона и отброшенных дам выбраны издателем"}
	for i := 0; i < 4; i++ {
		l.Slots = append(l.Slots, engine.Slot{Pile: "b" + itoa(i+1), X: float64(i) * pitch, Y: 0,
			Label: engine.Text{RU: "епископ", EN: "Bishop"}})
		l.Slots = append(l.Slots, engine.Slot{Pile: "j" + itoa(i+1), X: float64(i+5) * pitch, Y: 0,
			Label: engine.Text{RU: "судья", EN: "Judge"}})
	}
	l.Slots = append(l.Slots, engine.Slot{Pile: "sov", X: 4 * pitch, Y: 0, Label: engine.Text{RU: "государыня", EN: "the Sovereign"}})
	for i := 0; i < 8; i++ {
		l.Slots = append(l.Slots, engine.Slot{Pile: "f" + itoa(i+1), X: x0 + float64(i)*pitch, Y: 2.0,
			Label: engine.Text{RU: "основание", EN: "foundation"}, Mark: "A↑J"})
	}
	rows := []struct {
		prefix string
		name   engine.Text
	}{
		{"v", engine.Text{RU: "Тайный совет", EN: "Privy Council"}},
		{"l", engine.Text{RU: "Палата лордов", EN: "House of Lords"}},
		{"c", engine.Text{RU: "Палата общин", EN: "House of Commons"}},
		{"p", engine.Text{RU: "Народ", EN: "the People"}},
	}
	for r, row := range rows {
		y := rowY0 + float64(r)*rowStep
		for i := 0; i < 8; i++ {
			l.Slots = append(l.Slots, engine.Slot{Pile: row.prefix + itoa(i+1), X: x0 + float64(i)*pitch, Y: y, Fan: engine.FanDown})
		}
		l.Captions = append(l.Captions, engine.Caption{X: x0, Y: y - 0.3, Text: row.name})
	}
	l.Captions = append(l.Captions, engine.Caption{X: x0, Y: 1.75, Text: engine.Text{RU: "правительство", EN: "the Government"}})
	l.Slots = append(l.Slots,
		engine.Slot{Pile: "q", X: 11.2, Y: 0, Label: engine.Text{RU: "отброшенные дамы", EN: "queens thrown aside"}},
		engine.Slot{Pile: "w", X: 11.2, Y: rowY0 + 2*rowStep, Label: engine.Text{RU: "талон", EN: "talon"}},
		engine.Slot{Pile: "s", X: 11.2, Y: rowY0 + 3*rowStep, Label: engine.Text{RU: "колода", EN: "pack"}})
	return l
}

// Deal sets the kings, queens and aces aside (aces onto the foundations of
// their suit), keeps the other 80 cards in their shuffled order as the
// pack, and deals four rows of eight from the pack's top, the People first.
func (constitution) Deal(s *engine.State, deck []engine.Card) {
	st := &s.Piles[coStock]
	bishop, judge, sovereign := coBishops, coJudges, false
	for _, c := range deck {
		switch r := c.Rank(); {
		case r == engine.Ace:
			f := coFound + 2*int(c.Suit())
			if len(s.Piles[f].Cards) > 0 {
				f++
			}
			s.Piles[f].Cards = append(s.Piles[f].Cards, c)
		case r == engine.Queen && c.Suit() == engine.Diamonds && !sovereign:
			sovereign = true
			s.Piles[coSov].Cards = append(s.Piles[coSov].Cards, c)
		case r == engine.Queen:
			s.Piles[coQueens].Cards = append(s.Piles[coQueens].Cards, c)
		case r == engine.King && c.Red():
			s.Piles[judge].Cards = append(s.Piles[judge].Cards, c)
			judge++
		case r == engine.King:
			s.Piles[bishop].Cards = append(s.Piles[bishop].Cards, c)
			bishop++
		default:
			st.Cards = append(st.Cards, c)
		}
	}
	for row := coPeople; row >= coPrivy; row -= 8 {
		for i := row; i < row+8; i++ {
			s.Piles[i].Cards = append(s.Piles[i].Cards, st.Cards[len(st.Cards)-1])
			st.Cards = st.Cards[:len(st.Cards)-1]
		}
	}
}

// coDownAlt reports whether c goes on t: one rank lower, the other colour.
func coDownAlt(t, c engine.Card) bool {
	return t != engine.NoCard && c.Rank()+1 == t.Rank() && c.Red() != t.Red()
}

// coOccupied returns, per row (0 Privy Council … 3 People), the bit set of
// its piles that hold a card.
func coOccupied(s *engine.State) (occ [4]uint8) {
	for i := coPrivy; i < coFound; i++ {
		if len(s.Piles[i].Cards) > 0 {
			occ[i>>3] |= 1 << uint(i&7)
		}
	}
	return occ
}

// coMustFill reports whether rule V blocks every move but fillings: a
// vacancy above the People whose row below still holds a card.
func coMustFill(s *engine.State, occ *[4]uint8) bool {
	if s.Opt(coOptFreeVacancies) {
		return false
	}
	for r := 0; r < 3; r++ {
		if occ[r] != 0xFF && occ[r+1] != 0 {
			return true
		}
	}
	return false
}

func (g constitution) Check(s *engine.State, m engine.Move) *engine.Rule {
	if m.Action != 0 {
		return g.checkDeal(s, m)
	}
	from, to := int(m.From), int(m.To)
	switch {
	case from >= coSov || to >= coSov:
		return coSetAside
	case from >= coFound && from < coStock:
		return coFoundFinal
	case from == coStock || to == coStock || to == coTalon:
		return coDeal
	}
	c := s.Piles[from].Top()
	if c == engine.NoCard {
		return engine.RuleEmptySource
	}
	if to >= coFound {
		return g.checkFoundation(s, from, to, c)
	}
	if from == coTalon {
		return g.checkTalon(s, to, c)
	}
	return g.checkTableau(s, from, to, c)
}

func (constitution) checkFoundation(s *engine.State, from, to int, c engine.Card) *engine.Rule {
	if from >= coLords {
		return coFoundPrivy
	}
	occ := coOccupied(s)
	if coMustFill(s, &occ) {
		return coFill
	}
	t := s.Piles[to].Top()
	switch {
	case t == engine.NoCard:
		return coSetAside
	case t.Suit() != c.Suit():
		return coFoundSuit
	case c.Rank() != t.Rank()+1:
		return coFoundUp
	}
	return nil
}

func (constitution) checkTalon(s *engine.State, to int, c engine.Card) *engine.Rule {
	t := s.Piles[to].Top()
	if !s.Opt(coOptTalonOnPeople) || to < coPeople || t == engine.NoCard {
		return coPeopleVacancy
	}
	occ := coOccupied(s)
	if coMustFill(s, &occ) {
		return coFill
	}
	if !coDownAlt(t, c) {
		return coTalonOnPeople
	}
	return nil
}

func (constitution) checkTableau(s *engine.State, from, to int, c engine.Card) *engine.Rule {
	t := s.Piles[to].Top()
	below := to>>3 == from>>3-1
	if t == engine.NoCard {
		switch {
		case to >= coPeople:
			return coPeopleVacancy
		case !below && s.Opt(coOptFreeVacancies):
			return coFreeVacancies
		case !below:
			return coFill
		}
		return nil
	}
	if !below {
		return coBuildRow
	}
	occ := coOccupied(s)
	if coMustFill(s, &occ) {
		return coFill
	}
	if !coDownAlt(t, c) {
		return coSequence
	}
	return nil
}

func (constitution) checkDeal(s *engine.State, m engine.Move) *engine.Rule {
	if m.From >= 0 || m.To >= 0 {
		return engine.RuleSyntax
	}
	if len(s.Piles[coStock].Cards) == 0 {
		return coNoRedeal
	}
	occ := coOccupied(s)
	if coMustFill(s, &occ) {
		return coFill
	}
	return nil
}

// Apply makes the move, then fills any vacancy of the People from the
// talon, else the pack (rule V, automatic).
func (constitution) Apply(s *engine.State, m engine.Move) {
	if m.Action != 0 {
		s.Move(coStock, coTalon, 1)
		for p := coPeople; p < coFound; p++ {
			coFillPeople(s, p)
		}
		return
	}
	from := int(m.From)
	s.Move(from, int(m.To), 1)
	if from >= coPeople && from < coFound {
		coFillPeople(s, from)
	}
}

// coFillPeople fills People pile p, if empty, from the talon or the pack.
func coFillPeople(s *engine.State, p int) {
	if len(s.Piles[p].Cards) > 0 {
		return
	}
	switch {
	case len(s.Piles[coTalon].Cards) > 0:
		s.Move(coTalon, p, 1)
	case len(s.Piles[coStock].Cards) > 0:
		s.Move(coStock, p, 1)
	}
}

func (constitution) Moves(s *engine.State, dst []engine.Move) []engine.Move {
	occ := coOccupied(s)
	dst = coFillMoves(occ, dst)
	if coMustFill(s, &occ) {
		return dst
	}
	for from := coPrivy; from < coLords; from++ {
		if c := s.Piles[from].Top(); c != engine.NoCard {
			f := coFound + 2*int(c.Suit())
			for _, t := range [2]int{f, f + 1} {
				if tc := s.Piles[t].Top(); tc != engine.NoCard && tc.Suit() == c.Suit() && c.Rank() == tc.Rank()+1 {
					dst = append(dst, engine.Transfer(from, t))
				}
			}
		}
	}
	dst = coDownMoves(s, dst)
	if c := s.Piles[coTalon].Top(); c != engine.NoCard && s.Opt(coOptTalonOnPeople) {
		for to := coPeople; to < coFound; to++ {
			if coDownAlt(s.Piles[to].Top(), c) {
				dst = append(dst, engine.Transfer(coTalon, to))
			}
		}
	}
	if len(s.Piles[coStock].Cards) > 0 {
		dst = append(dst, engine.ActionMove(1, -1, -1))
	}
	return dst
}

// coDownMoves appends the moves of a top card of a row onto a top card of
// the row above (Privy Council, Lords, Commons) that coDownAlt allows,
// pile above by pile above, then pile below by pile below. The tops of
// the row below are indexed once by rank and colour, so that each pile
// above looks up its candidates rather than testing all eight (this loop
// was a quarter of the solver's time on the game in WebAssembly).
func coDownMoves(s *engine.State, dst []engine.Move) []engine.Move {
	for row := coPrivy; row < coPeople; row += 8 {
		var below [64][2]uint8 // by rank and colour (1: red), the piles below whose top it is
		for b := 0; b < 8; b++ {
			c := s.Piles[row+8+b].Top()
			below[c.Rank()][coRed(c)] |= 1 << uint(b)
		}
		for to := row; to < row+8; to++ {
			t := s.Piles[to].Top()
			if t == engine.NoCard || t.Rank() == 0 {
				continue
			}
			for m := below[t.Rank()-1][1-coRed(t)]; m != 0; m &= m - 1 {
				dst = append(dst, engine.Transfer(row+8+bits.TrailingZeros8(m), to))
			}
		}
	}
	return dst
}

// coRed is 1 for a red card, else 0.
func coRed(c engine.Card) int {
	if c.Red() {
		return 1
	}
	return 0
}

// coFillMoves appends the fillings of vacancies above the People from the
// row immediately below (rule V).
func coFillMoves(occ [4]uint8, dst []engine.Move) []engine.Move {
	for r := 0; r < 3; r++ {
		empty, below := ^occ[r], occ[r+1]
		if empty == 0 || below == 0 {
			continue
		}
		for e := 0; e < 8; e++ {
			if empty&(1<<uint(e)) == 0 {
				continue
			}
			for b := 0; b < 8; b++ {
				if below&(1<<uint(b)) != 0 {
					dst = append(dst, engine.Transfer((r+1)*8+b, r*8+e))
				}
			}
		}
	}
	return dst
}

func (constitution) Won(s *engine.State) bool {
	for f := coFound; f < coStock; f++ {
		if len(s.Piles[f].Cards) != 11 {
			return false
		}
	}
	return true
}
