package variants

import "pasyans/engine"

// La Belle Lucie (Cadogan 1874 #1 and 1914; LaBelleLucie in PySolFC):
// source 000:19 is its only paragraph ("if no ace is on top of the
// packets, free one by descending marriage", most probably the book's
// footnote 1); everything else is reconstructed from Cadogan. One pack is
// dealt face up in seventeen packets (fans) of three and one of one; only
// the top card of a packet is available; aces on top of a packet go to the
// foundations at once and are built up in suit to the kings; cards are
// moved one at a time onto packet tops in descending marriage in suit;
// emptied packets are not refilled; the packets may be gathered, shuffled
// and dealt again in threes twice. Option merci: after the last deal, one
// buried card may be drawn once (the later "merci").
//
// Notation: p3>f1 plays the top of packet p3 onto foundation f1; p3>p7
// marries it onto p7; redeal gathers, shuffles and deals again; merci:p3
// draws the card under the top of p3 (option merci).

// Pile indexes of la-belle-lucie.
const (
	lblPackets = 0  // p1..p18
	lblFound   = 18 // f1..f4
	lblPiles   = 22
)

// Game counters of la-belle-lucie (State.Vars indexes).
const (
	lblVarRedeals = 0 // redeals made so far, 0..2
	lblVarMerci   = 1 // 1 once the merci draw has been used
)

// The game words of la-belle-lucie (1-based Action numbers).
const (
	lblActRedeal = 1
	lblActMerci  = 2
)

// Options of la-belle-lucie.
const lblOptMerci = 0

// lblMaxRedeals is how many times the packets may be dealt again.
const lblMaxRedeals = 2

