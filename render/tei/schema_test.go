package tei

import (
	"bytes"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"pasyans/normalize"
)

// oddElements returns the elements the ODD includes, from its moduleRefs.
func oddElements(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("schema", "pasyans.odd"))
	if err != nil {
		t.Fatal(err)
	}
	var odd struct {
		Refs []struct {
			Key     string `xml:"key,attr"`
			Include string `xml:"include,attr"`
		} `xml:"text>body>div>schemaSpec>moduleRef"`
	}
	if err := xml.Unmarshal(b, &odd); err != nil {
		t.Fatalf("schema/pasyans.odd: %v", err)
	}
	var els []string
	for _, r := range odd.Refs {
		els = append(els, strings.Fields(r.Include)...)
	}
	if len(els) == 0 {
		t.Fatal("schema/pasyans.odd includes no element")
	}
	slices.Sort(els)
	return els
}

// ownSchema is the RELAX NG schema that checks what the ODD restricts
// (schema/pasyans.odd), made from the ODD's elements and the program's
// normalisation rules: only the ODD's elements; a choice of corr and sic
// or of orig and reg, in that order; the rules a corr or reg names
// declared ones.
func ownSchema(els []string) []byte {
	var ids []string
	for _, r := range normalize.Rules() {
		ids = append(ids, regexp.QuoteMeta(r.ID))
	}
	slices.Sort(ids)
	rule := "(" + strings.Join(ids, "|") + ")"
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<!-- Made by go test ./render/tei -run TestOwnSchema -update from schema/pasyans.odd and the
     program's normalisation rules: do not edit. It checks what the ODD restricts, beside tei_all. -->
<grammar xmlns="http://relaxng.org/ns/structure/1.0" ns="http://www.tei-c.org/ns/1.0"
         datatypeLibrary="http://www.w3.org/2001/XMLSchema-datatypes">
  <start><ref name="element"/></start>
  <define name="element">
    <element>
      <choice>
`)
	for _, e := range els {
		switch e {
		case "choice", "corr", "sic", "orig", "reg":
			continue
		}
		b.WriteString("        <name>" + e + "</name>\n")
	}
	b.WriteString(`      </choice>
      <ref name="attributes"/>
      <ref name="content"/>
    </element>
  </define>
  <define name="attributes">
    <zeroOrMore><attribute><anyName/></attribute></zeroOrMore>
  </define>
  <define name="content">
    <mixed><zeroOrMore><choice><ref name="element"/><ref name="choice"/></choice></zeroOrMore></mixed>
  </define>
  <define name="choice">
    <element name="choice">
      <ref name="attributes"/>
      <choice>
        <group><ref name="corr"/><ref name="sic"/></group>
        <group><ref name="orig"/><ref name="reg"/></group>
      </choice>
    </element>
  </define>
  <define name="corr"><element name="corr"><ref name="ruled"/><ref name="content"/></element></define>
  <define name="reg"><element name="reg"><ref name="ruled"/><ref name="content"/></element></define>
  <define name="sic"><element name="sic"><ref name="attributes"/><ref name="content"/></element></define>
  <define name="orig"><element name="orig"><ref name="attributes"/><ref name="content"/></element></define>
  <define name="ruled">
    <optional>
      <attribute name="type">
        <data type="token"><param name="pattern">`)
	xml.EscapeText(&b, []byte(rule+`(\+`+rule+`)*`))
	b.WriteString(`</param></data>
      </attribute>
    </optional>
    <zeroOrMore><attribute><anyName><except><name ns="">type</name></except></anyName></attribute></zeroOrMore>
  </define>
</grammar>
`)
	return b.Bytes()
}

// TestOwnSchema keeps schema/pasyans.rng made from the ODD and the rules
// (go test -update rewrites it), checks that the ODD includes every
// element the writer uses, and validates the export with the schema by
// jing (skipped without jing, except on CI).
func TestOwnSchema(t *testing.T) {
	els := oddElements(t)
	rng := filepath.Join("schema", "pasyans.rng")
	want := ownSchema(els)
	if *update {
		if err := os.WriteFile(rng, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(rng)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s is not what the ODD and the rules make (run go test -update): %v", rng, err)
	}
	if !bytes.Equal(Schema, got) {
		t.Errorf("the embedded schema is not %s", rng)
	}
	docs := map[string][]byte{}
	docs["pasyans.xml"], _, _ = document(t, load(t))
	docs["odd.xml"], _, _ = document(t, tiny("Свђтъ \x01]]>\xff & <p>"))
	for name, b := range docs {
		root, err := parse(b)
		if err != nil {
			t.Fatal(err)
		}
		root.walk(func(n *node) {
			if _, ok := slices.BinarySearch(els, n.name); !ok {
				t.Errorf("%s line %d: element %s is not in the ODD", name, n.line, n.name)
			}
		})
	}
	jing := tool(t, "jing", "", "jing")
	dir := t.TempDir()
	for name, b := range docs {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(jing, rng, file)
		var out bytes.Buffer
		cmd.Stdout = &out
		if err := cmd.Run(); err != nil || out.Len() > 0 {
			t.Errorf("jing %s %s: %v\n%s", rng, name, err, out.String())
		}
	}
	// The schema fails what it should: an undeclared rule, a choice out
	// of order.
	for _, bad := range []struct{ name, from, to string }{
		{"undeclared rule", `type="ocr/dje-yat"`, `type="ocr/no-such-rule"`},
		{"sic before corr", `<choice><corr `, `<choice><sic>x</sic><corr `},
	} {
		b := bytes.Replace(docs["pasyans.xml"], []byte(bad.from), []byte(bad.to), 1)
		file := filepath.Join(dir, "bad.xml")
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := exec.Command(jing, rng, file).Run(); err == nil {
			t.Errorf("%s: jing passes it", bad.name)
		}
	}
}
