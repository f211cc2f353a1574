package corpus

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Figure is a figure of the edition's own data that a Markdown file asks
// for with a template reference, {{stats:GAME.FIELD}}, and the text the
// loader put in its place (so that changing the data changes the
// sentence). The fields are those of Stats: deals, won, lost, unknown,
// win_rate (a percentage) and budget.
type Figure struct {
	Pos   Pos
	Ref   string // "stats:st-helena.deals"
	Value string // as written into the text: "10,000", «10 000»
	// Number is the figure's value (a percentage for win_rate).
	Number float64
}

var figureRef = regexp.MustCompile(`\{\{\s*([a-z]+):([a-z0-9-]+)\.([a-z_0-9]+)\s*\}\}`)

// expandFigures replaces the template references of a Markdown file by
// the figures of the data, formatted for the language of their line, and
// records each in the edition. A reference to no data is a diagnostic and
// stays as written.
func (l *loader) expandFigures(name string, data []byte) []byte {
	if !bytes.Contains(data, []byte("{{")) {
		return data
	}
	lines := bytes.Split(data, []byte("\n"))
	for i, line := range lines {
		pos := Pos{File: name, Line: i + 1}
		ru := IsRussian(string(line))
		lines[i] = figureRef.ReplaceAllFunc(line, func(m []byte) []byte {
			sm := figureRef.FindSubmatch(m)
			ref := fmt.Sprintf("%s:%s.%s", sm[1], sm[2], sm[3])
			n, text, err := l.figure(string(sm[1]), string(sm[2]), string(sm[3]), ru)
			if err != nil {
				l.d.add(pos, CheckSyntax, "{{%s}}: %v", ref, err)
				return m
			}
			l.ed.Figures = append(l.ed.Figures, Figure{Pos: pos, Ref: ref, Value: text, Number: n})
			return []byte(text)
		})
	}
	return bytes.Join(lines, []byte("\n"))
}

// figure returns the value of a template reference and its text.
func (l *loader) figure(kind, game, field string, ru bool) (float64, string, error) {
	if kind != "stats" {
		return 0, "", fmt.Errorf("unknown kind %q (want stats)", kind)
	}
	var s *Stats
	for _, st := range l.ed.Stats {
		if st.Game == game {
			s = st
		}
	}
	if s == nil {
		return 0, "", fmt.Errorf("no stats/%s.yaml", game)
	}
	switch field {
	case "deals":
		return float64(s.Deals), FormatInt(s.Deals, ru), nil
	case "won":
		return float64(s.Won), FormatInt(s.Won, ru), nil
	case "lost":
		return float64(s.Lost), FormatInt(s.Lost, ru), nil
	case "unknown":
		return float64(s.Unknown), FormatInt(s.Unknown, ru), nil
	case "win_rate":
		pct := s.WinRate * 100
		t := strconv.FormatFloat(pct, 'f', -1, 64)
		if ru {
			t = strings.Replace(t, ".", ",", 1)
		}
		return pct, t + "%", nil
	case "budget":
		return 0, s.Budget, nil
	}
	return 0, "", fmt.Errorf("stats have no field %q (want deals, won, lost, unknown, win_rate or budget)", field)
}

// FormatInt writes n with its thousands grouped: 10,000 in English,
// 10 000 (a no-break space) in Russian.
func FormatInt(n int, ru bool) string {
	s := strconv.Itoa(n)
	sep, group := ",", 4 // 1,000
	if ru {
		sep, group = "\u00a0", 5 // 1000, 10 000
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 && len(s) >= group {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
