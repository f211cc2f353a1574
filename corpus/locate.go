package corpus

import "strings"

// Locate finds the game whose page shows a corpus position and the
// paragraph whose section holds it ("" for none). ed may be nil (an
// edition that did not load): the game is then found by the file alone.
func (ed *Edition) Locate(pos Pos) (game, para string) {
	dir, rest, _ := strings.Cut(pos.File, "/")
	switch dir {
	case "games":
		game = strings.TrimSuffix(rest, ".md")
	case "deals":
		game, _, _ = strings.Cut(rest, "/")
		return game, ""
	default:
		return "", ""
	}
	if ed == nil || pos.Line <= 0 {
		return game, ""
	}
	best := 0
	for _, g := range ed.Games {
		if g.ID != game {
			continue
		}
		for _, pa := range g.Paragraphs {
			if pa.Pos.File == pos.File && pa.Pos.Line <= pos.Line && pa.Pos.Line > best {
				best, para = pa.Pos.Line, pa.ID
			}
		}
	}
	return game, para
}
