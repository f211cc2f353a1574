package variants

import "pasyans/engine"

// The Salic Law ("Салическій законъ", Cadogan 1874; PySolFC SalicLaw):
// source 001:1–12. One king is taken from the double pack to start a line
// of king packets; the pack is dealt card by card onto the newest king, each
// new king starting the next packet and the last taking all the rest. Aces
// go at once to the foundation row and are built up to the knaves regardless
// of suit; queens go to a decorative row above. Only the top card of each
// packet is available. When the deal is over, one card from the top of any
// other packet may be put on each king left bare. No redeal.
//
// Decisions where the sources disagree (games.md §3.4):
//   - "когда пасьянсъ оконченъ" (001:10) is read with Cadogan as "when the
//     deal is over": a card goes on a bare king only once the pack is
//     exhausted. Option any-time follows PySolFC (at any time).
//   - "one card on each free king" allows another card each time the king
//     is bare again (games.md guidance); option once-per-king reads the
//     text literally: each king receives at most one such card in a game.
//   - The king that starts the line is the one nearest the top of the
//     shuffled pack.
//
// Game counters: Vars[slVarOnce] is the bit set of the packets (bit i for
// k(i+1)) whose bare king has received its card (option once-per-king only).

// Pile indexes of salic-law.
const (
	slKings = 0  // k1..k8: king packets
	slFound = 8  // f1..f8: foundations, A↑J in any suit
	slQueen = 16 // q1..q8: the queens' row (decoration)
	slStock = 24 // s: the pack
)

// Options of salic-law.
const (
	slOptAnyTime = 0 // PySolFC: a bare king takes a card at any time
	slOptOnce    = 1 // literal 001:10: one card per king in the whole game
)

// slVarOnce is the Vars index of the once-per-king bit set.
const slVarOnce = 0

