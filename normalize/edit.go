package normalize

import (
	"math/bits"
	"strings"
)

// Edit is one entry of the apparatus: the text Before at rune offsets
// [Start, End) of a layer's input became After in its output, by Rule.
type Edit struct {
	Para   string `json:"para"`   // paragraph id, "001:7"
	Layer  string `json:"layer"`  // "corrected" (raw -> corrected) or "modern" (corrected -> modern)
	Start  int    `json:"start"`  // rune offset in the layer's input
	End    int    `json:"end"`    // rune offset in the layer's input, End >= Start
	Before string `json:"before"` // the input's runes [Start, End)
	After  string `json:"after"`  // what replaces them
	Rule   string `json:"rule"`   // rule id; "a+b" when two rules changed overlapping text
}

// repl is a replacement a rule proposes: bytes [start, end) of the current
// text become after.
type repl struct {
	start, end int
	after      string
	rule       string // set when a batch of rules shares one pass
}

// span is a changed region: input bytes [inS, inE) are now current bytes
// [curS, curE).
type span struct {
	inS, inE   int
	curS, curE int
	rule       string
}

// tracker follows a text through the rules of a layer, keeping the changed
// regions in input coordinates.
type tracker struct {
	input string
	cur   string
	spans []span
	spare []span
	b     strings.Builder
}

// overlaps reports whether span e overlaps the group [gs, ge) of the current
// text. An empty span counts only strictly inside; an empty group only
// strictly inside e.
func overlaps(e span, gs, ge int) bool {
	if e.curS == e.curE {
		return gs < e.curS && e.curS < ge
	}
	return e.curS < ge && gs < e.curE
}

// apply applies rs (sorted by start, non-overlapping, in bytes of t.cur),
// proposed by rule id.
func (t *tracker) apply(rs []repl, id string) {
	old := t.spans
	out := t.spare[:0]
	if need := len(old) + len(rs); cap(out) < need {
		out = make([]span, 0, need+need/2)
	}
	cur := t.cur
	t.b.Reset()
	t.b.Grow(len(cur) + 16)
	i := 0     // next old span
	d := 0     // cur - input offset in the unchanged text at the current point
	shift := 0 // new cur - old cur at the current point
	last := 0  // old cur copied up to here
	for j := 0; j < len(rs); j++ {
		r := rs[j]
		for i < len(old) && old[i].curE <= r.start && !overlaps(old[i], r.start, r.end) {
			e := old[i]
			e.curS += shift
			e.curE += shift
			out = append(out, e)
			d = old[i].curE - old[i].inE
			i++
		}
		gs, ge := r.start, r.end
		dBefore := d
		rule := ""
		first, lastR := j, j
		for {
			grew := false
			for i < len(old) && overlaps(old[i], gs, ge) {
				e := old[i]
				if e.curS < gs {
					gs = e.curS
				}
				if e.curE > ge {
					ge = e.curE
				}
				rule = joinRule(rule, e.rule)
				d = e.curE - e.inE
				i++
				grew = true
			}
			for lastR+1 < len(rs) && rs[lastR+1].start < ge {
				lastR++
				if rs[lastR].end > ge {
					ge = rs[lastR].end
				}
				grew = true
			}
			if !grew {
				break
			}
		}
		t.b.WriteString(cur[last:gs])
		ns := t.b.Len()
		p := gs
		for k := first; k <= lastR; k++ {
			if rs[k].rule != "" {
				rule = joinRule(rule, rs[k].rule)
			} else {
				rule = joinRule(rule, id)
			}
			t.b.WriteString(cur[p:rs[k].start])
			t.b.WriteString(rs[k].after)
			p = rs[k].end
		}
		t.b.WriteString(cur[p:ge])
		ne := t.b.Len()
		last = ge
		out = append(out, span{inS: gs - dBefore, inE: ge - d, curS: ns, curE: ne, rule: rule})
		shift = ne - ge
		j = lastR
	}
	for ; i < len(old); i++ {
		e := old[i]
		e.curS += shift
		e.curE += shift
		out = append(out, e)
	}
	t.b.WriteString(cur[last:])
	t.cur = t.b.String()
	t.spare = old
	t.spans = out
}

// joinRule adds id to a "+"-joined list of rule ids, once.
func joinRule(list, id string) string {
	switch {
	case list == "":
		return id
	case id == "":
		return list
	}
	for _, x := range strings.Split(list, "+") {
		if x == id {
			return list
		}
	}
	return list + "+" + id
}

// edits turns the spans into Edits with rune offsets, dropping spans whose
// text ended up unchanged.
func (t *tracker) edits(para, layer string) []Edit {
	if len(t.spans) == 0 {
		return nil
	}
	es := make([]Edit, 0, len(t.spans))
	bpos, rpos := 0, 0
	runeAt := func(b int) int {
		rpos += runeCount(t.input[bpos:b])
		bpos = b
		return rpos
	}
	for _, sp := range t.spans {
		before, after := t.input[sp.inS:sp.inE], t.cur[sp.curS:sp.curE]
		if before == after {
			continue
		}
		s := runeAt(sp.inS)
		e := runeAt(sp.inE)
		es = append(es, Edit{Para: para, Layer: layer, Start: s, End: e, Before: before, After: after, Rule: sp.rule})
	}
	if len(es) == 0 {
		return nil
	}
	return es
}

// runeCount counts the runes of valid UTF-8 by counting the bytes that do
// not continue a sequence, eight at a time.
func runeCount(s string) int {
	const hi, lo = 0x8080808080808080, 0x4040404040404040
	cont := 0
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		// A continuation byte is 10xxxxxx: bit 7 set, bit 6 clear.
		cont += bits.OnesCount64(w & hi &^ (w << 1 & hi))
	}
	for ; i < len(s); i++ {
		if s[i]&0xC0 == 0x80 {
			cont++
		}
	}
	return len(s) - cont
}
