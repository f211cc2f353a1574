package check

import (
	"fmt"
	"io"
	"strings"
)

// WriteText writes the report for people: per group a heading, one line
// per check, then the group's problems as file:line: message; a last line
// sums up.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, g := range r.Groups {
		title := g.ID
		if g.Title != "" {
			title += "  " + g.Title
		}
		fmt.Fprintf(&b, "%s\n", title)
		for _, c := range g.Checks {
			mark := "ok  "
			if !c.OK {
				mark = "FAIL"
			}
			fmt.Fprintf(&b, "  %s %-10s %s\n", mark, c.Check, c.Summary)
		}
		for _, d := range g.Diagnostics {
			fmt.Fprintf(&b, "    %s\n", d)
		}
	}
	if r.OK() {
		fmt.Fprintf(&b, "ok: every check passed\n")
	} else {
		fmt.Fprintf(&b, "FAIL: %d %s\n", len(r.Diagnostics), plural(len(r.Diagnostics), "error"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
