package variants

import "pasyans/engine"

// Le Cadran (Cadogan 1874 #2; "Napoleon at St. Helena" in Cadogan 1914;
// Forty Thieves in PySolFC): source 002:1–3, 002:5–11 and footnote [2] at
// 002:14–15. Four rows of ten dealt face up; only the lowest card of each
// column is available; eight aces built up in suit to the king; descending
// marriages in suit on the layout; lanes filled by any available card; the
// rest of the pack turned card by card onto one talon; no redeal.

// Pile indexes of le-cadran.
const (
	lcCols  = 0  // c1..c10
	lcFound = 10 // f1..f8
	lcStock = 18
	lcTalon = 19
)

// Options of le-cadran.
const (
	lcOptTalonOnly  = 0 // footnote [2] read with Cadogan: lanes only from the talon
	lcOptStrictDeal = 1 // the pack is turned only when no card plays to a foundation or by marriage
)

var (
	lcLayout = &engine.Rule{ID: "le-cadran/layout",
		EN:   "Four rows of ten cards are dealt face up from left to right, the first row at the top; the rest of the pack waits.",
		RU:   "Раскладывают слева направо четыре ряда по десять открытых карт, первый ряд сверху; остальную колоду пока откладывают.",
		Book: []string{"002:3"}}
	lcAvailable = &engine.Rule{ID: "le-cadran/available",
		EN:   "Only the lowest card of each column is available; a card above becomes available when every card below it is gone (rule I).",
		RU:   "Годна только нижняя карта каждого столбца; лежащая выше становится годной, когда сняты все карты под ней (правило I).",
		Book: []string{"002:6", "002:7"}}
	lcFoundBase = &engine.Rule{ID: "le-cadran/foundation-base",
		EN:   "The eight aces are the foundations; each is laid on its place as soon as it is free.",
		RU:   "Восемь тузов — основные карты; каждого туза кладут на его место, как только он освободится.",
		Book: []string{"002:2", "002:5", "002:6"}}
	lcFoundSuit = &engine.Rule{ID: "le-cadran/foundation-suit",
		EN:   "The foundations follow suit.",
		RU:   "На основаниях соблюдаются масти.",
		Book: []string{"002:1"}}
	lcFoundUp = &engine.Rule{ID: "le-cadran/foundation-up",
		EN:   "Foundations are built in ascending order from the ace to the king.",
		RU:   "На основания кладут карты в восходящем порядке от туза до короля.",
		Book: []string{"002:5"}}
	lcFoundFinal = &engine.Rule{ID: "le-cadran/foundation-final",
		EN:            "A card laid on a foundation stays there.",
		RU:            "Карта, положенная на основание, там и остаётся.",
		Reconstructed: "the book never moves a card back from a foundation; Cadogan's play text does not either (PySolFC allows it as its own choice)", ReconstructedRU: "в книге карта никогда не возвращается с основания, в описании хода игры у Кадоган тоже (PySolFC разрешает это по собственному выбору)"}
	lcMarriage = &engine.Rule{ID: "le-cadran/marriage",
		EN:   "On the layout an available card may be placed on an available card of the same suit one rank higher (descending marriage).",
		RU:   "В раскладке годную карту можно положить на годную карту той же масти, старшую на одно достоинство (марьяж в нисходящем порядке).",
		Book: []string{"002:7", "002:10"}}
	lcLane = &engine.Rule{ID: "le-cadran/lane",
		EN:   "A column emptied to the top row is a lane: any available card of the layout or the talon may fill it, when the player chooses; it then counts as an original card.",
		RU:   "Столбец, освобождённый до верхнего ряда, — поперечный промежуток: его можно занять любой годной картой раскладки или талона, когда угодно; она получает все права первоначальной карты.",
		Book: []string{"002:8", "002:9"}}
	lcLaneTalonOnly = &engine.Rule{ID: "le-cadran/lane-talon-only",
		EN:   "Variant of footnote [2]: a lane may be filled only from the talon.",
		RU:   "Вариант по сноске [2]: промежуток можно занять только картой из талона.",
		Book: []string{"002:15"}, Option: "talon-only"}
	lcDeal = &engine.Rule{ID: "le-cadran/deal",
		EN:   "The rest of the pack is turned one card at a time; a card that cannot be used goes onto the talon, a single packet whose top card is available.",
		RU:   "Карты остальной колоды открывают по одной; неупотреблённая карта идёт в талон — одну пачку, верхняя карта которой годна.",
		Book: []string{"002:10"}}
	lcStrictDeal = &engine.Rule{ID: "le-cadran/deal-when-stuck",
		EN:   "Literal reading of 002:10: the pack is turned only when no card can be played to a foundation or by marriage (an open lane may wait, 002:8).",
		RU:   "Буквальное прочтение 002:10: карту колоды открывают, лишь когда ни одну карту нельзя положить на основание или марьяжем (промежуток может ждать, 002:8).",
		Book: []string{"002:8", "002:10"}, Option: "strict-deal"}
	lcNoRedeal = &engine.Rule{ID: "le-cadran/no-redeal",
		EN:   "The patience is not dealt a second time.",
		RU:   "Пасьянс вторично не раскладывается.",
		Book: []string{"002:11"}}
	lcTalonIn = &engine.Rule{ID: "le-cadran/talon-from-pack",
		EN:   "Cards reach the talon only from the pack.",
		RU:   "В талон карты попадают только из колоды.",
		Book: []string{"002:10"}}
)