var (
	lblTopCard = &engine.Rule{ID: "la-belle-lucie/top-card",
		EN:            "Only the top card of each packet is available; the cards beneath it become available as the cards above them are moved. No buried card may be drawn (unless the option merci is on).",
		RU:            "Годна только верхняя карта каждой пачки; лежащие под ней становятся годными, когда снимут карты над ними. Вытаскивать карты из-под верхней нельзя (если не включён вариант «мерси»).",
		Book:          []string{"000:19"},
		Reconstructed: "000:19 speaks of aces 'on top of the packets' only; the general rule is Cadogan's", ReconstructedRU: "000:19 говорит только о тузах «наверху пачек»; общее правило — у Кадоган"}
	lblFoundBase = &engine.Rule{ID: "la-belle-lucie/foundation-base",
		EN:            "The four aces are the foundations: an ace that comes to the top of a packet is laid on a foundation at once (the engine does it within the move that uncovers it); an empty foundation takes only an ace.",
		RU:            "Четыре туза — основания: туза, оказавшегося наверху пачки, сразу кладут на основание (программа делает это в том же ходе, который его открыл); на пустое основание кладут только туза.",
		Book:          []string{"000:19"},
		Reconstructed: "000:19 presupposes aces taken from the tops of the packets; that they are the foundations and are played at once is Cadogan's", ReconstructedRU: "000:19 предполагает, что тузы берутся с верхушек пачек; что они — основания и сразу идут в игру, — у Кадоган"}
	lblFoundSuit = &engine.Rule{ID: "la-belle-lucie/foundation-suit",
		EN:            "The foundations follow suit.",
		RU:            "На основаниях соблюдаются масти.",
		Reconstructed: "not in the sources; Cadogan, PySolFC", ReconstructedRU: "в источниках нет; Кадоган, PySolFC"}
	lblFoundUp = &engine.Rule{ID: "la-belle-lucie/foundation-up",
		EN:            "The foundations are built up from the ace to the king, one rank at a time.",
		RU:            "На основания кладут карты в восходящем порядке от туза до короля.",
		Reconstructed: "not in the sources; Cadogan, PySolFC", ReconstructedRU: "в источниках нет; Кадоган, PySolFC"}
	lblFoundFinal = &engine.Rule{ID: "la-belle-lucie/foundation-final",
		EN:            "A card laid on a foundation stays there.",
		RU:            "Карта, положенная на основание, там и остаётся.",
		Reconstructed: "Cadogan never moves a card back from a foundation", ReconstructedRU: "у Кадоган карта никогда не возвращается с основания"}
	lblMarriage = &engine.Rule{ID: "la-belle-lucie/marriage",
		EN:            "The top card of a packet may be placed on the top card of another packet of the same suit one rank higher (descending marriage), one card at a time.",
		RU:            "Верхнюю карту пачки можно положить на верхнюю карту другой пачки той же масти на одно достоинство старше (марьяж в нисходящем порядке), по одной карте.",
		Book:          []string{"000:19"},
		Reconstructed: "000:19 names the descending marriage; that it is in suit, between packet tops, one card at a time, is Cadogan's (and PySolFC's)", ReconstructedRU: "000:19 называет нисходящий марьяж; что он в масть, между верхними картами пачек, по одной карте, — у Кадоган (и в PySolFC)"}
	lblFreeAce = &engine.Rule{ID: "la-belle-lucie/free-ace",
		EN:   "If no ace is on top of the packets, one is freed by descending marriages. The engine enforces it through the marriage rule: while no ace has reached the foundations, a move onto a packet that is not a descending marriage in suit is refused by this rule.",
		RU:   "Если наверху пачек нет ни одного туза, его освобождают, составляя марьяж в нисходящем порядке. Программа проверяет это правилом марьяжа: пока ни один туз не лёг на основание, ход на пачку, не составляющий нисходящего марьяжа в масть, отклоняется этим правилом.",
		Book: []string{"000:19"}}
	lblNoFill = &engine.Rule{ID: "la-belle-lucie/no-fill",
		EN:            "A packet once emptied is not refilled.",
		RU:            "Опустевшую пачку не пополняют.",
		Reconstructed: "not in the sources; Cadogan, PySolFC (spaces are not filled)", ReconstructedRU: "в источниках нет; Кадоган, PySolFC (пустые места не заполняются)"}
	lblRedeals = &engine.Rule{ID: "la-belle-lucie/redeals",
		EN:            "At any time the player may gather the packets, shuffle them and deal them again in threes (the last packet of one or two cards if the count so falls): twice, three deals in all. The edition's shuffle is fixed by the deal's seed and the redeal's number, so a deal stays reproducible.",
		RU:            "Игрок может в любой момент собрать пачки, перетасовать и снова разложить по три карты (последняя пачка — из одной или двух, как придётся): дважды, всего три раскладки. Тасовка в программе определяется номером расклада и номером пересдачи, так что расклад воспроизводим.",
		Reconstructed: "not in the sources; Cadogan (two re-deals, the cards shuffled and dealt again in threes), PySolFC", ReconstructedRU: "в источниках нет; Кадоган (две пересдачи, карты тасуются и снова раскладываются по три), PySolFC"}
	lblMerci = &engine.Rule{ID: "la-belle-lucie/merci",
		EN:            "Option merci: during the last deal, once, the card lying just under the top card of a packet may be drawn and put on top of that packet (written merci:p3).",
		RU:            "Вариант «мерси»: в последней раскладке один раз можно вытащить карту, лежащую прямо под верхней картой пачки, и положить её наверх этой пачки (запись merci:p3).",
		Reconstructed: "not in the sources nor, as far as checked, in Cadogan: the 'merci' (one buried card drawn after the last shuffle) of later books (Morehead and Mott-Smith's 'Three Shuffles and a Draw'); the edition's notation names piles, not depths, so its draw takes the card just under the top", ReconstructedRU: "ни в источниках, ни, насколько проверено, у Кадоган этого нет: «merci» (одна карта, вытаскиваемая из-под других после последней тасовки) более поздних книг (у Морхеда и Мотт-Смита — «Three Shuffles and a Draw»); в записи ходов издания указывается стопка, а не глубина, поэтому вытаскивается карта прямо под верхней",
		Option: "merci"}
)

type laBelleLucie struct{}

func init() {
	piles := append(pileIDs("p", 18, engine.Tableau), pileIDs("f", 4, engine.Foundation)...)
	engine.Register(&engine.Variant{
		ID:     "la-belle-lucie",
		Titles: engine.Titles{RU: "Прекрасная Люси", RUModern: "Прекрасная Люси", EN: "La Belle Lucie"},
		Packs:  1,
		Piles:  piles,
		Words:  []engine.Word{engine.WordRedeal, wordMerci},
		Rules: []*engine.Rule{lblTopCard, lblFoundBase, lblFoundSuit, lblFoundUp, lblFoundFinal,
			lblMarriage, lblFreeAce, lblNoFill, lblRedeals, lblMerci},
		Options: []engine.Option{
			{ID: "merci", EN: "After the last deal, one buried card (the one under a packet's top) may be drawn once (the later 'merci').",
				RU: "После последней раскладки один раз можно вытащить карту из-под верхней карты пачки (позднейшее «мерси»)."},
		},
		Spec: engine.Spec{Cards: 52, Players: 1, Deals: 1 + lblMaxRedeals, Win: "foundations",
			Foundations: []engine.FoundationSpec{{Count: 4, Base: "A", Dir: "up", Top: "K", Suit: "same", When: "during", Piles: idsOf(piles, indexes(lblFound, 4))}},
			Building:    []engine.BuildSpec{{Piles: idsOf(piles, indexes(lblPackets, 18)), Dir: "down", Suit: "same", Empty: "none", When: "always"}},
		},
		Layout: laBelleLucieLayout(),
		// The packets are not interchangeable: a redeal gathers them in
		// order before the shuffle, so their order decides the next deal.
		Symmetric: [][]int{indexes(lblFound, 4)},
		Game:      laBelleLucie{},
	})
}

