package typo

import (
	"strings"
	"testing"
)

// n writes a non-breaking space as ~ in the tests' expectations.
func n(s string) string { return strings.ReplaceAll(s, "~", string(NBSP)) }

func TestText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"слово — слово", "слово~— слово"},
		{"карта в колоде", "карта в~колоде"},
		{"и на основание", "и~на~основание"},
		{"для пасьянса под картой", "для~пасьянса под~картой"},
		{"он ли это", "он~ли это"},
		{"Так же можно", "Так~же можно"},
		{"в 1873 г. вышла", "в~1873~г. вышла"},
		{"1873 гг., и", "1873~гг., и"},
		{"№ 22 в книге", "№~22 в~книге"},
		{"см. с. 5 и т. е. так", "см.~с.~5 и~т.~е. так"},
		{"и т. д.", "и~т.~д."},
		{"за 5 с решатель", "за~5~с решатель"},
		{"94 мс на ход", "94~мс на~ход"},
		{"68,3 % раскладов", "68,3~% раскладов"},
		{"10 000 раскладов", "10~000~раскладов"},
		{"0,09 млн позиций", "0,09~млн позиций"},
		{"Правило I — его", "Правило I~— его"},
		{"Sympathie и Grace", "Sympathie и~Grace"},
		{"of the pack", "of the pack"},     // English is left alone
		{"карты 10 и 11", "карты 10 и~11"}, // numbers are not units
		{"есть 2015 раскладов", "есть 2015~раскладов"},
		{"у А. С. Пушкина", "у~А.~С.~Пушкина"},
		{"", ""},
		{"слово", "слово"},
		{"в~уже", "в~уже"},
	}
	for _, tc := range tests {
		if got := Text(n(tc.in)); got != n(tc.want) {
			t.Errorf("Text(%q) = %q, want %q", tc.in, strings.ReplaceAll(got, string(NBSP), "~"), tc.want)
		}
		if got := Text(Text(n(tc.in))); got != Text(n(tc.in)) {
			t.Errorf("Text is not idempotent on %q", tc.in)
		}
	}
}

func TestHTML(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"text", `<p>карта в колоде — там</p>`, `<p>карта в~колоде~— там</p>`},
		{"attributes untouched", `<a title="в колоде">в колоде</a>`, `<a title="в колоде">в~колоде</a>`},
		{"readings", `<div lang="ru"><p class="rd rd-c">въ колодѣ и в ней</p><p>и в ней</p></div>`, `<div lang="ru"><p class="rd rd-c">въ колодѣ и в ней</p><p>и~в~ней</p></div>`},
		{"English", `<html lang="ru"><p lang="en">a b</p><p>и в</p><p lang="en">x <span lang="ru">и в</span></p></html>`, `<html lang="ru"><p lang="en">a b</p><p>и~в</p><p lang="en">x <span lang="ru">и~в</span></p></html>`},
		{"code and script", `<code>и в</code><script>var a = "и в";</script><p>и в</p>`, `<code>и в</code><script>var a = "и в";</script><p>и~в</p>`},
		{"void elements", `<p>и<br>в и<img src="x"> в</p>`, `<p>и<br>в~и<img src="x"> в</p>`},
		{"code class inside lang ru", `<p class="rd"><span lang="ru">и в</span></p>`, `<p class="rd"><span lang="ru">и в</span></p>`},
	}
	for _, tc := range tests {
		if got := string(HTML([]byte(tc.in))); got != n(tc.want) {
			t.Errorf("%s: HTML(%q) = %q, want %q", tc.name, tc.in, strings.ReplaceAll(got, string(NBSP), "~"), tc.want)
		}
	}
}

func FuzzText(f *testing.F) {
	f.Add("в 1873 г. — № 5 и т. е.")
	f.Fuzz(func(t *testing.T, s string) {
		got := Text(s)
		if strings.ReplaceAll(got, string(NBSP), " ") != strings.ReplaceAll(s, string(NBSP), " ") {
			t.Fatalf("Text changed more than spaces: %q → %q", s, got)
		}
		if Text(got) != got {
			t.Fatalf("not idempotent: %q", s)
		}
	})
}
