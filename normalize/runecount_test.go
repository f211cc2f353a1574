package normalize

import (
	"testing"
	"unicode/utf8"
)

func TestRuneCount(t *testing.T) {
	for _, s := range []string{"", "a", "абвгдеёжзий", "ѣ—«»", "x\U0001F600y", "Изъ колоды берутъ королей, дамъ и тузовъ.", "\xff\x80"} {
		if got, want := runeCount(s), utf8.RuneCountInString(s); utf8.ValidString(s) && got != want {
			t.Errorf("runeCount(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestFind(t *testing.T) {
	for _, tc := range []struct {
		s, needle  string
		from, want int
	}{
		{"тайнаго совѣта", "аго", 0, 8},
		{"тайнаго совѣта", "аго", 9, -1},
		{"аго", "аго", 0, 0},
		{"аг", "аго", 0, -1},
		{"ѣѣ", "ѣ", 1, 2},
		{"abc", "c", 0, 2},
		{"", "x", 0, -1},
		{"при чем", "при чем", 0, 0},
	} {
		if got := find(tc.s, tc.needle, tc.from); got != tc.want {
			t.Errorf("find(%q, %q, %d) = %d, want %d", tc.s, tc.needle, tc.from, got, tc.want)
		}
	}
}
