package corpus

import (
	"reflect"
	"strings"
	"testing"

	"pasyans/engine"
)

// TestClaimKeysAreSpecJSON keeps the claim schema equal to engine.Spec's
// JSON names: a claim key is the Spec field it is compared with, except
// the claims about the text (occurs), which the checker compares with the
// sources.
func TestClaimKeysAreSpecJSON(t *testing.T) {
	for _, c := range []struct {
		yaml, json reflect.Type
		text       []string
	}{
		{reflect.TypeFor[claimsYAML](), reflect.TypeFor[engine.Spec](), []string{"occurs"}},
		{reflect.TypeFor[engine.FoundationSpec](), reflect.TypeFor[engine.FoundationSpec](), nil},
		{reflect.TypeFor[engine.BuildSpec](), reflect.TypeFor[engine.BuildSpec](), nil},
	} {
		want := map[string]bool{}
		for _, k := range c.text {
			want[k] = true
		}
		for i := range c.json.NumField() {
			name, _, _ := strings.Cut(c.json.Field(i).Tag.Get("json"), ",")
			want[name] = true
		}
		got := yamlNames(c.yaml)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%v keys %v, want the JSON names of %v: %v", c.yaml, got, c.json, want)
		}
	}
}

func TestParseClaims(t *testing.T) {
	two, one := 2, 1
	cases := []struct {
		name, src string
		want      Claims
		diags     []string
	}{
		{"one group", "packs: 2\nfoundations: {count: 8, base: A, dir: up, top: J, suit: any}\n",
			Claims{Packs: &two, Foundations: []engine.FoundationSpec{{Count: 8, Base: "A", Dir: "up", Top: "J", Suit: "any"}}}, nil},
		{"two groups", "deals: 1\nfoundations:\n  - {count: 4, base: A, dir: up}\n  - {count: 4, base: K, dir: down}\n",
			Claims{Deals: &one, Foundations: []engine.FoundationSpec{{Count: 4, Base: "A", Dir: "up"}, {Count: 4, Base: "K", Dir: "down"}}}, nil},
		{"building", "building: {piles: [k1], dir: down, suit: same, empty: any}\nwin: foundations\n",
			Claims{Building: []engine.BuildSpec{{Piles: []string{"k1"}, Dir: "down", Suit: "same", Empty: "any"}}, Win: "foundations"}, nil},
		{"unknown key", "packs: 2\npack: 2\n", Claims{Packs: &two}, []string{`x.md:11: unknown key "pack"`}},
		{"unknown nested key", "foundations: {count: 8, colour: red}\n", Claims{}, []string{`x.md:10: unknown key "colour"`}},
		{"bad type", "packs: two\n", Claims{}, []string{"x.md:10: cannot unmarshal !!str `two` into int"}},
		{"bad rank", "foundations: {base: 1}\n", Claims{Foundations: []engine.FoundationSpec{{Base: "1"}}}, []string{`x.md:10: claim foundations: "1" is not a rank (A 2 … 9 T J Q K)`}},
		{"empty", "", Claims{}, []string{"x.md:10: empty claims block"}},
		{"occurs", "occurs: {term: конституція, in: [\"000:5\", \"000:8\"]}\n",
			Claims{Occurs: []Occurs{{Term: "конституція", In: []string{"000:5", "000:8"}}}}, nil},
		{"occurs list", "occurs:\n  - {term: Симпатія, in: [\"000:18\"]}\n  - {term: парламентъ, in: []}\n",
			Claims{Occurs: []Occurs{{Term: "Симпатія", In: []string{"000:18"}}, {Term: "парламентъ", In: []string{}}}}, nil},
		{"occurs without term", "occurs: {in: [\"000:5\"]}\n", Claims{}, []string{"x.md:10: claim occurs: no term"}},
		{"occurs unknown key", "occurs: {word: x}\n", Claims{}, []string{`x.md:10: unknown key "word"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d diags
			got := parseClaims(&d, "x.md", []byte(c.src), 10)
			var ds []string
			for _, x := range d.list {
				ds = append(ds, x.String())
			}
			if strings.Join(ds, "\n") != strings.Join(c.diags, "\n") {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(ds, "\n"), strings.Join(c.diags, "\n"))
			}
			got.Pos, got.Lines = Pos{}, nil
			if c.diags == nil && !reflect.DeepEqual(*got, c.want) {
				t.Errorf("got %+v\nwant %+v", *got, c.want)
			}
		})
	}
}
