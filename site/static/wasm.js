// wasm.js loads the edition's WebAssembly engine (cmd/pasyans-wasm) from
// engine.js (the Play build) or search-engine.js (the search build), which
// carry it gzipped in base64 because Chromium refuses
// fetch() of a file:// .wasm. Pages include, in order, wasm_exec.js, one
// of those two scripts and this file, then call:
//
//   pasyansWasm.load()        → Promise of globalThis.pasyans (the exports)
//   pasyansWasm.bytes()       → Promise of the .wasm as an ArrayBuffer
//   pasyansWasm.worker(body)  → a Worker running wasm_exec.js, a prelude
//                               and body (script text); in it,
//                               self.pasyansStart(buf) → Promise of the exports.
// A worker is built from a Blob URL (a file:// script cannot be a worker's
// source); post it the bytes from pasyansWasm.bytes().
(function () {
  "use strict";
  var bytes = null;
  var api = null;

  function decode(b64) {
    var s = atob(b64);
    var u = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) u[i] = s.charCodeAt(i);
    return u;
  }

  function wasmBytes() {
    if (!bytes) {
      var gz = decode(globalThis.pasyansEngine.wasm);
      var stream = new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = new Response(stream).arrayBuffer();
    }
    return bytes;
  }

  // start instantiates the engine in the global scope g and resolves to
  // its exports once main has published them.
  function start(buf, g) {
    return new Promise(function (resolve, reject) {
      var go = new g.Go();
      g.pasyansReady = function () { resolve(g.pasyans); };
      WebAssembly.instantiate(buf, go.importObject).then(function (r) { go.run(r.instance); }, reject);
    });
  }

  function load() {
    if (!api) api = wasmBytes().then(function (buf) { return start(buf, globalThis); });
    return api;
  }

  function worker(body) {
    var prelude = "self.pasyansStart = function (buf) { return (" + start.toString() + ")(buf, self); };\n";
    var url = URL.createObjectURL(new Blob([globalThis.pasyansEngine.exec, "\n", prelude, body], { type: "text/javascript" }));
    return new Worker(url);
  }

  globalThis.pasyansWasm = { bytes: wasmBytes, load: load, worker: worker };
})();
