package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Move is a player's move: a transfer of the top card of pile From onto pile
// To (Action 0), or the game word Variant.Actions[Action-1], which may name
// one pile (From) or two (From, To); unused pile fields are -1.
type Move struct {
	Action   int8
	From, To int8
}

// Transfer returns the move of the top card of from onto to.
func Transfer(from, to int) Move { return Move{From: int8(from), To: int8(to)} }

// ActionMove returns the move of game word number a (1-based) with optional
// piles (-1 for none).
func ActionMove(a, from, to int) Move { return Move{Action: int8(a), From: int8(from), To: int8(to)} }

// Action returns the 1-based number of the game word, or 0 if the variant
// has no such word.
func (v *Variant) Action(word string) int {
	for i, w := range v.Actions {
		if w == word {
			return i + 1
		}
	}
	return 0
}

// FormatMove writes m in the edition's notation.
func (v *Variant) FormatMove(m Move) string {
	pile := func(i int8) string {
		if int(i) >= 0 && int(i) < len(v.Piles) {
			return v.Piles[i].ID
		}
		return "?"
	}
	if m.Action == 0 {
		return pile(m.From) + ">" + pile(m.To)
	}
	word := "?"
	if int(m.Action) <= len(v.Actions) && m.Action > 0 {
		word = v.Actions[m.Action-1]
	}
	switch {
	case m.From >= 0 && m.To >= 0:
		return word + ":" + pile(m.From) + ">" + pile(m.To)
	case m.From >= 0:
		return word + ":" + pile(m.From)
	}
	return word
}

// ErrSyntax marks a move that is not written in the notation of the game.
var ErrSyntax = errors.New("bad move")

// ParseMove reads a move in the edition's notation.
func (v *Variant) ParseMove(text string) (Move, error) {
	word, piles, hasPiles := strings.Cut(text, ":")
	if !hasPiles {
		if !strings.Contains(text, ">") {
			if a := v.Action(text); a > 0 {
				return ActionMove(a, -1, -1), nil
			}
			return Move{}, fmt.Errorf("%w %q: %s", ErrSyntax, text, v.notation())
		}
		word, piles = "", text
	}
	a := 0
	if hasPiles {
		if a = v.Action(word); a == 0 {
			return Move{}, fmt.Errorf("%w %q: %q is not a word of %s; %s", ErrSyntax, text, word, v.ID, v.notation())
		}
	}
	fromID, toID, two := strings.Cut(piles, ">")
	from := v.Pile(fromID)
	if from < 0 {
		return Move{}, fmt.Errorf("%w %q: no pile %q in %s; piles: %s", ErrSyntax, text, fromID, v.ID, v.pileList())
	}
	if !two {
		if a == 0 {
			return Move{}, fmt.Errorf("%w %q: %s", ErrSyntax, text, v.notation())
		}
		return ActionMove(a, from, -1), nil
	}
	to := v.Pile(toID)
	if to < 0 {
		return Move{}, fmt.Errorf("%w %q: no pile %q in %s; piles: %s", ErrSyntax, text, toID, v.ID, v.pileList())
	}
	if a == 0 && from == to {
		return Move{}, fmt.Errorf("%w %q: a card cannot move onto its own pile", ErrSyntax, text)
	}
	return ActionMove(a, from, to), nil
}

func (v *Variant) notation() string {
	s := "write FROM>TO with pile ids"
	if len(v.Actions) > 0 {
		s += " or one of: " + strings.Join(v.Actions, ", ")
	}
	return s
}

func (v *Variant) pileList() string {
	ids := make([]string, len(v.Piles))
	for i, p := range v.Piles {
		ids[i] = p.ID
	}
	return strings.Join(ids, " ")
}

// MoveText is one move as written in a move list, with its position.
type MoveText struct {
	Text      string
	Line, Col int
}

// SplitMoves reads a move list: moves separated by white space or commas,
// '#' starting a comment to the end of the line. It fails on invalid UTF-8
// or an over-long line, naming the line.
func SplitMoves(name string, r io.Reader) ([]MoveText, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var out []MoveText
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if !utf8Valid(text) {
			return nil, fmt.Errorf("%s:%d: invalid UTF-8 in move list", name, line)
		}
		col := 0
		for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' || r == '\r' }) {
			col = strings.Index(text[col:], f) + col
			out = append(out, MoveText{Text: f, Line: line, Col: col + 1})
			col += len(f)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: reading move list: %w", name, line+1, err)
	}
	return out, nil
}

func utf8Valid(s string) bool { return utf8.ValidString(s) }
