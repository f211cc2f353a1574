package variants

import (
	"math/bits"

	"pasyans/engine"
)

// Швейцарка, "The Swiss Woman" (source 003:1–15; ≈ Les Quatre Coins,
// Cadogan 1874 #5, "The Four Corners" in 1914, PySolFC 620). Two packs;
// twelve piles around four ace and four king foundations, dealt in rounds
// of twelve; while the pack lasts a corner card («И», positions 1–4) goes
// to any foundation and a side card only to the foundations of its own
// horizontal row; once the pack is out any top card goes to any foundation
// and top cards are built on one another up or down regardless of suit;
// the piles are gathered without shuffling for a second deal.
//
// This file also holds twelve, the game machinery that swiss, st-helena
// and new-places share: the three games of source 003 differ only in the
// figure (which foundation each pile may feed while the pack lasts), the
// building suit, the number of deals and a few switches.

// Pile indexes shared by swiss, st-helena and new-places.
const (
	twTab   = 0  // t1..t12, in dealing order
	twFound = 12 // f1..f4 ace places (built up), f5..f8 king places (built down)
	twStock = 20 // s, the pack (its last card is the top)
	twNTab  = 12
)

// Game counters (State.Vars) of the twelve-pile games.
const (
	twVarDeal = 0 // number of the current deal, 1 at the start
)

// Action numbers of the twelve-pile games (Variant.Actions is "deal", "redeal").
const (
	twActDeal   = 1
	twActRedeal = 2
)

// twAll is the mask of all eight foundations.
const twAll = 0xFF

// twRules are the rules with which a twelve-pile game refuses moves.
type twRules struct {
	dealRound, strictDeal, redeal, deals            *engine.Rule
	base, diffSuits, suit, order, final             *engine.Rule
	position, positionAlt                           *engine.Rule
	buildAfterDeal, buildRank, buildSuit, emptyFill *engine.Rule
}

// twelve is the Game of the three twelve-pile games of source 003. It
// holds only configuration; the position lives in the State.
type twelve struct {
	r     twRules
	deals int32
	// masks[0][p] is the set of foundations (bit i = f(i+1)) that pile p
	// may feed while the pack lasts; masks[1] replaces it when altOpt is on.
	masks     [2][twNTab]uint8
	altOpt    int  // option selecting masks[1], or -1
	freeOpt   int  // option lifting the positional rule at every stage, or -1
	buildOpt  int  // option allowing building while the pack lasts, or -1
	f2fOpt    int  // option allowing foundation-to-foundation moves, or -1
	strictOpt int  // option: a round is dealt only when no card can go up, or -1
	f2f       bool // foundation-to-foundation moves always allowed (new-places)
	buildSuit bool // building follows suit (new-places)
	refill    bool // a card played from a pile while the pack lasts is replaced at once
	basesOut  bool // the eight bases are taken out before the deal
}

// twPiles returns the pile definitions t1..t12, f1..f8, s.
func twPiles() []engine.PileDef {
	piles := append(pileIDs("t", twNTab, engine.Tableau), pileIDs("f", 8, engine.Foundation)...)
	return append(piles, engine.PileDef{ID: "s", Role: engine.Stock})
}

// twSpec returns the Spec of a twelve-pile game.
func twSpec(deals int, when, buildSuit string) engine.Spec {
	piles := twPiles()
	return engine.Spec{Cards: 104, Players: 1, Deals: deals, Win: "foundations",
		Foundations: []engine.FoundationSpec{
			{Count: 4, Base: "A", Dir: "up", Top: "K", Suit: "same", When: when, Piles: idsOf(piles, indexes(twFound, 4))},
			{Count: 4, Base: "K", Dir: "down", Top: "A", Suit: "same", When: when, Piles: idsOf(piles, indexes(twFound+4, 4))},
		},
		Building: []engine.BuildSpec{{Piles: idsOf(piles, indexes(twTab, twNTab)), Dir: "either", Suit: buildSuit, Empty: "none", When: "after-deal"}},
	}
}

func (g *twelve) on(s *engine.State, opt int) bool { return opt >= 0 && s.Opt(opt) }

// Deal puts the pack in the stock, takes the bases out if the game says so,
// and lays the first round of twelve.
func (g *twelve) Deal(s *engine.State, deck []engine.Card) {
	st := &s.Piles[twStock]
	st.Cards = append(st.Cards, deck...)
	if g.basesOut {
		twTakeBases(s)
	}
	for i := 0; i < twNTab && len(st.Cards) > 0; i++ {
		p := &s.Piles[twTab+i]
		p.Cards = append(p.Cards, st.Cards[len(st.Cards)-1])
		st.Cards = st.Cards[:len(st.Cards)-1]
	}
	s.Vars[twVarDeal] = 1
}