type leCadran struct{}

func init() {
	piles := append(pileIDs("c", 10, engine.Tableau), pileIDs("f", 8, engine.Foundation)...)
	piles = append(piles, engine.PileDef{ID: "s", Role: engine.Stock}, engine.PileDef{ID: "w", Role: engine.Waste})
	engine.Register(&engine.Variant{
		ID:     "le-cadran",
		Titles: engine.Titles{RU: "Циферблатъ", RUModern: "Циферблат", EN: "Le Cadran"},
		Packs:  2,
		Piles:  piles,
		Words:  []engine.Word{engine.WordDeal},
		Rules:  []*engine.Rule{lcLayout, lcAvailable, lcFoundBase, lcFoundSuit, lcFoundUp, lcFoundFinal, lcMarriage, lcLane, lcLaneTalonOnly, lcDeal, lcStrictDeal, lcNoRedeal, lcTalonIn},
		Options: []engine.Option{
			{ID: "talon-only", EN: "Footnote [2] as Cadogan has it: lanes are filled only from the talon.", RU: "Сноска [2] так, как у Кадоган: промежутки занимают только картами из талона."},
			{ID: "strict-deal", EN: "Turn the pack only when no card can be played to a foundation or by marriage (literal 002:10).", RU: "Открывать карту колоды, лишь когда ни одна карта не идёт на основание или марьяжем (буквально 002:10)."},
		},
		Spec: engine.Spec{Cards: 104, Players: 1, Deals: 1, Win: "foundations",
			Foundations: []engine.FoundationSpec{{Count: 8, Base: "A", Dir: "up", Top: "K", Suit: "same", When: "during", Piles: idsOf(piles, indexes(lcFound, 8))}},
			Building:    []engine.BuildSpec{{Piles: idsOf(piles, indexes(lcCols, 10)), Dir: "down", Suit: "same", Empty: "any", When: "always"}},
		},
		Layout:    leCadranLayout(),
		Symmetric: [][]int{indexes(lcFound, 8), indexes(lcCols, 10)},
		Game:      leCadran{},
	})
}

func leCadranLayout() engine.Layout {
	l := engine.Layout{Width: 13.2, Height: 2*engine.CardHeight + 0.5 + 3*0.3 + 0.6}
	for i := 0; i < 8; i++ {
		l.Slots = append(l.Slots, engine.Slot{Pile: "f" + itoa(i+1), X: 1.2 + float64(i)*1.2, Y: 0,
			Label: engine.Text{RU: "основание", EN: "foundation"}, Mark: "A↑K"})
	}
	for i := 0; i < 10; i++ {
		l.Slots = append(l.Slots, engine.Slot{Pile: "c" + itoa(i+1), X: float64(i) * 1.2, Y: engine.CardHeight + 0.5, Fan: engine.FanDown})
	}
	l.Slots = append(l.Slots,
		engine.Slot{Pile: "s", X: 12.2, Y: 0, Label: engine.Text{RU: "колода", EN: "pack"}},
		engine.Slot{Pile: "w", X: 12.2, Y: engine.CardHeight + 0.5, Label: engine.Text{RU: "талон", EN: "talon"}})
	l.Captions = []engine.Caption{{X: 0, Y: l.Height, Text: engine.Text{RU: "нижний ряд — годные карты", EN: "lowest row: available cards"}}}
	return l
}

func (leCadran) Deal(s *engine.State, deck []engine.Card) {
	st := &s.Piles[lcStock]
	st.Cards = append(st.Cards, deck...)
	// Four rows of ten, left to right, the first row at the top.
	for row := 0; row < 4; row++ {
		for c := 0; c < 10; c++ {
			col := &s.Piles[lcCols+c]
			col.Cards = append(col.Cards, st.Cards[len(st.Cards)-1])
			st.Cards = st.Cards[:len(st.Cards)-1]
		}
	}
	// Aces of the lowest row go to their places at once (002:6).
	for lcAutoAce(s, func(from, to, n int) { lcDealMove(s, from, to) }) {
	}
}

