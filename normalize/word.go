package normalize

import "unicode"

// IsWordRune reports whether r belongs to a word for the edition's
// apparatus: a letter, a decimal digit or a combining mark. The writers
// widen a change to the whole words around it with it.
func IsWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}
