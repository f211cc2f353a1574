package normalize

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// Reading names one of the three readings of a paragraph.
type Reading uint8

// The readings, in the order the layers make them: the corrected layer
// leads from the diplomatic reading to the corrected one, the modern
// layer from the corrected to the modern.
const (
	DiplomaticReading Reading = iota
	CorrectedReading
	ModernReading
)

// Span is the runes [Start, End) of one reading.
type Span struct{ Start, End int }

// Apparatus is the apparatus of one paragraph read as a map between its
// readings. Each layer cuts its input into segments, each either
// unchanged (rune for rune) or replaced by one edit; through them a
// position or a span of any reading maps to the others, and every edit
// has a span in each reading (its input and output spans, and the third
// reading's span mapped from the nearer one).
//
// A position at the edge of, or inside, an edit belongs to the whole
// edit: mapping a span takes its start to the least position of the
// other reading that corresponds to it and its end to the greatest, so a
// span maps to one that holds every edit the span touches. Offsets are
// in runes, a byte that is not UTF-8 counting as one.
//
// The site's marks, the PDF's apparatus and the TEI's choices are built
// on it; what to group and how to present it is theirs.
type Apparatus struct {
	texts  [3]runeText
	edits  []Edit
	spans  [][3]Span // spans[i][r]: edit i's span in reading r
	layers [2][]seg  // layers[0]: diplomatic → corrected, layers[1]: corrected → modern
}

// seg is a segment of a layer: runes sp[0] of its input became runes
// sp[1] of its output, unchanged or by an edit.
type seg struct {
	sp   [2]Span
	edit bool
}

// runeText indexes a text by rune: off holds the byte offset of each
// rune, and len(s) last.
type runeText struct {
	s   string
	off []int
}

func indexRunes(s string) runeText {
	t := runeText{s: s, off: make([]int, 0, len(s)+1)}
	for i := 0; i < len(s); {
		t.off = append(t.off, i)
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
	}
	t.off = append(t.off, len(s))
	return t
}

func (t runeText) len() int { return len(t.off) - 1 }

// sub returns runes [a, b) as the text's own bytes.
func (t runeText) sub(a, b int) string { return t.s[t.off[a]:t.off[b]] }

// at returns rune i (utf8.RuneError for a byte that is not UTF-8).
func (t runeText) at(i int) rune {
	r, _ := utf8.DecodeRuneInString(t.s[t.off[i]:t.off[i+1]])
	return r
}

// NewApparatus maps the readings r. Its edits must lead from each
// reading to the next: each layer's edits in order, not overlapping,
// each Before standing at its offsets of the layer's input, and the
// edits applied giving the layer's output. It returns an error that
// names the layer and the edit otherwise.
func NewApparatus(r Readings) (*Apparatus, error) {
	a := &Apparatus{
		texts: [3]runeText{indexRunes(r.Diplomatic), indexRunes(r.Corrected), indexRunes(r.Modern)},
		edits: r.Apparatus,
		spans: make([][3]Span, len(r.Apparatus)),
	}
	var byLayer [2][]int
	for i, e := range r.Apparatus {
		switch e.Layer {
		case Corrected:
			byLayer[0] = append(byLayer[0], i)
		case Modern:
			byLayer[1] = append(byLayer[1], i)
		default:
			return nil, fmt.Errorf("edit %d: unknown layer %q", i, e.Layer)
		}
	}
	for l, name := range []string{Corrected, Modern} {
		segs, err := a.layer(l, byLayer[l])
		if err != nil {
			return nil, fmt.Errorf("%s layer: %w", name, err)
		}
		a.layers[l] = segs
	}
	// The reading a layer does not touch: its span maps from the
	// corrected reading, which both layers touch.
	for l, other := range []Reading{ModernReading, DiplomaticReading} {
		for _, i := range byLayer[l] {
			a.spans[i][other] = a.Map(a.spans[i][CorrectedReading], CorrectedReading, other)
		}
	}
	return a, nil
}

// layer cuts the input of layer l into segments by its edits (indexes
// idx of a.edits) and records the edits' spans, checking that the edits
// lead from the layer's input to its output.
func (a *Apparatus) layer(l int, idx []int) ([]seg, error) {
	in, out := a.texts[l], a.texts[l+1]
	var segs []seg
	pos, opos := 0, 0 // input and output rune positions
	// add appends the segment that ends at input rune inE and reads want
	// in the output.
	add := func(inE int, want string, edit bool) error {
		n := utf8.RuneCountInString(want)
		if opos+n > out.len() || out.sub(opos, opos+n) != want {
			return fmt.Errorf("the next reading does not read %q at rune %d", want, opos)
		}
		segs = append(segs, seg{sp: [2]Span{{pos, inE}, {opos, opos + n}}, edit: edit})
		pos, opos = inE, opos+n
		return nil
	}
	for _, i := range idx {
		e := a.edits[i]
		if e.Start < pos || e.End < e.Start || e.End > in.len() {
			return nil, fmt.Errorf("edit %d [%d,%d) by %s: out of order, inverted or beyond the text (%d runes; the edit before ends at %d)",
				i, e.Start, e.End, e.Rule, in.len(), pos)
		}
		if got := in.sub(e.Start, e.End); got != e.Before {
			return nil, fmt.Errorf("edit %d [%d,%d) by %s: the text is %q, the edit says %q", i, e.Start, e.End, e.Rule, got, e.Before)
		}
		if e.Start > pos {
			if err := add(e.Start, in.sub(pos, e.Start), false); err != nil {
				return nil, err
			}
		}
		if err := add(e.End, e.After, true); err != nil {
			return nil, fmt.Errorf("edit %d [%d,%d) by %s: %w", i, e.Start, e.End, e.Rule, err)
		}
		a.spans[i][l], a.spans[i][l+1] = segs[len(segs)-1].sp[0], segs[len(segs)-1].sp[1]
	}
	if pos < in.len() {
		if err := add(in.len(), in.sub(pos, in.len()), false); err != nil {
			return nil, err
		}
	}
	if opos != out.len() {
		return nil, fmt.Errorf("the edits give %d runes, the next reading has %d", opos, out.len())
	}
	return segs, nil
}

