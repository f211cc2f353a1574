package play

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"pasyans/engine"
)

// TestAppendJSON: what the WebAssembly program gives the page is what
// encoding/json writes of the same values (the one shape, the json tags),
// once nil lists are written [] as AppendJSON writes them: positions of
// every game along a line, traced, drawn, refused, and a solver's answer.
func TestAppendJSON(t *testing.T) {
	var vals []any
	for _, v := range engine.Variants() {
		var tab Table
		line := []string{}
		for step := 0; step < 12; step++ {
			p, err := tab.Position(Request{Game: v.ID, Seed: 5, Options: []string{"no-such-option"}, Moves: line, Trace: step%4 == 1, Draw: []string{"", "board", "svg"}[step%3], Lang: "ru"})
			if err != nil {
				t.Fatal(err)
			}
			vals = append(vals, p)
			if len(p.Legal) == 0 {
				break
			}
			line = append(line, p.Legal[step%len(p.Legal)].Move)
		}
		p, err := tab.Position(Request{Game: v.ID, Seed: 5, Moves: append(line, "<\"bad\">\\\n\t\x01\b\f\r\u2028\u2029\xff&")})
		if err != nil {
			t.Fatal(err)
		}
		vals = append(vals, p)
	}
	s, err := (&Table{}).Solve(SolveRequest{Request: Request{Game: "fifteen", Seed: 2}, Nodes: 20000})
	if err != nil {
		t.Fatal(err)
	}
	vals = append(vals, s, &Solution{Applied: 3})
	for i, v := range vals {
		got := AppendJSON(nil, v)
		fillNil(reflect.ValueOf(v))
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		if w := bytes.TrimSuffix(want.Bytes(), []byte("\n")); !bytes.Equal(got, w) {
			t.Fatalf("value %d:\nAppendJSON   %s\nencoding/json %s", i, got, w)
		}
	}
}

// fillNil replaces every nil slice reachable from v with an empty one.
func fillNil(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			fillNil(v.Elem())
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fillNil(v.Field(i))
			}
		}
	case reflect.Slice:
		if v.IsNil() && v.CanSet() {
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		}
		for i := 0; i < v.Len(); i++ {
			fillNil(v.Index(i))
		}
	}
}
