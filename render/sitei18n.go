package render

import (
	"fmt"
	"io/fs"
	"pasyans/render/typo"
	"slices"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
	"gopkg.in/yaml.v3"
)

// siteLangs are the interface languages of the site, in the order the
// root page lists them.
var siteLangs = []string{"ru", "en"}

// messages are the interface strings of the site: a catalog filled from
// site/i18n/<lang>.yaml (flat maps of key to fmt-style message), and the
// keys, which must be the same in every language.
type messages struct {
	cat      *catalog.Builder
	keys     map[string]bool
	printers map[string]*message.Printer
}

// loadMessages reads the catalogs of siteLangs from fsys (site.FS). A key
// present in one language and missing in another is an error naming both.
func loadMessages(fsys fs.FS) (*messages, error) {
	m := &messages{cat: catalog.NewBuilder(), keys: map[string]bool{}, printers: map[string]*message.Printer{}}
	perLang := map[string]map[string]string{}
	for _, lang := range siteLangs {
		name := "i18n/" + lang + ".yaml"
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("site catalog: %w", err)
		}
		var kv map[string]string
		if err := yaml.Unmarshal(data, &kv); err != nil {
			return nil, fmt.Errorf("site/%s: %w", name, err)
		}
		perLang[lang] = kv
		tag := language.MustParse(lang)
		for k, v := range kv {
			var err error
			if cases := pluralCases(kv, k, tag); cases != nil {
				err = m.cat.Set(tag, k, plural.Selectf(1, "%d", cases...))
			} else {
				err = m.cat.SetString(tag, k, v)
			}
			if err != nil {
				return nil, fmt.Errorf("site/%s: key %s: %w", name, k, err)
			}
			m.keys[k] = true
		}
	}
	var missing []string
	for k := range m.keys {
		for _, lang := range siteLangs {
			if _, ok := perLang[lang][k]; !ok {
				missing = append(missing, fmt.Sprintf("site/i18n/%s.yaml: missing key %q", lang, k))
			}
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return nil, fmt.Errorf("site catalogs differ:\n%s", strings.Join(missing, "\n"))
	}
	for _, lang := range siteLangs {
		m.printers[lang] = message.NewPrinter(language.MustParse(lang), message.Catalog(m.cat))
	}
	return m, nil
}

// pluralForms are the CLDR plural categories a catalog may give a
// message besides its plain form ("other"), as key-one, key-few, key-many,
// with x/text's form of each, in the order the cases are given.
var pluralForms = []struct {
	name string
	form plural.Form
}{{"one", plural.One}, {"few", plural.Few}, {"many", plural.Many}}

// pluralCases returns the plural cases of message k, selected by its
// first argument (x/text's plural rules of the catalog's language), when
// k's first verb is %d and the catalog has a plural form of it; else nil.
// A form the language does not have (English "few") is passed over: every
// catalog carries the same keys, and the form is there for the languages
// that have it. (Forms of messages whose count is not the first %d are
// the browser's: site.js selects them with Intl.PluralRules.)
func pluralCases(kv map[string]string, k string, tag language.Tag) []any {
	v := kv[k]
	if i := strings.IndexByte(v, '%'); i < 0 || !strings.HasPrefix(v[i:], "%d") {
		return nil
	}
	var cases []any
	for _, f := range pluralForms {
		if fv, ok := kv[k+"-"+f.name]; ok && hasForm(tag, f.form) {
			cases = append(cases, f.name, fv)
		}
	}
	if cases == nil {
		return nil
	}
	return append(cases, "other", v)
}

// hasForm reports whether some whole number takes the plural form f in
// the language tag (its cardinal rules; whole numbers are what %d counts).
func hasForm(tag language.Tag, f plural.Form) bool {
	for n := range 1000 {
		if plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0) == f {
			return true
		}
	}
	return false
}

// t returns the message key in lang formatted with args; a key that no
// catalog has is an error (the page's build fails).
func (m *messages) t(lang, key string, args ...any) (string, error) {
	if !m.keys[key] {
		return "", fmt.Errorf("site catalogs: no message %q", key)
	}
	out := m.printers[lang].Sprintf(key, args...)
	if lang == "ru" {
		out = typo.Text(out) // for the strings that reach a page through JSON or script
	}
	return out, nil
}
