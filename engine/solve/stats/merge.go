package stats

import (
	"fmt"
	"slices"
	"strings"

	"pasyans/engine"
	"pasyans/engine/solve"
)

// Merge reads record files and puts their deals together into the
// figures one run of them all gives. Every record must share the game,
// options, threads and engine version, and the run's budget, the smallest
// of the records', is that of every deal's first answer; records with a
// larger budget are retries (pasyans stats -retry): the answer of the
// largest budget that decided a deal is kept, and an unknown answer never
// replaces a decided one. It refuses a deal given twice with different
// answers at one budget, won at one budget and lost at another, and gaps
// in the range of the deals. The figures say how they were merged
// (Shards, Retried, RetryBudget) as the file keeps it; the provenance
// says it for the reader, with the number of files.
func Merge(names []string) (solve.StatsResult, Provenance, error) {
	var all []record
	for _, name := range names {
		recs, _, err := readRecords(name, false)
		if err != nil {
			return solve.StatsResult{}, Provenance{}, err
		}
		all = append(all, recs...)
	}
	if len(all) == 0 {
		return solve.StatsResult{}, Provenance{}, usageError("stats merge: no records in %s", strings.Join(names, " "))
	}
	base, err := mergeBase(all)
	if err != nil {
		return solve.StatsResult{}, Provenance{}, err
	}
	bySeed := map[uint64][]*record{}
	shards := map[string]bool{}
	for i := range all {
		r := &all[i]
		bySeed[r.Seed] = append(bySeed[r.Seed], r)
		if budgetCmp(r.settings(), base) == 0 {
			shards[fileOf(r.where)] = true
		}
	}
	seeds := make([]uint64, 0, len(bySeed))
	for s := range bySeed {
		seeds = append(seeds, s)
	}
	slices.Sort(seeds)
	if err := mergeGaps(seeds); err != nil {
		return solve.StatsResult{}, Provenance{}, err
	}
	prov := Provenance{Files: len(names), Shards: len(shards)}
	recs := make([]solve.Record, 0, len(seeds))
	var retry recordSettings
	for _, s := range seeds {
		r, err := mergeDeal(s, bySeed[s], base)
		if err != nil {
			return solve.StatsResult{}, Provenance{}, err
		}
		if set := r.settings(); budgetCmp(set, base) != 0 {
			prov.Retried++
			if prov.Retried == 1 || budgetCmp(set, retry) == 1 {
				retry = set
			}
		}
		recs = append(recs, r.solveRecord())
	}
	if prov.Retried > 0 {
		prov.RetryBudget = retry.budgetText()
	}
	v, _ := engine.Lookup(base.Game)
	res := solve.StatsResult{Game: base.Game, Options: all[0].Options, Budget: base.budgetText(), Threads: base.Threads, OpenCards: v.Hidden,
		Retried: prov.Retried, RetryBudget: prov.RetryBudget, Measured: &solve.Measured{}}
	if prov.Shards > 1 {
		res.Shards = prov.Shards
	}
	var positions int64
	for _, r := range recs {
		res.Elapsed += r.Elapsed.Milliseconds()
		if positions += r.Nodes; positions < 0 || res.Elapsed < 0 {
			return solve.StatsResult{}, Provenance{}, usageError("stats merge: the positions or the times of the deals add up to more than a count can hold")
		}
	}
	return solve.Summarize(res, recs), prov, nil
}

// fileOf is the file name of a "file:line".
func fileOf(where string) string {
	return where[:strings.LastIndexByte(where, ':')]
}

// mergeBase checks that all records share their settings but the budget
// and returns the settings with the run's budget, the smallest; every
// other budget must be larger than it.
func mergeBase(all []record) (recordSettings, error) {
	base := all[0].settings()
	for i := range all {
		set := all[i].settings()
		if d := base.sameBut(set); d != "" {
			return base, usageError("%s: records of %s (%s has %s)", all[i].where, d, all[0].where, strings.SplitN(d, ", not ", 2)[1])
		}
		if budgetCmp(set, base) == -1 {
			base = set
		}
	}
	v, _ := engine.Lookup(base.Game) // checked with the record
	if want := solve.EngineVersion(v); base.Engine != want {
		return base, usageError("%s: records of engine version %s, but this pasyans is %s: its figures would not be this engine's; merge them with the pasyans that wrote them, or solve the deals again", all[0].where, base.Engine, want)
	}
	for i := range all {
		if budgetCmp(all[i].settings(), base) == 2 || budgetCmp(all[i].settings(), base) == -1 {
			return base, usageError("%s: budget %s is neither the run's budget %s nor larger", all[i].where, all[i].settings().budgetText(), base.budgetText())
		}
	}
	return base, nil
}

// mergeGaps refuses seeds (sorted) that are not one unbroken range.
func mergeGaps(seeds []uint64) error {
	var gaps []string
	n := uint64(0)
	for i := 1; i < len(seeds); i++ {
		a, b := seeds[i-1]+1, seeds[i]-1
		if a > b {
			continue
		}
		n += b - a + 1
		if a == b {
			gaps = append(gaps, fmt.Sprint(a))
		} else {
			gaps = append(gaps, fmt.Sprintf("%d-%d", a, b))
		}
	}
	if len(gaps) == 0 {
		return nil
	}
	return usageError("stats merge: %d %s missing from the range %d-%d: %s", n, Plural(int(n), "deal"), seeds[0], seeds[len(seeds)-1], strings.Join(gaps, ", "))
}

// mergeDeal chooses the answer kept for deal seed from its records rs.
func mergeDeal(seed uint64, rs []*record, base recordSettings) (*record, error) {
	var first, best, won, lost *record
	for _, r := range rs {
		set := r.settings()
		if budgetCmp(set, base) == 0 {
			if first == nil {
				first = r
			} else if first.Result != r.Result || first.Positions != r.Positions && base.Budget == 0 {
				return nil, usageError("%s: deal %d given twice with different answers: %s here, %s at %s", r.where, seed, r.answer(), first.answer(), first.where)
			}
		}
		switch r.Result {
		case "won":
			won = r
		case "lost":
			lost = r
		}
		if best == nil || best.Result == "unknown" && r.Result != "unknown" ||
			(best.Result == "unknown") == (r.Result == "unknown") && budgetCmp(set, best.settings()) == 1 {
			best = r
		}
	}
	if won != nil && lost != nil {
		return nil, usageError("%s: deal %d won, but lost at %s: both are proofs", won.where, seed, lost.where)
	}
	if first == nil {
		return nil, usageError("%s: deal %d has no answer at the run's budget %s, only at %s", rs[0].where, seed, base.budgetText(), rs[0].settings().budgetText())
	}
	return best, nil
}

// answer describes a record's answer for a message.
func (r *record) answer() string {
	return fmt.Sprintf("%s after %d positions", r.Result, r.Positions)
}
