// Package check proves that the edition's text, the engine and the example
// deals agree. Run takes an edition loaded by package corpus (with the
// loader's structural diagnostics) and adds what needs the engine: every
// rule a variant enforces is cited by a paragraph or marked reconstructed,
// every variant has a game file, every example deal replays to its stated
// outcome. It returns a Report grouped by game, with a one-line summary per
// check and every problem as a corpus.Diagnostic at file:line.
//
// Comparing claims with the variants' Specs, behaviour probes and
// re-proving lost deals with the solver are the next steps (issue 7, parts
// 2–4); Options.Probes is accepted for them.
//
// The package knows no command line (cmd/pasyans parses flags and sets the
// exit status) and no HTML or PDF.
package check
