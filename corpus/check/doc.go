// Package check proves that the edition's text, the engine and the example
// deals agree. Run takes an edition loaded by package corpus (with the
// loader's structural diagnostics) and adds what needs the engine: every
// rule a variant enforces is cited by a paragraph or marked reconstructed,
// every variant has a game file, every example deal replays to its stated
// outcome. It returns a Report grouped by game, with a one-line summary per
// check and every problem as a corpus.Diagnostic at file:line.
//
// Claims (corpus.Claims) are compared with the variant's engine.Spec, a
// difference being an error at the claim's line; occurs claims, and the
// glossary's paragraph lists, are compared with the text (occurs.go): every
// reading of every paragraph, words matched on the spelling-blind keys of
// package pasyans/normalize/stem, a phrase's words in sequence. The behaviour probes
// (Options.Probes) play each variant from a fixed seed set — random
// playouts through engine.Walker, more with each option on, and a few
// solver-guided games (engine/solve) — and watch every move the engine
// allows: foundation cards against the Spec's base, direction, top and
// suit; the number of deals; the piles a card may leave (foundations,
// the pack, the talon, decorations, set-aside cards); building against
// the Spec; and, for rules the Spec cannot express, the checker's own
// reading of the rule (rules.go). A fact broken is an error naming the
// paragraph that states it (its claim, else its rule link), the deal
// (game, seed, options) and the move; a permission of the text never seen
// in any probe is an error too. Lost example deals are re-proved by the
// solver within their recorded budget. Verdicts turns a report into a
// verdict per rule and per paragraph for the site and the PDF.
//
// The editor's prose, in both languages and wherever it stands (notes,
// introductions, book.md and book.ru.md, glossary definitions, deal
// commentary), is read as units of text split into sentences (prose.go)
// and held to the sources and the data: every quotation attributed to the
// book to the readings of its paragraphs, and quotations of other works to
// a declared work (quotes.go); every figure of the edition's data to a
// template reference (figures.go); every sentence that says where a word
// occurs to an occurs claim or glossary list (statements.go, whose phrase
// list is the one list); every statement of one of the edition's
// inferences to a hedge, every comparison with Cadogan to the text it
// uses (inference.go); and each Russian half to its English: the same
// paragraph references, years, numbers and hedges (parity.go, whose
// bilingual hedge list is the one list).
//
// The probes depend only on the variant and the probe count, so a test can
// probe a mutant variant (a registered one with one rule changed, never
// registered) by setting it on a loaded edition's game; mutant_test.go
// proves that each game's checks can fail, with each game's mutants in a
// file of its own (mutant_<game>_test.go). The checker keeps no table of
// the games: what it needs of a game beyond the Spec, the variant states
// (Rule.Lets, Rule.Lifts); its probes of particular rules (rules.go) are
// keyed by rule id, and a game needs none.
//
// The package knows no command line (cmd/pasyans parses flags and sets the
// exit status) and no HTML or PDF.
package check
