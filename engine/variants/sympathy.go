package variants

import "pasyans/engine"

// Sympathy (Cadogan 1874 #24 "Sympathie"; dropped in 1914; not in
// PySolFC): source 000:15–18, the only text of the game found. A
// cooperative patience for two partners, each with a whole pack dealt into
// seventeen packets of three face down and one card, the Grace. The
// partners turn up the top cards of their own packets by turns; a card
// turned up that is identical in suit and rank to a face-up card of the
// other partner is paired with it and both are laid aside, and the next
// card of the same packet is turned and paired in its turn (a chain). The
// game succeeds when every card is paired.
//
// The edition's reading of the turn structure (000:16–18; the sources give
// no more): partner A (piles a…) plays first. On his turn a partner turns
// up one face-down top card of his own packets per move (flip:a3); pairing
// and the chain follow automatically, being compulsory and free of choice
// (a card's only twin lies in the other pack). His turn lasts until none of
// his packets shows a face-down top card; play then passes to the other
// partner. The first partner alone may end his turn earlier (pass), since
// 000:16 lets him turn his cards up during the game instead of all at
// once; the second turns all his tops (000:17). Every move turns a card up
// or passes to a partner who must turn one, so every game ends.
//
// The Grace's role is not in the sources: by default it is an eighteenth
// packet of one card (games.md's suggestion); option grace-spare lays it
// face up beside the packets, where it pairs with its twin whenever that
// is turned up. Option card-turns reads "by turns" the other way: the
// partners alternate after every card turned up.

// Pile indexes of sympathy.
const (
	symA      = 0  // a1..a17: partner A's packets
	symAGrace = 17 // ag: partner A's Grace
	symB      = 18 // b1..b17: partner B's packets
	symBGrace = 35 // bg: partner B's Grace
	symPairs  = 36 // d: the pairs laid aside
	symSide   = 18 // piles per partner
)

// Game counters of sympathy (State.Vars indexes).
const (
	symVarTurn = 0 // the partner to play: 0 = A (the first), 1 = B
)

// The game words of sympathy (1-based Action numbers).
const (
	symActFlip = 1
	symActPass = 2
)

// Options of sympathy.
const (
	symOptGraceSpare = 0 // the Grace is a face-up spare, not a packet
	symOptCardTurns  = 1 // a turn is one card turned up (with its chain)
)