func laBelleLucieLayout() engine.Layout {
	const gapX, gapY = 1.8, engine.CardHeight + 0.4
	l := engine.Layout{Width: 6*gapX - 0.3, Height: 4*gapY + 0.4,
		Reconstructed: "neither the game's text nor its table is in the sources: eighteen fans in three rows of six under a row of four foundations, the usual picture of the game (Cadogan, PySolFC)", ReconstructedRU: "ни текста игры, ни её таблицы в источниках нет: восемнадцать вееров в три ряда по шесть под рядом из четырёх оснований — обычное изображение этой игры (Кадоган, PySolFC)"}
	for i := 0; i < 4; i++ {
		l.Slots = append(l.Slots, engine.Slot{Pile: "f" + itoa(i+1), X: 1.8 + float64(i)*gapX, Y: 0,
			Label: engine.Text{RU: "основание", EN: "foundation"}, Mark: "A↑K"})
	}
	for i := 0; i < 18; i++ {
		l.Slots = append(l.Slots, engine.Slot{Pile: "p" + itoa(i+1), X: float64(i%6) * gapX, Y: float64(1+i/6) * gapY, Fan: engine.FanRight})
	}
	l.Captions = []engine.Caption{{X: 0, Y: l.Height, Text: engine.Text{RU: "пачки — годна верхняя карта", EN: "packets: the top card is available"}}}
	return l
}

// Deal lays the pack face up in packets of three from the top of the pack,
// p1 first, the last card alone in p18; aces on top go to the foundations.
func (laBelleLucie) Deal(s *engine.State, deck []engine.Card) {
	n := len(deck)
	for p := lblPackets; p < lblFound && n > 0; p++ {
		for k := 0; k < 3 && n > 0; k++ {
			n--
			s.Piles[p].Cards = append(s.Piles[p].Cards, deck[n])
		}
	}
	for p := lblPackets; p < lblFound; p++ {
		for c := s.Piles[p].Top(); c != engine.NoCard && c.Rank() == engine.Ace; c = s.Piles[p].Top() {
			f := lblEmptyFoundation(s)
			s.Piles[f].Cards = append(s.Piles[f].Cards, c)
			s.Piles[p].Cards = s.Piles[p].Cards[:len(s.Piles[p].Cards)-1]
		}
	}
}

// lblEmptyFoundation returns the first empty foundation (there always is
// one when an ace is out).
func lblEmptyFoundation(s *engine.State) int {
	for f := lblFound; f < lblPiles; f++ {
		if len(s.Piles[f].Cards) == 0 {
			return f
		}
	}
	return lblFound
}

// Check returns the rule that refuses m, or nil.
func (laBelleLucie) Check(s *engine.State, m engine.Move) *engine.Rule {
	switch m.Action {
	case lblActRedeal:
		if m.From >= 0 || m.To >= 0 {
			return engine.RuleSyntax
		}
		if s.Vars[lblVarRedeals] >= lblMaxRedeals {
			return lblRedeals
		}
		return nil
	case lblActMerci:
		return lblCheckMerci(s, m)
	}
	from, to := int(m.From), int(m.To)
	if from >= lblFound {
		return lblFoundFinal
	}
	c := s.Piles[from].Top()
	if c == engine.NoCard {
		return engine.RuleEmptySource
	}
	if to >= lblFound {
		return checkFoundationUp(s.Piles[to].Top(), c, engine.Ace, true, lblFoundBase, lblFoundSuit, lblFoundUp)
	}
	t := s.Piles[to].Top()
	if t == engine.NoCard {
		return lblNoFill
	}
	if !sameSuitDown(t, c) {
		if lblNoAceUp(s) {
			return lblFreeAce
		}
		return lblMarriage
	}
	return nil
}

