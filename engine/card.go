package engine

import (
	"fmt"
	"strings"
)

// Suit is one of the four suits, in the order S H D C.
type Suit uint8

// The suits.
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

// Rank is a card's rank, 1 (ace) to 13 (king).
type Rank uint8

// Named ranks.
const (
	Ace   Rank = 1
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
)

// Card is a playing card; the zero value NoCard is no card. Two-pack games
// have two equal values of each card.
type Card uint8

// NoCard is the absence of a card (the top of an empty pile).
const NoCard Card = 0

const (
	rankLetters = "A23456789TJQK"
	suitLetters = "SHDC"
	suitSymbols = "♠♥♦♣"
)

// NewCard returns the card of rank r and suit s.
func NewCard(r Rank, s Suit) Card { return Card(r)<<2 | Card(s) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c >> 2) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c & 3) }

// Red reports whether the card is a heart or a diamond.
func (c Card) Red() bool { s := c.Suit(); return s == Hearts || s == Diamonds }

// Valid reports whether c is a real card.
func (c Card) Valid() bool { r := c.Rank(); return r >= 1 && r <= 13 }

// String writes the card as rank + suit letter: "TD".
func (c Card) String() string {
	if !c.Valid() {
		return "--"
	}
	return string(rankLetters[c.Rank()-1]) + string(suitLetters[c.Suit()])
}

// Symbol writes the card with a suit symbol: "T♦".
func (c Card) Symbol() string {
	if !c.Valid() {
		return "--"
	}
	return string(rankLetters[c.Rank()-1]) + c.Suit().Symbol()
}

// Symbol returns the suit's symbol, ♠ ♥ ♦ or ♣.
func (s Suit) Symbol() string { return []string{"♠", "♥", "♦", "♣"}[s&3] }

// String returns the suit's letter.
func (s Suit) String() string { return string(suitLetters[s&3]) }

// String returns the rank's letter.
func (r Rank) String() string {
	if r < 1 || r > 13 {
		return "?"
	}
	return string(rankLetters[r-1])
}

// ParseRank reads a rank letter (A 2 … 9 T J Q K; "10" is accepted for T).
func ParseRank(s string) (Rank, error) {
	if s == "10" {
		return 10, nil
	}
	if len(s) == 1 {
		if i := strings.IndexByte(rankLetters, upper(s[0])); i >= 0 {
			return Rank(i + 1), nil
		}
	}
	return 0, fmt.Errorf("bad rank %q: want one of A 2 3 4 5 6 7 8 9 T J Q K", s)
}

// ParseCard reads a card written rank + suit ("TD", "10d", "Q♠").
func ParseCard(s string) (Card, error) {
	for i, sym := range []string{"♠", "♥", "♦", "♣"} {
		if strings.HasSuffix(s, sym) {
			s = strings.TrimSuffix(s, sym) + string(suitLetters[i])
			break
		}
	}
	if len(s) < 2 || len(s) > 3 {
		return NoCard, fmt.Errorf("bad card %q: want rank + suit, e.g. TD", s)
	}
	r, err := ParseRank(s[:len(s)-1])
	if err != nil {
		return NoCard, fmt.Errorf("bad card %q: %w", s, err)
	}
	si := strings.IndexByte(suitLetters, upper(s[len(s)-1]))
	if si < 0 {
		return NoCard, fmt.Errorf("bad card %q: suit must be S, H, D or C", s)
	}
	return NewCard(r, Suit(si)), nil
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

// FullDeck returns packs packs in canonical order: pack after pack, suits
// S H D C, ranks A to K.
func FullDeck(packs int) []Card {
	deck := make([]Card, 0, packs*52)
	for p := 0; p < packs; p++ {
		for s := Spades; s <= Clubs; s++ {
			for r := Ace; r <= King; r++ {
				deck = append(deck, NewCard(r, s))
			}
		}
	}
	return deck
}