// Len returns the length of reading r in runes.
func (a *Apparatus) Len(r Reading) int { return a.texts[r].len() }

// Text returns span s of reading r, as the reading's own bytes.
func (a *Apparatus) Text(r Reading, s Span) string {
	s = a.clamp(r, s)
	return a.texts[r].sub(s.Start, s.End)
}

// clamp puts s inside reading r.
func (a *Apparatus) clamp(r Reading, s Span) Span {
	n := a.texts[r].len()
	s.Start = min(max(s.Start, 0), n)
	s.End = min(max(s.End, s.Start), n)
	return s
}

// Map returns the span of reading to that corresponds to span s of
// reading from: the least position that corresponds to its start and the
// greatest that corresponds to its end, so that it holds every edit s
// touches (an insertion at either end included). Through the corrected
// reading, the diplomatic and the modern map to each other.
func (a *Apparatus) Map(s Span, from, to Reading) Span {
	s = a.clamp(from, s)
	for from < to {
		s = Span{at(a.layers[from], s.Start, 0, false), at(a.layers[from], s.End, 0, true)}
		from++
	}
	for from > to {
		from--
		s = Span{at(a.layers[from], s.Start, 1, false), at(a.layers[from], s.End, 1, true)}
	}
	return s
}

// at maps position p of side from of a layer's segments (0 its input, 1
// its output) to the other side: the least position that corresponds to
// it, or the greatest if end. The segments whose side holds p (ends
// included) are consecutive, and what they give grows with them.
func at(segs []seg, p, from int, end bool) int {
	if len(segs) == 0 {
		return 0
	}
	i := sort.Search(len(segs), func(i int) bool { return segs[i].sp[from].End >= p })
	if end {
		for i+1 < len(segs) && segs[i+1].sp[from].Start <= p {
			i++
		}
	}
	s, to := segs[i], 1-from
	switch {
	case !s.edit:
		return s.sp[to].Start + p - s.sp[from].Start
	case end:
		return s.sp[to].End
	}
	return s.sp[to].Start
}

// Word widens span s of reading r to the whole words around it (runes
// for which IsWordRune holds).
func (a *Apparatus) Word(r Reading, s Span) Span {
	s = a.clamp(r, s)
	t := a.texts[r]
	for s.Start > 0 && IsWordRune(t.at(s.Start-1)) {
		s.Start--
	}
	for s.End < t.len() && IsWordRune(t.at(s.End)) {
		s.End++
	}
	return s
}

// Edits returns the edits, in the order of the Readings' apparatus.
func (a *Apparatus) Edits() []Edit { return a.edits }

// Span returns the span of edit i (an index of Edits) in reading r: for
// the reading before its layer the runes it replaced, for the one after
// the runes it wrote, and for the third the span Map gives for those.
func (a *Apparatus) Span(i int, r Reading) Span { return a.spans[i][r] }

// EditsIn returns the edits whose span in reading r lies within s, in
// order: what changed the words of s.
func (a *Apparatus) EditsIn(r Reading, s Span) []Edit {
	var out []Edit
	for i, sp := range a.spans {
		if sp[r].Start >= s.Start && sp[r].End <= s.End {
			out = append(out, a.edits[i])
		}
	}
	return out
}

// Join sorts spans by start (those that start together keep their
// order) and joins the spans that overlap, and those that touch as well
// if touching is set. It reuses the array of spans.
func Join(spans []Span, touching bool) []Span {
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	out := spans[:0]
	for _, sp := range spans {
		if n := len(out); n > 0 && (sp.Start < out[n-1].End || touching && sp.Start == out[n-1].End) {
			out[n-1].End = max(out[n-1].End, sp.End)
			continue
		}
		out = append(out, sp)
	}
	return out
}

// RuleIDs returns the ids of the rules of edits, each once, in order (an
// edit's Rule joins two or more with "+").
func RuleIDs(edits []Edit) []string {
	var ids []string
	for _, e := range edits {
		for _, id := range strings.Split(e.Rule, "+") {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	return ids
}