var (
	symPackets = &engine.Rule{ID: "sympathy/packets",
		EN:   "Each partner deals his own pack face down into seventeen packets of three cards and one card more, the Grace.",
		RU:   "Каждый партнёр раскладывает свою колоду рубашкой вверх на семнадцать пачек по три карты и ещё одну карту — «Грацию».",
		Book: []string{"000:15"}}
	symTurnUp = &engine.Rule{ID: "sympathy/turn-up",
		EN:   "A partner turns face up the top card of one of his packets at a time (flip:a3); only a face-down top card can be turned.",
		RU:   "Партнёр переворачивает лицом вверх верхнюю карту одной из своих пачек, по одной (запись flip:a3); перевернуть можно только закрытую верхнюю карту.",
		Book: []string{"000:16", "000:17"}}
	symTurns = &engine.Rule{ID: "sympathy/turns",
		EN:            "The partners play by turns, the first partner (piles a) first; on his turn a partner turns up only his own packets. A turn lasts until none of his packets shows a face-down top card (or the first partner passes); play then passes to the other.",
		RU:            "Партнёры играют поочерёдно, первым — первый партнёр (стопки a); в свою очередь партнёр открывает только свои пачки. Очередь длится, пока у него есть пачки с закрытой верхней картой (или пока первый партнёр не уступит ход); затем ход переходит к другому.",
		Book:          []string{"000:17", "000:18"},
		Reconstructed: "the length of a turn is the edition's reading of 000:17–18: the second partner turns his tops 'until the top card of every packet has been turned', and the first does 'the same'; the sources say no more", ReconstructedRU: "длину очереди издатель выводит из 000:17–18: второй партнёр открывает свои верхние карты, «пока не будет открыта верхняя карта каждой пачки», а первый делает «то же»; больше источники ничего не говорят"}
	symFirstMayWait = &engine.Rule{ID: "sympathy/first-may-wait",
		EN:            "The first partner may turn his top cards up at the start or during the game: he may end his turn (pass) while he still has face-down tops, provided the second partner has a face-down top to turn.",
		RU:            "Первый партнёр может открыть верхние карты сразу или по ходу игры: он может уступить ход (ход pass), пока у него остаются закрытые верхние карты, если у второго партнёра есть закрытая верхняя карта.",
		Book:          []string{"000:16"},
		Reconstructed: "that the permission of 000:16 takes the form of a pass, and that a pass needs a card for the other partner to turn (else it would change nothing and the game could not end), is the edition's", ReconstructedRU: "что разрешение из 000:16 принимает форму паса и что для паса нужна карта, которую другой партнёр может открыть (иначе пас ничего бы не менял и игра не могла бы кончиться), — решение издателя"}
	symSecondTurnsAll = &engine.Rule{ID: "sympathy/second-turns-all",
		EN:   "The second partner turns up the top cards of his packets one after another until every one is turned: he cannot pass.",
		RU:   "Второй партнёр открывает верхние карты своих пачек одну за другой, пока не откроет все: уступить ход он не может.",
		Book: []string{"000:17"}}
	symPair = &engine.Rule{ID: "sympathy/pair",
		EN:   "A card turned up that is identical in suit and rank to a face-up card of the other partner is paired with it at once, and both are laid aside (the engine does it within the move). Cards of the same partner are never paired, and cards leave the packets only as pairs.",
		RU:   "Открытую карту, совпадающую мастью и достоинством с открытой картой другого партнёра, сразу складывают с ней в пару и обе откладывают в сторону (программа делает это в том же ходе). Карты одного партнёра в пары не складывают; из пачек карты уходят только парами.",
		Book: []string{"000:17", "000:18"}}
	symChain = &engine.Rule{ID: "sympathy/chain",
		EN:   "After a pair, the next card of the packet that supplied the winning card (the card just turned) is turned up at once and paired if it can be, and so on.",
		RU:   "После пары следующую карту пачки, откуда вышла только что открытая карта, сразу открывают и, если можно, складывают в пару, и так далее.",
		Book: []string{"000:17"}}
	symSuccess = &engine.Rule{ID: "sympathy/success",
		EN:   "The game succeeds only when every card of both packs has been paired; if a turned-up card is left when neither partner can turn a card, it has failed.",
		RU:   "Пасьянс удался, только если все карты обеих колод сложены в пары; если, когда никто не может открыть карту, остаётся открытая карта, пасьянс не удался.",
		Book: []string{"000:18"}}
	symGracePacket = &engine.Rule{ID: "sympathy/grace-packet",
		EN:            "The Grace (ag, bg) is an eighteenth packet of one card: dealt face down, turned up and paired like the others.",
		RU:            "«Грация» (ag, bg) — восемнадцатая пачка из одной карты: лежит рубашкой вверх, её открывают и складывают в пару, как остальные.",
		Reconstructed: "the sources do not say what the Grace is for; games.md's default reading (an eighteenth one-card packet); the other reading is the option grace-spare", ReconstructedRU: "источники не говорят, для чего нужна «Грация»; по умолчанию принято прочтение издателя (восемнадцатая пачка из одной карты); другое прочтение — вариант grace-spare"}
	symGraceSpare = &engine.Rule{ID: "sympathy/grace-spare",
		EN:            "Option grace-spare: the Grace lies face up beside the packets from the deal and pairs with its twin whenever that is turned up; it is never turned.",
		RU:            "Вариант grace-spare: «Грация» с самой раскладки лежит лицом вверх рядом с пачками и складывается в пару со своим двойником, как только тот откроют; её не переворачивают.",
		Reconstructed: "the other plausible reading of the unexplained Grace (games.md): a face-up spare card that may be paired at any time", ReconstructedRU: "другое правдоподобное прочтение необъяснённой «Грации»: открытая запасная карта, которую можно в любой момент сложить в пару",
		Option: "grace-spare"}
	symCardTurns = &engine.Rule{ID: "sympathy/card-turns",
		EN:            "Option card-turns: a turn is a single card turned up, with the chain of pairs it opens; the partners then alternate after every card, the first partner first (a partner with nothing to turn is skipped).",
		RU:            "Вариант card-turns: очередь — это одна открытая карта вместе с цепочкой пар, которую она открыла; партнёры чередуются после каждой карты, первым ходит первый партнёр (тот, кому нечего открыть, пропускается).",
		Book:          []string{"000:18"},
		Reconstructed: "the other reading of 'the two play thus by turns' (000:18), given in the edition's note to 000:18; the default reads 000:17 ('one after another … until the top card of every packet has been turned') as a turn through all of a partner's packets", ReconstructedRU: "другое прочтение слов «так играют оба по очереди» (000:18), приведённое в примечании издателя к 000:18; по умолчанию 000:17 («одну за другой … пока не будет открыта верхняя карта каждой пачки») читается как ход через все пачки партнёра",
		Option: "card-turns"}
)

