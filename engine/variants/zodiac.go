package variants

import (
	"math"
	"math/bits"

	"pasyans/engine"
)

// The Zodiac ("Зодіакъ"; Cadogan 1874 #23, 1914 "The Zodiac"; PySolFC
// Zodiac): source 000:10–13, running head 000:14. Two packs. A row of eight
// single cards, the Equator, inside a circle of twenty-four packets, the
// Zodiac. In the first phase every card must be married (same suit, one rank
// up or down) onto the Zodiac or set in an Equator vacancy, the pack being
// turned onto the talon and the talon turned over as often as needed; only
// when pack and talon are empty are the eight foundations built from the
// Zodiac tops and the Equator: four aces up and four kings down, in suit.
//
// Decisions where the sources disagree (games.md §3.2):
//   - 000:10 is read with Cadogan: a card may be married from the Equator
//     onto the Zodiac; Zodiac to Zodiac, Equator to Equator and Zodiac to
//     Equator are forbidden. Option literal-rule-one reads the Russian
//     literally: no marriage between Zodiac and Equator cards at all.
//   - A marriage may go up or down and change direction within a packet
//     (Cadogan; the Russian "must be" is a mistranslation); no king–ace.
//   - "From the pack" means the card just turned: deal puts it on the talon,
//     where it is the top card and may be married or fill a vacancy.
//   - Failure: redeal is refused when the pass through pack and talon that
//     just ended placed no card (Vars[zoVarPlaced] = 0); since each later
//     pass must place a card, every game ends. Deal and redeal are also
//     refused as soon as no card of pack and talon can ever be placed (no
//     marriage for any of them onto a Zodiac top, no Equator vacancy and
//     none to be made), which only declares that failure earlier.
//   - Second phase: the top card of each Zodiac packet and each Equator card
//     go only to the foundations; an empty ace (king) foundation takes an ace
//     (king) of a suit not yet begun on another ace (king) foundation.
//
// Game counters: Vars[zoVarPlaced] is 1 once a talon card has been placed on
// the Zodiac or the Equator since the last redeal (or the deal), else 0.

// Pile indexes of zodiac.
const (
	zoZodiac = 0  // z1..z24: the Zodiac, clockwise from the top of the circle
	zoEq     = 24 // e1..e8: the Equator, one card each
	zoAces   = 32 // a1..a4: foundations A↑K
	zoKings  = 36 // k1..k4: foundations K↓A
	zoStock  = 40 // s: the pack
	zoTalon  = 41 // w: the talon
)

// Options of zodiac.
const zoOptLiteral = 0 // literal 000:10: no Equator→Zodiac marriage

// zoVarPlaced is the Vars index of the "placed a card in this pass" flag.
const zoVarPlaced = 0

// Actions of zodiac (1-based).
const (
	zoActDeal   = 1
	zoActRedeal = 2
)