// lblCheckMerci checks merci:pN.
func lblCheckMerci(s *engine.State, m engine.Move) *engine.Rule {
	if !s.Opt(lblOptMerci) {
		return lblTopCard
	}
	if m.From < 0 || int(m.From) >= lblFound || m.To >= 0 {
		return lblMerci
	}
	if s.Vars[lblVarRedeals] < lblMaxRedeals || s.Vars[lblVarMerci] != 0 || len(s.Piles[m.From].Cards) < 2 {
		return lblMerci
	}
	return nil
}

// lblNoAceUp reports whether no ace has reached the foundations.
func lblNoAceUp(s *engine.State) bool {
	for f := lblFound; f < lblPiles; f++ {
		if len(s.Piles[f].Cards) > 0 {
			return false
		}
	}
	return true
}

// Apply plays m, then lays on the foundations any ace it uncovered.
func (laBelleLucie) Apply(s *engine.State, m engine.Move) {
	switch m.Action {
	case lblActRedeal:
		lblRedeal(s)
	case lblActMerci:
		p := int(m.From)
		// Swap the top two cards through a foundation used as a hand:
		// reversed off, then back in that order.
		s.MoveReversed(p, lblFound, 2)
		s.Move(lblFound, p, 2)
		s.SetVar(lblVarMerci, 1)
		lblAcesUp(s, p)
	default:
		s.Move(int(m.From), int(m.To), 1)
		lblAcesUp(s, int(m.From))
	}
}

// lblAcesUp lays the aces on top of packet p on the foundations.
func lblAcesUp(s *engine.State, p int) {
	for c := s.Piles[p].Top(); c != engine.NoCard && c.Rank() == engine.Ace; c = s.Piles[p].Top() {
		s.Move(p, lblEmptyFoundation(s), 1)
	}
}

// lblRedeal gathers the packets onto p1 in order, shuffles them with a
// seed fixed by the deal's seed and the redeal's number, and deals them
// again in threes: the shuffled cards from the bottom up, three to p1,
// the next three to p2, and so on, the last packet taking what is left.
func lblRedeal(s *engine.State) {
	round := s.Vars[lblVarRedeals] + 1
	s.SetVar(lblVarRedeals, round)
	for p := lblPackets + 1; p < lblFound; p++ {
		if n := len(s.Piles[p].Cards); n > 0 {
			s.Move(p, lblPackets, n)
		}
	}
	n := len(s.Piles[lblPackets].Cards)
	if n == 0 {
		return
	}
	s.ShufflePile(lblPackets, s.Seed*0x9E3779B97F4A7C15+uint64(round))
	for k := (n+2)/3 - 1; k >= 1; k-- {
		s.Move(lblPackets, lblPackets+k, min(3, n-3*k))
	}
	for p := lblPackets; p < lblFound; p++ {
		lblAcesUp(s, p)
	}
}

// Moves appends every legal move.
func (laBelleLucie) Moves(s *engine.State, dst []engine.Move) []engine.Move {
	// onTop[c] is 1 + the packet whose top card is c.
	var onTop [64]int8
	for p := lblPackets; p < lblFound; p++ {
		if c := s.Piles[p].Top(); c != engine.NoCard {
			onTop[c] = int8(p + 1)
		}
	}
	for from := lblPackets; from < lblFound; from++ {
		c := s.Piles[from].Top()
		if c == engine.NoCard {
			continue
		}
		dst = appendFoundationMoves(s, dst, from, c, lblFound, 4, engine.Ace, true)
		if c.Rank() < engine.King {
			if to := onTop[engine.NewCard(c.Rank()+1, c.Suit())]; to > 0 {
				dst = append(dst, engine.Transfer(from, int(to-1)))
			}
		}
	}
	if s.Vars[lblVarRedeals] < lblMaxRedeals {
		dst = append(dst, engine.ActionMove(lblActRedeal, -1, -1))
	} else if s.Opt(lblOptMerci) && s.Vars[lblVarMerci] == 0 {
		for p := lblPackets; p < lblFound; p++ {
			if len(s.Piles[p].Cards) >= 2 {
				dst = append(dst, engine.ActionMove(lblActMerci, p, -1))
			}
		}
	}
	return dst
}

// Won reports whether all 52 cards are on the foundations.
func (laBelleLucie) Won(s *engine.State) bool {
	for f := lblFound; f < lblPiles; f++ {
		if len(s.Piles[f].Cards) != 13 {
			return false
		}
	}
	return true
}

// wordMerci is La Belle Lucie's merci.
var wordMerci = engine.Word{ID: "merci",
	Label: engine.Text{EN: "Merci", RU: "Мерси"},
	Says:  engine.Text{EN: "the merci: a buried card is drawn to the top of its packet", RU: "«мерси»: карта из-под других переносится наверх своей пачки"}}
