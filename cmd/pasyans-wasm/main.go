//go:build js && wasm

// Command pasyans-wasm is the edition's engine and solver in the browser:
// the same Go packages that pasyans runs natively, built with
// GOOS=js GOARCH=wasm and loaded by the site's pages with the toolchain's
// own wasm_exec.js. No rule, move generator or spelling table is written
// again in JavaScript: the pages call the functions this program exports.
//
// The program is built (see ./gen) with the build tag play, for the Play
// pages (engine.go: positions, moves, the solver). The search page runs
// no WebAssembly: it answers from data the site's build writes (package
// corpus/search's form table).
//
// Each file of the package registers the functions it exports in its init
// (export); main publishes them all as properties of globalThis.pasyans and
// then blocks, so the functions stay callable. A function takes and returns
// plain JavaScript values (strings, numbers, booleans, arrays and objects
// made from JSON), never Go pointers, so a page or a Web Worker can call it
// without knowing Go.
package main

import (
	"fmt"
	"syscall/js"
)

// exports is the registry of the functions published on globalThis.pasyans,
// filled by the init functions of this package's files.
var exports = map[string]func(args []js.Value) (any, error){}

// export registers fn under name; a second registration of a name is a
// programming error.
func export(name string, fn func(args []js.Value) (any, error)) {
	if _, dup := exports[name]; dup {
		panic("pasyans-wasm: duplicate export " + name)
	}
	exports[name] = fn
}

// wrap turns fn into a JavaScript function that returns {ok: value} or
// {error: message} and never lets a Go panic escape into the page.
func wrap(name string, fn func(args []js.Value) (any, error)) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (result any) {
		defer func() {
			if r := recover(); r != nil {
				result = map[string]any{"error": fmt.Sprintf("%s: internal error: %v", name, r)}
			}
		}()
		v, err := fn(args)
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		return map[string]any{"ok": v}
	})
}

func main() {
	api := js.Global().Get("Object").New()
	for name, fn := range exports {
		api.Set(name, wrap(name, fn))
	}
	js.Global().Set("pasyans", api)
	if ready := js.Global().Get("pasyansReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
