// pasyans site script: remembers the reading, shows the apparatus tooltips
// on focus, builds the rule popovers and the deals' move lists when a
// reader first reaches them, and steps through the example deals. The
// pages work without it, except the deal player. No request leaves the
// page.
(function () {
  "use strict";

  // ---- The reading switch: the radio buttons work by CSS alone; the
  // choice is remembered across pages in localStorage.
  var KEY = "pasyans.reading";
  function store(v) {
    try { window.localStorage.setItem(KEY, v); } catch (e) { /* storage off */ }
  }
  function stored() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function initReadings() {
    var radios = document.querySelectorAll('input[name="reading"]');
    var want = stored();
    radios.forEach(function (r) {
      if (want && r.value === want) { r.checked = true; }
      r.addEventListener("change", function () { if (r.checked) { store(r.value); } });
    });
  }

  // ---- Apparatus marks: the tooltip moves from the title (shown late by
  // the browser, never on focus) into data-tip, which the style sheet
  // shows on hover and on focus; screen readers get it as a description.
  function initMarks() {
    document.querySelectorAll("mark[title]").forEach(function (m) {
      m.setAttribute("data-tip", m.title);
      m.setAttribute("aria-description", m.title);
      m.removeAttribute("title");
    });
  }

  // ---- The deal player. The build writes the start's drawing; every
  // later position is replayed and drawn by the edition's engine
  // (WebAssembly, loaded the first time the reader steps), with the same
  // Go code (package figure) that drew the start. This script knows no
  // geometry and no rule of what is shown.
  var engine = null;
  function loadEngine(urls) {
    if (engine) { return engine; }
    engine = urls.split(" ").reduce(function (p, src) {
      return p.then(function () {
        return new Promise(function (ok, fail) {
          var sc = document.createElement("script");
          sc.src = src;
          sc.onload = ok;
          sc.onerror = function () { fail(new Error("cannot load " + src)); };
          document.head.appendChild(sc);
        });
      });
    }, Promise.resolve()).then(function () { return globalThis.pasyansWasm.load(); });
    return engine;
  }

  function initPlayer(el) {
    var script = document.getElementById(el.getAttribute("data-deal"));
    if (!script) { return; }
    var d = JSON.parse(script.textContent);
    var board = el.querySelector(".board");
    var status = el.querySelector(".status");
    var comment = el.querySelector(".comment");
    var desc = el.querySelector(".desc");
    var range = el.querySelector(".seek-range");
    var field = el.querySelector(".seek-num");
    var start = board.innerHTML;
    var last = d.moves.length;
    var i = 0, shown = 0;
    // draw puts position n on the board once the engine has drawn it,
    // unless the reader has gone on to another step meanwhile.
    function draw(n) {
      if (n === 0) { board.innerHTML = start; shown = 0; el.setAttribute("data-drawn", "0"); return; }
      el.setAttribute("data-drawn", "");
      loadEngine(el.getAttribute("data-engine")).then(function (api) {
        if (n !== i) { return; }
        var r = api.position({ game: d.game, seed: d.seed, options: d.options, moves: d.moves.slice(0, n), draw: "svg", lang: d.lang,
          title: d.text[n] + " \u2014 " + d.title });
        if (r.error || !r.ok.svg) { status.textContent = r.error || ""; return; }
        board.innerHTML = r.ok.svg;
        shown = n;
        el.setAttribute("data-drawn", String(n));
      }, function (err) { status.textContent = String(err); });
    }
    function show(n) {
      i = Math.max(0, Math.min(last, n));
      if (i !== shown || i === 0) { draw(i); }
      status.textContent = d.text[i];
      if (desc) { desc.textContent = i > 0 && d.steps[i - 1].w ? d.steps[i - 1].w : ""; }
      if (range) { range.value = String(i); }
      if (field && document.activeElement !== field) { field.value = String(i); }
      comment.innerHTML = i > 0 && d.steps[i - 1].c ? d.steps[i - 1].c : "";
      badges(comment);
      el.setAttribute("data-step", String(i));
      var open = el.querySelector("a.open-play");
      if (open && d.play) {
        open.href = d.play + (i > 0 ? "&moves=" + d.moves.slice(0, i).map(encodeURIComponent).join(",") : "");
      }
      el.querySelector('[data-go="first"]').disabled = i === 0;
      el.querySelector('[data-go="back"]').disabled = i === 0;
      el.querySelector('[data-go="forward"]').disabled = i === last;
      el.querySelector('[data-go="last"]').disabled = i === last;
    }
    var go = {
      first: function () { show(0); },
      back: function () { show(i - 1); },
      forward: function () { show(i + 1); },
      last: function () { show(last); },
      fatal: function (btn) { show(parseInt(btn.getAttribute("data-n"), 10)); }
    };
    if (range) { range.addEventListener("input", function () { show(parseInt(range.value, 10)); }); }
    if (field) {
      field.addEventListener("change", function () {
        var n = parseInt(field.value, 10);
        if (!isNaN(n)) { show(n); field.value = String(i); }
      });
    }
    el.querySelectorAll("[data-go]").forEach(function (btn) {
      btn.addEventListener("click", function () { go[btn.getAttribute("data-go")](btn); });
    });
    el.addEventListener("keydown", function (e) {
      if (e.target === range || e.target === field || e.target === board) { return; } // their own keys (the board's scroll it)
      var act = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[e.key];
      if (!act || e.altKey || e.ctrlKey || e.metaKey) { return; }
      e.preventDefault();
      go[act]();
    });
    el.classList.add("ready");
    show(0);
  }

  // ---- Rule popovers open next to the badge that opened them (the
  // browser would centre them in the window): below it, or above it when
  // there is no room below, kept inside the window.
  function placePopover(pop, btn) {
    var r = btn.getBoundingClientRect();
    var vw = document.documentElement.clientWidth, vh = window.innerHeight;
    pop.style.position = "fixed";
    pop.style.inset = "auto";
    var w = pop.offsetWidth, h = pop.offsetHeight;
    var left = Math.max(8, Math.min(r.left, vw - w - 8));
    var top = r.bottom + 6;
    if (top + h > vh - 8 && r.top - h - 6 >= 8) { top = r.top - h - 6; }
    pop.style.left = left + "px";
    pop.style.top = top + "px";
  }
  // badges makes the rule badges under root the buttons that open their
  // rules' popovers.
  function badges(root) {
    if (!document.getElementById("rule-pops")) { return; }
    root.querySelectorAll("a.badge[data-pop]").forEach(function (a) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = a.className;
      b.setAttribute("popovertarget", a.getAttribute("data-pop"));
      b.setAttribute("aria-label", a.getAttribute("aria-label"));
      b.textContent = a.textContent;
      a.replaceWith(b);
    });
  }

  // The popovers are built on demand: a badge is a link to the rule's
  // page (where a reader without scripts finds the statement), made here
  // the button that opens the rule's popover; the popover's markup waits
  // in the page's data (#rule-pops) until a badge is first focused,
  // pointed at or pressed.
  function initPopovers() {
    var data = document.getElementById("rule-pops");
    if (!data) { return; }
    var pops = JSON.parse(data.textContent);
    var opener = null;
    badges(document);
    function build(id) {
      if (document.getElementById(id) || !pops[id]) { return; }
      var t = document.createElement("template");
      t.innerHTML = pops[id];
      var pop = t.content.firstElementChild;
      function place(e) {
        if (e.newState === "open" && opener && opener.getAttribute("popovertarget") === pop.id) { placePopover(pop, opener); }
      }
      // Before it shows (no flash in the middle of the window), then
      // again once its size is known.
      pop.addEventListener("beforetoggle", place);
      pop.addEventListener("toggle", place);
      document.body.insertBefore(pop, document.querySelector("body > footer"));
    }
    function badge(e) {
      var b = e.target.closest ? e.target.closest("button.badge[popovertarget]") : null;
      if (b) { build(b.getAttribute("popovertarget")); }
      return b;
    }
    document.addEventListener("focusin", badge, true);
    document.addEventListener("pointerdown", badge, true);
    document.addEventListener("click", function (e) {
      var b = badge(e);
      if (b) { opener = b; }
    }, true);
    window.addEventListener("scroll", function () {
      var open = opener && document.getElementById(opener.getAttribute("popovertarget"));
      if (open && open.matches(":popover-open")) { placePopover(open, opener); }
    }, { passive: true });
  }

  // ---- A deal's list of all its moves is built when it is first opened
  // (or printed) from the list the page carries for readers without
  // scripts, in a <noscript>, which is mere text while scripts run: a
  // long game's hundreds of moves are not elements of the page until a
  // reader asks for them.
  function initMoveLists() {
    var lists = document.querySelectorAll("details.movelist");
    function build(d) {
      var ns = d.querySelector("noscript");
      if (!ns) { return; }
      var t = document.createElement("template");
      t.innerHTML = ns.textContent;
      badges(t.content);
      ns.replaceWith(t.content);
    }
    lists.forEach(function (d) {
      // On the summary's click, so that the list is there as it opens;
      // on toggle for any other way of opening it.
      d.querySelector("summary").addEventListener("click", function () { build(d); });
      d.addEventListener("toggle", function () { if (d.open) { build(d); } });
      if (d.open) { build(d); }
    });
    window.addEventListener("beforeprint", function () { lists.forEach(build); });
  }

  // ---- A board wider than its box (a phone) scrolls sideways inside it;
  // while it does, it is a tab stop, so that the arrow keys can scroll it
  // (WCAG 2.1.1).
  function initScrollBoxes() {
    var boxes = document.querySelectorAll(".board");
    function sync() {
      boxes.forEach(function (b) {
        if (b.scrollWidth > b.clientWidth + 1) {
          b.setAttribute("tabindex", "0");
        } else {
          b.removeAttribute("tabindex");
        }
      });
    }
    sync();
    window.addEventListener("resize", sync);
    window.addEventListener("load", sync); // the web fonts can widen a board's labels
  }

  // initCiteDate makes the citation's access date the reader's: today, in
  // the style of the page (ГОСТ Р 7.0.100–2018: 06.12.2026; MLA 9, whose
  // month names the element carries: 6 Dec. 2026), in the text, the BibTeX
  // urldate and the CSL-JSON accessed date; the note that the date is the
  // edition's is then hidden.
  function initCiteDate() {
    var els = document.querySelectorAll("time.cite-accessed");
    if (!els.length) return;
    var now = new Date();
    var y = now.getFullYear(), m = now.getMonth() + 1, d = now.getDate();
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    var iso = y + "-" + pad(m) + "-" + pad(d);
    els.forEach(function (el) {
      var months = (el.getAttribute("data-months") || "").split(" ");
      el.textContent = months.length === 12 ? d + " " + months[m - 1] + " " + y : pad(d) + "." + pad(m) + "." + y;
      el.setAttribute("datetime", iso);
    });
    document.querySelectorAll(".cite-bibtex").forEach(function (el) {
      el.textContent = el.textContent.replace(/(urldate\s*=\s*\{)\d{4}-\d\d-\d\d\}/, "$1" + iso + "}");
    });
    document.querySelectorAll(".cite-csl").forEach(function (el) {
      el.textContent = el.textContent.replace(/("accessed":\s*\{\s*"date-parts":\s*\[\s*\[\s*)\d+(,\s*)\d+(,\s*)\d+/,
        "$1" + y + "$2" + m + "$3" + d);
    });
    document.querySelectorAll(".cite-fallback").forEach(function (el) { el.hidden = true; });
  }

  function init() {
    initCiteDate();
    initReadings();
    initMarks();
    initPopovers();
    initMoveLists();
    document.querySelectorAll(".player[data-deal]").forEach(initPlayer);
    initScrollBoxes();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