// twTakeBases moves, for each place f1..f8, the topmost card of the pack
// that is its base (A♠ A♥ A♦ A♣ on f1–f4, K♠ K♥ K♦ K♣ on f5–f8) onto it.
func twTakeBases(s *engine.State) {
	st := &s.Piles[twStock]
	for f := 0; f < 8; f++ {
		want := engine.NewCard(engine.Ace, engine.Suit(f%4))
		if f >= 4 {
			want = engine.NewCard(engine.King, engine.Suit(f%4))
		}
		for j := len(st.Cards) - 1; j >= 0; j-- {
			if st.Cards[j] == want {
				st.Cards = append(st.Cards[:j], st.Cards[j+1:]...)
				s.Piles[twFound+f].Cards = append(s.Piles[twFound+f].Cards, want)
				break
			}
		}
	}
}

// restricted reports whether the positional rule applies now: while the
// pack lasts, unless an option lifts it.
func (g *twelve) restricted(s *engine.State) bool {
	return len(s.Piles[twStock].Cards) > 0 && !g.on(s, g.freeOpt)
}

// mask returns the foundations pile p may feed now (bit i = f(i+1)).
func (g *twelve) mask(s *engine.State, p int) uint8 {
	if !g.restricted(s) {
		return twAll
	}
	if g.on(s, g.altOpt) {
		return g.masks[1][p]
	}
	return g.masks[0][p]
}

// twFree is the mask set of a phase without positional restriction.
var twFree = [twNTab]uint8{twAll, twAll, twAll, twAll, twAll, twAll, twAll, twAll, twAll, twAll, twAll, twAll}

// currentMasks returns the foundations each pile may feed now.
func (g *twelve) currentMasks(s *engine.State) *[twNTab]uint8 {
	switch {
	case !g.restricted(s):
		return &twFree
	case g.on(s, g.altOpt):
		return &g.masks[1]
	}
	return &g.masks[0]
}

// acceptFound checks card c going onto foundation f; src is the pile it
// comes from (excluded from the different-suits test, so that a lone base
// may change places).
func (g *twelve) acceptFound(s *engine.State, f int, c engine.Card, src int) *engine.Rule {
	t := s.Piles[f].Top()
	up := f < twFound+4
	if t == engine.NoCard {
		lo, base := twFound, engine.Ace
		if !up {
			lo, base = twFound+4, engine.King
		}
		if c.Rank() != base {
			return g.r.base
		}
		for h := lo; h < lo+4; h++ {
			if h != f && h != src && len(s.Piles[h].Cards) > 0 && s.Piles[h].Cards[0].Suit() == c.Suit() {
				return g.r.diffSuits
			}
		}
		return nil
	}
	if c.Suit() != t.Suit() {
		return g.r.suit
	}
	if (up && c.Rank() != t.Rank()+1) || (!up && c.Rank()+1 != t.Rank()) {
		return g.r.order
	}
	return nil
}

// Check returns nil if m is legal, else the rule that refuses it.
func (g *twelve) Check(s *engine.State, m engine.Move) *engine.Rule {
	if m.Action != 0 {
		return g.checkAction(s, m)
	}
	from, to := int(m.From), int(m.To)
	switch {
	case from == twStock || to == twStock:
		return g.r.dealRound
	case from >= twFound:
		return g.checkFromFoundation(s, from, to)
	}
	c := s.Piles[from].Top()
	if c == engine.NoCard {
		return engine.RuleEmptySource
	}
	if to >= twFound {
		return g.checkToFoundation(s, from, to, c)
	}
	return g.checkBuild(s, from, to, c)
}

func (g *twelve) checkFromFoundation(s *engine.State, from, to int) *engine.Rule {
	if to < twFound || !(g.f2f || g.on(s, g.f2fOpt)) {
		return g.r.final
	}
	c := s.Piles[from].Top()
	if c == engine.NoCard {
		return engine.RuleEmptySource
	}
	return g.acceptFound(s, to, c, from)
}

