package render

// GamePage returns the path, inside the site, of the page of game id in
// lang ("en" or "ru"), with the anchor of paragraph para ("001:7") when
// para is not empty. serve -watch links its diagnostics with it.
func GamePage(lang, id, para string) string {
	p := gamePath(lang, id)
	if para != "" {
		p += "#p-" + anchorID(para)
	}
	return p
}
