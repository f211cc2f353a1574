// pasyans search: the search box in every page's header, the search page
// (<lang>/search/index.html#q=QUERY), the query core it runs and the
// marking of a result's words on the page it leads to. The language work
// (spelling rules, stemming, forms) was done by the build (package
// corpus/search, its FormTable): the core below looks a query's words up
// in the table the build wrote and runs the Go query code's steps over
// the index, with no WebAssembly. No request leaves the page: the index
// and the form table come as scripts (search/index.js, loaded at once for
// a query, else when the reader goes to the search box or the page is
// idle, and read in short tasks; search/forms/XXXX.js,
// the table's shard for a first letter, loaded when a query's word
// begins with it).
(function () {
  "use strict";

  // ---- The query core: package corpus/search's Parse, Search, Page,
  // Snippets and Forms, run over the index the build wrote
  // (search/index.js) and its form table (search/forms/*.js, one shard
  // for each first letter). The keyer's work was done at build time: a
  // query word is folded with the table's letter map and looked up among
  // the forms the keyer gave a key of the index (corpus/search
  // FormTable); the rest is the Go code's, step by step, and
  // corpus/search's TestScriptParity runs this core on the test set's
  // queries against it.

  // WORD is a word's letter: the one word test of this script, Go's
  // normalize.IsWordRune (a letter, a decimal digit or a mark), which
  // stem.Words uses too; site/wordclass_test.go holds the class to it at
  // every code point. JOIN joins two
  // runs of them into one word (по-русски) before a letter.
  var WORD = "[\\p{L}\\p{Nd}\\p{M}]";
  var WORD_RE = new RegExp(WORD + "+(?:['\u2019-](?=\\p{L})" + WORD + "+)*", "gu");

  // words returns the [start, end) offsets of the words of s.
  function words(s) {
    var out = [], m;
    WORD_RE.lastIndex = 0;
    while ((m = WORD_RE.exec(s)) !== null) { out.push([m.index, m.index + m[0].length]); }
    return out;
  }

  var QUOTES = "\"\u00ab\u00bb\u201c\u201d\u201e";
  var VOWELS = "\u043e\u0435\u044c"; // о е ь
  var GROUPS = ["book", "notes", "glossary", "rules", "other"];

  // Reader reads the items of the encoded index (corpus/search codec.go).
  function Reader(s) { this.s = s; this.pos = 0; }
  Reader.prototype.digits = function (end) {
    var i = this.s.indexOf(end, this.pos);
    if (i < 0 || i === this.pos || i - this.pos > 9 || !/^[0-9]+$/.test(this.s.slice(this.pos, i))) {
      throw new Error("search index: byte " + this.pos + ": want a number");
    }
    var n = Number(this.s.slice(this.pos, i));
    this.pos = i + 1;
    return n;
  };
  Reader.prototype.num = function () { return this.digits(","); };
  // str reads a string whose length is given in UTF-8 bytes.
  Reader.prototype.str = function () {
    var n = this.digits(":"), start = this.pos, i = this.pos;
    while (n > 0) {
      var c = this.s.charCodeAt(i);
      if (isNaN(c)) { throw new Error("search index: a string runs past the end"); }
      n -= c < 0x80 ? 1 : c < 0x800 ? 2 : (c >= 0xd800 && c < 0xdc00) ? 4 : 3;
      i += (c >= 0xd800 && c < 0xdc00) ? 2 : 1;
    }
    this.pos = i;
    return this.s.slice(start, i);
  };

  // Loader reads the index a few entries at a time (step), so that a
  // page can read it in short tasks; open reads it at once. The index is
  // read in phases: the keys, the pairs of same keys, the compounds'
  // parts, then the documents.
  function Loader(indexText, c) {
    var r = new Reader(indexText);
    var magic = "pasyans-search ";
    if (indexText.slice(0, magic.length) !== magic) { throw new Error("search index: not a search index"); }
    r.pos = magic.length;
    var version = r.num();
    if (version !== c.fd.version) { throw new Error("search index: version " + version + ", its form table's " + c.fd.version); }
    this.r = r; this.c = c; this.total = 0; this.text = indexText;
    this.phase = 0; this.left = r.num();
  }

  function pushOnce(m, k, v) { var a = m.get(k); if (!a) { a = []; m.set(k, a); } if (a.indexOf(v) < 0) { a.push(v); } }

  // Loader's phases: each reads one entry (and counts it off this.left),
  // or, with none left, ends its phase and starts the next one.
  var loaderPhases = [
    function key(l) { var k = l.r.str(); l.c.keyID.set(k, l.c.keys.length); l.c.keys.push(k); },
    function same(l) { var a = l.r.num(), b = l.r.num(); pushOnce(l.c.same, a, b); pushOnce(l.c.same, b, a); },
    function part(l) {
      var r = l.r, whole = r.num(), np = r.num(), ps = [];
      for (var j = 0; j < np; j++) { ps.push(r.num()); }
      l.c.parts.set(whole, ps);
      ps.forEach(function (p) { pushOnce(l.c.partOf, p, whole); });
    },
    function doc(l) { l.total += l.c.addDoc(readDoc(l.r)); }
  ];

  // step reads up to n entries and reports whether the index is read.
  Loader.prototype.step = function (n) {
    var c = this.c;
    for (; n > 0; n--) {
      if (this.left > 0) { loaderPhases[this.phase](this); this.left--; continue; }
      if (this.phase === 2) {
        c.partOf.forEach(function (ws) { ws.sort(function (x, y) { return x - y; }); });
        c.post = c.keys.map(function () { return []; });
      }
      if (this.phase === 3) { break; }
      this.phase++;
      this.left = this.r.num();
    }
    if (this.phase < 3 || this.left > 0) { return false; }
    if (this.r.pos !== this.text.length) { throw new Error("search index: " + (this.text.length - this.r.pos) + " characters after the index"); }
    c.avgLen = c.docs.length ? this.total / c.docs.length : 0;
    if (c.avgLen === 0) { c.avgLen = 1; }
    return true;
  };

  // readDoc reads one document of the index.
  function readDoc(r) {
    var d = { kind: r.str(), id: r.str(), group: r.str(), href: r.str(), lang: r.str(), fields: [] };
    var nf = r.num();
    for (var j = 0; j < nf; j++) {
      var f = { name: r.str(), reading: r.str(), lang: r.str(), toks: null };
      var sm = r.num();
      if (sm !== 0) {
        var o = d.fields[sm - 1];
        f.text = o.text; f.wkeys = o.wkeys; f.keys = o.keys; f.toks = o.toks;
      } else {
        f.text = r.str();
        sm = r.num();
        if (sm !== 0) {
          f.wkeys = d.fields[sm - 1].wkeys; f.keys = d.fields[sm - 1].keys;
        } else {
          f.wkeys = [];
          for (var i = 0, nw = r.num(); i < nw; i++) { f.wkeys.push(r.num() - 1); }
          f.keys = f.wkeys.filter(function (k) { return k >= 0; });
        }
      }
      d.fields.push(f);
    }
    return d;
  }

  // open reads the index and its form table's head and returns the query
  // core; addShard gives it the table's shards.
  function open(indexText, head) {
    var l = new Loader(indexText, new Core(head));
    while (!l.step(1e9)) { /* read on */ }
    return l.c;
  }

  // openSoon reads the index into a core (made by core(head), which may
  // have its shards already) in tasks of about 5 ms each, then calls done.
  function openSoon(indexText, c, done, fail) {
    var l = null;
    function tick() {
      var t0 = performance.now();
      try {
        if (!l) { l = new Loader(indexText, c); }
        do {
          if (l.step(16)) { done(); return; }
        } while (performance.now() - t0 < 5);
      } catch (e) {
        fail(e);
        return;
      }
      setTimeout(tick, 0);
    }
    tick();
  }

  // toksOf returns a field's keyed words: {start, end, key}, their places
  // found in its text the first time they are asked for.
  function toksOf(f) {
    if (f.toks) { return f.toks; }
    var ws = words(f.text);
    if (ws.length !== f.wkeys.length) { throw new Error("search index: " + f.wkeys.length + " keys for " + ws.length + " words"); }
    f.toks = [];
    for (var i = 0; i < ws.length; i++) {
      if (f.wkeys[i] >= 0) { f.toks.push({ start: ws[i][0], end: ws[i][1], key: f.wkeys[i] }); }
    }
    return f.toks;
  }

  function Core(head) {
    this.keys = []; this.keyID = new Map(); this.same = new Map(); this.partOf = new Map(); this.parts = new Map();
    this.docs = []; this.lens = []; this.post = null; this.avgLen = 1;
    this.fd = head;
    this.fold1 = pairs(head.fold);
    this.foldLatin = pairs(head.foldLatin);
    this.shardNames = new Set(head.shards);
    this.shards = new Map();
  }

  // addDoc adds a document's postings and length (Index.invert) and
  // returns the length.
  Core.prototype.addDoc = function (d) {
    var di = this.docs.length, post = this.post;
    this.docs.push(d);
    d.fields.forEach(function (f, fi) {
      var counts = new Map(), order = [];
      f.keys.forEach(function (k) {
        if (!counts.has(k)) { order.push(k); counts.set(k, 0); }
        counts.set(k, counts.get(k) + 1);
      });
      order.forEach(function (k) { post[k].push({ doc: di, field: fi, n: counts.get(k) }); });
    });
    var longest = new Map(), l = 0;
    d.fields.forEach(function (f) { longest.set(f.name, Math.max(longest.get(f.name) || 0, f.keys.length)); });
    longest.forEach(function (v) { l += v; });
    this.lens.push(l);
    return l;
  };

  function pairs(s) {
    var m = new Map(), rs = Array.from(s);
    for (var i = 0; i + 1 < rs.length; i += 2) { m.set(rs[i], rs[i + 1]); }
    return m;
  }

  // fold is corpus/search's Fold.
  Core.prototype.fold = function (word) {
    var w = word.toLowerCase(), m1 = this.fold1, ml = this.foldLatin;
    var cyr = /\p{Script=Cyrillic}/u.test(w);
    var out = "";
    for (var c of w) { out += (cyr && ml.get(c)) || m1.get(c) || c; }
    return out.endsWith("\u044a") ? out.slice(0, -1) : out;
  };

  // shardOf is the name of the shard of a folded form (corpus/search
  // shardOf).
  Core.prototype.shardOf = function (f) {
    var name = f.codePointAt(0).toString(16).padStart(4, "0");
    return this.shardNames.has(name) ? name : "other";
  };

  // addShard takes a shard of the form table: {endings, stems}.
  Core.prototype.addShard = function (name, data) {
    this.shards.set(name, { stems: data.stems, endings: data.endings.map(function (s) { return new Set(s.split("|")); }) });
  };

  // needs returns the shards a query's words need that are not in yet.
  Core.prototype.needs = function (q) {
    var self = this, out = [];
    words(q).forEach(function (w) {
      var word = q.slice(w[0], w[1]);
      word.split("-").concat(word.indexOf("-") >= 0 ? [word] : []).forEach(function (p) {
        if (!/\p{L}/u.test(p)) { return; }
        var name = self.shardOf(self.fold(p));
        if (!self.shards.has(name) && out.indexOf(name) < 0) { out.push(name); }
      });
    });
    return out;
  };

  // key is stem.Keyer.Key by the form table: "" for a word that has
  // none, null for a form the table does not know.
  Core.prototype.key = function (word) {
    if (!/\p{L}/u.test(word)) { return /^\p{Nd}+$/u.test(word) ? word : ""; }
    var f = this.fold(word), sh = this.shards.get(this.shardOf(f));
    if (!sh) { return null; }
    for (var i = f.length, e = 0; i >= 1 && e <= this.fd.maxEnding; i--, e++) {
      var p = sh.stems[f.slice(0, i)];
      if (!p) { continue; }
      for (var j = 0; j < p.length; j += 2) {
        if (sh.endings[p[j]].has(f.slice(i))) { return this.keys[p[j + 1]]; }
      }
    }
    return null;
  };

  // tokens is stem.Keyer.Tokens: words with their keys (an unknown
  // form's key is "\u0000" and its fold, in no index), parts, as typed.
  Core.prototype.tokens = function (s) {
    var self = this, out = [];
    words(s).forEach(function (w) {
      var word = s.slice(w[0], w[1]), k = self.keyOr(word);
      if (k === "") { return; }
      var t = { word: word, key: k, parts: null };
      if (word.indexOf("-") >= 0) {
        t.parts = [];
        word.split("-").forEach(function (p) {
          var pk = self.keyOr(p);
          if (pk !== "") { t.parts.push(pk); }
        });
      }
      out.push(t);
    });
    return out;
  };

  Core.prototype.keyOr = function (word) {
    var k = this.key(word);
    return k === null ? "\u0000" + this.fold(word) : k;
  };

  // parse is Parse.
  Core.prototype.parse = function (q) {
    var self = this, terms = [], seen = new Set(), inside = false, seg = 0;
    function add(t) {
      var id = t.keys.join(" ");
      if (!t.keys.length || seen.has(id)) { return; }
      seen.add(id);
      terms.push(t);
    }
    function flush(end) {
      var s = q.slice(seg, end), toks = self.tokens(s);
      if (inside && toks.length > 1) {
        add({ text: s.trim(), keys: toks.map(function (t) { return t.key; }), norm: "", parts: null, prefix: false });
        return;
      }
      toks.forEach(function (t) { add({ text: t.word, keys: [t.key], norm: self.fold(t.word), parts: t.parts, prefix: false }); });
    }
    for (var i = 0; i < q.length; i++) {
      if (QUOTES.indexOf(q[i]) >= 0) { flush(i); inside = !inside; seg = i + 1; }
    }
    flush(q.length);
    var n = terms.length;
    if (n > 0 && !inside) {
      var t = terms[n - 1], last = Array.from(q).pop();
      if (t.keys.length === 1 && !/\s/u.test(last) && QUOTES.indexOf(last) < 0 && q.endsWith(t.text)) { t.prefix = true; }
    }
    return terms;
  };

  // withRelated adds a key id with its aliases and the hyphenated words
  // it is a part of.
  Core.prototype.withRelated = function (ks, id) {
    [id].concat(this.same.get(id) || [], this.partOf.get(id) || []).forEach(function (k) {
      if (ks.indexOf(k) < 0) { ks.push(k); }
    });
    return ks;
  };

  // lower returns the first index of the sorted keys not below s.
  Core.prototype.lower = function (s) {
    var lo = 0, hi = this.keys.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (this.keys[mid] < s) { lo = mid + 1; } else { hi = mid; } }
    return lo;
  };

  function runes(s) { return Array.from(s).length; }

  // prefixKeys is Index.prefixKeys.
  Core.prototype.prefixKeys = function (ks, t, others) {
    var fd = this.fd, norm = t.norm, n = runes(norm), j;
    if (n < fd.minPrefix && !(others && n > 0)) { return ks; }
    var all = n < fd.wholeWord || !this.keyID.has(t.keys[0]);
    for (j = this.lower(norm); j < this.keys.length && this.keys[j].startsWith(norm); j++) {
      if (all || runes(this.keys[j]) <= n + fd.maxExtend) { ks = this.withRelated(ks, j); }
    }
    if (n < fd.wholeWord) { return ks; }
    var r = Array.from(norm), st;
    if (VOWELS.indexOf(r[n - 1]) >= 0) {
      st = r.slice(0, n - 1).join("");
    } else if (VOWELS.indexOf(r[n - 2]) >= 0 && VOWELS.indexOf(r[n - 3]) < 0) {
      st = r.slice(0, n - 2).join("") + r[n - 1];
    } else {
      return ks;
    }
    for (j = this.lower(st); j < this.keys.length && this.keys[j].startsWith(st); j++) {
      if (runes(this.keys[j]) <= n) { ks = this.withRelated(ks, j); }
    }
    return ks;
  };

  // sameParts is Index.sameParts.
  Core.prototype.sameParts = function (ps) {
    if (!ps || !ps.length) { return []; }
    var ids = [];
    for (var i = 0; i < ps.length; i++) {
      if (!this.keyID.has(ps[i])) { return []; }
      ids.push(this.keyID.get(ps[i]));
    }
    var self = this;
    return (this.partOf.get(ids[0]) || []).filter(function (w) {
      var p = self.parts.get(w);
      return p.length === ids.length && p.every(function (x, k) { return x === ids[k]; });
    });
  };

  // resolve is Index.resolve: {keys} for a word, {phrase} for a phrase,
  // none when it matches nothing.
  Core.prototype.resolve = function (terms) {
    var self = this;
    return terms.map(function (t) {
      var m = { keys: null, phrase: null, none: false };
      if (t.keys.length > 1) {
        m.phrase = t.keys.map(function (k) {
          if (!self.keyID.has(k)) { m.none = true; return -1; }
          return self.keyID.get(k);
        });
        return m;
      }
      m.keys = [];
      if (self.keyID.has(t.keys[0])) { m.keys = self.withRelated(m.keys, self.keyID.get(t.keys[0])); }
      self.sameParts(t.parts).forEach(function (w) { m.keys = self.withRelated(m.keys, w); });
      if (t.prefix) { m.keys = self.prefixKeys(m.keys, t, terms.length > 1); }
      m.none = m.keys.length === 0;
      return m;
    });
  };

  // phraseAt returns where a key sequence starts in a field's keys.
  function phraseAt(keys, ks) {
    var at = [];
    for (var i = 0; i + ks.length <= keys.length; i++) {
      var ok = true;
      for (var j = 0; j < ks.length; j++) { if (keys[i + j] !== ks[j]) { ok = false; break; } }
      if (ok) { at.push(i); }
    }
    return at;
  }

  // termFreq is Index.termFreq.
  Core.prototype.termFreq = function (m) {
    var self = this, tf = new Float64Array(this.docs.length);
    if (m.none) { return tf; }
    var counts = new Map(), docs = [];
    function note(d, f, c) {
      if (c === 0) { return; }
      if (tf[d] === 0) { tf[d] = -1; docs.push(d); }
      var k = d * 1024 + f;
      counts.set(k, (counts.get(k) || 0) + c);
    }
    if (m.phrase) {
      this.post[m.phrase[0]].forEach(function (p) {
        note(p.doc, p.field, phraseAt(self.docs[p.doc].fields[p.field].keys, m.phrase).length);
      });
    } else {
      m.keys.forEach(function (k) { self.post[k].forEach(function (p) { note(p.doc, p.field, p.n); }); });
    }
    docs.sort(function (a, b) { return a - b; });
    var weights = this.fd.weights;
    docs.forEach(function (d) {
      var best = new Map();
      self.docs[d].fields.forEach(function (fl, f) {
        best.set(fl.name, Math.max(best.get(fl.name) || 0, counts.get(d * 1024 + f) || 0));
      });
      tf[d] = 0;
      best.forEach(function (c, name) { tf[d] += (weights[name] || 1) * c; });
    });
    return tf;
  };

  // search is Index.Search: [{doc, score}], best first.
  Core.prototype.search = function (ms) {
    if (!ms.length) { return []; }
    var nd = this.docs.length, score = new Float64Array(nd), alive = new Uint8Array(nd).fill(1);
    var k1 = this.fd.k1, b = this.fd.b, self = this;
    ms.forEach(function (m) {
      var tf = self.termFreq(m), df = 0, d;
      for (d = 0; d < nd; d++) { if (tf[d] > 0) { df++; } }
      var idf = Math.log(1 + (nd - df + 0.5) / (df + 0.5));
      for (d = 0; d < nd; d++) {
        if (tf[d] === 0) { alive[d] = 0; continue; }
        var norm = k1 * (1 - b + b * self.lens[d] / self.avgLen);
        score[d] += idf * tf[d] * (k1 + 1) / (tf[d] + norm);
      }
    });
    var out = [];
    for (var d = 0; d < nd; d++) { if (alive[d]) { out.push({ doc: d, score: score[d] }); } }
    out.sort(function (x, y) { return y.score - x.score; });
    return out;
  };

  // page is Index.Page: [{name, results}].
  Core.prototype.page = function (ms, lang) {
    var self = this, by = {};
    this.search(ms).forEach(function (r) {
      var d = self.docs[r.doc], g;
      if (d.kind === "para") { g = "book"; } else if (d.kind === "term") { g = "glossary"; } else if (d.kind === "rule") { g = "rules"; } else if (d.lang !== "" && d.lang !== lang) { g = "other"; } else { g = "notes"; }
      (by[g] = by[g] || []).push(r);
    });
    if (by.book) {
      var rank = new Map();
      by.book.forEach(function (r) { var g = self.docs[r.doc].group; if (!rank.has(g)) { rank.set(g, rank.size + 1); } });
      by.book.sort(function (x, y) {
        return (rank.get(self.docs[x.doc].group) - rank.get(self.docs[y.doc].group)) || (x.doc - y.doc);
      });
    }
    return GROUPS.filter(function (g) { return by[g]; }).map(function (g) { return { name: g, results: by[g] }; });
  };

  // hits marks the keyed words of a field (its keys) that ms match.
  function hits(keys, ms) {
    var hit = keys.map(function () { return false; });
    ms.forEach(function (m) {
      if (m.none) { return; }
      if (m.phrase) {
        phraseAt(keys, m.phrase).forEach(function (at) { for (var j = 0; j < m.phrase.length; j++) { hit[at + j] = true; } });
        return;
      }
      keys.forEach(function (k, i) { if (m.keys.indexOf(k) >= 0) { hit[i] = true; } });
    });
    return hit;
  }

  // pick is corpus/search's pick: [field index, hits] or null.
  function pick(fields, name, reading, ms) {
    var first = -1, firstHit = null, plain = -1;
    for (var j = 0; j < fields.length; j++) {
      var f = fields[j];
      if (f.name !== name) { continue; }
      var h = hits(f.keys, ms), matched = h.indexOf(true) >= 0;
      if (matched && f.reading === reading) { return [j, h]; }
      if (matched && first < 0) { first = j; firstHit = h; }
      if (plain < 0 || f.reading === reading && fields[plain].reading !== reading) { plain = j; }
    }
    if (first >= 0) { return [first, firstHit]; }
    if (name === "title" && plain >= 0) { return [plain, fields[plain].keys.map(function () { return false; })]; }
    return null;
  }

  function escapeHTML(s) {
    return s.replace(/[&'<>"]/g, function (c) { return { "&": "&amp;", "'": "&#39;", "<": "&lt;", ">": "&gt;", "\"": "&#34;" }[c]; });
  }

  function back(text, at, n) {
    var i = Math.max(0, at - n);
    if (i === 0) { return 0; }
    var s = text.slice(i, at), j = s.search(/[ \n]/);
    return j >= 0 ? i + j + 1 : i;
  }

  function forward(text, from, n) {
    var i = from + n;
    if (i >= text.length) { return text.length; }
    var s = text.slice(from, i), j = Math.max(s.lastIndexOf(" "), s.lastIndexOf("\n"));
    return j > 0 ? from + j : i;
  }

  // cut is corpus/search's cut (the texts are in the Basic Multilingual
  // Plane, so a UTF-16 unit is a letter).
  function cut(text, toks, hit, width) {
    var start = 0, end = text.length;
    if (width > 0 && text.length > width + Math.floor(width / 4)) {
      var first = hit.indexOf(true), at = first >= 0 ? toks[first].start : 0;
      start = back(text, at, Math.floor(width / 3));
      end = forward(text, start, width);
    }
    var out = start > 0 ? "\u2026" : "", pos = start;
    toks.forEach(function (t, i) {
      if (!hit[i] || t.start < start || t.end > end) { return; }
      out += escapeHTML(text.slice(pos, t.start)) + "<mark>" + escapeHTML(text.slice(t.start, t.end)) + "</mark>";
      pos = t.end;
    });
    out += escapeHTML(text.slice(pos, end));
    return end < text.length ? out + "\u2026" : out;
  }

  Core.prototype.snippets = function (ms, doc, reading, width) {
    var d = this.docs[doc], done = new Set(), out = [];
    d.fields.forEach(function (f) {
      if (done.has(f.name)) { return; }
      done.add(f.name);
      var p = pick(d.fields, f.name, reading, ms);
      if (!p) { return; }
      var fl = d.fields[p[0]];
      out.push({ name: fl.name, reading: fl.reading, lang: fl.lang, html: cut(fl.text, toksOf(fl), p[1], width) });
    });
    return out;
  };

  Core.prototype.forms = function (ms, doc) {
    var out = [];
    this.docs[doc].fields.forEach(function (f) {
      hits(f.keys, ms).forEach(function (h, i) {
        if (!h) { return; }
        var t = toksOf(f)[i], w = f.text.slice(t.start, t.end);
        if (h && out.indexOf(w) < 0) { out.push(w); }
      });
    });
    return out.sort(function (a, b) { return a < b ? -1 : a > b ? 1 : 0; });
  };

  // run answers a query as the page draws it: {total, groups: [{name,
  // results: [{kind, id, group, lang, href, score, snippets, forms}]}]}.
  Core.prototype.run = function (q, reading, lang) {
    var self = this, ms = this.resolve(this.parse(q)), total = 0;
    var groups = this.page(ms, lang).map(function (g) {
      total += g.results.length;
      return { name: g.name, results: g.results.map(function (r) {
        var d = self.docs[r.doc];
        return { kind: d.kind, id: d.id, group: d.group, lang: d.lang, href: d.href, score: r.score,
          snippets: self.snippets(ms, r.doc, reading, 220), forms: self.forms(ms, r.doc) };
      }) };
    });
    return { total: total, groups: groups };
  };

  globalThis.pasyansSearchCore = { open: open, openSoon: openSoon, core: function (head) { return new Core(head); }, WORD: WORD };

  if (typeof document === "undefined") { return; } // the core alone (TestScriptParity, in Node)

  var READING = "pasyans.reading"; // the key site.js keeps the reading under
  var FIRST = { book: 10 };        // results shown before "show all", by group
  var FIRST_OTHER = 5;             // … in the other groups

  function reading() {
    var r = document.querySelector('input[name="reading"]:checked');
    if (r) { return r.value; }
    try { return window.localStorage.getItem(READING) || "corrected"; } catch (e) { return "corrected"; }
  }

  // queryOf reads the query from #q=… (or ?q=…, a form sent without
  // this script).
  function queryOf(loc) {
    var m = /(?:^#|&)q=([^&]*)/.exec(loc.hash) || /(?:^\?|&)q=([^&]*)/.exec(loc.search);
    if (!m) { return ""; }
    try { return decodeURIComponent(m[1].replace(/\+/g, " ")); } catch (e) { return m[1]; }
  }

  // ---- The header's search box goes to the search page with #q=.
  function initBox(form) {
    form.addEventListener("submit", function (e) {
      var q = form.querySelector('input[name="q"]').value;
      e.preventDefault();
      window.location.href = form.getAttribute("action") + "#q=" + encodeURIComponent(q);
    });
  }

  // ---- The search page.
  function fill(s, n, q) {
    // the catalogs quote {q} in their language's marks («…», “…”); n is grouped as the page's language groups
    // (below 1000 no language here groups, and the digits are written
    // without asking Intl, whose first use costs a slow device tens of ms)
    var num = n < 1000 ? String(n) : Number(n).toLocaleString(document.documentElement.lang || "ru");
    return s.replace("{n}", num).replace("{q}", q);
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text) { e.textContent = text; }
    return e;
  }

  // withHits adds the matched words to a result's link, for the page it
  // leads to: path?hl=word|word#anchor.
  function withHits(href, forms) {
    var i = href.indexOf("#");
    var path = i < 0 ? href : href.slice(0, i), frag = i < 0 ? "" : href.slice(i);
    if (!forms || !forms.length) { return href; }
    return path + "?hl=" + encodeURIComponent(forms.join("|")) + frag;
  }

  function initPage(cfgEl) {
    var cfg = JSON.parse(cfgEl.textContent);
    var S = cfg.strings;
    var input = document.getElementById("search-q");
    var status = document.getElementById("search-status");
    var out = document.getElementById("search-results");
    var form = document.getElementById("search-form");
    var api = null;
    var last = null;

    // hitItem draws one result: a list item carrying data-<kind> (and
    // data-lang for a document in one language), its label linking to
    // where it leads, and its snippets.
    function hitItem(r) {
      var li = el("li", "search-hit");
      li.setAttribute("data-" + r.kind, r.id);
      if (r.lang) { li.setAttribute("data-lang", r.lang); li.lang = r.lang; }
      var head = el("p", "search-head");
      var label = el(r.href ? "a" : "span", "search-id");
      if (r.href) { label.href = "../" + withHits(r.href, r.forms); }
      if (r.kind === "game" && r.id === cfg.book) {
        // a section of the front matter: its title is its snippet
        label.appendChild(el("span", "search-kind", S["group-book"]));
      } else {
        label.appendChild(el("span", "search-kind", S[r.kind] || r.kind));
        label.appendChild(document.createTextNode(" " + r.id));
      }
      head.appendChild(label);
      var g = cfg.groups[r.group];
      if (r.kind !== "para" && r.kind !== "game" && g && g.title) {
        head.appendChild(document.createTextNode(" \u00b7 " + g.title));
      }
      li.appendChild(head);
      r.snippets.forEach(function (sn) {
        var p = el("p", "search-snip search-" + sn.name);
        p.lang = sn.lang;
        // The snippet's HTML is the core's (cut): the text escaped, the
        // matched words in <mark>.
        p.innerHTML = sn.html;
        if (sn.reading && sn.reading !== reading()) {
          var note = el("span", "search-reading", " " + S["in-reading"].replace("{reading}", S["reading-" + sn.reading] || sn.reading));
          note.lang = document.documentElement.lang;
          p.appendChild(note);
        }
        li.appendChild(p);
      });
      return li;
    }

    // groupSection draws one group: its heading with its count, its
    // results (the book's under a heading for each game), the first few
    // shown and the rest hidden behind a "show all" button. Every result
    // is in the page; none is cut. The hidden ones are drawn later (each
    // function it pushes on later draws one), so that the first results
    // show sooner.
    function groupSection(g, later) {
      var sec = el("section", "search-group");
      sec.setAttribute("data-group", g.name);
      var h = el("h2", "", S["group-" + g.name] || g.name);
      h.id = "sg-" + g.name;
      h.appendChild(el("span", "search-count", " (" + g.results.length + ")"));
      sec.setAttribute("aria-labelledby", h.id);
      sec.appendChild(h);
      var first = FIRST[g.name] || FIRST_OTHER;
      var list = null, game = null, hidden = [], all = false, more = null;
      // put adds a node before the "show all" button, hidden until it is pressed.
      function put(parent, node, hide) {
        if (hide && !all) { node.hidden = true; hidden.push(node); }
        parent.insertBefore(node, parent === sec && more && more.parentNode === sec ? more : null);
      }
      function add(r, i) {
        if (!list || (g.name === "book" && r.group !== game)) {
          game = r.group;
          if (g.name === "book") {
            var gg = cfg.groups[game] || { title: game };
            var h3 = el("h3", "search-game");
            if (gg.href) { var a = el("a", "", gg.title); a.href = gg.href; h3.appendChild(a); } else { h3.textContent = gg.title; }
            put(sec, h3, i >= first);
          }
          list = el("ol", "search-list");
          put(sec, list, false);
        }
        put(list, hitItem(r), i >= first);
      }
      g.results.forEach(function (r, i) {
        if (i < first) { add(r, i); } else { later.push(function () { add(r, i); }); }
      });
      if (g.results.length > first) {
        more = el("button", "search-show-all", S["show-all"].replace("{n}", String(g.results.length)));
        more.type = "button";
        more.setAttribute("data-action", "show-all");
        more.setAttribute("aria-controls", "sg-" + g.name);
        more.addEventListener("click", function () {
          all = true;
          hidden.forEach(function (e) { e.hidden = false; });
          more.remove();
        });
        sec.appendChild(more);
      }
      return sec;
    }

    // draw shows the results res of query q: the results shown at first
    // in this task, the hidden ones in the next; then done() (unless
    // another query was drawn meanwhile).
    var drawing = 0;
    function draw(q, res, done) {
      var frag = document.createDocumentFragment(), later = [], me = ++drawing;
      res.groups.forEach(function (g) { frag.appendChild(groupSection(g, later)); });
      out.replaceChildren(frag);
      var msg = res.total === 0 ? S.none : res.total === 1 ? S.one : S.many;
      status.textContent = fill(msg, res.total, shown(q));
      setTimeout(function () {
        if (me !== drawing) { return; }
        later.forEach(function (f) { f(); });
        done();
      }, 0);
    }

    // shown is the query as the status line quotes it: without control
    // characters (a NUL typed or pasted), which no text can show.
    function shown(q) { return q.replace(/[\u0000-\u001f\u007f]/g, ""); }

    function run() {
      var q = input.value;
      var key = q + "\u0000" + reading();
      var missing = shards(q);
      if (!api || key === last || missing) { return; }
      last = key;
      var t0 = performance.now();
      if (q.trim() === "") {
        drawing++;
        out.replaceChildren();
        status.textContent = S.ready;
        out.setAttribute("data-query", q);
        return;
      }
      out.removeAttribute("data-query");
      draw(q, api.run(q, reading(), document.documentElement.lang), function () {
        out.setAttribute("data-ms", (performance.now() - t0).toFixed(2));
        out.setAttribute("data-query", q);
      });
    }

    function fromLocation() {
      var q = queryOf(window.location);
      if (q !== input.value) { input.value = q; }
      run();
    }

    input.addEventListener("input", function () {
      run();
      var url = input.value === "" ? window.location.pathname : "#q=" + encodeURIComponent(input.value);
      try { history.replaceState(null, "", url); } catch (e) { /* a sandboxed page */ }
    });
    form.addEventListener("submit", function (e) { e.preventDefault(); run(); });
    window.addEventListener("hashchange", fromLocation);
    document.querySelectorAll('input[name="reading"]').forEach(function (r) {
      r.addEventListener("change", run);
    });
    input.value = queryOf(window.location);
    status.textContent = S.ready;
    var loading = false, asked = new Set();
    var fail = function (what) { status.textContent = fill(S.failed, 0, what); };
    // script adds a script to the page (a page opened from file:// cannot
    // fetch) and calls done once it has run.
    function script(src, done) {
      var sc = document.createElement("script");
      sc.src = src;
      sc.onerror = function () { fail(src); };
      sc.onload = done;
      document.head.appendChild(sc);
    }
    // load brings the index and opens the core.
    function load() {
      if (loading) { return; }
      loading = true;
      status.textContent = S.loading;
      script(cfg.index, function () {
        globalThis.pasyansSearchCore.openSoon(globalThis.pasyansSearchIndex, core, function () {
          api = core;
          out.setAttribute("data-ready", "true");
          status.textContent = S.ready;
          run();
        }, function (e) { fail(String(e && e.message || e)); });
      });
    }
    // The core, its index read by load; a shard of the form table calls
    // pasyansSearchShard as it loads, before or after the index.
    var core = globalThis.pasyansSearchCore.core(cfg.head);
    globalThis.pasyansSearchShard = function (name, data) { core.addShard(name, data); };
    // shards brings the shards a query needs and runs it again when they
    // are in; it reports whether any is missing.
    function shards(q) {
      var need = core.needs(q);
      need.forEach(function (name) {
        if (asked.has(name)) { return; }
        asked.add(name);
        script(cfg.forms + name + ".js", run);
      });
      return need.length > 0;
    }
    ["focus", "pointerdown", "input"].forEach(function (ev) { input.addEventListener(ev, load); });
    window.addEventListener("hashchange", load);
    if (input.value !== "") {
      load();
      run();
    } else {
      // Without a query, the index comes once the page is done, in idle
      // time: ready before the reader has typed, never in the page's way.
      var later = function () {
        if (window.requestIdleCallback) { window.requestIdleCallback(load, { timeout: 2000 }); } else { setTimeout(load, 500); }
      };
      if (document.readyState === "complete") { later(); } else { window.addEventListener("load", later); }
    }
  }

  // ---- A page opened from a result: mark the words it matched
  // (?hl=word|word, the forms the Go side found) in the paragraph the
  // fragment names, or in the whole page.
  function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

  function markHits() {
    var m = /(?:^\?|&)hl=([^&]*)/.exec(window.location.search);
    if (!m) { return; }
    var forms;
    try { forms = decodeURIComponent(m[1]).split("|").filter(Boolean); } catch (e) { return; }
    if (!forms.length) { return; }
    var root = null;
    if (window.location.hash.length > 1) {
      try { root = document.getElementById(decodeURIComponent(window.location.hash.slice(1))); } catch (e) { root = null; }
    }
    root = root || document.querySelector("main");
    if (!root) { return; }
    forms.sort(function (a, b) { return b.length - a.length; });
    var re = new RegExp("(?<!" + WORD + ")(?:" + forms.map(escapeRe).join("|") + ")(?!" + WORD + ")", "gu");
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    var nodes = [];
    for (var n = walker.nextNode(); n; n = walker.nextNode()) { nodes.push(n); }
    var count = 0;
    nodes.forEach(function (node) {
      var text = node.nodeValue;
      re.lastIndex = 0;
      var hit, pos = 0, frag = null;
      while ((hit = re.exec(text)) !== null) {
        frag = frag || document.createDocumentFragment();
        frag.appendChild(document.createTextNode(text.slice(pos, hit.index)));
        frag.appendChild(el("mark", "search-hit", hit[0]));
        pos = hit.index + hit[0].length;
        count++;
      }
      if (frag) {
        frag.appendChild(document.createTextNode(text.slice(pos)));
        node.parentNode.replaceChild(frag, node);
      }
    });
    root.setAttribute("data-search-hits", String(count));
    if (root.classList) { root.classList.add("search-target"); }
  }

  function init() {
    document.querySelectorAll("form.site-search").forEach(initBox);
    var cfg = document.getElementById("search-config");
    if (cfg) { initPage(cfg); } else { markHits(); }
  }
  // Deferred from the head, this script runs before the search page's own
  // deferred scripts (the engine, the index): start once they have run.
  if (document.readyState === "complete") {
    init();
  } else {
    document.addEventListener("DOMContentLoaded", init);
  }
})();
