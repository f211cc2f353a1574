// Package engine plays the patience games of the edition.
//
// It knows cards, piles, positions and moves, the registry of variants and of
// the rules each variant enforces, deterministic deals, apply/undo on one
// mutable position, and the declarative Spec and Layout of each variant. It
// knows nothing of the book's text, of Markdown, HTML or PDF, or of the CLI:
// the edition model and the checker ask it questions; the games themselves
// live in the subpackage variants, one file per game.
//
// A game is one registration (Register): its titles, packs, piles, its
// words with their labels, its own names for a role's piles, its rules and
// options with their statements in English and Russian, what the checker
// needs to know of a rule beyond the Spec (Rule.Lets, Rule.Lifts), its Spec
// and Layout. Nothing else in the program lists the games: the edition
// model, the checker, the site and the PDF take them from the registry.
//
// Notation. A card is written rank + suit: ranks A 2 3 4 5 6 7 8 9 T J Q K,
// suits S H D C (♠ ♥ ♦ ♣), so TD is the ten of diamonds. A move is written
// FROM>TO with pile ids (k3>f1), a game word (deal, redeal), or a word with
// piles (open:c3>f1, flip:a3) for special actions that name a pile.
//
// Deals. A deal is fully determined by (variant id, options, seed): the
// engine builds the canonical deck (pack after pack; in each pack the suits
// S H D C, in each suit A..K), shuffles it with the Fisher–Yates algorithm
// driven by SplitMix64 (see Rand) seeded with seed XOR the FNV-1a hash of the
// variant id, and hands the shuffled deck to the variant, whose last card is
// the top of the pack.
package engine
