package main

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// table collects the answer to one question for each known stem and
// reduces it to the stem endings where the answer changes.
type table struct {
	name   string
	labels map[string]map[string]bool // stem → answers seen
}

func newTable(name string) *table {
	return &table{name: name, labels: make(map[string]map[string]bool)}
}

func (t *table) add(stem, label string) {
	if utf8.RuneCountInString(stem) < 2 {
		return // the rules leave a word with a one-letter stem alone
	}
	m := t.labels[stem]
	if m == nil {
		m = make(map[string]bool)
		t.labels[stem] = m
	}
	m[label] = true
}

// resolve turns each stem's answers into one: resolve gets the set (more
// than one answer) and returns the answer to keep.
func (t *table) resolve(pick func(stem string, answers []string) string) map[string]string {
	out := make(map[string]string, len(t.labels))
	for stem, m := range t.labels {
		as := make([]string, 0, len(m))
		for a := range m {
			as = append(as, a)
		}
		sort.Strings(as)
		if len(as) == 1 {
			out[stem] = as[0]
		} else {
			out[stem] = pick(stem, as)
		}
	}
	return out
}

// reduce returns the default answer and the entries of the reduced table:
// a stem ending (or "^" and a whole stem) with its answer, kept only
// where the answer differs from that of the ending one letter shorter.
// A whole stem takes its own answer; an ending takes the answer most of
// the stems ending so take (on a tie, the shorter ending's). Looking up
// the longest entry that ends a stem gives every known stem its answer.
func reduce(stems map[string]string) (string, map[string]string) {
	counts := make(map[string]map[string]int) // ending → answer → stems
	for stem, a := range stems {
		for e := stem; ; {
			m := counts[e]
			if m == nil {
				m = make(map[string]int)
				counts[e] = m
			}
			m[a]++
			if e == "" {
				break
			}
			_, n := utf8.DecodeRuneInString(e)
			e = e[n:]
		}
	}
	label := make(map[string]string, len(counts))
	var ends []string
	for e := range counts {
		ends = append(ends, e)
	}
	// shorter endings first, so that a parent's answer is known
	sort.Slice(ends, func(i, j int) bool {
		if len(ends[i]) != len(ends[j]) {
			return len(ends[i]) < len(ends[j])
		}
		return ends[i] < ends[j]
	})
	def := ""
	out := make(map[string]string)
	for _, e := range ends {
		parent := def
		if e != "" {
			_, n := utf8.DecodeRuneInString(e)
			parent = label[e[n:]]
		}
		a := majority(counts[e], parent)
		label[e] = a
		if e == "" {
			def = a
			continue
		}
		if a != parent {
			out[e] = a
		}
		if own, ok := stems[e]; ok && own != a {
			out["^"+e] = own
		}
	}
	return def, out
}

func majority(m map[string]int, tie string) string {
	best, n := tie, m[tie]
	keys := make([]string, 0, len(m))
	for a := range m {
		keys = append(keys, a)
	}
	sort.Strings(keys)
	for _, a := range keys {
		if m[a] > n {
			best, n = a, m[a]
		}
	}
	return best
}

// write formats a reduced table: "table NAME DEFAULT", then "ENDING ANSWER"
// lines sorted by the reversed ending (so that endings that share their
// last letters stand together).
func write(b *strings.Builder, name, def string, entries map[string]string) {
	b.WriteString("table " + name + " " + def + "\n")
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return reverse(keys[i]) < reverse(keys[j]) })
	for _, k := range keys {
		b.WriteString(k + " " + entries[k] + "\n")
	}
}

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// lookup answers for stem from a reduced table, as package lexicon does.
func lookup(def string, entries map[string]string, stem string) string {
	if a, ok := entries["^"+stem]; ok {
		return a
	}
	for e := stem; e != ""; {
		if a, ok := entries[e]; ok {
			return a
		}
		_, n := utf8.DecodeRuneInString(e)
		e = e[n:]
	}
	return def
}

// checkExact verifies that the reduced table gives every stem its answer.
func checkExact(stems map[string]string, def string, entries map[string]string) error {
	bad := 0
	var first string
	for s, a := range stems {
		if got := lookup(def, entries, s); got != a {
			if bad == 0 || s < first {
				first = s
			}
			bad++
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d stems get a wrong answer (first: %q)", bad, first)
	}
	return nil
}