var (
	zoLayout = &engine.Rule{ID: "zodiac/layout",
		EN:   "A horizontal row of eight cards, the Equator, is dealt first, then a circle of twenty-four cards around it, the Zodiac.",
		RU:   "Сначала раскладывают продольный ряд из восьми карт — экватор, затем вокруг него круг из двадцати четырёх карт — зодиак.",
		Book: []string{"000:12"}}
	zoMarriage = &engine.Rule{ID: "zodiac/marriage",
		EN:            "A marriage puts a card on the top card of a Zodiac packet of the same suit and one rank higher or lower; ascending and descending marriages may alternate within one packet. King and ace do not marry.",
		RU:            "Марьяж — карта на верхнюю карту пачки зодиака той же масти, старшую или младшую на одно достоинство; в одной пачке восходящие и нисходящие марьяжи могут чередоваться. Король и туз марьяжа не составляют.",
		Book:          []string{"000:10"},
		Reconstructed: "that the direction may change within a packet is Cadogan's rule I; the Russian \"which must be so in one and the same packet\" mistranslates it. No king–ace marriage: Cadogan, PySolFC.", ReconstructedRU: "что направление может меняться внутри пачки, — правило I Кадоган; русское «которыя должны быть въ такомъ видѣ въ одной и той же пачкѣ» передаёт его неточно. Марьяжа король–туз нет: Кадоган, PySolFC."}
	zoSources = &engine.Rule{ID: "zodiac/marriage-sources",
		EN:            "Marriages are made only onto the Zodiac, with the talon's top card (the card just turned from the pack) or an Equator card; never a Zodiac card onto another Zodiac packet or onto the Equator, nor one Equator card onto another.",
		RU:            "Марьяж делают только на зодиак — верхней картой талона (только что открытой картой колоды) или картой экватора; никогда картой зодиака на другую пачку зодиака или на экватор и картой экватора на экватор.",
		Book:          []string{"000:10"},
		Reconstructed: "the Russian omits Cadogan's permission to marry Equator cards onto the Zodiac (\"but not vice versa\"); the edition follows Cadogan, PySolFC and the later literature, since read literally no Equator vacancy could ever arise in the first phase (000:13).", ReconstructedRU: "в русском тексте пропущено разрешение Кадоган класть карты экватора в марьяж на зодиак («but not vice versa»); издатель следует Кадоган, PySolFC и позднейшей литературе, потому что при буквальном прочтении ни одно пустое место на экваторе в первой части игры не могло бы появиться (000:13)."}
	zoLiteral = &engine.Rule{ID: "zodiac/literal-rule-one",
		EN:     "Literal reading of 000:10: no marriage at all between Zodiac and Equator cards, so an Equator card may not be married onto the Zodiac.",
		RU:     "Буквальное прочтение 000:10: никакого марьяжа между картами зодиака и экватора, так что карту экватора нельзя класть на зодиак.",
		Book:   []string{"000:10"},
		Option: "literal-rule-one"}
	zoEquatorFill = &engine.Rule{ID: "zodiac/equator-vacancy",
		EN:   "An Equator vacancy may be filled, whenever the player likes, with the talon's top card or, when there is no talon, with the card just turned from the pack; with no other card.",
		RU:   "Пустое место экватора можно, когда угодно, занять верхней картой талона или, если талона нет, только что открытой картой колоды; другой картой нельзя.",
		Book: []string{"000:13"}}
	zoEquatorSingle = &engine.Rule{ID: "zodiac/equator-single",
		EN:            "Each place of the Equator holds a single card.",
		RU:            "На каждом месте экватора лежит одна карта.",
		Reconstructed: "implied by Cadogan's rule I (Equator cards do not marry one another); explicit in PySolFC and the later literature", ReconstructedRU: "следует из правила I Кадоган (карты экватора не составляют марьяжей друг с другом); прямо — в PySolFC и позднейшей литературе"}
	zoDeal = &engine.Rule{ID: "zodiac/deal",
		EN:   "The pack is turned one card at a time onto the talon (the word deal); the cards not used for a marriage or a vacancy form the talon, whose top card is available. Pack cards move in no other way, and nothing else goes onto the talon or the pack.",
		RU:   "Карты колоды открывают по одной в талон; карты, не нужные для марьяжа или пустого места, составляют талон, верхняя карта которого годна (ход deal). Иначе карты колоды не двигаются, и ничего другого в талон и колоду не кладут.",
		Book: []string{"000:13"}}
	zoRedeal = &engine.Rule{ID: "zodiac/redeal",
		EN:   "When the pack is exhausted, the talon is turned over to form the pack again (the word redeal), as many times as needed until every card is in the Zodiac or on the Equator.",
		RU:   "Когда колода кончилась, талон переворачивают, и он снова становится колодой (ход redeal), столько раз, сколько потребуется, пока все карты не попадут в зодиак или на экватор.",
		Book: []string{"000:13"}}
	zoFailure = &engine.Rule{ID: "zodiac/failure",
		EN:            "The patience has failed, and the pack is neither turned nor redealt any more, when a whole pass through the pack and the talon has placed no card on the Zodiac or the Equator, or when no card left in the pack and the talon can ever be placed: none marries a Zodiac top, no Equator place is empty and no Equator card can be married away to empty one.",
		RU:            "Пасьянс не удался, и карты колоды больше не открывают и талон не переворачивают, если за целый проход колоды и талона ни одна карта не попала в зодиак или на экватор или если ни одну оставшуюся в колоде и талоне карту уже нельзя поместить: ни одна не составляет марьяжа с верхней картой зодиака, на экваторе нет пустого места и ни одну карту экватора нельзя убрать марьяжем.",
		Book:          []string{"000:13"},
		Reconstructed: "000:13 declares the patience failed when the cards cannot all be placed; the two tests are the edition's, so that every game ends: the second only recognizes at once a failure that the first would declare after a futile pass (Zodiac tops and Equator places change only by placements)", ReconstructedRU: "000:13 объявляет пасьянс неудавшимся, когда все карты поместить нельзя; обе проверки введены издателем, чтобы каждая игра кончалась: вторая лишь сразу распознаёт неудачу, которую первая объявила бы после бесполезного прохода (верхние карты зодиака и места экватора меняются только от размещения карт)"}
	zoAtEnd = &engine.Rule{ID: "zodiac/foundations-at-end",
		EN:   "The foundations are not laid until the very end: only when pack and talon are empty and every card is in the Zodiac or on the Equator.",
		RU:   "Основания не кладут до самого конца игры: лишь когда колода и талон пусты и все карты лежат в зодиаке или на экваторе.",
		Book: []string{"000:12", "000:13"}}
	zoPhaseTwo = &engine.Rule{ID: "zodiac/second-phase",
		EN:            "Once every card is placed, the eight foundations are built from the top cards of the Zodiac packets and the Equator cards; no marriage is made any more.",
		RU:            "Когда все карты размещены, восемь оснований составляют из верхних карт пачек зодиака и карт экватора; марьяжей больше не делают.",
		Book:          []string{"000:13"},
		Reconstructed: "the text does not say which cards are available then nor forbid marriages; the edition takes the packet tops and the Equator cards to the foundations only (Cadogan's rule I; PySolFC refuses Zodiac-to-Zodiac moves in both phases)", ReconstructedRU: "текст не говорит, какие карты тогда годны, и не запрещает марьяжей; издатель пускает верхние карты пачек и карты экватора только на основания (правило I Кадоган; PySolFC запрещает ходы с зодиака на зодиак в обеих частях игры)"}
	zoFoundBase = &engine.Rule{ID: "zodiac/foundation-base",
		EN:   "The foundation cards are four aces and four kings of different suits: an empty ace foundation takes an ace of a suit not yet on another ace foundation, an empty king foundation a king likewise.",
		RU:   "Основные карты — четыре туза и четыре короля разных мастей: пустое основание тузов принимает туза масти, которой ещё нет на другом основании тузов, пустое основание королей — так же короля.",
		Book: []string{"000:12"}}
	zoFoundSuit = &engine.Rule{ID: "zodiac/foundation-suit",
		EN:   "The foundations follow suit (rule II).",
		RU:   "На основаниях соблюдаются масти (правило II).",
		Book: []string{"000:11"}}
	zoFoundOrder = &engine.Rule{ID: "zodiac/foundation-order",
		EN:   "The aces ascend one rank at a time to the kings, the kings descend to the aces.",
		RU:   "На тузах карты собирают по порядку вверх до короля, на королях — вниз до туза.",
		Book: []string{"000:12"}}
	zoFoundFinal = &engine.Rule{ID: "zodiac/foundation-final",
		EN:            "A card laid on a foundation stays there.",
		RU:            "Карта, положенная на основание, там и остаётся.",
		Reconstructed: "the text never takes a card back from a foundation; neither does Cadogan", ReconstructedRU: "в тексте карта никогда не возвращается с основания, у Кадоган тоже"}
)