func (g *twelve) checkToFoundation(s *engine.State, from, to int, c engine.Card) *engine.Rule {
	if r := g.acceptFound(s, to, c, from); r != nil {
		return r
	}
	bit := uint8(1) << uint(to-twFound)
	if s.Piles[to].Top() == engine.NoCard || g.mask(s, from)&bit != 0 {
		return nil // a base starts any empty place of its kind
	}
	if g.on(s, g.altOpt) && g.masks[0][from]&bit != 0 {
		return g.r.positionAlt
	}
	return g.r.position
}

func (g *twelve) checkBuild(s *engine.State, from, to int, c engine.Card) *engine.Rule {
	if len(s.Piles[twStock].Cards) > 0 && !g.on(s, g.buildOpt) {
		return g.r.buildAfterDeal
	}
	t := s.Piles[to].Top()
	switch {
	case t == engine.NoCard:
		return g.r.emptyFill
	case g.buildSuit && t.Suit() != c.Suit():
		return g.r.buildSuit
	case !adjacent(t, c):
		return g.r.buildRank
	}
	return nil
}

func (g *twelve) checkAction(s *engine.State, m engine.Move) *engine.Rule {
	if m.From >= 0 || m.To >= 0 {
		return engine.RuleSyntax
	}
	stock := len(s.Piles[twStock].Cards)
	if m.Action == twActDeal {
		if stock == 0 {
			return g.r.dealRound
		}
		if g.on(s, g.strictOpt) && g.hasFoundationMove(s) {
			return g.r.strictDeal
		}
		return nil
	}
	if stock > 0 {
		return g.r.redeal
	}
	if s.Vars[twVarDeal] >= g.deals {
		return g.r.deals
	}
	return nil
}

// hasFoundationMove reports whether a pile's top card can go to a foundation.
func (g *twelve) hasFoundationMove(s *engine.State) bool {
	for p := twTab; p < twTab+twNTab; p++ {
		c := s.Piles[p].Top()
		if c == engine.NoCard {
			continue
		}
		for f := twFound; f < twFound+8; f++ {
			if g.fits(s, p, f, c) {
				return true
			}
		}
	}
	return false
}

// fits reports whether top card c of pile p may go to foundation f.
func (g *twelve) fits(s *engine.State, p, f int, c engine.Card) bool {
	if g.acceptFound(s, f, c, p) != nil {
		return false
	}
	return s.Piles[f].Top() == engine.NoCard || g.mask(s, p)&(1<<uint(f-twFound)) != 0
}

// Apply performs m: a transfer (and, where the game says so, the card that
// replaces it from the pack), a round of the deal, or the gathering and
// the first round of a new deal.
func (g *twelve) Apply(s *engine.State, m engine.Move) {
	switch m.Action {
	case 0:
		from := int(m.From)
		s.Move(from, int(m.To), 1)
		if g.refill && from < twFound && len(s.Piles[twStock].Cards) > 0 {
			s.Move(twStock, from, 1)
		}
	case twActDeal:
		twDealRound(s)
	case twActRedeal:
		twGather(s)
		twDealRound(s)
		s.SetVar(twVarDeal, s.Vars[twVarDeal]+1)
	}
}

// twDealRound lays the next round: one card of the pack on each pile in
// dealing order, as far as the pack goes.
func twDealRound(s *engine.State) {
	for i := 0; i < twNTab && len(s.Piles[twStock].Cards) > 0; i++ {
		s.Move(twStock, twTab+i, 1)
	}
}

// twGather makes the piles into the new pack without shuffling: the piles
// are stacked face up in dealing order (t1 at the bottom, t12 on top) and
// the stack is turned face down, so the new pack deals first the cards of
// t1 from its bottom card up, then those of t2, and so on.
func twGather(s *engine.State) {
	for p := twTab + twNTab - 1; p >= twTab; p-- {
		if n := len(s.Piles[p].Cards); n > 0 {
			s.MoveReversed(p, twStock, n)
		}
	}
}

