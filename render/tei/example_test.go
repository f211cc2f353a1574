package tei_test

import (
	"bytes"
	"fmt"

	"pasyans/corpus"
	"pasyans/render/tei"
)

func ExampleWrite() {
	ed, err := corpus.Load(corpus.FS)
	if err != nil {
		fmt.Println(err)
		return
	}
	var b bytes.Buffer
	if err := tei.Write(&b, ed); err != nil {
		fmt.Println(err)
		return
	}
	first, _, _ := bytes.Cut(b.Bytes(), []byte("\n"))
	fmt.Println(string(first))
	fmt.Println(bytes.Contains(b.Bytes(), []byte(`<p xml:id="p-001-7" n="001:7"`)))
	// Output:
	// <?xml version="1.0" encoding="UTF-8"?>
	// true
}