type zodiac struct{}

func init() {
	piles := append(pileIDs("z", 24, engine.Tableau), pileIDs("e", 8, engine.Reserve)...)
	piles = append(piles, pileIDs("a", 4, engine.Foundation)...)
	piles = append(piles, pileIDs("k", 4, engine.Foundation)...)
	piles = append(piles, engine.PileDef{ID: "s", Role: engine.Stock}, engine.PileDef{ID: "w", Role: engine.Waste})
	engine.Register(&engine.Variant{
		ID:     "zodiac",
		Titles: engine.Titles{RU: "Зодіакъ", RUModern: "Зодиак", EN: "The Zodiac"},
		Packs:  2,
		Piles:  piles,
		RoleNames: []engine.RoleName{{Role: engine.Reserve,
			From: engine.Text{EN: "equator place %s", RU: "места экватора %s"},
			To:   engine.Text{EN: "equator place %s", RU: "место экватора %s"},
			At:   engine.Text{EN: "equator place %s", RU: "место экватора %s"}}},
		Words: []engine.Word{engine.WordDeal, engine.WordRedeal},
		Rules: []*engine.Rule{zoLayout, zoMarriage, zoSources, zoLiteral, zoEquatorFill, zoEquatorSingle, zoDeal, zoRedeal,
			zoFailure, zoAtEnd, zoPhaseTwo, zoFoundBase, zoFoundSuit, zoFoundOrder, zoFoundFinal},
		Options: []engine.Option{
			{ID: "literal-rule-one", EN: "Literal 000:10: no Equator card may be married onto the Zodiac.",
				RU: "Буквально 000:10: карту экватора нельзя класть марьяжем на зодиак."},
		},
		Spec: engine.Spec{Cards: 104, Players: 1, Deals: 0, Win: "foundations",
			Foundations: []engine.FoundationSpec{
				{Count: 4, Base: "A", Dir: "up", Top: "K", Suit: "same", When: "end", Piles: idsOf(piles, indexes(zoAces, 4))},
				{Count: 4, Base: "K", Dir: "down", Top: "A", Suit: "same", When: "end", Piles: idsOf(piles, indexes(zoKings, 4))},
			},
			Building: []engine.BuildSpec{{Piles: idsOf(piles, indexes(zoZodiac, 24)), Dir: "either", Suit: "same",
				Empty: "none", When: "before-foundations"}},
		},
		Layout:    zodiacLayout(),
		Symmetric: [][]int{indexes(zoZodiac, 24), indexes(zoEq, 8), indexes(zoAces, 4), indexes(zoKings, 4)},
		Game:      zodiac{},
	})
}

