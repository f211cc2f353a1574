package corpus

import (
	"reflect"
	"strings"

	"pasyans/engine"

	"gopkg.in/yaml.v3"
)

// Claims are the facts a paragraph states about its game, written in a
// fenced code block with the info string "claims" in the paragraph's
// section. The keys are those of engine.Spec's JSON form; a nil or empty
// field claims nothing. foundations and building take one mapping (a group)
// or a list of them.
//
//	```claims
//	packs: 2
//	foundations: {count: 8, base: A, dir: up, top: J, suit: any}
//	```
//
// One key is not the Spec's: occurs states where a word occurs in the
// sources, for a note that says so ("only here", "also in 000:8",
// "nowhere else"); the checker compares it with the text, not the engine
// (see Occurs).
//
//	```claims
//	occurs: {term: конституція, in: ["000:5", "000:8"]}
//	```
type Claims struct {
	Packs       *int                    `json:"packs,omitempty"`
	Cards       *int                    `json:"cards,omitempty"`
	Removed     []string                `json:"removed,omitempty"`
	Players     *int                    `json:"players,omitempty"`
	Foundations []engine.FoundationSpec `json:"foundations,omitempty"`
	Building    []engine.BuildSpec      `json:"building,omitempty"`
	Deals       *int                    `json:"deals,omitempty"`
	Win         string                  `json:"win,omitempty"`
	Occurs      []Occurs                `json:"occurs,omitempty"`
	Pos         Pos                     `json:"-"`
	// Lines holds the file line of each top-level key ("packs").
	Lines map[string]int `json:"-"`
}

// claimsYAML is the strict YAML form of Claims.
type claimsYAML struct {
	Packs       *int                          `yaml:"packs"`
	Cards       *int                          `yaml:"cards"`
	Removed     []string                      `yaml:"removed"`
	Players     *int                          `yaml:"players"`
	Foundations groups[engine.FoundationSpec] `yaml:"foundations"`
	Building    groups[engine.BuildSpec]      `yaml:"building"`
	Deals       *int                          `yaml:"deals"`
	Win         string                        `yaml:"win"`
	Occurs      groups[Occurs]                `yaml:"occurs"`
}

// Occurs claims that a term occurs in exactly the paragraphs In of all the
// sources, in some reading (diplomatic, corrected or modern) and in some
// inflected form: the words' spelling-blind keys (package
// pasyans/normalize/stem) in sequence, as for the glossary's forms. Term
// is a Russian word or phrase in any spelling, or the id of a glossary
// term, which stands for all its forms. An empty In claims that the term
// occurs nowhere.
type Occurs struct {
	Term string   `yaml:"term" json:"term"`
	In   []string `yaml:"in" json:"in"`
}

// groups is one group (a mapping) or a list of them, decoded strictly.
type groups[T any] []T

func (g *groups[T]) UnmarshalYAML(n *yaml.Node) error {
	items := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		items = n.Content
	}
	for _, it := range items {
		if err := strictKeys(it, reflect.TypeFor[T]()); err != nil {
			return err
		}
		var v T
		if err := it.Decode(&v); err != nil {
			return err
		}
		*g = append(*g, v)
	}
	return nil
}

// parseClaims decodes a claims block whose first line is file line first.
func parseClaims(d *diags, file string, data []byte, first int) *Claims {
	var y claimsYAML
	root, ok := decodeYAML(d, file, data, first, &y)
	c := &Claims{Packs: y.Packs, Cards: y.Cards, Removed: y.Removed, Players: y.Players,
		Foundations: y.Foundations, Building: y.Building, Deals: y.Deals, Win: y.Win, Occurs: y.Occurs,
		Pos: Pos{File: file, Line: first}, Lines: map[string]int{}}
	if root == nil {
		if ok {
			d.add(c.Pos, CheckSyntax, "empty claims block")
		}
		return c
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		c.Lines[root.Content[i].Value] = first + root.Content[i].Line - 1
	}
	checkClaimRanks(d, c)
	for _, o := range c.Occurs {
		if strings.TrimSpace(o.Term) == "" {
			d.add(Pos{File: file, Line: c.Lines["occurs"]}, CheckSyntax, "claim occurs: no term")
		}
	}
	return c
}

// checkClaimRanks reports rank letters that are not ranks.
func checkClaimRanks(d *diags, c *Claims) {
	bad := func(key, r string) {
		if r == "" {
			return
		}
		if _, err := engine.ParseRank(r); err != nil {
			d.add(Pos{File: c.Pos.File, Line: c.Lines[key]}, CheckSyntax, "claim %s: %q is not a rank (A 2 … 9 T J Q K)", key, r)
		}
	}
	for _, f := range c.Foundations {
		bad("foundations", f.Base)
		bad("foundations", f.Top)
	}
	for _, r := range c.Removed {
		bad("removed", r)
	}
}

// Len returns the number of facts claimed.
func (c *Claims) Len() int {
	if c == nil {
		return 0
	}
	n := len(c.Removed) + len(c.Foundations) + len(c.Building) + len(c.Occurs)
	for _, p := range []*int{c.Packs, c.Cards, c.Players, c.Deals} {
		if p != nil {
			n++
		}
	}
	if c.Win != "" {
		n++
	}
	return n
}