var (
	slAvailable = &engine.Rule{ID: "salic-law/available",
		EN:   "Only the top card of each king packet is available; the next card becomes available when it is removed. Cards of the pack, the foundations and the queens' row are not available.",
		RU:   "Годна только верхняя карта каждой королевской пачки; следующая становится годной, когда её снимут. Карты колоды, оснований и ряда дам не годны.",
		Book: []string{"001:3"}}
	slKingsRule = &engine.Rule{ID: "salic-law/kings",
		EN:   "A king starts a packet: the first is taken from the pack, each further king is laid beside the last as it is dealt. Kings never move, and a packet is begun only by its king.",
		RU:   "Король начинает пачку: первого берут из колоды, каждого следующего при раскладке кладут рядом с последним. Короли не двигаются, и пачку начинает только её король.",
		Book: []string{"001:6", "001:9"}}
	slDeal = &engine.Rule{ID: "salic-law/deal",
		EN:   "The pack is dealt one card at a time onto the newest king packet, the last king taking all the rest; cards never go back to the pack.",
		RU:   "Колоду раскладывают по одной карте на последнюю начатую королевскую пачку, последний король получает все остальные карты; в колоду карты не возвращаются.",
		Book: []string{"001:6"}}
	slAces = &engine.Rule{ID: "salic-law/aces",
		EN:   "The aces are not taken out beforehand: each ace, the moment it is dealt, goes to the next free place of the foundation row. An empty foundation place takes nothing else.",
		RU:   "Тузы заранее не выбирают: каждого туза, как только он выйдет при раскладке, кладут на следующее свободное место ряда оснований. Пустое место основания ничего другого не принимает.",
		Book: []string{"001:4", "001:8"}}
	slQueens = &engine.Rule{ID: "salic-law/queens",
		EN:   "Each queen, as it is dealt, goes to the row above the foundations; the queens are decoration only and take no cards.",
		RU:   "Каждую даму при раскладке кладут в ряд над основаниями; дамы служат лишь украшением и карт не принимают.",
		Book: []string{"001:8", "001:9"}}
	slFoundations = &engine.Rule{ID: "salic-law/foundations",
		EN:   "The foundations are built up one rank at a time from the ace to the knave; suits are not followed.",
		RU:   "На основания кладут карты в восходящем порядке по одной от туза до валета; масти не соблюдаются.",
		Book: []string{"001:4", "001:7"}}
	slNoBuilding = &engine.Rule{ID: "salic-law/no-building",
		EN:   "No card is built on a king packet: cards reach the packets only from the pack, or one at a time onto a bare king.",
		RU:   "На королевские пачки карт не кладут: карты попадают в пачки только из колоды или по одной на свободного короля.",
		Book: []string{"001:6", "001:10"}}
	slFreeKing = &engine.Rule{ID: "salic-law/free-king",
		EN:   "When the deal is over (\"когда пасьянсъ оконченъ\" read with Cadogan), one card from the top of any other packet may be put on a bare king; if it is played off and the king is bare again, another may be put there.",
		RU:   "Когда раскладка окончена («когда пасьянс окончен» в прочтении Кадоган), на свободного короля можно положить одну верхнюю карту любой другой пачки; если её снимут и король снова свободен, можно положить другую.",
		Book: []string{"001:10"}}
	slFreeKingAnyTime = &engine.Rule{ID: "salic-law/free-king-any-time",
		EN:            "PySolFC's reading: a card from the top of any other packet may be put on a bare king at any time, during the deal too.",
		RU:            "Прочтение PySolFC: верхнюю карту любой другой пачки можно положить на свободного короля в любое время, и во время раскладки.",
		Reconstructed: "PySolFC SalicLaw_RowStack accepts a card on a packet that is just its king at any time; the book and Cadogan allow it only at the end", ReconstructedRU: "SalicLaw_RowStack в PySolFC в любой момент принимает карту на пачку, от которой остался один король; книга и Кадоган разрешают это только в конце",
		Option: "any-time"}
	slFreeKingOnce = &engine.Rule{ID: "salic-law/free-king-once",
		EN:   "Literal reading of 001:10: each king receives at most one card as a free king in the whole game.",
		RU:   "Буквальное прочтение 001:10: каждый освободившийся король получает за всю игру не больше одной карты.",
		Book: []string{"001:10"}, Option: "once-per-king"}
	slNoRedeal = &engine.Rule{ID: "salic-law/no-redeal",
		EN:   "The patience is not dealt a second time.",
		RU:   "Пасьянс вторично не раскладывается.",
		Book: []string{"001:12"}}
)

type salicLaw struct{}

func init() {
	piles := append(pileIDs("k", 8, engine.Tableau), pileIDs("f", 8, engine.Foundation)...)
	piles = append(piles, pileIDs("q", 8, engine.Decoration)...)
	piles = append(piles, engine.PileDef{ID: "s", Role: engine.Stock})
	engine.Register(&engine.Variant{
		ID:     "salic-law",
		Titles: engine.Titles{RU: "Салическій законъ", RUModern: "Салический закон", EN: "The Salic Law"},
		Packs:  2,
		Piles:  piles,
		Words:  []engine.Word{engine.WordDeal},
		Rules: []*engine.Rule{slAvailable, slKingsRule, slDeal, slAces, slQueens, slFoundations, slNoBuilding,
			slFreeKing, slFreeKingAnyTime, slFreeKingOnce, slNoRedeal},
		Options: []engine.Option{
			{ID: "any-time", EN: "PySolFC: a card may be put on a bare king at any time, during the deal too.", RU: "По PySolFC: класть карту на свободного короля можно в любое время, и во время раскладки."},
			{ID: "once-per-king", EN: "Literal 001:10: each king takes at most one card as a free king in the whole game.", RU: "Буквально 001:10: свободный король за всю игру принимает не больше одной карты."},
		},
		// Win "foundations": the 88 cards ace to knave on the foundations;
		// the kings and queens stay out (001:9).
		Spec: engine.Spec{Cards: 104, Players: 1, Deals: 1, Win: "foundations",
			Foundations: []engine.FoundationSpec{{Count: 8, Base: "A", Dir: "up", Top: "J", Suit: "any", When: "during", Piles: idsOf(piles, indexes(slFound, 8))}},
		},
		Layout: salicLawLayout(),
		// The king packets are positional (the deal goes onto the newest),
		// so only the foundations and the queens are interchangeable.
		Symmetric: [][]int{indexes(slFound, 8), indexes(slQueen, 8)},
		Game:      salicLaw{},
	})
}