// zodiacLayout draws the Zodiac as a circle of 24 places around the Equator
// row, the foundations below the circle and the pack and talon at its right.
func zodiacLayout() engine.Layout {
	const radius, pitch = 7.2, 1.2
	cx, cy := radius+0.5, radius+engine.CardHeight/2
	l := engine.Layout{Width: 2*radius + 1 + 2.2, Height: 2*radius + engine.CardHeight + 0.6 + engine.CardHeight,
		Reconstructed: "the book's figure is not in the sources: the Equator of eight and the circle of twenty-four around it follow 000:12; the places of the foundations, the pack and the talon are the edition's", ReconstructedRU: "рисунка книги в источниках нет: экватор из восьми мест и круг из двадцати четырёх вокруг него следуют 000:12; места оснований, колоды и талона выбраны издателем"}
	for i := 0; i < 24; i++ {
		a := 2 * math.Pi * float64(i) / 24
		x, y := cx+radius*math.Sin(a)-0.5, cy-radius*math.Cos(a)-engine.CardHeight/2
		l.Slots = append(l.Slots, engine.Slot{Pile: "z" + itoa(i+1), X: round2(x), Y: round2(y)})
	}
	for i := 0; i < 8; i++ {
		l.Slots = append(l.Slots, engine.Slot{Pile: "e" + itoa(i+1), X: round2(cx - 4*pitch + 0.1 + float64(i)*pitch),
			Y: round2(cy - engine.CardHeight/2)})
	}
	fy := 2*radius + engine.CardHeight + 0.6
	for i := 0; i < 4; i++ {
		l.Slots = append(l.Slots,
			engine.Slot{Pile: "a" + itoa(i+1), X: round2(0.5 + float64(i)*pitch), Y: fy,
				Label: engine.Text{RU: "основание", EN: "foundation"}, Mark: "A↑K"},
			engine.Slot{Pile: "k" + itoa(i+1), X: round2(0.5 + float64(i+4)*pitch + 0.6), Y: fy,
				Label: engine.Text{RU: "основание", EN: "foundation"}, Mark: "K↓A"})
	}
	sx := 2*radius + 1 + 1.2
	l.Slots = append(l.Slots,
		engine.Slot{Pile: "s", X: sx, Y: 0, Label: engine.Text{RU: "колода", EN: "pack"}},
		engine.Slot{Pile: "w", X: sx, Y: engine.CardHeight + 0.5, Label: engine.Text{RU: "талон", EN: "talon"}})
	l.Captions = []engine.Caption{
		{X: round2(cx - 4*pitch + 0.1), Y: round2(cy - engine.CardHeight/2 - 0.3), Text: engine.Text{RU: "экватор", EN: "the Equator"}},
		{X: round2(cx - 0.8), Y: round2(cy + 2.2), Text: engine.Text{RU: "зодиак", EN: "the Zodiac"}},
	}
	return l
}

// round2 rounds a layout coordinate to hundredths, so the figure's numbers
// stay short and identical on every platform.
func round2(x float64) float64 { return math.Round(x*100) / 100 }

