// pasyans site script: remembers the reading, shows the apparatus tooltips
// on focus, and steps through the example deals. The pages work without
// it, except the deal player. No request leaves the page.
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

  // ---- The deal player. It mirrors render.NewFigure and render.SVG: the
  // position drawn at step 0 is byte for byte the SVG the build wrote.
  var SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  function num(v) {
    var s = v.toFixed(1);
    return s.slice(-2) === ".0" ? s.slice(0, -2) : s;
  }
  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/</g, "&lt;")
      .replace(/>/g, "&gt;").replace(/"/g, "&#34;");
  }
  function figure(d, piles, moved) {
    var f = { w: d.w, h: d.h, items: [] };
    var curPile = -1; // the slot's pile, recorded on its items for the Play page
    function add(it) {
      it.w = it.w || 0; it.h = it.h || 0; it.p = curPile;
      f.items.push(it);
      f.w = Math.max(f.w, it.x + it.w);
      f.h = Math.max(f.h, it.y + it.h + 0.3);
    }
    function addCard(x, y, pile, i, hi) {
      var c = pile[1].substr(2 * i, 2);
      if (i < pile[0]) { add({ k: "back", x: x, y: y, w: 1, h: d.cardH }); return; }
      var r = c.charAt(0), s = c.charAt(1);
      add({ k: "card", x: x, y: y, w: 1, h: d.cardH, t: r, s: SUITS[s] || s, red: s === "H" || s === "D", moved: hi });
    }
    function addCards(sl, pile) {
      var n = pile[1].length / 2;
      var hi = sl.p === moved;
      if (!sl.fan) {
        addCard(sl.x, sl.y, pile, n - 1, hi);
        if (n > 1) { add({ k: "count", x: sl.x + 0.5, y: sl.y + d.cardH - 0.08, t: String(n) }); }
        return sl.y + d.cardH;
      }
      var step = d.fanStep;
      if ((n - 1) * step > d.maxFan) { step = d.maxFan / (n - 1); }
      var x = sl.x, y = sl.y;
      for (var i = 0; i < n; i++) {
        addCard(x, y, pile, i, hi && i === n - 1);
        if (i < n - 1) {
          if (sl.fan === "down") { y += step; } else if (sl.fan === "up") { y -= step; } else if (sl.fan === "right") { x += step; }
        }
      }
      return Math.max(y, sl.y) + d.cardH;
    }
    d.slots.forEach(function (sl) {
      curPile = sl.p;
      add({ k: "place", x: sl.x, y: sl.y, w: 1, h: d.cardH, t: sl.mark || "" });
      var bottom = sl.y + d.cardH;
      var pile = sl.p >= 0 ? piles[sl.p] : null;
      if (pile && pile[1].length > 0) { bottom = addCards(sl, pile); }
      if (sl.label) { add({ k: "label", x: sl.x + 0.5, y: bottom + 0.22, t: sl.label }); }
    });
    curPile = -1;
    (d.captions || []).forEach(function (c) { add({ k: "caption", x: c.x, y: c.y, t: c.t }); });
    f.w += 0.1; f.h += 0.1;
    return f;
  }
  function svg(f, title, k, pad) {
    var w = f.w * k + 2 * pad, h = f.h * k + 2 * pad;
    var b = ['<svg xmlns="http://www.w3.org/2000/svg" class="figure" viewBox="-' + pad + " -" + pad + " " + num(w) + " " + num(h) +
      '" width="' + num(w) + '" height="' + num(h) + '" role="img"><title>' + esc(title) + "</title>"];
    f.items.forEach(function (it) {
      var x = it.x * k, y = it.y * k, iw = it.w * k, ih = it.h * k;
      switch (it.k) {
        case "place":
          b.push('<rect class="place" x="' + num(x) + '" y="' + num(y) + '" width="' + num(iw) + '" height="' + num(ih) + '" rx="5"/>');
          if (it.t) { b.push('<text class="mark" x="' + num(x + iw / 2) + '" y="' + num(y + ih / 2 + 5) + '">' + esc(it.t) + "</text>"); }
          break;
        case "card":
          b.push('<g class="card' + (it.red ? " red" : "") + (it.moved ? " moved" : "") + '"><rect x="' + num(x) + '" y="' + num(y) + '" width="' + num(iw) +
            '" height="' + num(ih) + '" rx="5"/>');
          b.push('<text x="' + num(x + 6) + '" y="' + num(y + 15) + '">' + (it.t === "T" ? "10" : it.t) + it.s + "</text>");
          b.push('<text class="pip" x="' + num(x + iw / 2) + '" y="' + num(y + ih / 2 + 10) + '">' + it.s + "</text></g>");
          break;
        case "back":
          b.push('<rect class="back" x="' + num(x) + '" y="' + num(y) + '" width="' + num(iw) + '" height="' + num(ih) + '" rx="5"/>');
          break;
        case "label":
          b.push('<text class="label" x="' + num(x) + '" y="' + num(y) + '">' + esc(it.t) + "</text>");
          break;
        case "caption":
          b.push('<text class="caption" x="' + num(x) + '" y="' + num(y) + '">' + esc(it.t) + "</text>");
          break;
        case "count":
          b.push('<text class="count" x="' + num(x) + '" y="' + num(y) + '">' + esc(it.t) + "</text>");
          break;
      }
    });
    b.push("</svg>");
    return b.join("");
  }

  function initPlayer(el) {
    var script = document.getElementById(el.getAttribute("data-deal"));
    if (!script) { return; }
    var d = JSON.parse(script.textContent);
    // Positions: the start, then each move's changed piles applied.
    var pos = [d.start.map(function (p) { return [p[0], p[1]]; })];
    d.steps.forEach(function (st) {
      var next = pos[pos.length - 1].slice();
      st.d.forEach(function (c) { next[c[0]] = [c[1], c[2]]; });
      pos.push(next);
    });
    var board = el.querySelector(".board");
    var status = el.querySelector(".status");
    var comment = el.querySelector(".comment");
    var desc = el.querySelector(".desc");
    var range = el.querySelector(".seek-range");
    var field = el.querySelector(".seek-num");
    var i = 0;
    var startTitle = d.labels.start + ": " + d.title;
    function show(n) {
      i = Math.max(0, Math.min(pos.length - 1, n));
      var text = i === 0 ? d.labels.start : d.labels.move.replace("{n}", i).replace("{total}", d.steps.length).replace("{move}", d.steps[i - 1].m);
      if (i === pos.length - 1 && i > 0) { text += " \u2014 " + (d.won ? d.labels.won : d.labels.over); }
      var step = i > 0 ? d.steps[i - 1] : null;
      board.innerHTML = svg(figure(d, pos[i], step ? step.to : -1), i === 0 ? startTitle : text + " \u2014 " + d.title, d.scale, d.pad);
      status.textContent = text;
      if (desc) { desc.textContent = step && step.w ? step.w : ""; }
      if (range) { range.value = String(i); }
      if (field && document.activeElement !== field) { field.value = String(i); }
      comment.innerHTML = i > 0 && d.steps[i - 1].c ? d.steps[i - 1].c : "";
      el.setAttribute("data-step", String(i));
      var open = el.querySelector("a.open-play");
      if (open && d.play) {
        open.href = d.play + (i > 0 ? "&moves=" + d.steps.slice(0, i).map(function (st) { return encodeURIComponent(st.m); }).join(",") : "");
      }
      el.querySelector('[data-go="first"]').disabled = i === 0;
      el.querySelector('[data-go="back"]').disabled = i === 0;
      el.querySelector('[data-go="forward"]').disabled = i === pos.length - 1;
      el.querySelector('[data-go="last"]').disabled = i === pos.length - 1;
    }
    var go = {
      first: function () { show(0); },
      back: function () { show(i - 1); },
      forward: function () { show(i + 1); },
      last: function () { show(pos.length - 1); },
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
    // Check the mirror: the script's drawing of the start must equal the
    // build's (both parsed and serialized by the browser).
    var tmp = document.createElement("div");
    tmp.innerHTML = svg(figure(d, pos[0], -1), startTitle, d.scale, d.pad);
    el.setAttribute("data-mirror", tmp.innerHTML === board.innerHTML ? "ok" : "differs");
    el.classList.add("ready");
    show(0);
  }

  // The Play page draws with the same figure (see play.js).
  globalThis.pasyansFigure = figure;
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
  function initPopovers() {
    var opener = null;
    document.addEventListener("click", function (e) {
      var b = e.target.closest ? e.target.closest("button.badge[popovertarget]") : null;
      if (b) { opener = b; }
    }, true);
    document.querySelectorAll(".rule-pop[popover]").forEach(function (pop) {
      function place(e) {
        if (e.newState === "open" && opener && opener.getAttribute("popovertarget") === pop.id) { placePopover(pop, opener); }
      }
      // Before it shows (no flash in the middle of the window), then
      // again once its size is known.
      pop.addEventListener("beforetoggle", place);
      pop.addEventListener("toggle", place);
    });
    window.addEventListener("scroll", function () {
      var open = opener && document.getElementById(opener.getAttribute("popovertarget"));
      if (open && open.matches(":popover-open")) { placePopover(open, opener); }
    }, { passive: true });
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
  }

  function init() {
    initReadings();
    initMarks();
    initPopovers();
    document.querySelectorAll(".player[data-deal]").forEach(initPlayer);
    initScrollBoxes();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
