//go:build !linux

package output

import "errors"

// errNoExchange marks a system without an atomic exchange of two paths;
// commit then falls back to two renames.
var errNoExchange = errors.New("no atomic exchange")

// exchange is not available here.
func exchange(a, b string) error { return errNoExchange }
