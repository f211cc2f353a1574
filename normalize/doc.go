// Package normalize makes the readings of a source paragraph, records
// every change between them, and maps positions between the readings.
//
// A paragraph has three readings: diplomatic (the raw OCR as decoded by
// package source), corrected (the book's own pre-reform spelling with the OCR
// damage repaired) and modern (the corrected text in post-1918 spelling).
// Each step is a Layer: an ordered list of named, documented rules (ids such
// as "ocr/dje-yat" or "modern/yat"), each with examples that are also test
// cases. Applying a layer returns the new text and its edits: one Edit per
// change, in rune offsets of the layer's input. NFC normalization is a rule
// of the corrected layer ("nfc"), and the editor's word-level repairs from
// corpus/emendations.tsv are applied by rule "emendation".
//
// The apparatus of a paragraph is its two layers' edits (Readings). An
// Apparatus reads it as a map: it checks that the edits lead from each
// reading to the next, maps a position or span of any reading to the
// others, gives the span of every edit in each reading, the edits within a
// span, and the whole words around a span. A word is a run of runes for
// which IsWordRune holds, the edition's one test of a word character. The
// site's marks, the PDF's apparatus and the TEI's choices are all built on
// one Apparatus; none of them counts offsets itself.
//
// Rules run on whole paragraphs in memory (never through a fixed-size
// transform.Reader buffer), each with a fast check that skips text it cannot
// change, so a paragraph without work is not copied.
//
// The package must not know games, the edition model (package corpus),
// HTML, PDF, TEI or the command line, nor how a writer groups or shows the
// edits; it does no I/O beyond the io.Reader handed to ParseEmendations,
// and it does not import package source (the site's WebAssembly search
// keys words with it).
package normalize
