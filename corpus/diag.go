package corpus

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Pos is a position in a corpus file: the path inside the corpus fs.FS and a
// 1-based line (0 when the whole file is meant).
type Pos struct {
	File string `json:"file"`
	Line int    `json:"line,omitempty"`
}

func (p Pos) String() string {
	if p.Line <= 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d", p.File, p.Line)
}

// Diagnostic is one problem found in the corpus: where, which check found
// it, and what is wrong.
type Diagnostic struct {
	Pos  Pos    `json:"pos"`
	Rule string `json:"rule"` // the check's id: "owned", "checksum", "rule-link", …
	Msg  string `json:"msg"`
}

func (d Diagnostic) String() string { return d.Pos.String() + ": " + d.Msg }

// The check ids of the diagnostics Load reports.
const (
	CheckSyntax     = "syntax"      // malformed YAML or Markdown structure, unknown keys
	CheckOwned      = "owned"       // a paragraph owned twice, never, or not existing
	CheckChecksum   = "checksum"    // a paragraph's text changed since it was translated
	CheckRuleLink   = "rule-link"   // a rule link to no rule
	CheckVariant    = "variant"     // a game for no engine variant
	CheckTitles     = "titles"      // a title missing in some language
	CheckTranslated = "translation" // a paragraph section with no translation
	CheckGlossary   = "glossary"    // bad paragraph reference or order
	CheckDeal       = "deal"        // a deal for no game, or a bad move list
	CheckSource     = "source"      // a source, manifest or emendation problem
	CheckBilingual  = "bilingual"   // editorial prose with no Russian or no English
)

// Diagnostics is a list of problems; as an error it prints one per line.
type Diagnostics []Diagnostic

func (ds Diagnostics) Error() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// Sort orders the diagnostics by file, line, check and message.
func (ds Diagnostics) Sort() {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		return cmp.Or(cmp.Compare(a.Pos.File, b.Pos.File), cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Rule, b.Rule), cmp.Compare(a.Msg, b.Msg))
	})
}

// diags collects diagnostics during a load.
type diags struct{ list Diagnostics }

func (d *diags) add(pos Pos, rule, format string, args ...any) {
	d.list = append(d.list, Diagnostic{Pos: pos, Rule: rule, Msg: fmt.Sprintf(format, args...)})
}