// lcDealMove moves a top card while dealing (nothing to undo yet).
func lcDealMove(s *engine.State, from, to int) {
	f := &s.Piles[from]
	s.Piles[to].Cards = append(s.Piles[to].Cards, f.Cards[len(f.Cards)-1])
	f.Cards = f.Cards[:len(f.Cards)-1]
}

func (g leCadran) Check(s *engine.State, m engine.Move) *engine.Rule {
	if m.Action != 0 {
		return g.checkDeal(s, m)
	}
	from, to := int(m.From), int(m.To)
	switch {
	case from >= lcFound && from < lcStock:
		return lcFoundFinal
	case from == lcStock:
		return lcDeal
	case to == lcTalon || to == lcStock:
		return lcTalonIn
	}
	c := s.Piles[from].Top()
	if c == engine.NoCard {
		return engine.RuleEmptySource
	}
	if to >= lcFound {
		return checkFoundationUp(s.Piles[to].Top(), c, engine.Ace, true, lcFoundBase, lcFoundSuit, lcFoundUp)
	}
	t := s.Piles[to].Top()
	if t == engine.NoCard {
		if s.Opt(lcOptTalonOnly) && from != lcTalon {
			return lcLaneTalonOnly
		}
		return nil
	}
	if !sameSuitDown(t, c) {
		return lcMarriage
	}
	return nil
}

func (leCadran) checkDeal(s *engine.State, m engine.Move) *engine.Rule {
	if m.From >= 0 || m.To >= 0 {
		return engine.RuleSyntax
	}
	if len(s.Piles[lcStock].Cards) == 0 {
		return lcNoRedeal
	}
	if s.Opt(lcOptStrictDeal) && lcHasCardMove(s) {
		return lcStrictDeal
	}
	return nil
}

func (leCadran) Apply(s *engine.State, m engine.Move) {
	if m.Action != 0 {
		s.Move(lcStock, lcTalon, 1)
	} else {
		s.Move(int(m.From), int(m.To), 1)
	}
	for lcAutoAce(s, s.Move) {
	}
}

// lcAutoAce moves one available ace (a column's lowest card or the talon's
// top) to the first empty foundation, as 002:6 and 002:10 require "at
// once"; it reports whether it moved one. move is s.Move during play.
func lcAutoAce(s *engine.State, move func(from, to, n int)) bool {
	for from := lcCols; from <= lcTalon; from++ {
		if from == lcFound {
			from = lcTalon
		}
		if s.Piles[from].Top().Rank() != engine.Ace {
			continue
		}
		for f := lcFound; f < lcFound+8; f++ {
			if len(s.Piles[f].Cards) == 0 {
				move(from, f, 1)
				return true
			}
		}
	}
	return false
}

// lcHasCardMove reports whether any card can be played to a foundation or
// by marriage. Filling a lane does not count: it is optional and may wait
// (002:8), so an open lane must not stop the pack from being turned.
func lcHasCardMove(s *engine.State) bool {
	var buf [11 * 18]engine.Move // every source × every target: never grows
	return lcPlayable(s, lcCardMoves(s, buf[:0]))
}

// lcPlayable reports whether one of ms goes to a foundation or onto a card.
func lcPlayable(s *engine.State, ms []engine.Move) bool {
	for _, m := range ms {
		if int(m.To) >= lcFound || len(s.Piles[m.To].Cards) > 0 {
			return true
		}
	}
	return false
}

func (g leCadran) Moves(s *engine.State, dst []engine.Move) []engine.Move {
	n := len(dst)
	dst = lcCardMoves(s, dst)
	if len(s.Piles[lcStock].Cards) > 0 && (!s.Opt(lcOptStrictDeal) || !lcPlayable(s, dst[n:])) {
		dst = append(dst, engine.ActionMove(1, -1, -1))
	}
	return dst
}

func lcCardMoves(s *engine.State, dst []engine.Move) []engine.Move {
	for from := 0; from <= lcTalon; from++ {
		if from == lcFound {
			from = lcTalon
		}
		c := s.Piles[from].Top()
		if c == engine.NoCard {
			continue
		}
		dst = appendFoundationMoves(s, dst, from, c, lcFound, 8, engine.Ace, true)
		for to := lcCols; to < lcCols+10; to++ {
			if to == from {
				continue
			}
			t := s.Piles[to].Top()
			if t == engine.NoCard {
				if !s.Opt(lcOptTalonOnly) || from == lcTalon {
					dst = append(dst, engine.Transfer(from, to))
				}
			} else if sameSuitDown(t, c) {
				dst = append(dst, engine.Transfer(from, to))
			}
		}
	}
	return dst
}

func (leCadran) Won(s *engine.State) bool {
	for f := lcFound; f < lcFound+8; f++ {
		if len(s.Piles[f].Cards) != 13 {
			return false
		}
	}
	return true
}
