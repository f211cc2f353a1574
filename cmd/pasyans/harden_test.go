package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestNormalizeNFCSingleton: U+2001 EM QUAD on standard input becomes U+2003
// and the apparatus records the nfc edit (issue #28).
func TestNormalizeNFCSingleton(t *testing.T) {
	in := []byte("plain\xe2\x80\x81x\n")
	code, out, errs := runNormalizeCmd(t, in, "-")
	if code != 0 || out != "plain\u2003x\n" {
		t.Errorf("normalize -: exit %d, stderr %q, output %q; want %q", code, errs, out, "plain\u2003x\n")
	}
	code, out, errs = runNormalizeCmd(t, in, "-apparatus", "-")
	if code != 0 {
		t.Fatalf("normalize -apparatus -: exit %d: %s", code, errs)
	}
	var e struct{ Rule, Before, After string }
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &e); err != nil || e.Rule != "nfc" || e.Before != "\u2001" || e.After != "\u2003" {
		t.Errorf("apparatus %q (%v): want one nfc edit U+2001 → U+2003", out, err)
	}
}