type sympathy struct{}

func init() {
	piles := append(pileIDs("a", 17, engine.Tableau), engine.PileDef{ID: "ag", Role: engine.Reserve})
	piles = append(piles, pileIDs("b", 17, engine.Tableau)...)
	piles = append(piles, engine.PileDef{ID: "bg", Role: engine.Reserve}, engine.PileDef{ID: "d", Role: engine.Discard})
	engine.Register(&engine.Variant{
		ID:     "sympathy",
		Titles: engine.Titles{RU: "Симпатія", RUModern: "Симпатия", EN: "Sympathy"},
		Packs:  2,
		Piles:  piles,
		RoleNames: []engine.RoleName{{Role: engine.Reserve,
			From: engine.Text{EN: "the Grace %s", RU: "«Грации» %s"},
			To:   engine.Text{EN: "the Grace %s", RU: "«Грацию» %s"},
			At:   engine.Text{EN: "the Grace %s", RU: "«Грация» %s"}}},
		Words: []engine.Word{wordFlip, wordPass},
		Rules: []*engine.Rule{symPackets, symTurnUp, symTurns, symFirstMayWait, symSecondTurnsAll,
			symPair, symChain, symSuccess, symGracePacket, symGraceSpare, symCardTurns},
		Options: []engine.Option{
			{ID: "grace-spare", EN: "The Grace is a face-up spare card that pairs whenever its twin is turned up, not an eighteenth packet.",
				RU: "«Грация» — открытая запасная карта, которую складывают в пару, как только откроют её двойника, а не восемнадцатая пачка."},
			{ID: "card-turns", EN: "The partners alternate after every card turned up (with its chain of pairs), not after a pass through all of a partner's packets.",
				RU: "Партнёры чередуются после каждой открытой карты (с её цепочкой пар), а не после того, как один откроет все свои пачки."},
		},
		Spec: engine.Spec{Cards: 104, Players: 2, Deals: 1, Win: "paired",
			Foundations: []engine.FoundationSpec{}},
		Layout:    sympathyLayout(),
		Symmetric: [][]int{indexes(symA, 17), indexes(symB, 17)},
		Hidden:    true,
		Game:      sympathy{},
	})
}

