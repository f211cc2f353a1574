// pasyans search: the search box in every page's header, the search page
// (<lang>/search/index.html#q=QUERY) and the marking of a result's words
// on the page it leads to. The query runs in the site's WebAssembly
// program (cmd/pasyans-wasm, package corpus/search): the same Go code as
// the edition's tests, spelling rules included; this script only draws.
// No request leaves the page: the index comes as a script
// (search/index.js), the program from static/search-engine.js (the search
// build of cmd/pasyans-wasm).
(function () {
  "use strict";

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
    return s.replace("{n}", Number(n).toLocaleString(document.documentElement.lang || "ru")).replace("{q}", q);
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
      label.appendChild(el("span", "search-kind", S[r.kind] || r.kind));
      label.appendChild(document.createTextNode(" " + r.id));
      head.appendChild(label);
      var g = cfg.groups[r.group];
      if (r.kind !== "para" && r.kind !== "game" && g && g.title) {
        head.appendChild(document.createTextNode(" \u00b7 " + g.title));
      }
      li.appendChild(head);
      r.snippets.forEach(function (sn) {
        var p = el("p", "search-snip search-" + sn.name);
        p.lang = sn.lang;
        // The snippet's HTML is the Go side's: the text escaped, the
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
    // is in the page; none is cut.
    function groupSection(g) {
      var sec = el("section", "search-group");
      sec.setAttribute("data-group", g.name);
      var h = el("h2", "", S["group-" + g.name] || g.name);
      h.id = "sg-" + g.name;
      h.appendChild(el("span", "search-count", " (" + g.results.length + ")"));
      sec.setAttribute("aria-labelledby", h.id);
      sec.appendChild(h);
      var first = FIRST[g.name] || FIRST_OTHER;
      var list = null, game = null, hidden = [];
      g.results.forEach(function (r, i) {
        if (!list || (g.name === "book" && r.group !== game)) {
          game = r.group;
          if (g.name === "book") {
            var gg = cfg.groups[game] || { title: game };
            var h3 = el("h3", "search-game");
            if (gg.href) { var a = el("a", "", gg.title); a.href = gg.href; h3.appendChild(a); } else { h3.textContent = gg.title; }
            if (i >= first) { h3.hidden = true; hidden.push(h3); }
            sec.appendChild(h3);
          }
          list = el("ol", "search-list");
          sec.appendChild(list);
        }
        var li = hitItem(r);
        if (i >= first) { li.hidden = true; hidden.push(li); }
        list.appendChild(li);
      });
      if (hidden.length) {
        var more = el("button", "search-show-all", S["show-all"].replace("{n}", String(g.results.length)));
        more.type = "button";
        more.setAttribute("data-action", "show-all");
        more.setAttribute("aria-controls", "sg-" + g.name);
        more.addEventListener("click", function () {
          hidden.forEach(function (e) { e.hidden = false; });
          more.remove();
        });
        sec.appendChild(more);
      }
      return sec;
    }

    function draw(q, res) {
      var frag = document.createDocumentFragment();
      res.groups.forEach(function (g) { frag.appendChild(groupSection(g)); });
      out.replaceChildren(frag);
      var msg = res.total === 0 ? S.none : res.total === 1 ? S.one : S.many;
      status.textContent = fill(msg, res.total, shown(q));
    }

    // shown is the query as the status line quotes it: without control
    // characters (a NUL typed or pasted), which no text can show.
    function shown(q) { return q.replace(/[\u0000-\u001f\u007f]/g, ""); }

    function run() {
      var q = input.value;
      var key = q + "\u0000" + reading();
      if (!api || key === last) { return; }
      last = key;
      var t0 = performance.now();
      if (q.trim() === "") {
        out.replaceChildren();
        status.textContent = S.ready;
        out.setAttribute("data-query", q);
        return;
      }
      var r = api.search(q, reading(), document.documentElement.lang);
      if (r.error) {
        status.textContent = fill(S.failed, 0, r.error);
        return;
      }
      draw(q, r.ok);
      out.setAttribute("data-ms", (performance.now() - t0).toFixed(2));
      out.setAttribute("data-query", q);
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
    status.textContent = S.loading;
    if (!window.pasyansWasm || typeof globalThis.pasyansSearchIndex !== "string") {
      status.textContent = fill(S.failed, 0, "search-engine.js / search/index.js");
      return;
    }
    window.pasyansWasm.load().then(function (p) {
      var r = p.searchLoad(globalThis.pasyansSearchIndex);
      if (r.error) { throw new Error(r.error); }
      api = p;
      out.setAttribute("data-ready", "true");
      status.textContent = S.ready;
      run();
    }).catch(function (e) {
      status.textContent = fill(S.failed, 0, String(e && e.message || e));
    });
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
    // a word character is normalize.IsWordRune's (site/wordclass_test.go compares the class with it)
    var re = new RegExp("(?<![\\p{L}\\p{Nd}\\p{M}])(?:" + forms.map(escapeRe).join("|") + ")(?![\\p{L}\\p{Nd}\\p{M}])", "gu");
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