// Deal lays the Equator (eight cards) and then the Zodiac (twenty-four)
// from the top of the pack; the other 72 cards stay in the pack.
func (zodiac) Deal(s *engine.State, deck []engine.Card) {
	st := &s.Piles[zoStock]
	st.Cards = append(st.Cards, deck...)
	for _, first := range [2]int{zoEq, zoZodiac} {
		n := 8
		if first == zoZodiac {
			n = 24
		}
		for i := first; i < first+n; i++ {
			s.Piles[i].Cards = append(s.Piles[i].Cards, st.Cards[len(st.Cards)-1])
			st.Cards = st.Cards[:len(st.Cards)-1]
		}
	}
}

// zoMarries reports whether c marries t: same suit, one rank apart. With
// cards coded rank<<2|suit, that is a difference of exactly 4.
func zoMarries(t, c engine.Card) bool {
	d := int(t) - int(c)
	return t != engine.NoCard && (d == 4 || d == -4)
}

// zoFirstPhase reports whether cards remain in the pack or the talon.
func zoFirstPhase(s *engine.State) bool {
	return len(s.Piles[zoStock].Cards) > 0 || len(s.Piles[zoTalon].Cards) > 0
}

func (g zodiac) Check(s *engine.State, m engine.Move) *engine.Rule {
	if m.Action != 0 {
		return g.checkAction(s, m)
	}
	from, to := int(m.From), int(m.To)
	switch {
	case from >= zoAces && from < zoStock:
		return zoFoundFinal
	case from == zoStock || to == zoStock || to == zoTalon:
		return zoDeal
	}
	c := s.Piles[from].Top()
	if c == engine.NoCard {
		return engine.RuleEmptySource
	}
	if to >= zoAces {
		if zoFirstPhase(s) {
			return zoAtEnd
		}
		return zoCheckFoundation(s, to, c)
	}
	if !zoFirstPhase(s) {
		return zoPhaseTwo
	}
	if to >= zoEq {
		return zoCheckEquator(s, from, to)
	}
	switch {
	case from < zoEq:
		return zoSources
	case from < zoAces && s.Opt(zoOptLiteral):
		return zoLiteral
	case !zoMarries(s.Piles[to].Top(), c):
		return zoMarriage
	}
	return nil
}

// zoCheckEquator checks a card going to Equator place to.
func zoCheckEquator(s *engine.State, from, to int) *engine.Rule {
	empty := len(s.Piles[to].Cards) == 0
	switch {
	case from != zoTalon && empty:
		return zoEquatorFill
	case from != zoTalon:
		return zoSources
	case !empty:
		return zoEquatorSingle
	}
	return nil
}

// zoCheckFoundation checks card c going onto foundation f.
func zoCheckFoundation(s *engine.State, f int, c engine.Card) *engine.Rule {
	up := f < zoKings
	t := s.Piles[f].Top()
	if t == engine.NoCard {
		base, first := engine.King, zoKings
		if up {
			base, first = engine.Ace, zoAces
		}
		if c.Rank() != base || zoSuitBegun(s, first, c.Suit()) {
			return zoFoundBase
		}
		return nil
	}
	return checkFoundationUp(t, c, 0, up, zoFoundBase, zoFoundSuit, zoFoundOrder)
}

// zoSuitBegun reports whether one of the four foundations from first on
// has a card of suit su.
func zoSuitBegun(s *engine.State, first int, su engine.Suit) bool {
	for f := first; f < first+4; f++ {
		if p := s.Piles[f].Cards; len(p) > 0 && p[0].Suit() == su {
			return true
		}
	}
	return false
}

func (zodiac) checkAction(s *engine.State, m engine.Move) *engine.Rule {
	if m.From >= 0 || m.To >= 0 {
		return engine.RuleSyntax
	}
	stock, talon := len(s.Piles[zoStock].Cards), len(s.Piles[zoTalon].Cards)
	switch {
	case m.Action == zoActDeal && stock == 0:
		return zoDeal
	case m.Action == zoActRedeal && (stock > 0 || talon == 0):
		return zoRedeal
	case m.Action == zoActRedeal && s.Vars[zoVarPlaced] == 0:
		return zoFailure
	}
	if tg := zoTargets(s); !zoCanPlace(s, &tg) {
		return zoFailure
	}
	return nil
}