func sympathyLayout() engine.Layout {
	const gapX, gapY = 1.2, engine.CardHeight + 0.4
	l := engine.Layout{Width: 10*gapX + 0.6, Height: 4*gapY + 1.2,
		Reconstructed: "no table of Sympathy is in the sources: each partner's packets in two rows of nine, the Grace last, the first partner above, the second below, the pairs laid aside between them on the right; the edition's", ReconstructedRU: "таблицы «Симпатии» в источниках нет: пачки каждого партнёра в два ряда по девять, «Грация» последней, первый партнёр сверху, второй снизу, пары откладываются между ними справа; так расположил издатель"}
	side := func(prefix string, y float64) {
		for i := 0; i < 17; i++ {
			l.Slots = append(l.Slots, engine.Slot{Pile: prefix + itoa(i+1), X: float64(i%9) * gapX, Y: y + float64(i/9)*gapY})
		}
		l.Slots = append(l.Slots, engine.Slot{Pile: prefix + "g", X: 8 * gapX, Y: y + gapY, Label: engine.Text{RU: "«Грация»", EN: "Grace"}})
	}
	side("a", 0.3)
	side("b", 2*gapY+0.9)
	l.Slots = append(l.Slots, engine.Slot{Pile: "d", X: 9*gapX + 0.6, Y: gapY + 0.6, Label: engine.Text{RU: "пары", EN: "pairs"}})
	l.Captions = []engine.Caption{
		{X: 0, Y: 0.2, Text: engine.Text{RU: "первый партнёр", EN: "first partner"}},
		{X: 0, Y: 2*gapY + 0.8, Text: engine.Text{RU: "второй партнёр", EN: "second partner"}},
	}
	return l
}

// Deal gives each partner one whole pack — reading the shuffled double pack
// from the top, the first copy of each card goes to partner A, the second
// to partner B — and deals each pack from its top in packets of three, the
// first packet first, the last card as the Grace; all face down, except
// the Graces under grace-spare (paired at once if they are twins).
func (sympathy) Deal(s *engine.State, deck []engine.Card) {
	var seen [64]bool
	var bufA, bufB [52]engine.Card
	a, b := bufA[:0], bufB[:0]
	for i := len(deck) - 1; i >= 0; i-- {
		if c := deck[i]; !seen[c] {
			seen[c] = true
			a = append(a, c)
		} else {
			b = append(b, c)
		}
	}
	symDealPack(s, symA, a)
	symDealPack(s, symB, b)
	if !s.Opt(symOptGraceSpare) {
		return
	}
	s.Piles[symAGrace].Down, s.Piles[symBGrace].Down = 0, 0
	if ga, gb := &s.Piles[symAGrace], &s.Piles[symBGrace]; ga.Top() == gb.Top() {
		s.Piles[symPairs].Cards = append(s.Piles[symPairs].Cards, ga.Top(), gb.Top())
		ga.Cards, gb.Cards = ga.Cards[:0], gb.Cards[:0]
	}
}

// symDealPack deals pack (first card = top of the pack) into the packets
// of the partner whose piles start at first, face down.
func symDealPack(s *engine.State, first int, pack []engine.Card) {
	for i, c := range pack {
		p := &s.Piles[first+min(i/3, 17)]
		p.Cards = append(p.Cards, c)
		p.Down = len(p.Cards)
	}
}

// symSideOf returns the first pile of the partner owning pile p, or -1 for
// the pairs.
func symSideOf(p int) int {
	switch {
	case p < symB:
		return symA
	case p < symPairs:
		return symB
	}
	return -1
}

