package normalize

import (
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// TestNFCSingletons: runes whose NFC form is another rune (singleton
// decompositions) are normalized and recorded, wherever they sit. U+2000 and
// U+2001 were once kept because a hand-kept range took all of General
// Punctuation for NFC (issue #28).
func TestNFCSingletons(t *testing.T) {
	l := CorrectedLayer(nil)
	for _, tc := range []struct{ name, in, want string }{
		{"en quad", "plain\u2000x", "plain\u2002x"},
		{"em quad", "plain\u2001x", "plain\u2003x"},
		{"ohm sign", "10 \u2126", "10 \u03a9"},
		{"kelvin sign", "\u212a", "K"},
		{"greek question mark", "что\u037e", "что;"},
		{"combining grave tone mark", "a\u0340", "à"},
		{"cjk compatibility", "\uf900", "\u8c48"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, edits := l.Apply("x:1", tc.in)
			if got != tc.want {
				t.Errorf("Apply(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if len(edits) != 1 || edits[0].Rule != "nfc" {
				t.Errorf("edits %+v, want one nfc edit", edits)
			}
			checkEdits(t, tc.in, got, edits)
		})
	}
}

// TestNFCEveryRune: for every rune of the BMP and the supplementary planes
// in use, alone and between letters, the nfc rule's output is what
// norm.NFC gives.
func TestNFCEveryRune(t *testing.T) {
	for r := rune(0); r <= 0x2FFFF; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		for _, s := range []string{string(r), "a" + string(r) + "b", "и" + string(r)} {
			got := s
			reps := findNFC(context{}, s, nil)
			for i := len(reps) - 1; i >= 0; i-- {
				got = got[:reps[i].start] + reps[i].after + got[reps[i].end:]
			}
			if want := norm.NFC.String(s); got != want {
				t.Fatalf("U+%04X: nfc rule gives %q, want %q", r, got, want)
			}
		}
	}
}