// Moves appends the legal moves of s. It reads every top card once and
// finds, through a table by card, the places that want each pile's top.
func (g *twelve) Moves(s *engine.State, dst []engine.Move) []engine.Move {
	stock := len(s.Piles[twStock].Cards)
	var tops [twNTab]engine.Card
	for p := range tops {
		tops[p] = s.Piles[twTab+p].Top()
	}
	fs := twReadPlaces(s)
	masks := g.currentMasks(s)
	nFound := 0
	for p, c := range tops {
		if c == engine.NoCard {
			continue
		}
		for ok := fs.takers(c, masks[p]); ok != 0; ok &= ok - 1 {
			f := bits.TrailingZeros8(ok)
			dst = append(dst, engine.Transfer(twTab+p, twFound+f))
			nFound++
		}
	}
	if stock == 0 || g.on(s, g.buildOpt) {
		dst = g.appendBuilds(dst, &tops)
	}
	if g.f2f || g.on(s, g.f2fOpt) {
		dst = g.appendF2F(s, dst, &fs)
	}
	if stock > 0 && (nFound == 0 || !g.on(s, g.strictOpt)) {
		dst = append(dst, engine.ActionMove(twActDeal, -1, -1))
	}
	if stock == 0 && s.Vars[twVarDeal] < g.deals {
		dst = append(dst, engine.ActionMove(twActRedeal, -1, -1))
	}
	return dst
}

// twPlaces is what the move generator reads of the eight places: their
// top cards, per card the occupied places that take it next (bit f for
// place f+1), the empty places, and per kind (ace places, king places)
// the suits its places hold.
type twPlaces struct {
	top   [8]engine.Card
	wants [64]uint8
	empty uint8
	based [2]uint8
}

func twReadPlaces(s *engine.State) (fs twPlaces) {
	for f := 0; f < 8; f++ {
		t := s.Piles[twFound+f].Top()
		fs.top[f] = t
		switch {
		case t == engine.NoCard:
			fs.empty |= 1 << uint(f)
			continue
		case f < 4 && t.Rank() < engine.King:
			fs.wants[engine.NewCard(t.Rank()+1, t.Suit())] |= 1 << uint(f)
		case f >= 4 && t.Rank() > engine.Ace:
			fs.wants[engine.NewCard(t.Rank()-1, t.Suit())] |= 1 << uint(f)
		}
		fs.based[f/4] |= 1 << uint(t.Suit())
	}
	return fs
}

// takers returns the places a pile top c may go to, the pile feeding
// the places in mask: an occupied place in mask whose run c continues,
// or, for a base whose suit no place of its kind holds, any empty place
// of its kind.
func (fs *twPlaces) takers(c engine.Card, mask uint8) uint8 {
	ok := fs.wants[c] & mask
	switch c.Rank() {
	case engine.Ace:
		if fs.based[0]&(1<<uint(c.Suit())) == 0 {
			ok |= fs.empty & 0x0F
		}
	case engine.King:
		if fs.based[1]&(1<<uint(c.Suit())) == 0 {
			ok |= fs.empty & 0xF0
		}
	}
	return ok
}

// twBase returns the base rank of place f (0-based): ace or king.
func twBase(f int) engine.Rank {
	if f < 4 {
		return engine.Ace
	}
	return engine.King
}

// appendBuilds appends the moves of a top card onto a top card one rank
// apart (in suit when the game says so), finding the targets through a
// table of piles by top rank.
func (g *twelve) appendBuilds(dst []engine.Move, tops *[twNTab]engine.Card) []engine.Move {
	var byRank [engine.King + 2]uint16 // piles whose top has the rank
	for q, t := range tops {
		if t != engine.NoCard {
			byRank[t.Rank()] |= 1 << uint(q)
		}
	}
	for p, c := range tops {
		if c == engine.NoCard {
			continue
		}
		cand := byRank[c.Rank()-1] | byRank[c.Rank()+1]
		for ; cand != 0; cand &= cand - 1 {
			q := bits.TrailingZeros16(cand)
			if g.buildSuit && tops[q].Suit() != c.Suit() {
				continue
			}
			dst = append(dst, engine.Transfer(twTab+p, twTab+q))
		}
	}
	return dst
}

// appendF2F appends the moves of a place's top card onto another place
// that takes it: an occupied place whose run it continues, or an empty
// place of the kind of its base (acceptFound decides, as it excludes the
// place the card leaves).
func (g *twelve) appendF2F(s *engine.State, dst []engine.Move, fs *twPlaces) []engine.Move {
	for h, c := range fs.top {
		if c == engine.NoCard {
			continue
		}
		ok := fs.wants[c]
		if r := c.Rank(); r == engine.Ace || r == engine.King {
			kind := uint8(0x0F)
			if r == engine.King {
				kind = 0xF0
			}
			for cand := fs.empty & kind; cand != 0; cand &= cand - 1 {
				f := bits.TrailingZeros8(cand)
				if g.acceptFound(s, twFound+f, c, twFound+h) == nil {
					ok |= 1 << uint(f)
				}
			}
		}
		for ok &^= 1 << uint(h); ok != 0; ok &= ok - 1 {
			dst = append(dst, engine.Transfer(twFound+h, twFound+bits.TrailingZeros8(ok)))
		}
	}
	return dst
}

