// wasm.js loads the edition's WebAssembly engine (cmd/pasyans-wasm) from
// engine.js, which carries it gzipped in base64 because Chromium refuses
// fetch() of a file:// .wasm (the search page needs no WebAssembly: its
// query core is search.js). Pages include, in order, wasm_exec.js,
// engine.js (or name it: see below) and this file, then call:
//
//   pasyansWasm.load(warm)    → Promise of globalThis.pasyans (the exports)
//   pasyansWasm.module()      → Promise of the compiled WebAssembly.Module
//   pasyansWasm.bytes()       → Promise of the .wasm as an ArrayBuffer
//   pasyansWasm.engine()      → Promise of {call(name, arg) → Promise of
//                               the answer}: the engine's exports served
//                               from a worker (below)
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
// A page may leave the engine's script out and name it instead on this
// script's tag (data-engine, with data-exec for wasm_exec.js): served over
// HTTP, the worker then loads it itself (importScripts), and the page's
// thread neither downloads nor parses its megabytes; from file://, where
// a worker may not load a file, this script loads it here and posts its
// text. A worker is built from a Blob URL (a file:// script cannot be a
// worker's source); post it the Module from pasyansWasm.module().
//
// engine() keeps the worker that made the Module: its instance of the
// engine answers the page's calls, so that a page using it (the Play page)
// never starts Go on its own thread. The messages: the page posts
// {id, name, arg} (arg: the one argument of the export name); the worker
// answers {id, r} (r: the export's answer, plain data) or {id, error} in
// the order it was asked. Where no worker can serve (or it fails), the
// calls go to an instance on the page's thread (load).
(function () {
  "use strict";
  var bytes = null;
  var mod = null;
  var api = null;
  var exec = null; // wasm_exec.js's text, from the engine's script
  var keep = false;  // engine() is wanted: the compiling worker stays
  var served = null; // that worker's calls (serve)
  var eng = null;    // engine()'s promise
  var me = document.currentScript;
  var urls = me && me.getAttribute("data-engine") ? {
    engine: new URL(me.getAttribute("data-engine"), document.baseURI).href,
    exec: new URL(me.getAttribute("data-exec"), document.baseURI).href
  } : null;

  // here loads the engine's script on this thread, if it is not loaded.
  function here() {
    if (globalThis.pasyansEngine) return Promise.resolve();
    if (!urls) return Promise.reject(new Error("no engine script"));
    return new Promise(function (ok, fail) {
      var sc = document.createElement("script");
      sc.src = urls.engine;
      sc.onload = ok;
      sc.onerror = function () { fail(new Error("cannot load " + urls.engine)); };
      document.head.appendChild(sc);
    });
  }

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
    if (!bytes) bytes = here().then(function () { return inflate(decode(globalThis.pasyansEngine.wasm)); });
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
  // {wasm: base64 (or null: the engine's script is loaded in the worker),
  // warm}, and answers {module, exec: wasm_exec.js's text} or {error}.
  // After the Module, it answers the calls {id, name, arg} with its own
  // instance, in order (engine).
  function compiler(decode, inflate, start) {
    var ready = null;
    self.onmessage = function (e) {
      var d = e.data;
      if (ready) {
        ready.then(function (a) {
          var r;
          try { r = a[d.name](d.arg); } catch (err) { self.postMessage({ id: d.id, error: String(err && err.message || err) }); return; }
          self.postMessage({ id: d.id, r: r });
        }, function (err) { self.postMessage({ id: d.id, error: String(err && err.message || err) }); });
        return;
      }
      ready = inflate(decode(d.wasm || self.pasyansEngine.wasm)).then(function (buf) { return WebAssembly.compile(buf); }).then(function (m) {
        return start(m, self).then(function (a) {
          if (d.warm && a[d.warm.name]) a[d.warm.name].apply(a, d.warm.args || []);
          self.postMessage({ module: m, exec: self.pasyansEngine ? self.pasyansEngine.exec : null });
          return a;
        });
      });
      ready.catch(function (err) { self.postMessage({ error: String(err && err.message || err) }); });
    };
  }

  // fromWorker makes the Module in a worker, which loads the engine's
  // script itself (byURL) or is posted its text.
  function fromWorker(warm, byURL) {
    return new Promise(function (resolve, reject) {
      var src = (byURL ? "importScripts(" + JSON.stringify(urls.exec) + ", " + JSON.stringify(urls.engine) + ");" : globalThis.pasyansEngine.exec) +
        "\n(" + compiler.toString() + ")(" + decode.toString() + ", " + inflate.toString() + ", " + start.toString() + ");\n";
      var url = URL.createObjectURL(new Blob([src], { type: "text/javascript" }));
      var w = new Worker(url);
      function end() { setTimeout(function () { w.terminate(); URL.revokeObjectURL(url); }, 0); }
      w.onmessage = function (e) {
        if (!e.data.module) { end(); reject(new Error(e.data.error)); return; }
        exec = e.data.exec;
        if (keep) { served = serve(w); setTimeout(function () { URL.revokeObjectURL(url); }, 0); } else end();
        resolve(e.data.module);
      };
      w.onerror = function (e) { e.preventDefault(); end(); reject(new Error(e.message || "worker")); };
      w.onmessageerror = function () { end(); reject(new Error("the compiled engine could not be posted")); };
      w.postMessage({ wasm: byURL ? null : globalThis.pasyansEngine.wasm, warm: warm || null });
    });
  }

  // module is the compiled engine, made in a worker; where a worker cannot
  // make it (or post it back), on this thread.
  function module(warm) {
    if (!mod) {
      var first = urls && !globalThis.pasyansEngine && location.protocol !== "file:" ? fromWorker(warm, true) : Promise.reject(null);
      mod = first.catch(function () {
        return here().then(function () { return fromWorker(warm, false); });
      }).catch(function () {
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

  // serve answers calls from worker w, which holds an instance: each call
  // posts {id, name, arg} and is settled by the answer with its id; if the
  // worker fails, every call still waiting fails with it.
  function serve(w) {
    var waiting = {}, ids = 0;
    function failAll(msg) {
      var ws = waiting;
      waiting = {};
      Object.keys(ws).forEach(function (id) { ws[id].reject(new Error(msg)); });
    }
    w.onmessage = function (e) {
      var c = waiting[e.data.id];
      if (!c) return;
      delete waiting[e.data.id];
      if ("error" in e.data) c.reject(new Error(e.data.error)); else c.resolve(e.data.r);
    };
    w.onerror = function (e) { e.preventDefault(); failAll(e.message || "the engine's worker failed"); };
    w.onmessageerror = function () { failAll("an answer of the engine could not be read"); };
    return {
      call: function (name, arg) {
        return new Promise(function (resolve, reject) {
          var id = ++ids;
          waiting[id] = { resolve: resolve, reject: reject };
          w.postMessage({ id: id, name: name, arg: arg });
        });
      }
    };
  }

  // engine serves the engine's calls from the worker that compiled it;
  // where none could, from an instance on this thread.
  function engine() {
    keep = true;
    if (!eng) {
      eng = module().then(function () {
        if (served) return served;
        return load().then(function (a) {
          return { call: function (name, arg) { return new Promise(function (resolve) { resolve(a[name](arg)); }); } };
        });
      });
    }
    return eng;
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
    var text = globalThis.pasyansEngine ? globalThis.pasyansEngine.exec : exec;
    var url = URL.createObjectURL(new Blob([text, "\n", prelude, body], { type: "text/javascript" }));
    return new Worker(url);
  }

  globalThis.pasyansWasm = { bytes: wasmBytes, module: module, load: load, engine: engine, worker: worker };
})();