// Check returns the rule that refuses m, or nil.
func (sympathy) Check(s *engine.State, m engine.Move) *engine.Rule {
	switch m.Action {
	case 0:
		return symPair
	case symActPass:
		if m.From >= 0 || m.To >= 0 {
			return engine.RuleSyntax
		}
		if s.Vars[symVarTurn] != 0 {
			return symSecondTurnsAll
		}
		if !symHasDown(s, symA) || !symHasDown(s, symB) {
			return symFirstMayWait
		}
		return nil
	}
	p := int(m.From)
	if p < 0 || m.To >= 0 {
		return engine.RuleSyntax
	}
	side := symSideOf(p)
	if side < 0 {
		return symTurnUp
	}
	if side != symA+symSide*int(s.Vars[symVarTurn]) {
		if s.Opt(symOptCardTurns) {
			return symCardTurns
		}
		return symTurns
	}
	if s.Opt(symOptGraceSpare) && p == side+symSide-1 {
		return symGraceSpare
	}
	if pl := &s.Piles[p]; len(pl.Cards) == 0 || pl.Down != len(pl.Cards) {
		return symTurnUp
	}
	return nil
}

// symHasDown reports whether the partner whose piles start at first has a
// face-down top card.
func symHasDown(s *engine.State, first int) bool {
	for p := first; p < first+symSide; p++ {
		if pl := &s.Piles[p]; len(pl.Cards) > 0 && pl.Down == len(pl.Cards) {
			return true
		}
	}
	return false
}

// symTwin returns the pile of the partner at first whose face-up top card
// is c, or -1.
func symTwin(s *engine.State, first int, c engine.Card) int {
	for p := first; p < first+symSide; p++ {
		if pl := &s.Piles[p]; pl.Down < len(pl.Cards) && pl.Cards[len(pl.Cards)-1] == c {
			return p
		}
	}
	return -1
}

// Apply plays m: a pass hands the turn to the second partner; a flip turns
// the card up, pairs it and follows the chain, then hands the turn on when
// the partner has nothing left to turn.
func (sympathy) Apply(s *engine.State, m engine.Move) {
	if m.Action == symActPass {
		s.SetVar(symVarTurn, 1)
		return
	}
	p := int(m.From)
	me := symSideOf(p)
	other := symA + symB - me
	s.SetDown(p, s.Piles[p].Down-1)
	for {
		q := symTwin(s, other, s.Piles[p].Top())
		if q < 0 {
			break
		}
		s.Move(p, symPairs, 1)
		s.Move(q, symPairs, 1)
		if len(s.Piles[p].Cards) == 0 {
			break
		}
		s.SetDown(p, s.Piles[p].Down-1)
	}
	if (s.Opt(symOptCardTurns) || !symHasDown(s, me)) && symHasDown(s, other) {
		s.SetVar(symVarTurn, int32(other/symSide))
	}
}

// Moves appends the flips of the partner to play and, on the first
// partner's turn, the pass.
func (sympathy) Moves(s *engine.State, dst []engine.Move) []engine.Move {
	me := symA + symSide*int(s.Vars[symVarTurn])
	last := me + symSide
	if s.Opt(symOptGraceSpare) {
		last--
	}
	canTurn := false
	for p := me; p < last; p++ {
		if pl := &s.Piles[p]; len(pl.Cards) > 0 && pl.Down == len(pl.Cards) {
			dst = append(dst, engine.ActionMove(symActFlip, p, -1))
			canTurn = true
		}
	}
	if me == symA && canTurn && symHasDown(s, symB) {
		dst = append(dst, engine.ActionMove(symActPass, -1, -1))
	}
	return dst
}

// Won reports whether every card has been paired.
func (sympathy) Won(s *engine.State) bool { return len(s.Piles[symPairs].Cards) == 104 }

// Sympathy's words: a partner turns a card up, or passes the turn.
var (
	wordFlip = engine.Word{ID: "flip",
		Label: engine.Text{EN: "Turn over", RU: "Перевернуть"},
		Says:  engine.Text{EN: "a top card is turned up", RU: "открывается верхняя карта"}}
	wordPass = engine.Word{ID: "pass",
		Label: engine.Text{EN: "Pass", RU: "Пропустить"},
		Says:  engine.Text{EN: "the turn passes to the other partner", RU: "ход переходит к другому партнёру"}}
)
