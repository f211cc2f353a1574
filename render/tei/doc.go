// Package tei writes the edition model as one TEI P5 document (valid
// against the TEI Consortium's tei_all schema), for the tools of digital
// scholarly editing.
//
// The document holds the whole edition losslessly: the teiHeader names
// the sources (id, original file, SHA-256, encoding, provenance, licence)
// and declares every normalisation rule as a category that the text
// points at; the text is a group of two texts, the Russian edition and
// the English translation, each paragraph with the id of the site's
// anchor (p-001-7; en-001-7 for its translation, which points back with
// corresp). All three readings of a paragraph stand in one text: an OCR
// repair or emendation is a choice of sic and corr, a modernisation a
// choice of orig and reg, nested where they meet, so that choosing
// sic+orig, corr+orig or corr+reg gives back the diplomatic, corrected or
// modern reading character for character. The back holds the editor's
// notes and rule links (notes with a target), the engine's rules, the
// glossary and the emendations' reasons.
//
// Characters that XML 1.0 cannot carry (control characters) are written
// as g elements pointing at a char declared in the header, so that no
// text can break the document.
//
// The package knows the edition model and XML; it knows nothing of HTML,
// PDF or the command line.
package tei