// Apply makes the move and keeps the pass flag: a talon card placed sets
// it, a redeal clears it.
func (zodiac) Apply(s *engine.State, m engine.Move) {
	switch m.Action {
	case zoActDeal:
		s.Move(zoStock, zoTalon, 1)
	case zoActRedeal:
		s.MoveReversed(zoTalon, zoStock, len(s.Piles[zoTalon].Cards))
		s.SetVar(zoVarPlaced, 0)
	default:
		s.Move(int(m.From), int(m.To), 1)
		if int(m.From) == zoTalon && s.Vars[zoVarPlaced] == 0 {
			s.SetVar(zoVarPlaced, 1)
		}
	}
}

func (g zodiac) Moves(s *engine.State, dst []engine.Move) []engine.Move {
	stock := len(s.Piles[zoStock].Cards)
	w := s.Piles[zoTalon].Top()
	if stock == 0 && w == engine.NoCard {
		return zoFoundationMoves(s, dst)
	}
	tg := zoTargets(s)
	literal := s.Opt(zoOptLiteral)
	dst = zoMarriageMoves(&tg, dst, zoTalon, w)
	canPlace := w != engine.NoCard && tg[w] != 0
	for e := zoEq; e < zoAces; e++ {
		c := s.Piles[e].Top()
		switch {
		case c == engine.NoCard:
			canPlace = true
			if w != engine.NoCard {
				dst = append(dst, engine.Transfer(zoTalon, e))
			}
		case !literal && tg[c] != 0:
			canPlace = true
			dst = zoMarriageMoves(&tg, dst, e, c)
		}
	}
	if (stock > 0 || s.Vars[zoVarPlaced] != 0) && (canPlace || zoCanPlace(s, &tg)) {
		a := zoActDeal
		if stock == 0 {
			a = zoActRedeal
		}
		dst = append(dst, engine.ActionMove(a, -1, -1))
	}
	return dst
}

// zoTargets returns, for each card code, the bit set of the Zodiac packets
// (bit i for z(i+1)) whose top card that card marries.
func zoTargets(s *engine.State) (tg [64]uint32) {
	for z := zoZodiac; z < zoEq; z++ {
		if t := s.Piles[z].Top(); t != engine.NoCard {
			tg[t+4] |= 1 << uint(z)
			tg[t-4] |= 1 << uint(z)
		}
	}
	return tg
}

// zoCanPlace reports whether a card of the pack or the talon can still be
// placed in the first phase: an Equator place is empty, or can be emptied
// (an Equator card marries a Zodiac top), or a card of the pack or the
// talon marries a Zodiac top. Zodiac tops and Equator places change only by
// placements, so when this is false no card will ever be placed again.
func zoCanPlace(s *engine.State, tg *[64]uint32) bool {
	literal := s.Opt(zoOptLiteral)
	for e := zoEq; e < zoAces; e++ {
		c := s.Piles[e].Top()
		if c == engine.NoCard || (!literal && tg[c] != 0) {
			return true
		}
	}
	for _, p := range [2]int{zoStock, zoTalon} {
		for _, c := range s.Piles[p].Cards {
			if tg[c] != 0 {
				return true
			}
		}
	}
	return false
}

// zoMarriageMoves appends the marriages of card c of pile from onto the
// Zodiac.
func zoMarriageMoves(tg *[64]uint32, dst []engine.Move, from int, c engine.Card) []engine.Move {
	if c == engine.NoCard {
		return dst
	}
	for m := tg[c]; m != 0; m &= m - 1 {
		dst = append(dst, engine.Transfer(from, bits.TrailingZeros32(m)))
	}
	return dst
}

// zoFoundationMoves appends the second phase's moves: Zodiac tops and
// Equator cards onto the foundations.
func zoFoundationMoves(s *engine.State, dst []engine.Move) []engine.Move {
	for from := zoZodiac; from < zoAces; from++ {
		c := s.Piles[from].Top()
		if c == engine.NoCard {
			continue
		}
		for f := zoAces; f < zoStock; f++ {
			if zoCheckFoundation(s, f, c) == nil {
				dst = append(dst, engine.Transfer(from, f))
			}
		}
	}
	return dst
}

func (zodiac) Won(s *engine.State) bool {
	for f := zoAces; f < zoStock; f++ {
		if len(s.Piles[f].Cards) != 13 {
			return false
		}
	}
	return true
}