// Won reports whether all 104 cards are on the foundations.
func (g *twelve) Won(s *engine.State) bool {
	n := 0
	for f := twFound; f < twFound+8; f++ {
		n += len(s.Piles[f].Cards)
	}
	return n == 104
}

// Options of swiss.
const (
	swOptAdjacent = 0 // Cadogan/PySolFC: a side card only to the adjoining foundation
	swOptF2F      = 1 // 003:13
	swOptBuild    = 2 // 003:14
	swOptFree     = 3 // 003:15
	swOptStrict   = 4 // literal 003:8: a round only when no card can go up
)

var swRules = twRules{
	dealRound: &engine.Rule{ID: "swiss/deal-round",
		EN:            "Twelve cards are laid face up, one on each pile in the order numbered on the figure (t1…t12); the word deal lays the next round of twelve the same way (the last round may be short) until the pack is out. The player deals when he chooses. Cards leave the pack only so and never go back to it.",
		RU:            "Выкладывают двенадцать открытых карт, по одной на каждую стопку в порядке номеров рисунка (t1…t12); ход deal так же выкладывает следующий круг из двенадцати (последний может быть короче), пока колода не кончится. Когда выкладывать, решает игрок. Карты уходят из колоды только так и в неё не возвращаются.",
		Book:          []string{"003:4", "003:8"},
		Reconstructed: "the numbering of the figure is the edition's (the figure is not in the source); that a round may be dealt before every possible move is made is the edition's reading of 003:8, whose literal reading is the option strict-deal", ReconstructedRU: "нумерация на рисунке — издателя (рисунка в источнике нет); раскладывать круг, не сделав всех возможных ходов, можно по прочтению издателем 003:8, буквальное же прочтение — вариант strict-deal"},
	strictDeal: &engine.Rule{ID: "swiss/strict-deal",
		EN:     "Literal reading of 003:8: the next round is dealt only when no top card of a pile can go to a foundation.",
		RU:     "Буквальное прочтение 003:8: следующий круг выкладывают, лишь когда ни одну верхнюю карту стопок нельзя переложить на базовые.",
		Book:   []string{"003:8"},
		Option: "strict-deal"},
	redeal: &engine.Rule{ID: "swiss/redeal",
		EN:            "When the whole pack has been laid out and the patience stops, the piles are gathered in the order of dealing without shuffling and dealt again by the same rules (redeal). The piles are stacked face up, t1 at the bottom and t12 on top, and turned face down: the new pack deals first the cards of t1 from its bottom card up, then t2, and so on. Cards on the foundations stay.",
		RU:            "Когда вся колода выложена и пасьянс остановился, стопки собирают в порядке выкладки и без тасовки раскладывают заново по тем же правилам (ход redeal). Стопки складывают открытыми, t1 внизу, t12 сверху, и переворачивают: новая колода даёт сначала карты t1 от нижней вверх, затем t2 и так далее. Карты на базовых остаются.",
		Book:          []string{"003:10"},
		Reconstructed: "the source does not say how the gathered piles are stacked; the edition fixes the convention above (the first card dealt in a pile is dealt first again)", ReconstructedRU: "источник не говорит, как складываются собранные стопки; издатель принимает описанный выше порядок (первая карта, разложенная в стопку, снова раскладывается первой)"},
	deals: &engine.Rule{ID: "swiss/two-deals",
		EN:   "The pack is laid out twice in all (one redeal); the patience comes out if all the cards reach the foundations within the two deals.",
		RU:   "Колоду раскладывают всего два раза (одна пересдача); пасьянс сошёлся, если за две раскладки все карты легли на базовые.",
		Book: []string{"003:11"}},
	base: &engine.Rule{ID: "swiss/foundation-base",
		EN:            "The foundations are four aces and four kings, laid in the foundation row as they become playable: an empty ace place (f1–f4) takes only an ace, an empty king place (f5–f8) only a king. A base may start any empty place of its kind, from any pile, whatever the positional rule.",
		RU:            "Базовые карты — четыре туза и четыре короля; их выкладывают в базовый ряд по мере возможности: пустое место туза (f1–f4) принимает только туза, пустое место короля (f5–f8) — только короля. Базовая карта может открыть любое пустое место своего рода с любой стопки, независимо от правила о положении карт.",
		Book:          []string{"003:5"},
		Reconstructed: "the source does not tie suits or bases to places; the edition lets a base start any empty place of its kind (as PySolFC's empty foundations accept their base from anywhere) and applies the positional rule to the places once occupied", ReconstructedRU: "источник не привязывает масти и основные карты к местам; издатель позволяет основной карте занять любое пустое место своего рода (как пустые основания в PySolFC принимают свою основную карту откуда угодно) и применяет правило о положении к уже занятым местам"},
	diffSuits: &engine.Rule{ID: "swiss/different-suits",
		EN:   "The four aces are of different suits, and so are the four kings: a base cannot start a place when another place of its kind already holds its suit.",
		RU:   "Четыре туза — разных мастей, четыре короля тоже: базовая карта не может открыть место, если другое место того же рода уже занято её мастью.",
		Book: []string{"003:5"}},
	suit: &engine.Rule{ID: "swiss/foundation-suit",
		EN:   "Cards are built on the foundations in suit.",
		RU:   "На базовые собирают карты в масть.",
		Book: []string{"003:5"}},
	order: &engine.Rule{ID: "swiss/foundation-order",
		EN:   "On the aces cards are built in ascending order up to the king, on the kings in descending order down to the ace.",
		RU:   "На тузах карты собирают в восходящем порядке до короля, на королях — в нисходящем до туза.",
		Book: []string{"003:5"}},
	final: &engine.Rule{ID: "swiss/foundation-final",
		EN:            "A card laid on a foundation stays there: it never goes back to the piles, nor (unless the option foundation-to-foundation is on) to another foundation.",
		RU:            "Карта, положенная на базовую, там и остаётся: на стопки она не возвращается, а на другую базовую переходит лишь при дополнительном правиле foundation-to-foundation.",
		Book:          []string{"003:12", "003:13"},
		Reconstructed: "003:13 gives moves between foundations as an optional rule only, so the standard game has none; no source moves a foundation card back to the piles", ReconstructedRU: "003:13 даёт ходы между основаниями только как необязательное правило, так что в обычной игре их нет; ни в одном источнике карта не возвращается с основания в стопки"},
	position: &engine.Rule{ID: "swiss/side-row",
		EN:            "While the pack lasts, a card of a corner pile (positions 1–4, marked «И»: t1–t4) may go to any foundation, a card of a side pile (t5–t12) only to the two foundations of its own horizontal row, the ace and the king place. Once the whole pack is laid out, any top card goes to any foundation.",
		RU:            "Пока колода не выложена, карта угловой стопки (места 1–4, обозначены «И»: t1–t4) перекладывается на любые базовые, карта боковой стопки (t5–t12) — только на две базовые своего горизонтального ряда, туза и короля. После выкладки всей колоды любая верхняя карта идёт на любые базовые.",
		Book:          []string{"003:6", "003:7", "003:9"},
		Reconstructed: "that positions 1–4 are the corners and 5–12 the sides is the edition's reconstruction of the missing figure, after Cadogan's Four Corners", ReconstructedRU: "что места 1–4 — углы, а 5–12 — бока, — так издатель восстанавливает утраченный рисунок по «Четырём углам» Кадоган"},
	positionAlt: &engine.Rule{ID: "swiss/side-adjacent",
		EN:            "Option adjacent-only: while the pack lasts a side card goes only to the foundation immediately adjoining its pile (left piles to the ace place, right piles to the king place of their row).",
		RU:            "Вариант adjacent-only: пока колода не выложена, боковая карта идёт только на базовую, прилегающую к её стопке (левые стопки — на туза, правые — на короля своего ряда).",
		Reconstructed: "Cadogan's Four Corners (a side card only to the foundation immediately adjoining its packet) and PySolFC's Les Quatre Coins", ReconstructedRU: "«Четыре угла» Кадоган (боковая карта — только на основание, непосредственно примыкающее к её пачке) и Les Quatre Coins в PySolFC",
		Option: "adjacent-only"},
	buildAfterDeal: &engine.Rule{ID: "swiss/build-after-deal",
		EN:   "While the pack lasts no card is moved from pile to pile; once the whole pack is laid out, a top card may be put on the top card of another pile.",
		RU:   "Пока колода не выложена, карты со стопки на стопку не перекладывают; после выкладки всей колоды верхнюю карту можно положить на верхнюю карту другой стопки.",
		Book: []string{"003:9", "003:14"}},
	buildRank: &engine.Rule{ID: "swiss/build-rank",
		EN:            "A top card is put on another in ascending or descending order, one rank apart, regardless of suit (the king and the ace are not neighbours).",
		RU:            "Верхнюю карту кладут на другую на одно достоинство старше или младше, независимо от масти (король и туз не соседние).",
		Book:          []string{"003:9"},
		Reconstructed: "that the ranks differ by one and do not wrap from king to ace is the edition's reading of «в любом — восходящем или нисходящем порядке», as in PySolFC's Les Quatre Coins", ReconstructedRU: "что достоинства соседние и от короля к тузу не переходят, — так издатель читает слова «в любом — восходящем или нисходящем порядке», как в Les Quatre Coins у PySolFC"},
	emptyFill: &engine.Rule{ID: "swiss/no-empty-fill",
		EN:            "A card is put only on another card: an emptied pile takes no card from the other piles (only the next round of the deal).",
		RU:            "Карту кладут только на карту: на опустевшую стопку карты с других стопок не кладут (только очередной круг выкладки).",
		Reconstructed: "003:9 speaks only of laying playable cards on one another; PySolFC's Les Quatre Coins never refills an empty pile; Новые места says so outright (003:26)", ReconstructedRU: "003:9 говорит только о том, что игровые карты кладут друг на друга; Les Quatre Coins в PySolFC никогда не заполняет пустую стопку; в «Новых местах» это сказано прямо (003:26)"},
}