func salicLawLayout() engine.Layout {
	const gap, top = 0.6, 0.4
	rowY := func(r int) float64 { return top + float64(r)*(engine.CardHeight+gap) }
	l := engine.Layout{Width: 8*1.2 + 1.2, Height: rowY(2) + engine.CardHeight + 12*0.3,
		Reconstructed: "the book gives no figure for this game; the rows follow the text: the queens above the foundations (001:8), the aces' row above the king packets (001:8), the kings in a horizontal line at the bottom (001:6, 001:9)", ReconstructedRU: "рисунка к этой игре в книге нет; ряды следуют тексту: дамы над основаниями (001:8), ряд тузов над королевскими пачками (001:8), короли горизонтальной линией внизу (001:6, 001:9)"}
	for i := 0; i < 8; i++ {
		x := float64(i) * 1.2
		l.Slots = append(l.Slots,
			engine.Slot{Pile: "q" + itoa(i+1), X: x, Y: rowY(0), Label: engine.Text{RU: "дама", EN: "queen"}},
			engine.Slot{Pile: "f" + itoa(i+1), X: x, Y: rowY(1), Label: engine.Text{RU: "основание", EN: "foundation"}, Mark: "A↑J"},
			engine.Slot{Pile: "k" + itoa(i+1), X: x, Y: rowY(2), Fan: engine.FanDown, Label: engine.Text{RU: "пачка", EN: "king packet"}, Mark: itoa(i + 1)})
	}
	l.Slots = append(l.Slots, engine.Slot{Pile: "s", X: 8 * 1.2, Y: rowY(2), Label: engine.Text{RU: "колода", EN: "pack"}})
	l.Captions = []engine.Caption{
		{X: 0, Y: rowY(0) - 0.1, Text: engine.Text{RU: "дамы", EN: "queens (decoration)"}},
		{X: 0, Y: rowY(1) - 0.1, Text: engine.Text{RU: "основные карты: тузы до валетов", EN: "foundations: aces up to knaves, any suit"}},
		{X: 0, Y: rowY(2) - 0.1, Text: engine.Text{RU: "королевские пачки", EN: "king packets"}},
	}
	return l
}

// Deal takes the king nearest the top of the pack to start k1 and leaves
// the rest, in order, as the pack.
func (salicLaw) Deal(s *engine.State, deck []engine.Card) {
	k := len(deck) - 1
	for deck[k].Rank() != engine.King {
		k--
	}
	s.Piles[slKings].Cards = append(s.Piles[slKings].Cards, deck[k])
	st := &s.Piles[slStock]
	st.Cards = append(st.Cards, deck[:k]...)
	st.Cards = append(st.Cards, deck[k+1:]...)
}

func (g salicLaw) Check(s *engine.State, m engine.Move) *engine.Rule {
	if m.Action != 0 {
		if m.From >= 0 || m.To >= 0 {
			return engine.RuleSyntax
		}
		if len(s.Piles[slStock].Cards) == 0 {
			return slNoRedeal
		}
		return nil
	}
	from, to := int(m.From), int(m.To)
	if from >= slFound {
		return slAvailable
	}
	src := s.Piles[from].Cards
	switch len(src) {
	case 0:
		return engine.RuleEmptySource
	case 1:
		return slKingsRule
	}
	c := src[len(src)-1]
	switch {
	case to == slStock:
		return slDeal
	case to >= slQueen:
		return slQueens
	case to >= slFound:
		return slCheckFoundation(s.Piles[to].Top(), c)
	}
	return slCheckFreeKing(s, to)
}

