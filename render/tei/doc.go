// Package tei writes the edition model as one TEI P5 document (valid
// against the TEI Consortium's tei_all schema and against the edition's
// own schema, made from its ODD in schema/), for the tools of digital
// scholarly editing.
//
// The document holds the whole edition losslessly. The teiHeader
// describes the lost Russian book (its titles, its anonymous translator,
// its uncertain date), Cadogan's editions that the notes compare, the
// source files (id, original file, SHA-256, encoding, provenance,
// licence), the program's version and the corpus's checksum, and declares
// every normalisation rule as a category that the text points at. The
// text is a group of two texts, the Russian edition and the English
// translation, each paragraph with the id of the site's anchor (p-001-7;
// en-001-7 for its translation, which points back with corresp). All
// three readings of a paragraph stand in one text, one choice around each
// changed word: an OCR repair or emendation a choice of corr and sic, a
// modernisation a choice of orig and reg (with the repair inside orig
// where a word has both), so that choosing sic+orig, corr+orig or
// corr+reg gives back the diplomatic, corrected or modern reading
// character for character, and a tool that takes each choice's first
// child prints the corrected reading. The editor's notes stand at the end
// of their paragraph in each language, the book's footnote calls are refs
// to its footnotes, the running heads stand where the sources have them,
// a gap marks where a game's text begins without its heading, and the
// editors' titles are supplied. The back holds the rule links, the
// engine's rules, the glossary and the emendations' reasons.
// xslt/reading.xsl draws any reading out of the document.
//
// Characters that XML 1.0 cannot carry (control characters) are written
// as g elements pointing at a char declared in the header, so that no
// text can break the document.
//
// The package knows the edition model and XML; it knows nothing of HTML,
// PDF or the command line.
package tei