// swF2FRule, swBuildRule and swFreeRule are the optional rules of 003:13–15.
// They only widen what is legal, so Check never returns them: moves they
// allow are refused without them by swiss/foundation-final,
// swiss/build-after-deal and swiss/side-row.
var (
	swF2FRule = &engine.Rule{ID: "swiss/foundation-to-foundation",
		EN:     "Optional rule: a card may be moved from one foundation to another where it fits (in suit, in order).",
		RU:     "Дополнительное правило: карту можно переложить с одной базовой на другую, если она туда подходит (в масть, по порядку).",
		Book:   []string{"003:12", "003:13"},
		Option: "foundation-to-foundation", Lets: engine.LetsFoundationMove}
	swBuildRule = &engine.Rule{ID: "swiss/build-each-round",
		EN:     "Optional rule: top cards may be put on one another (up or down regardless of suit) after every round of twelve, not only once the pack is out.",
		RU:     "Дополнительное правило: перекладывать игровые карты друг на друга (вверх или вниз независимо от масти) можно после каждой выкладки двенадцати карт, а не только после выкладки всей колоды.",
		Book:   []string{"003:12", "003:14"},
		Option: "build-each-round", Lifts: []string{"building.when"}}
	swFreeRule = &engine.Rule{ID: "swiss/free-foundations",
		EN:     "Optional rule: top cards go to any foundation regardless of their place at every stage.",
		RU:     "Дополнительное правило: игровые карты на любом этапе перекладываются на базовые независимо от их местонахождения.",
		Book:   []string{"003:12", "003:15"},
		Option: "free-foundations", Lifts: []string{"rule:swiss/side-row"}}
)

