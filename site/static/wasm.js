// wasm.js loads the edition's WebAssembly engine (cmd/pasyans-wasm) from
// engine.js (the Play build) or search-engine.js (the search build), which
// carry it gzipped in base64 because Chromium refuses
// fetch() of a file:// .wasm. Pages include, in order, wasm_exec.js, one
// of those two scripts and this file, then call:
//
//   pasyansWasm.load(warm)    → Promise of globalThis.pasyans (the exports)
//   pasyansWasm.module()      → Promise of the compiled WebAssembly.Module
//   pasyansWasm.bytes()       → Promise of the .wasm as an ArrayBuffer
//   pasyansWasm.worker(body)  → a Worker running wasm_exec.js, a prelude
//                               and body (script text); in it,
//                               self.pasyansStart(buf) → Promise of the exports
//                               (buf: the bytes or the Module).
//
// The main thread does none of the heavy work: a worker decodes the
// base64, inflates the gzip, compiles the module and starts it once, so
// that the functions the page calls first are compiled (the engine's
// code is compiled lazily, function by function, and a Module posted
// between threads shares its compiled code); warm, if given, is
// {name, args}: the exported function the page will call first, called
// once there (its answer is dropped). The page's own instance then
// starts in a task of its own, and load resolves in the next task, so
// that no single task of the page's thread is long.
//
// A worker is built from a Blob URL (a file:// script cannot be a worker's
// source); post it the Module from pasyansWasm.module().
(function () {
  "use strict";
  var bytes = null;
  var mod = null;
  var api = null;

  function decode(b64) {
    var s = atob(b64);
    var u = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) u[i] = s.charCodeAt(i);
    return u;
  }

  function inflate(gz) {
    var stream = new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer();
  }

  function wasmBytes() {
    if (!bytes) bytes = inflate(decode(globalThis.pasyansEngine.wasm));
    return bytes;
  }

  // start instantiates the engine (bytes or a Module) in the global scope
  // g and resolves to its exports once main has published them.
  function start(buf, g) {
    return new Promise(function (resolve, reject) {
      var go = new g.Go();
      g.pasyansReady = function () { resolve(g.pasyans); };
      WebAssembly.instantiate(buf, go.importObject).then(function (r) { go.run(r.instance || r); }, reject);
    });
  }

  // compiler is the body of the worker that makes the Module: it gets
  // {wasm: base64, warm}, and answers {module} or {error}.
  function compiler(decode, inflate, start) {
    self.onmessage = function (e) {
      var d = e.data;
      inflate(decode(d.wasm)).then(function (buf) { return WebAssembly.compile(buf); }).then(function (m) {
        return start(m, self).then(function (a) {
          if (d.warm && a[d.warm.name]) a[d.warm.name].apply(a, d.warm.args || []);
          self.postMessage({ module: m });
        });
      }).catch(function (err) { self.postMessage({ error: String(err && err.message || err) }); });
    };
  }

  function fromWorker(warm) {
    return new Promise(function (resolve, reject) {
      var src = globalThis.pasyansEngine.exec + "\n(" + compiler.toString() + ")(" +
        decode.toString() + ", " + inflate.toString() + ", " + start.toString() + ");\n";
      var url = URL.createObjectURL(new Blob([src], { type: "text/javascript" }));
      var w = new Worker(url);
      function end() { w.terminate(); URL.revokeObjectURL(url); }
      w.onmessage = function (e) {
        end();
        if (e.data.module) resolve(e.data.module); else reject(new Error(e.data.error));
      };
      w.onerror = function (e) { e.preventDefault(); end(); reject(new Error(e.message || "worker")); };
      w.onmessageerror = function () { end(); reject(new Error("the compiled engine could not be posted")); };
      w.postMessage({ wasm: globalThis.pasyansEngine.wasm, warm: warm || null });
    });
  }

  // module is the compiled engine, made in a worker; where a worker cannot
  // make it (or post it back), on this thread.
  function module(warm) {
    if (!mod) {
      mod = fromWorker(warm).catch(function () {
        return wasmBytes().then(function (buf) { return WebAssembly.compile(buf); });
      });
    }
    return mod;
  }

  // task runs fn in a task of its own (a message to this window is not
  // throttled as a timer may be).
  function task(fn) {
    return new Promise(function (resolve) {
      var ch = new MessageChannel();
      ch.port1.onmessage = function () { resolve(fn()); };
      ch.port2.postMessage(null);
    });
  }

  function load(warm) {
    if (!api) {
      api = module(warm).then(function (m) {
        return task(function () { return start(m, globalThis); });
      }).then(function (a) {
        return task(function () { return a; });
      });
    }
    return api;
  }

  function worker(body) {
    var prelude = "self.pasyansStart = function (buf) { return (" + start.toString() + ")(buf, self); };\n";
    var url = URL.createObjectURL(new Blob([globalThis.pasyansEngine.exec, "\n", prelude, body], { type: "text/javascript" }));
    return new Worker(url);
  }

  globalThis.pasyansWasm = { bytes: wasmBytes, module: module, load: load, worker: worker };
})();
