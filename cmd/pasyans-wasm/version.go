//go:build js && wasm

package main

import (
	"runtime/debug"
	"syscall/js"
)

func init() {
	export("version", func([]js.Value) (any, error) {
		v := "unknown"
		if bi, ok := debug.ReadBuildInfo(); ok {
			v = bi.Main.Version
		}
		return v, nil
	})
}
