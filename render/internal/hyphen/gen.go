//go:build ignore

// gen.go writes ru.pat and en.pat from the hyphenation dictionaries of
// Debian's hyphen-ru and hyphen-en-us packages (apt-get install hyphen-ru
// hyphen-en-us): UTF-8, one pattern a line, with a header that names the
// original file and its licence. Run with go generate.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/text/encoding/charmap"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "hyphen/gen:", err)
		os.Exit(2)
	}
}

const ruHeader = `% ru.pat: Russian hyphenation patterns for pasyans, converted to UTF-8
% (and stripped of the encoding line) from hyph_ru_RU.dic of Debian's
% package hyphen-ru 20030310-1.1 ("ruhyphal"), Copyright 1999-2003
% Alexander I. Lebedev <swan@scon155.phys.msu.su>, distributed under the
% LaTeX Project Public License, version 1.2 or later. This is a modified
% file of that program under another name; the original is available
% from Debian (https://packages.debian.org/hyphen-ru) and
% ftp://scon155.phys.msu.su/pub/russian/hyphen/. Report errors in this
% file to the pasyans edition, not to the author of the original.
`

const enHeader = `% en.pat: English (US) hyphenation patterns for pasyans, from
% hyph_en_US.dic of Debian's package hyphen-en-us 2.8.8-7 (the hyphen
% library's patterns, after Knuth and Liang's hyphen.tex), Copyright 1998
% Raph Levien, 2001 ALTLinux, 2006-2011 László Németh, licensed under
% GPL-2+ or LGPL-2.1+ or MPL-1.1+. Only the lines with ligature letters
% (ﬀ, ﬁ, ﬂ, which our text never holds) are left out.
`

func run() error {
	dir := flag.String("dir", "/usr/share/hyphen", "the folder of the .dic files")
	flag.Parse()
	raw, err := os.ReadFile(filepath.Join(*dir, "hyph_ru_RU.dic"))
	if err != nil {
		return err
	}
	ru, err := charmap.KOI8R.NewDecoder().Bytes(raw)
	if err != nil {
		return fmt.Errorf("hyph_ru_RU.dic: %w", err)
	}
	if err := write("ru.pat", ruHeader, ru); err != nil {
		return err
	}
	en, err := os.ReadFile(filepath.Join(*dir, "hyph_en_US.dic"))
	if err != nil {
		return err
	}
	return write("en.pat", enHeader, en)
}

func write(name, header string, b []byte) error {
	var out bytes.Buffer
	out.WriteString(header)
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if i == 0 || line == "" || strings.ContainsAny(line, "ﬀﬁﬂﬃﬄ") {
			continue // the encoding line, blank lines, ligatures
		}
		out.WriteString(line + "\n")
	}
	return os.WriteFile(name, out.Bytes(), 0o644)
}
