package main

import (
	"flag"

	"pasyans/corpus"
	"pasyans/corpus/check"
)

func init() {
	register(&command{
		name:  "check",
		usage: "[-corpus DIR] [-json] [-probes N]",
		short: "prove that the text, the engine and the example deals agree",
		long: `Check loads the corpus (the copy built into pasyans, or the folder given
with -corpus) and checks it: every source paragraph owned exactly once,
checksums current, every rule link resolving, every rule the engine
enforces cited by a paragraph or marked reconstructed, titles in all forms
and a translation for every paragraph, glossary references existing, and
every example deal replaying to its stated outcome (a lost deal re-proved
by the solver within its recorded budget).

The apparatus is held to the text: each glossary term's paragraphs list
must name exactly the paragraphs where the term occurs, in any reading,
spelling or inflected form (the spelling-blind keys search uses), and each
occurs claim (where a note says a word occurs) is checked the same way; a
note that says where a word occurs without an occurs claim is an error.

Each paragraph's claims (packs, foundations, building, deals, …) are
compared with the engine's Spec of the game. Then every game is probed:
-probes random playouts from fixed seeds with the default options (a
quarter as many with each option on) and a few solver-guided games, every
move the engine allows watched against the Spec, the claims and the
checker's own reading of the rules. A move the text forbids is an error
naming the paragraph, the deal and the move; so is a permission of the
text (a foundation of any suit, building either way, a redeal, an option)
that no probe ever saw. -probes 0 skips the probes.

A game's probes depend only on the engine and -probes, not on the
corpus, so their results are kept in pasyans's cache folder
($XDG_CACHE_HOME/pasyans/probes, or the system's equivalent) under this
program's build ID, and a later check or build by the same program reads
them instead of playing the probes again: the report is the same. A
program built from other code never reads them. PASYANS_CACHE=off in the
environment turns the cache off; deleting the folder is always safe.

The report is grouped by game, one line per check, then the problems as
file:line: message. Exit status 1 if any check fails, 2 if the corpus
cannot be read.`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			var cf corpusFlags
			cf.register(fs)
			asJSON := fs.Bool("json", false, "print the report as JSON")
			probes := fs.Int("probes", check.DefaultProbes, "random playouts per game (`N`); 0 skips the behaviour probes")
			return func(e *env, args []string) error {
				if len(args) > 0 {
					return usageError("check takes no arguments")
				}
				if *probes < 0 {
					return usageError("-probes %d: want a count of 0 or more", *probes)
				}
				defer batchGC()()
				ed, ds, err := cf.load()
				if err != nil {
					return err
				}
				r := check.Run(ed, check.Options{Load: ds, Probes: *probes, Cache: probeCache()})
				if err := writeReport(e, r, *asJSON, cf.name); err != nil {
					return err
				}
				if !r.OK() {
					return failure("check: %d %s", len(r.Diagnostics), pluralize(len(r.Diagnostics), "error"))
				}
				return nil
			}
		},
	})
}

// writeReport prints the report, as JSON or for people, with file names
// as the user can open them.
func writeReport(e *env, r *check.Report, asJSON bool, name func(string) string) error {
	rename := func(ds corpus.Diagnostics) {
		for i := range ds {
			ds[i].Pos.File = name(ds[i].Pos.File)
		}
	}
	rename(r.Diagnostics)
	for _, g := range r.Groups {
		rename(g.Diagnostics)
		for i, f := range g.Files {
			g.Files[i] = name(f)
		}
	}
	if asJSON {
		return writeJSON(e.stdout, r)
	}
	return r.WriteText(e.stdout)
}
