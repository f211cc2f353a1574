// Package source reads the edition's primary sources: it decodes their bytes
// (UTF-8 with or without BOM, CP1251, KOI8-R, through golang.org/x/text),
// normalizes line endings (CRLF and CR to LF), splits the text into
// paragraphs with stable ids ("001:7", the seventh non-empty line of source
// 001) and SHA-256 checksums, and loads the manifest corpus/sources.yaml with
// each source's provenance, verifying every file's checksum.
//
// Decoding never replaces silently: invalid UTF-8, a U+FFFD in the input or
// produced by a decoder, a NUL byte and an empty file are errors of type
// *Error naming the file, line, column and byte offset.
//
// The package knows nothing of readings (corrected or modern spelling, OCR
// repair), games, HTML or the command line: paragraphs leave it exactly as
// decoded, not NFC-normalized and not trimmed. Package normalize makes the
// readings.
package source
