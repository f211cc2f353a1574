// Package variants holds the games of the edition, one file per game, each
// registering an engine.Variant at init with the rules it enforces, the
// paragraphs of the book that state them, its options, Spec and Layout.
//
// Import it for its side effect: import _ "pasyans/engine/variants".
package variants
