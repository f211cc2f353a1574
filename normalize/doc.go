// Package normalize makes the readings of a source paragraph and records
// every change between them.
//
// A paragraph has three readings: diplomatic (the raw OCR as decoded by
// package source), corrected (the book's own pre-reform spelling with the OCR
// damage repaired) and modern (the corrected text in post-1918 spelling).
// Each step is a Layer: an ordered list of named, documented rules (ids such
// as "ocr/dje-yat" or "modern/yat"), each with examples that are also test
// cases. Applying a layer returns the new text and its apparatus: one Edit
// per change, in rune offsets of the layer's input, such that Replay(input,
// edits) gives the output. NFC normalization is a rule of the corrected layer
// ("nfc"), and the editor's word-level repairs from corpus/emendations.tsv
// are applied by rule "emendation".
//
// Rules run on whole paragraphs in memory (never through a fixed-size
// transform.Reader buffer), each with a fast check that skips text it cannot
// change, so a paragraph without work is not copied.
//
// The package knows nothing of games, HTML, PDF or the command line, and does
// no I/O beyond the io.Reader handed to ParseEmendations.
package normalize
