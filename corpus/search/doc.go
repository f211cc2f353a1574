// Package search is the edition's full-text search: an index of documents
// (the paragraphs with their three Russian readings and the English, the
// notes, the glossary's terms and definitions, the rule statements, the
// games' titles and aliases) and the query that runs over it, ranked by
// BM25.
//
// Matching is spelling-blind: every word of the text and of the query is
// turned into a key by package normalize/stem, the project's one
// spelling-blind matcher, so that мђсто, мѣсто and место, короля and
// королей, king and kings match one another. The three readings of a
// paragraph are alternatives of one text: a word counts once for the
// paragraph, however many readings carry it.
//
// The index is built once (Build, at 'pasyans build' time), written as
// JSON (Encode) and read back (Decode) by the site's WebAssembly program,
// which runs the same Search on the reader's query: the browser's query
// and this package's tests go through the same code. The file holds the
// keyed tokens of each text (the expensive, spelling-aware part); Decode
// only inverts them into posting lists.
//
// The package knows nothing of the edition model, of HTML pages beyond
// the snippets' <mark> elements, or of URLs: a Doc's Href and Group are
// opaque strings its maker chooses.
package search
