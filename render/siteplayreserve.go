package render

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"pasyans/render/figure"
)

// PlayReserve is an empty SVG of the size of a Play page's table before
// the first move (the size of the game's layout figure, which the page's
// script draws the deal in), so that the table takes its place at once
// and nothing below it moves when the engine has started and draws it.
// The script replaces it with the table.
func (pc *pageCtx) PlayReserve() template.HTML {
	parts := strings.Split(pc.path, "/") // ru/games/<id>/play/index.html
	if len(parts) < 3 {
		return ""
	}
	for _, g := range pc.s.ed.Games {
		if g.ID != parts[2] || g.Variant == nil {
			continue
		}
		fw, fh := figure.Size(figure.New(g.Variant, nil, pc.lang))
		w, h := strconv.FormatFloat(fw, 'f', -1, 64), strconv.FormatFloat(fh, 'f', -1, 64)
		return template.HTML(fmt.Sprintf(`<svg class="play-reserve" viewBox="0 0 %s %s" width="%s" height="%s" aria-hidden="true" focusable="false"></svg>`, w, h, w, h))
	}
	return ""
}