func init() {
	g := &twelve{r: swRules, deals: 2, altOpt: swOptAdjacent, freeOpt: swOptFree, buildOpt: swOptBuild,
		f2fOpt: swOptF2F, strictOpt: swOptStrict}
	for p := 0; p < 4; p++ {
		g.masks[0][p], g.masks[1][p] = twAll, twAll // corners
	}
	for i := 0; i < 8; i++ { // sides: t5 L1, t6 R1, t7 L2, …, t12 R4
		row := uint(i / 2)
		g.masks[0][4+i] = 1<<row | 1<<(4+row)
		g.masks[1][4+i] = 1 << row // left piles adjoin the ace place
		if i%2 == 1 {
			g.masks[1][4+i] = 1 << (4 + row) // right piles adjoin the king place
		}
	}
	r := swRules
	engine.Register(&engine.Variant{
		ID:     "swiss",
		Titles: engine.Titles{RU: "Швейцарка", RUModern: "Швейцарка", EN: "The Swiss Woman"},
		Packs:  2,
		Piles:  twPiles(),
		Words:  []engine.Word{engine.WordDeal, engine.WordRedeal},
		Rules: []*engine.Rule{r.dealRound, r.strictDeal, r.redeal, r.deals, r.base, r.diffSuits, r.suit, r.order,
			r.final, swF2FRule, r.position, r.positionAlt, swFreeRule, r.buildAfterDeal, swBuildRule, r.buildRank, r.emptyFill},
		Options: []engine.Option{
			{ID: "adjacent-only", EN: "Cadogan's Four Corners: while the pack lasts a side card goes only to the foundation adjoining its pile.", RU: "По Кадоган: пока колода не выложена, боковая карта идёт только на прилегающую к ней базовую."},
			{ID: "foundation-to-foundation", EN: "003:13: cards may be moved from one foundation to another.", RU: "003:13: допускается перекладывать карты с одной базовой на другую."},
			{ID: "build-each-round", EN: "003:14: top cards may be put on one another after every round of twelve.", RU: "003:14: игровые карты можно перекладывать друг на друга после каждой выкладки двенадцати карт."},
			{ID: "free-foundations", EN: "003:15: top cards go to any foundation regardless of their place at every stage.", RU: "003:15: игровые карты перекладываются на базовые независимо от местонахождения на любом этапе."},
			{ID: "strict-deal", EN: "Literal 003:8: the next round is dealt only when no top card can go to a foundation.", RU: "Буквально 003:8: следующий круг выкладывают, лишь когда ни одну карту нельзя переложить на базовые."},
		},
		Spec:   twSpec(2, "during", "any"),
		Layout: swissLayout(),
		Game:   g,
	})
}

