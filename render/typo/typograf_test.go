package typo

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"pasyans/corpus"
	"pasyans/corpus/check"
)

// typografDir is where .ci/run installs the typograf npm package (pinned
// there), the established Russian typographer the step is compared with.
const typografDir = "../../.ci/typograf/node_modules/typograf"

// typografScript runs typograf's non-breaking-space and dash rules, and
// nothing else, on a JSON array of strings read from stdin.
const typografScript = `
const Typograf = require(process.argv[1]);
const tp = new Typograf({locale: ['ru', 'en-US'], htmlEntity: {type: 'default'}});
tp.disableRule('*');
tp.enableRule(['common/nbsp/*', 'ru/nbsp/*', 'ru/dash/*']);
tp.disableRule(['common/nbsp/replaceNbsp', 'common/nbsp/nowrap']);
let input = '';
process.stdin.on('data', d => input += d);
process.stdin.on('end', () => process.stdout.write(JSON.stringify(JSON.parse(input).map(s => tp.execute(s)))));
`

// keptOnPurpose are the classes of difference from typograf that the
// step keeps, by design (see TestTypograf).
var keptOnPurpose = map[string]string{
	"ours: dash":                  "a dash after a particle («так же — оба») is bound like any other; typograf leaves it when the particle is bound to the word before",
	"ours: number and %":          "ГОСТ 8.417 and the issue want «68,3 %» kept together; typograf leaves the space breakable (and, with its other rules, deletes it)",
	"ours: digit groups":          "«101 000» written with spaces is one number; typograf binds groups only when it regroups digits itself",
	"ours: short preposition":     "над, изо, ото, меж, ибо keep to their word like typograf's под, при, обо",
	"ours: short word":            "a one-letter word typograf does not take for one: the first word of a Markdown link's text after «[» (on the page the bracket is gone), or a letter cited as such (ђ, ѣ, і)",
	"ours: see":                   "«см.» and «ср.» keep to what they refer to everywhere; typograf misses them after an opening bracket",
	"ours: abbreviation + number": "«гл. 3», «т. 2», «рис. 4», «вып. 1» keep together like «с. 5»",
	"typograf: short last word":   "typograf binds a short last word of a paragraph (and of a sentence: «в источнике нет.», counted under other) to the word before it; the step binds by kind of word, not by position",
	"typograf: short last number": "typograf binds a short number ending a paragraph to the word before it; the same choice",
	"typograf: number and word":   "typograf binds a number to a short word after it («2 и 3», «№ 4 в»); the step binds a number to what it counts or its unit only",
	"typograf: other":             "typograf binds short English words («Le Cadran») and Roman numerals («II и IV»); English in Russian prose is a title or a quotation, and a Roman numeral is a rule's number; a short last word of a sentence (see short last word); a Markdown list's «- » read as a dash",
}

// TestTypograf compares the step with typograf on the whole edition's
// Russian prose (the corpus's introductions, notes, rules lines, front
// matter, glossary and deals, and the site's catalog) and fails on a
// difference of a class not kept on purpose. It is skipped where node or
// typograf is not installed.
func TestTypograf(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node")
	}
	dir, _ := filepath.Abs(typografDir)
	if _, err := os.Stat(dir); err != nil {
		t.Skip("typograf is not installed in .ci/typograf (.ci/run installs it)")
	}
	texts := editionRussian(t)
	theirs := runTypograf(t, node, dir, texts)
	counts := map[string]int{}
	examples := map[string]string{}
	unaligned, agree := 0, 0
	for i, s := range texts {
		ours, their := []rune(Text(s)), []rune(theirs[i])
		if len(ours) != len(their) {
			unaligned++
			continue
		}
		for j := range ours {
			a, b := unbreakable(ours[j]), unbreakable(their[j])
			if a && b {
				agree++
			}
			if a == b || !unicode.IsSpace(ours[j]) || !unicode.IsSpace(their[j]) {
				continue
			}
			who := "typograf: "
			if a {
				who = "ours: "
			}
			c := who + classify([]rune(s), j, !a)
			counts[c]++
			if _, ok := examples[c]; !ok {
				examples[c] = context(ours, j)
			}
			if os.Getenv("TYPOGRAF_ALL") != "" {
				t.Logf("%s: %q | %q", c, context(ours, j), context(their, j))
			}
		}
	}
	var classes []string
	for c := range counts {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	for _, c := range classes {
		t.Logf("%5d  %-32s e.g. %q", counts[c], c, examples[c])
		if keptOnPurpose[c] == "" {
			t.Errorf("a difference from typograf not kept on purpose: %s (%d), e.g. %q", c, counts[c], examples[c])
		}
	}
	t.Logf("%d texts compared, %d not aligned (typograf changed more than spaces); %d non-breaking spaces where both put one", len(texts), unaligned, agree)
	if unaligned > len(texts)/10 {
		t.Errorf("%d of %d texts could not be compared", unaligned, len(texts))
	}
}

func unbreakable(r rune) bool { return r == NBSP || r == '\u202f' }

// classify names the rule a space at rs[i] falls under; theirs says
// that typograf bound it and the step did not.
func classify(rs []rune, i int, theirs bool) string {
	prev, next := tokenBefore(rs, i), tokenAfter(rs, i)
	lw := strings.ToLower(prev)
	switch {
	case next == "—" || next == "–":
		return "dash"
	case endsWithDigit(prev) && strings.HasPrefix(next, "%"):
		return "number and %"
	case isDigits(prev) && isDigits(strings.TrimRight(next, ",.;:)»")):
		return "digit groups"
	case slices.Contains(shortWords, lw):
		return "short preposition"
	case slices.Contains(numberAbbrevs, prev) && startsWithNumber(next):
		return "abbreviation + number"
	case prev == "см." || prev == "ср.":
		return "see"
	case theirs && i+1+len([]rune(next)) >= len(rs)-1 && len([]rune(strings.TrimRight(next, ".!?…"))) <= 3:
		if startsWithNumber(next) {
			return "short last number"
		}
		return "short last word"
	case endsWithDigit(prev):
		return "number and word"
	case isWord(prev) && len([]rune(prev)) <= 2:
		return "short word"
	}
	return "other"
}

func context(rs []rune, i int) string {
	a, b := max(0, i-20), min(len(rs), i+20)
	return strings.ReplaceAll(string(rs[a:b]), string(NBSP), "~")
}

// editionRussian is the edition's Russian editorial prose, one string a line.
func editionRussian(t *testing.T) []string {
	ed, err := corpus.Load(corpus.FS)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := check.CorpusProse(ed.Files)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../../site/i18n/ru.yaml")
	if err != nil {
		t.Fatal(err)
	}
	lines = append(lines, check.ProseOf("site/i18n/ru.yaml", string(data))...)
	var out []string
	for _, l := range lines {
		if l.Lang == "ru" {
			out = append(out, l.Text)
		}
	}
	return out
}

func runTypograf(t *testing.T, node, dir string, texts []string) []string {
	in, err := json.Marshal(texts)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "-e", typografScript, dir)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	outb, err := cmd.Output()
	if err != nil {
		t.Fatalf("typograf: %v\n%s", err, stderr.String())
	}
	var out []string
	if err := json.Unmarshal(outb, &out); err != nil || len(out) != len(texts) {
		t.Fatalf("typograf's output: %v (%d of %d)", err, len(out), len(texts))
	}
	return out
}