// slCheckFoundation checks card c going onto a foundation whose top is t.
func slCheckFoundation(t, c engine.Card) *engine.Rule {
	if t == engine.NoCard {
		return slAces
	}
	if t.Rank() >= engine.Jack || c.Rank() != t.Rank()+1 {
		return slFoundations
	}
	return nil
}

// slCheckFreeKing checks a card going onto king packet to.
func slCheckFreeKing(s *engine.State, to int) *engine.Rule {
	switch len(s.Piles[to].Cards) {
	case 0:
		return slKingsRule
	case 1:
	default:
		return slNoBuilding
	}
	if len(s.Piles[slStock].Cards) > 0 && !s.Opt(slOptAnyTime) {
		return slFreeKing
	}
	if s.Opt(slOptOnce) && s.Vars[slVarOnce]&(1<<uint(to)) != 0 {
		return slFreeKingOnce
	}
	return nil
}

// slNewest returns the index of the newest king packet.
func slNewest(s *engine.State) int {
	k := slKings + 7
	for len(s.Piles[k].Cards) == 0 {
		k--
	}
	return k
}

// slFirstEmpty returns the first empty pile of the row of 8 at first.
func slFirstEmpty(s *engine.State, first int) int {
	for p := first; p < first+8; p++ {
		if len(s.Piles[p].Cards) == 0 {
			return p
		}
	}
	panic("salic-law: no free place in row")
}

func (salicLaw) Apply(s *engine.State, m engine.Move) {
	if m.Action != 0 {
		slDealOne(s)
		return
	}
	from, to := int(m.From), int(m.To)
	s.Move(from, to, 1)
	if to < slFound && s.Opt(slOptOnce) {
		s.SetVar(slVarOnce, s.Vars[slVarOnce]|1<<uint(to))
	}
}

// slDealOne deals the pack's top card: a king starts the next packet, an
// ace goes to the next free foundation, a queen to the queens' row, any
// other card onto the newest packet.
func slDealOne(s *engine.State) {
	var to int
	switch s.Piles[slStock].Top().Rank() {
	case engine.King:
		to = slNewest(s) + 1
	case engine.Ace:
		to = slFirstEmpty(s, slFound)
	case engine.Queen:
		to = slFirstEmpty(s, slQueen)
	default:
		to = slNewest(s)
	}
	s.Move(slStock, to, 1)
}

func (salicLaw) Moves(s *engine.State, dst []engine.Move) []engine.Move {
	stockLeft := len(s.Piles[slStock].Cards) > 0
	if stockLeft {
		dst = append(dst, engine.ActionMove(1, -1, -1))
	}
	free := !stockLeft || s.Opt(slOptAnyTime)
	once := int32(0)
	if s.Opt(slOptOnce) {
		once = s.Vars[slVarOnce]
	}
	for from := slKings; from < slKings+8; from++ {
		src := s.Piles[from].Cards
		if len(src) < 2 {
			continue
		}
		r := src[len(src)-1].Rank()
		for f := slFound; f < slFound+8; f++ {
			if t := s.Piles[f].Top(); t != engine.NoCard && t.Rank() < engine.Jack && r == t.Rank()+1 {
				dst = append(dst, engine.Transfer(from, f))
			}
		}
		if !free {
			continue
		}
		for to := slKings; to < slKings+8; to++ {
			if len(s.Piles[to].Cards) == 1 && once&(1<<uint(to)) == 0 {
				dst = append(dst, engine.Transfer(from, to))
			}
		}
	}
	return dst
}

func (salicLaw) Won(s *engine.State) bool {
	for f := slFound; f < slFound+8; f++ {
		if len(s.Piles[f].Cards) != 11 {
			return false
		}
	}
	return true
}