// swissLayout reconstructs the figure of 003:4: two columns of six piles
// (a corner at each end, four side piles between) with the foundations
// between them in four horizontal rows of an ace place and a king place.
func swissLayout() engine.Layout {
	const gap = 0.3
	dy := engine.CardHeight + gap
	l := engine.Layout{Width: 5.8, Height: 6*dy - gap,
		Reconstructed: "The figure of 003:4 is not in the source. Reconstructed from Cadogan's Four Corners and PySolFC's Les Quatre Coins: two columns of six piles with the eight foundations between them in four horizontal rows (ace place, king place). Positions 1–4 («И», 003:6) are taken to be the four corners (1 top left, 2 top right, 3 bottom left, 4 bottom right), positions 5–12 the side piles row by row, left then right; the numbers give the order of dealing.", ReconstructedRU: "Рисунка из 003:4 в источнике нет. Восстановлен по «Четырём углам» Кадоган и Les Quatre Coins в PySolFC: два столбца по шесть стопок и между ними восемь оснований в четыре горизонтальных ряда (тузовое место, королевское место). Места 1–4 («И», 003:6) считаются четырьмя углами (1 — слева вверху, 2 — справа вверху, 3 — слева внизу, 4 — справа внизу), места 5–12 — боковыми стопками ряд за рядом, сначала левая, потом правая; числа задают порядок раскладки."}
	corner := engine.Text{RU: "угловая", EN: "corner"}
	xs := [2]float64{0, 3.6}
	for i := 0; i < 4; i++ {
		y := 0.0
		if i >= 2 {
			y = 5 * dy
		}
		l.Slots = append(l.Slots, engine.Slot{Pile: "t" + itoa(i+1), X: xs[i%2], Y: y, Label: corner, Mark: itoa(i+1) + " И"})
	}
	for i := 0; i < 8; i++ {
		row := i / 2
		l.Slots = append(l.Slots, engine.Slot{Pile: "t" + itoa(5+i), X: xs[i%2], Y: float64(row+1) * dy,
			Label: engine.Text{RU: "боковая, ряд " + itoa(row+1), EN: "side, row " + itoa(row+1)}, Mark: itoa(5 + i)})
	}
	for r := 0; r < 4; r++ {
		y := float64(r+1) * dy
		l.Slots = append(l.Slots,
			engine.Slot{Pile: "f" + itoa(r+1), X: 1.2, Y: y, Label: engine.Text{RU: "базовый туз", EN: "ace foundation"}, Mark: "A↑K"},
			engine.Slot{Pile: "f" + itoa(r+5), X: 2.4, Y: y, Label: engine.Text{RU: "базовый король", EN: "king foundation"}, Mark: "K↓A"})
		l.Captions = append(l.Captions, engine.Caption{X: 4.8, Y: y + engine.CardHeight/2, Text: engine.Text{RU: "ряд " + itoa(r+1), EN: "row " + itoa(r+1)}})
	}
	l.Slots = append(l.Slots, engine.Slot{Pile: "s", X: 4.8, Y: 0, Label: engine.Text{RU: "колода", EN: "pack"}})
	return l
}
