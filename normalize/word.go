package normalize

import "unicode"

// IsWordRune reports whether r belongs to a word: a letter, a decimal
// digit or a combining mark. It is the edition's one test of a word
// character: the rules' whole-word checks, the apparatus's words
// (Apparatus.Word), the search keys (package stem) and the site's, the
// PDF's and the TEI's marks use it, and site/static/search.js writes the
// same class as a regular expression, which a test compares with it.
func IsWordRune(r rune) bool {
	return isLetter(r) || isDigit(r)
}

// isLetter reports whether r is a word character that is not a digit: a
// letter or a combining mark. The fast paths cover ASCII and the
// Cyrillic block.
func isLetter(r rune) bool {
	switch {
	case r < 0x80:
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	case isCyr(r):
		return true
	case r < 0:
		return false
	}
	return unicode.IsLetter(r) || isMark(r)
}

// isDigit reports whether r is a decimal digit.
func isDigit(r rune) bool {
	if r < 0x80 {
		return '0' <= r && r <= '9'
	}
	return unicode.IsDigit(r)
}
