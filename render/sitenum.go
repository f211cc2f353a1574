package render

import (
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"

	"pasyans/engine/solve"
)

// Numbers, units and dates in the page's language, through x/text: «10 000»,
// «68,3 %», «5 с», «94 мс», «0,09 млн», «6 декабря 2026 г.» on Russian
// pages; "10,000", "68.3%", "5 s", "6 December 2026" on English ones.
// Identifiers (seeds, paragraph numbers) are not numbers here: they are
// printed as they are written.

// printer is the x/text printer of the page's language.
func (pc *pageCtx) printer() *message.Printer {
	if p := pc.s.msgs.printers[pc.lang]; p != nil {
		return p
	}
	return message.NewPrinter(language.Make(pc.lang))
}

// num formats a whole count, grouped.
func (pc *pageCtx) num(n any) string {
	return pc.printer().Sprint(number.Decimal(n))
}

// dec formats x with exactly digits fraction digits.
func (pc *pageCtx) dec(x float64, digits int) string {
	return pc.printer().Sprint(number.Decimal(x, number.MinFractionDigits(digits), number.MaxFractionDigits(digits)))
}

// pct formats a share (0.683) as a percentage with one decimal.
func (pc *pageCtx) pct(x float64) string {
	return pc.printer().Sprint(number.Percent(x, number.MinFractionDigits(1), number.MaxFractionDigits(1)))
}

// unit formats a value already formatted with the unit key (unit.s,
// unit.ms, unit.mln), whose message places the unit.
func (pc *pageCtx) unit(key, value string) string {
	return pc.t(key, value)
}

// duration formats a Go duration ("5s", "500ms", "1m30s") in seconds, or in
// milliseconds below a second; a value that does not parse is shown as it is.
func (pc *pageCtx) duration(s string) string {
	d, err := time.ParseDuration(s)
	switch {
	case err != nil:
		return s
	case d < time.Second:
		return pc.unit("unit.ms", pc.num(d.Milliseconds()))
	case d%time.Second == 0:
		return pc.unit("unit.s", pc.num(int64(d/time.Second)))
	default:
		return pc.unit("unit.s", pc.dec(d.Seconds(), 1))
	}
}

// budget formats a statistics budget as the stats files write it ("5s",
// "3060000 nodes", "5s or 3060000 nodes"): the time as duration does,
// the cap in positions counted in words («3 060 000 позиций», "3,060,000
// positions"), or both; a value that does not parse is shown as it is.
func (pc *pageCtx) budget(s string) string {
	o, err := solve.ParseBudget(s)
	if err != nil {
		return s
	}
	var parts []string
	if o.Budget > 0 {
		parts = append(parts, pc.duration(o.Budget.String()))
	}
	if o.MaxNodes > 0 {
		parts = append(parts, pc.t("unit.positions", o.MaxNodes))
	}
	if len(parts) == 2 {
		return pc.t("stats.budget-or", parts[0], parts[1])
	}
	return parts[0]
}

// date formats a day ("2026-12-06") in words: «6 декабря 2026 г.»,
// "6 December 2026". The month names are the catalog's (date.months: the
// twelve names in the form the date needs, separated by spaces); a value
// that does not parse is shown as it is.
func (pc *pageCtx) date(s string) string {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return s
	}
	months := strings.Fields(pc.t("date.months"))
	if len(months) != 12 {
		return s
	}
	return pc.t("date.format", t.Day(), months[t.Month()-1], strconv.Itoa(t.Year()))
}
