// Package corpus holds the edition's data and assembles the edition model
// from it.
//
// The data: the sources and their manifest (sources/, sources.yaml), the
// editor's emendations (emendations.tsv), one Markdown file per game
// (games/<id>.md: YAML front matter, then per owned paragraph the English
// translation, notes, rule links and claims), the book's front matter
// (book.md, book.ru.md), the glossary (glossary.yaml), example deals
// (deals/<game>/<name>.yaml) and solver statistics (stats/<game>.yaml). FS
// embeds them, so the binary carries a default edition.
//
// Load reads a corpus from any fs.FS and returns the Edition: sources,
// paragraphs with their three readings (package normalize) and their owner,
// games linked to their engine variants, the glossary and the deals.
// Markdown is parsed once with goldmark; the AST is kept so that a renderer
// can render translations and notes without parsing again. Every structural
// fault of the corpus is a Diagnostic at file:line; Load collects them all.
//
// The package knows no HTML, PDF or command line: it neither renders nor
// prints. Checks that need the engine to play (claims, probes, deal replay)
// live in package corpus/check.
package corpus
