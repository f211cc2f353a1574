// play.js: the Play page. The edition's engine runs as WebAssembly
// (engine.js, started by wasm.js); this script only draws what the engine
// answers and sends it the player's moves. It knows no rule and generates
// no move: legal moves, refusals, automatic moves, the key facts, the
// drawing of the table (package figure, as the site's diagrams) and the
// solver's answers all come from the engine (pasyans.position and
// pasyans.seed in the engine's worker, pasyans.solve in the solver's).
// This script knows no geometry and no rule of what is shown face down.
//
// The engine runs in a Web Worker (pasyansWasm.engine): every call to it
// is asynchronous, and the page's thread never starts Go. The player's
// actions are run one after another (run), each on the position the one
// before it left; main has data-busy while any is waiting for the engine.
//
// Contract kept for outside tests: <main data-game data-seed data-state
// data-applied data-hint data-message data-busy>, a refusal as [data-refused-rule],
// the table in [data-board], the controls' data-action (hint, winnable,
// undo, redo, restart, new-deal, deal-seed), and the fragment
// #seed=N&options=a,b&moves=m1,m2 (moves percent-encoded).
//
// A seed is kept as the decimal string the CLI takes (a JavaScript number
// cannot hold every uint64) and checked by the engine (pasyans.seed).
(function () {
  "use strict";

  var main = document.querySelector("main[data-game]");
  var dataEl = document.getElementById("play-data");
  if (!main || !dataEl) { return; }
  var D = JSON.parse(dataEl.textContent);
  var S = D.strings;
  var SVGNS = "http://www.w3.org/2000/svg";

  var eng = null; // the engine: eng.call(name, arg) → Promise of its answer
  var seed = "1", options = [], line = [], redo = [], pos = null;
  var picked = null, hint = null, focused = null;
  // plan is the last winning line the solver found, from the deal: while
  // the player's line is a prefix of it, a hint is its next move (no new
  // search), so that following the hints ends in a win.
  var plan = null;
  var refusal = null;
  var lastCards = {}; // card key → [x, y] in SVG units, for the animation
  var drawn = {};     // pile id → the markup drawn for it
  var slotOf = D.names; // pile id → {n: its name, mark, fan}

  var board = main.querySelector(".play-board");
  var wordsEl = main.querySelector(".play-words");
  var statusEl = main.querySelector(".play-status");
  var refusalEl = main.querySelector(".play-refusal");
  var noticeEl = main.querySelector(".play-notice");
  var solverEl = main.querySelector(".play-solver");
  var movesEl = main.querySelector("#play-moves");
  var commandEl = main.querySelector(".play-command");
  var seedEl = main.querySelector("#play-seed");
  var budgetEl = main.querySelector("#play-budget");
  var animateEl = main.querySelector("#play-animate");
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
  if (reduced && reduced.matches) { animateEl.checked = false; }

  // counted picks the form of string name for the count n: S[name + "_one"]
  // or S[name + "_few"] when the page language's plural rules call for
  // it, S[name] otherwise (English "other"; Russian "many" and "other").
  var pluralRules = typeof Intl !== "undefined" && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang || "en") : null;
  function counted(name, n) {
    var cat = pluralRules ? pluralRules.select(n) : (n === 1 ? "one" : "other");
    var form = S[name + "_" + cat];
    return form === undefined ? S[name] : form;
  }
  function fmt(s, vals) {
    return String(s).replace(/\{(\w+)\}/g, function (m, k) { return k in vals ? String(vals[k]) : m; });
  }
  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&#34;").replace(/'/g, "&#39;");
  }
  function btn(act) { return main.querySelector('[data-action="' + act + '"]'); }

  // ---- The engine.

  // run runs the action fn (which may return a promise) after the
  // actions asked for before it have ended, so that each one reads the
  // position the one before it left; with none waiting, at once. main has
  // data-busy while an action is waiting or running (a test or a tool
  // waits for it to go).
  var queue = Promise.resolve(), running = 0;
  function run(fn) {
    var now = null;
    if (running++ === 0) {
      try { now = Promise.resolve(fn()); } catch (err) { now = Promise.reject(err); }
    } else {
      now = queue.then(fn);
    }
    main.setAttribute("data-busy", "");
    queue = now.catch(function (err) { fail(String(err && err.message || err)); }).then(function () {
      if (--running === 0) { main.removeAttribute("data-busy"); }
    });
    return queue;
  }

  // position is a promise of the engine's answer for moves from the deal
  // shown (null when it failed, or when the deal changed meanwhile: the
  // stale answer is dropped); the last answer is kept, so that a deal's
  // first drawing (asked for by deal and again by goTo) costs the engine
  // one call.
  var last = { key: null, p: null }, dealt = 0;
  function position(moves) {
    var key = JSON.stringify([seed, options, moves]);
    if (key === last.key) { return Promise.resolve(last.p); }
    var gen = dealt;
    return eng.call("position", { game: D.game, seed: seed, options: options, moves: moves, draw: "board", lang: D.lang }).then(function (r) {
      if (gen !== dealt) { return null; }
      if (r.error) { fail(r.error); return null; }
      last = { key: key, p: r.ok };
      return r.ok;
    });
  }

  function fail(msg) {
    statusEl.textContent = S.error + " " + msg;
    main.setAttribute("data-error", msg);
  }

  // randomSeed is a seed for a deal at random.
  function randomSeed() { return String(Math.floor(Math.random() * 1000000) + 1); }

  // checkSeed is a promise of text as a canonical seed, or of null when
  // the engine says it is not one.
  function checkSeed(text) {
    return eng.call("seed", String(text)).then(function (r) { return r.error ? null : r.ok; });
  }

  // ---- Messages next to the board: a refusal, a hint, the win or a bad
  // link; main's data-message names the kind shown.

  function say(kind, text) {
    noticeEl.textContent = text || "";
    noticeEl.hidden = !text;
    main.setAttribute("data-message", text ? kind : refusal ? "refused" : "");
  }

  function setHint(move) {
    hint = move;
    main.setAttribute("data-hint", move || "");
  }

  // ---- Moves.

  // play tries move after the current line: played, or refused with its
  // rule (a promise of true when played).
  function play(move) {
    var movedWords = moveWords(move);
    return position(line.concat([move])).then(function (p) {
      if (!p) { return false; }
      if (p.illegal) {
        pos = p;
        picked = null;
        showRefusal(p.illegal);
        return update(false).then(function () { return false; });
      }
      line.push(move);
      redo = [];
      refusal = null;
      pos = p;
      setHint(null);
      record();
      autoFinish();
      return update(true, fmt(S.moved, { move: movedWords })).then(function () { return true; });
    });
  }

  function goTo(moves) {
    return position(moves).then(function (p) {
      if (!p) { return; }
      line = moves.slice(0, p.applied);
      pos = p;
      refusal = null;
      picked = null;
      setHint(null);
      if (p.illegal) { showRefusal(p.illegal); }
      return update(true);
    });
  }

  function undo() {
    if (!line.length) { return; }
    redo.push(line[line.length - 1]);
    return goTo(line.slice(0, -1));
  }
  function redoMove() {
    if (!redo.length) { return; }
    var next = line.concat([redo.pop()]);
    return goTo(next);
  }
  function restart() {
    for (var i = line.length - 1; i >= 0; i--) { redo.push(line[i]); }
    return goTo([]);
  }

  // deal shows deal newSeed (a canonical seed string) with the options
  // the game has among newOptions, after moves; it is a promise of the
  // options it dropped.
  function deal(newSeed, newOptions, moves) {
    seed = newSeed;
    options = newOptions;
    line = [];
    redo = [];
    plan = null;
    dealt++;
    setHint(null);
    return position([]).then(function (p) {
      if (!p) { return []; }
      p.state.piles.forEach(function (pl) { roleOf[pl.id] = pl.role; });
      options = p.options;
      seedEl.value = seed;
      main.querySelectorAll('input[name="option"]').forEach(function (c) { c.checked = options.indexOf(c.value) >= 0; });
      lastCards = {};
      drawn = {};
      board.innerHTML = "";
      return goTo(moves || []).then(function () { return p.dropped; });
    });
  }

  // written reads a move the engine did not offer (a refused one) as the
  // page's words need it: "a>b" from pile a to pile b, "word:a" the
  // game's word on pile a, "word" the word; null when it names a pile
  // the page does not know (the notation is then shown as typed).
  function written(m) {
    var word = "", rest = m, i = m.indexOf(":");
    if (i >= 0) { word = m.slice(0, i); rest = m.slice(i + 1); } else if (m.indexOf(">") < 0) { word = m; rest = ""; }
    var ends = rest ? rest.split(">") : [];
    if (ends.length > 2 || ends.some(function (id) { return !slotOf[id]; }) || (word && !S["word" + word.charAt(0).toUpperCase() + word.slice(1)])) { return null; }
    return { w: word, from: ends[0] || "", to: ends[1] || "" };
  }

  // ---- Refusals: the rule, its statement and the book's paragraph.

  function showRefusal(ill) {
    refusal = ill;
    var r = D.rules[ill.rule] || { s: ill.reason, href: "" };
    var h = ['<p class="refused-head"><strong>' + esc(fmt(S.refused, { n: ill.index, move: moveWords(ill.move) })) + "</strong> " +
      (r.href ? '<a href="' + esc(r.href) + '"><code>' + esc(ill.rule) + "</code></a>" : "<code>" + esc(ill.rule) + "</code>") + "</p>",
      '<p class="refused-statement">' + esc(r.s) + "</p>"];
    if (r.paras && r.paras.length) {
      h.push('<p class="refused-book">' + esc(S.book) + ":</p>");
      r.paras.forEach(function (p) {
        h.push('<blockquote class="refused-para" lang="' + (document.documentElement.lang === "ru" ? "ru" : "en") + '"><p class="pref"><a href="' +
          esc(p.href) + '">\u00a7 ' + esc(p.id) + "</a></p>" + p.html + "</blockquote>");
      });
    } else if (r.recon) {
      h.push('<p class="refused-recon">' + esc(S.recon) + " " + esc(r.recon) + "</p>");
    }
    // The engine's own reason (a parser's message) is English: a Russian page has the rule's statement instead.
    if (document.documentElement.lang !== "ru" && ill.reason && ill.reason !== r.s && ill.reason !== r.en) { h.push('<p class="refused-reason" lang="en"><small>' + esc(ill.reason) + "</small></p>"); }
    refusalEl.innerHTML = h.join("");
    refusalEl.setAttribute("data-refused-rule", ill.rule);
    refusalEl.hidden = false;
    say("refused", "");
  }

  function hideRefusal() {
    if (main.getAttribute("data-message") === "refused") { main.setAttribute("data-message", ""); }
    refusalEl.hidden = true;
    refusalEl.removeAttribute("data-refused-rule");
    refusalEl.innerHTML = "";
  }

  // ---- Drawing.


  // pileName is a pile as the page names it (its label and number, from
  // the data block).
  function pileName(id) {
    var sl = slotOf[id];
    return sl ? sl.n : id;
  }

  // moveWords is a move in words: the game's word and the piles it
  // takes from and puts on, by their names.
  function moveWords(m) {
    var l = pos && pos.legal.filter(function (x) { return x.m === m; })[0];
    if (!l) { l = written(m); }
    if (!l) { return m; }
    var name = l.w ? (S["word" + l.w.charAt(0).toUpperCase() + l.w.slice(1)] || l.w) : "";
    var piles = l.from ? pileName(l.from) + (l.to ? " \u2192 " + pileName(l.to) : "") : "";
    return name && piles ? name + ": " + piles : name || piles;
  }

  // pileLabel is a pile's accessible name. It holds the pile's visible
  // text in the order it is drawn (WCAG 2.5.3, label in name): the slot's
  // label, the place's mark when the place is empty, the face-up cards'
  // ranks (all of a fan's, the top one's otherwise) and, for a pile drawn
  // as one card, the count printed on it.
  //
  // The label drawn under a pile may lack the pile's number ("foundation"
  // for "foundation 1"); the name then starts with the drawn label and
  // gives the pile's full name in brackets after the drawn text
  // ("foundation A♠ (foundation 1)"), so that the visible words stand in
  // the name in their order.
  function pileLabel(i) {
    var p = pos.seen.piles[i], names = pos.names[i], id = p.id, sl = slotOf[id] || {};
    var cardName = function (j) { return names[j] || S.down; };
    var base = sl.l || pileName(id), tail = sl.l && sl.l !== pileName(id) ? " (" + pileName(id) + ")" : "";
    if (!p.cards.length) { return fmt(S.pileEmpty, { pile: base + (sl.mark ? " " + sl.mark : "") + tail }); }
    var down = p.face_down;
    var up = [];
    p.cards.forEach(function (c, j) {
      if (j >= down && (sl.fan || j === p.cards.length - 1)) { up.push(cardName(j)); }
    });
    var top = p.cards.length > down ? cardName(p.cards.length - 1) : S.down;
    return fmt(counted("pile", p.cards.length), { pile: base + (up.length ? " " + up.join(" ") : "") + tail, n: p.cards.length, top: top });
  }

  // draw shows the engine's drawing of the position: only the piles whose
  // markup changed are replaced; each pile is made a button named by
  // pileLabel.
  function draw(animate) {
    var tmp = document.createElement("div");
    tmp.innerHTML = pos.svg;
    var fresh = tmp.firstChild, cardPos = {}, markup = {};
    fresh.querySelectorAll("g.card[data-card]").forEach(function (g) {
      var r = g.querySelector("rect");
      cardPos[g.getAttribute("data-card")] = [parseFloat(r.getAttribute("x")), parseFloat(r.getAttribute("y"))];
    });
    var hadFocus = document.activeElement && document.activeElement.closest && document.activeElement.closest("g.pile");
    var svg = board.querySelector("svg.play-svg");
    var groups = fresh.querySelectorAll("g.pile");
    groups.forEach(function (g) { markup[g.getAttribute("data-pile")] = g.outerHTML; });
    if (!svg) {
      var title = document.createElementNS(SVGNS, "title");
      title.textContent = D.title;
      fresh.insertBefore(title, fresh.firstChild);
      board.replaceChildren(fresh);
      svg = fresh;
    } else {
      ["viewBox", "width", "height"].forEach(function (a) { svg.setAttribute(a, fresh.getAttribute(a)); });
      groups.forEach(function (g) {
        var id = g.getAttribute("data-pile");
        if (drawn[id] === markup[id]) { return; }
        var old = svg.querySelector('g.pile[data-pile="' + CSS.escape(id) + '"]');
        if (old) { old.replaceWith(g); }
      });
    }
    drawn = markup;
    pos.state.piles.forEach(function (p) {
      var g = svg.querySelector('g.pile[data-pile="' + CSS.escape(p.id) + '"]');
      if (!g) { return; }
      g.setAttribute("role", "button");
      if (!g.hasAttribute("tabindex")) { g.setAttribute("tabindex", "-1"); }
    });
    if (animate && animateEl.checked && !(reduced && reduced.matches)) { slide(cardPos); }
    lastCards = cardPos;
    if (!focused || !board.querySelector('g.pile[data-pile="' + focused + '"]')) {
      var first = board.querySelector("g.pile");
      focused = first ? first.getAttribute("data-pile") : null;
    }
    var fg = focused && board.querySelector('g.pile[data-pile="' + focused + '"]');
    if (fg) {
      fg.setAttribute("tabindex", "0");
      if (hadFocus) { fg.focus(); }
    }
  }

  // labels names each pile (pileLabel).
  function labels() {
    pos.state.piles.forEach(function (p, i) {
      var g = board.querySelector('g.pile[data-pile="' + CSS.escape(p.id) + '"]');
      if (g) { g.setAttribute("aria-label", pileLabel(i)); }
    });
  }

  // fitBoard keeps the cards' indices at least 12 CSS px on a narrow
  // screen: the board is then drawn wider than its box, which scrolls
  // sideways (and is a tab stop, so that the arrow keys scroll it).
  var narrow = window.matchMedia ? window.matchMedia("(max-width: 700px)") : null;
  function fitBoard() {
    var svg = board.querySelector("svg.play-svg");
    if (!svg) { return; }
    var t = svg.querySelector("g.card text:not(.pip)");
    var font = t ? parseFloat(getComputedStyle(t).fontSize) : 14;
    var need = parseFloat(svg.getAttribute("width")) * 12.2 / font;
    var wide = !!(narrow && narrow.matches) && board.clientWidth < need;
    board.classList.toggle("wide", wide);
    svg.style.width = wide ? Math.ceil(need) + "px" : "";
    if (wide) { board.setAttribute("tabindex", "0"); } else { board.removeAttribute("tabindex"); }
  }
  window.addEventListener("resize", fitBoard);

  // slide moves each card that changed place from its old place to its
  // new one (the player's move and the engine's automatic moves).
  function slide(cardPos) {
    var moved = [];
    board.querySelectorAll("g.card[data-card]").forEach(function (el) {
      var key = el.getAttribute("data-card"), was = lastCards[key], now = cardPos[key];
      if (!was || !now || (was[0] === now[0] && was[1] === now[1])) { return; }
      el.style.transform = "translate(" + (was[0] - now[0]) + "px," + (was[1] - now[1]) + "px)";
      moved.push(el);
    });
    if (!moved.length) { return; }
    board.getBoundingClientRect(); // apply the start positions
    moved.forEach(function (el) {
      el.style.transition = "transform 180ms ease-out";
      el.style.transform = "";
    });
  }

  // marks sets the highlight classes without redrawing.
  function marks() {
    var targets = {}, hintFrom = null, hintTo = null;
    if (picked) {
      pos.legal.forEach(function (l) {
        if (l.from === picked) { targets[l.to || l.from] = true; }
      });
    }
    if (hint) {
      pos.legal.forEach(function (l) { if (l.m === hint) { hintFrom = l.from; hintTo = l.to; } });
    }
    board.querySelectorAll("g.pile").forEach(function (g) {
      var id = g.getAttribute("data-pile");
      g.classList.toggle("picked", id === picked);
      g.classList.toggle("target", !!targets[id]);
      g.classList.toggle("hinted", id === hintFrom || id === hintTo);
      g.setAttribute("aria-pressed", id === picked ? "true" : "false");
    });
    wordsEl.querySelectorAll("button").forEach(function (b) { b.classList.toggle("hinted", b.getAttribute("data-move") === hint); });
  }

  function words() {
    var had = document.activeElement && wordsEl.contains(document.activeElement) ? document.activeElement.getAttribute("data-move") : null;
    var h = [];
    pos.legal.forEach(function (l) {
      if (!l.w) { return; }
      h.push('<button type="button" data-move="' + esc(l.m) + '">' + esc(moveWords(l.m)) + "</button>");
    });
    wordsEl.innerHTML = h.join("");
    // The focus stays on the word played when it is offered again (Deal,
    // deal, deal…), else on the first word, else on the table.
    if (had !== null) {
      var again = wordsEl.querySelector('button[data-move="' + CSS.escape(had) + '"]') || wordsEl.querySelector("button");
      var g = focused && board.querySelector('g.pile[data-pile="' + CSS.escape(focused) + '"]');
      if (again) { again.focus(); } else if (g) { g.focus(); }
    }
  }

  function facts() {
    var f = pos.facts;
    var vals = { applied: line.length, pack: f.pack, redeals_left: f.redeals_left, moves: f.moves,
      foundations: f.foundations < 0 ? -1 : f.foundations + " / " + f.goal };
    main.querySelectorAll("[data-fact]").forEach(function (el) {
      var v = vals[el.getAttribute("data-fact")];
      el.hidden = v === -1;
      el.querySelector("dd").textContent = v === -1 ? "" : String(v);
    });
  }

  function stateWord() { return pos.won ? "won" : pos.over ? "over" : "playing"; }

  function command() {
    return "pasyans play -game " + D.game + " -seed " + seed + (options.length ? " -options " + options.join(",") : "") + " -moves " + fileName();
  }
  function fileName() { return D.game + "-" + seed + ".txt"; }
  function moveText() {
    var rows = [];
    for (var i = 0; i < line.length; i += 10) { rows.push(line.slice(i, i + 10).join(" ")); }
    return rows.join("\n");
  }

  function fragment() {
    return "#seed=" + seed + (options.length ? "&options=" + options.join(",") : "") +
      (line.length ? "&moves=" + line.map(encodeURIComponent).join(",") : "");
  }

  // nextTask is a promise resolved in a task of its own (a message to
  // this window is not throttled as a timer may be).
  function nextTask() {
    return new Promise(function (ok) {
      var ch = new MessageChannel();
      ch.port1.onmessage = function () { ok(); };
      ch.port2.postMessage(null);
    });
  }

  // update shows pos: the table, the words, the facts, the contract's
  // attributes, the move list and the permalink. The table is drawn in
  // this task and the rest in the next (a promise of its end), so that
  // no task of the page's thread is long on a slow device.
  function update(animate, said) {
    if (!refusal) { hideRefusal(); }
    cancelSolver(false);
    if (hint && !pos.legal.some(function (l) { return l.m === hint; })) { setHint(null); }
    if (!hint && main.getAttribute("data-message") === "hint") { say("", ""); }
    if (pos.won) { say("won", S.won); } else if (main.getAttribute("data-message") === "won") { say("", ""); }
    draw(animate);
    return nextTask().then(function () { show(said); });
  }

  // show is the rest of update.
  function show(said) {
    fitBoard();
    labels();
    words();
    marks();
    facts();
    var st = stateWord();
    main.setAttribute("data-seed", seed);
    main.setAttribute("data-state", st);
    main.setAttribute("data-applied", String(line.length));
    main.setAttribute("data-key", pos.key);
    statusEl.textContent = (said ? said + " " : "") + S[st];
    btn("undo").disabled = line.length === 0;
    btn("restart").disabled = line.length === 0;
    btn("redo").disabled = redo.length === 0;
    btn("hint").disabled = pos.won;
    btn("winnable").disabled = pos.won;
    movesEl.value = moveText();
    commandEl.textContent = command();
    // The permalink follows within 150 ms: browsers drop replaceState
    // calls made faster than a few a second.
    clearTimeout(hashTimer);
    hashTimer = setTimeout(writeHash, 150);
  }

  // hashSeen is the fragment as the page last read or wrote it. A
  // fragment changed since then by the reader (typed, a link, the back
  // button) is the reader's: its hashchange event may still be on its way,
  // and the pending write must not put the old position back over it.
  var hashTimer = 0, hashSeen = location.hash;
  function writeHash() {
    hashTimer = 0;
    if (location.hash !== hashSeen) { return; }
    var frag = fragment();
    if (location.hash !== frag) {
      try { history.replaceState(null, "", frag); } catch (e) { /* some file:// settings refuse it */ }
    }
    hashSeen = location.hash;
  }
  // A write still pending when the page goes is made at once.
  window.addEventListener("pagehide", function () { if (hashTimer) { clearTimeout(hashTimer); hashTimer = 0; writeHash(); } });

  // ---- Input: clicks, drags and keys on the piles.

  // activate picks pile id, or plays from the pile picked to it (run it
  // with run: it reads the position).
  function activate(id) {
    if (!pos) { return; }
    if (picked === null) {
      picked = id;
      statusEl.textContent = fmt(S.picked, { pile: pileName(id) });
      marks();
      return;
    }
    var from = picked;
    picked = null;
    if (from === id) {
      var self = pos.legal.filter(function (l) { return l.w && l.from === id && !l.to; })[0];
      if (self) { return play(self.m); }
      marks();
      statusEl.textContent = S[stateWord()];
      return;
    }
    var ls = pos.legal.filter(function (l) { return l.from === from && l.to === id; });
    var m = ls.filter(function (l) { return !l.w; })[0] || ls[0];
    return play(m ? m.m : from + ">" + id);
  }

  function pileAt(ev) {
    var t = ev.target && ev.target.closest ? ev.target.closest("g.pile") : null;
    return t ? t.getAttribute("data-pile") : null;
  }

  var drag = null, dragEnd = null;
  board.addEventListener("click", function (ev) {
    var end = dragEnd;
    dragEnd = null;
    if (end && end.x === ev.clientX && end.y === ev.clientY) { return; }
    var id = pileAt(ev);
    if (id) { focusPile(id, false); run(function () { return activate(id); }); }
  });
  // A double click (or double tap) sends the pile's top card to a
  // foundation where the engine allows it.
  board.addEventListener("dblclick", function (ev) {
    var id = pileAt(ev);
    if (!id || !pos) { return; }
    run(function () {
      var home = pos.legal.filter(function (l) { return l.from === id && l.to && !l.w && roleOf[l.to] === "foundation"; })[0];
      if (home) { picked = null; return play(home.m); }
    });
  });
  var roleOf = {};

  board.addEventListener("pointerdown", function (ev) {
    var id = pileAt(ev);
    if (!id || ev.button !== 0 || !pos) { return; }
    drag = { id: id, x: ev.clientX, y: ev.clientY, on: false, el: null };
  });
  board.addEventListener("pointermove", function (ev) {
    if (!drag) { return; }
    var dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (!drag.on && dx * dx + dy * dy < 64) { return; }
    if (!drag.on) {
      drag.on = true;
      var from = drag.id;
      run(function () { picked = null; return activate(from); });
      var cards = board.querySelectorAll('g.pile[data-pile="' + drag.id + '"] g.card');
      drag.el = cards.length ? cards[cards.length - 1] : null;
      if (drag.el) { drag.el.classList.add("dragging"); }
    }
    var svg = board.querySelector("svg"), ctm = svg && svg.getScreenCTM();
    if (drag.el && ctm) { drag.el.style.transform = "translate(" + dx / ctm.a + "px," + dy / ctm.d + "px)"; }
  });
  board.addEventListener("pointerup", function (ev) {
    if (!drag) { return; }
    var d = drag;
    drag = null;
    if (!d.on) { return; }
    // The click that may follow a drag, at the same place, is not a pick;
    // none may follow (pressed and released over different elements).
    dragEnd = { x: ev.clientX, y: ev.clientY };
    if (d.el) { d.el.style.transform = ""; d.el.classList.remove("dragging"); }
    var under = document.elementFromPoint(ev.clientX, ev.clientY);
    var g = under && under.closest ? under.closest("g.pile") : null;
    var id = g ? g.getAttribute("data-pile") : null;
    run(function () {
      if (id && id !== d.id) { return activate(id); }
      picked = null;
      marks();
    });
  });
  board.addEventListener("pointercancel", function () { drag = null; run(function () { picked = null; if (pos) { marks(); } }); });

  function focusPile(id, move) {
    board.querySelectorAll('g.pile[tabindex="0"]').forEach(function (g) { g.setAttribute("tabindex", "-1"); });
    var g = board.querySelector('g.pile[data-pile="' + id + '"]');
    if (!g) { return; }
    focused = id;
    g.setAttribute("tabindex", "0");
    if (move) { g.focus(); }
  }

  // nearest is the pile whose place on the screen lies closest in the
  // arrow's direction (the places' top-left corners, as drawn).
  function nearest(id, key) {
    var at = {};
    board.querySelectorAll("g.pile").forEach(function (g) {
      var r = g.querySelector("rect.place").getBoundingClientRect();
      at[g.getAttribute("data-pile")] = { x: r.left / r.width, y: r.top / r.width };
    });
    var a = at[id];
    if (!a) { return null; }
    var dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
    var best = null, bestScore = Infinity;
    Object.keys(at).forEach(function (other) {
      var b = at[other];
      var dx = b.x - a.x, dy = b.y - a.y;
      var along = dx * dir[0] + dy * dir[1], across = Math.abs(dx * dir[1] + dy * dir[0]);
      if (other === id || along <= 0.01) { return; }
      var score = along + 3 * across;
      if (score < bestScore) { bestScore = score; best = other; }
    });
    return best;
  }

  board.addEventListener("focusin", function (ev) {
    var id = pileAt(ev);
    if (id && id !== focused) { focusPile(id, false); }
  });

  board.addEventListener("keydown", function (ev) {
    var id = pileAt(ev);
    if (!id || ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      run(function () { return activate(id); });
    } else if (ev.key === "Escape") {
      run(function () {
        picked = null;
        marks();
        statusEl.textContent = S[stateWord()];
      });
    } else if (/^Arrow/.test(ev.key)) {
      ev.preventDefault();
      var n = nearest(id, ev.key);
      if (n) { focusPile(n, true); }
    }
  });

  wordsEl.addEventListener("click", function (ev) {
    var b = ev.target.closest("button[data-move]");
    if (b) {
      var m = b.getAttribute("data-move");
      run(function () { picked = null; return play(m); });
    }
  });

  // ---- The solver, in a Web Worker so the page never waits for it.

  // On a device with two cores or more two workers search each question
  // at once, in two ways (the solver's default phases; mostly randomized
  // probes, which find long wins sooner), and the first decided answer is
  // taken: the worker still searching is ended and a fresh one started in
  // its place (a search cannot be interrupted), the other is kept warm.
  // The workers are warmed when they start (two short searches of the
  // position, see warm), so the first question runs at about the speed of
  // later ones. The page's own thread only draws and answers the player.
  var workers = [], job = null, jobs = 0;
  var WAYS = (navigator.hardwareConcurrency || 1) >= 2 ? [{}, { probe_share: 0.9 }] : [{}];
  solverEl.setAttribute("data-workers", String(WAYS.length));

  function workerMain() {
    var gotWasm = null;
    var ready = new Promise(function (ok) { gotWasm = ok; }).then(function (buf) { return self.pasyansStart(buf); });
    self.onmessage = function (e) {
      var d = e.data;
      if (d.wasm) { gotWasm(d.wasm); return; }
      ready.then(function (a) {
        var t0 = performance.now();
        var r = a.solve(d.req);
        self.postMessage({ id: d.id, r: r, ms: performance.now() - t0 });
      });
    };
  }

  // startWorker starts worker i (searching the WAYS[i] way) and warms it
  // on the position shown.
  function startWorker(i) {
    var w = globalThis.pasyansWasm.worker("(" + workerMain.toString() + ")();\n");
    w.onmessage = function (e) { solved(e, i); };
    w.onerror = function (e) { solverEl.textContent = S.error + " " + (e.message || ""); job = null; solverButtons(); };
    workers[i] = w;
    globalThis.pasyansWasm.module().then(function (m) { w.postMessage({ wasm: m }); });
    if (pos) { warm(i); }
  }

  function startWorkers() {
    WAYS.forEach(function (_, i) { startWorker(i); });
  }

  // warm has worker i search the position shown twice, briefly; the
  // answers are dropped. The browser compiles the engine's
  // code for speed only once it has run for a while, and a function
  // called once per search (the search loop itself) only on its next
  // call: one short search left the first question at half the speed of
  // later ones. The bound is in positions, so that a loaded machine warms
  // as much as an idle one; the time bound only caps a very slow device.
  function warm(i) {
    for (var k = 0; k < 2; k++) {
      postTo(i, 0, { game: D.game, seed: seed, options: options, moves: line.slice(), budget_ms: 1000, nodes: 25000 });
    }
  }

  function postTo(i, id, req) {
    workers[i].postMessage({ id: id, req: Object.assign({}, req, WAYS[i]) });
  }

  // restart ends the workers still searching job j and starts fresh ones
  // in their places.
  function restart(j) {
    j.left.forEach(function (i) { workers[i].terminate(); startWorker(i); });
    j.left = [];
  }

  function budget() {
    var b = parseFloat(budgetEl.value);
    return isFinite(b) && b > 0 ? Math.min(b, 60) : 2;
  }

  // planNext is the next move of the kept winning line when the player's
  // line is still on it, else null (the line is then forgotten).
  function planNext() {
    if (!plan) { return null; }
    var on = line.length < plan.length && line.every(function (m, i) { return m === plan[i]; });
    if (!on) { plan = null; return null; }
    return plan[line.length];
  }

  function showHint(move, source) {
    setHint(move);
    solverEl.setAttribute("data-source", source);
    say("hint", fmt(S.hintWon, { move: moveWords(move) }));
    marks();
  }

  function ask(kind) {
    if (!pos || pos.won) { return; }
    var next = kind === "hint" ? planNext() : null;
    if (next) {
      solverEl.textContent = "";
      solverEl.removeAttribute("data-result");
      showHint(next, "plan");
      return;
    }
    if (!workers.length) { startWorkers(); }
    var b = budget();
    job = { id: ++jobs, kind: kind, budget: b, line: line.slice(), left: WAYS.map(function (_, i) { return i; }), unknown: null, nodes: 0 };
    solverEl.removeAttribute("data-result");
    solverEl.textContent = fmt(S.thinking, { s: b });
    var req = { game: D.game, seed: seed, options: options, moves: job.line, budget_ms: Math.round(b * 1000) };
    job.left.forEach(function (i) { postTo(i, job.id, req); });
    solverButtons();
  }

  function solverButtons() {
    btn("cancel").hidden = !job;
    btn("hint").disabled = !!job || !pos || pos.won;
    btn("winnable").disabled = !!job || !pos || pos.won;
  }

  // solved takes worker i's answer: a decided one (won, lost) at once,
  // an undecided one when no other worker may still decide. The positions
  // of every answer taken are summed in data-nodes-all (data-answers of
  // data-workers answered; an ended worker's positions are not known).
  function solved(e, i) {
    if (!job || e.data.id !== job.id) { return; }
    var j = job, r0 = e.data.r;
    j.left = j.left.filter(function (k) { return k !== i; });
    j.nodes += r0.error ? 0 : r0.ok.nodes;
    if (!r0.error && r0.ok.result === "unknown" && j.left.length > 0) { j.unknown = j.unknown || e; return; }
    job = null;
    solverEl.setAttribute("data-answers", String(WAYS.length - j.left.length));
    solverEl.setAttribute("data-nodes-all", String(j.nodes));
    restart(j); // the others are still searching
    solverButtons();
    var r = e.data.r;
    if (r.error) { solverEl.textContent = S.error + " " + r.error; return; }
    r = r.ok;
    var text;
    if (r.result === "won") {
      plan = j.line.concat(r.moves);
      text = "";
      if (j.kind === "hint") {
        showHint(r.moves[0], "search");
      } else {
        text = fmt(counted("winWon", r.moves.length), { n: r.moves.length });
      }
    } else if (r.result === "lost") {
      text = S.lost;
    } else {
      text = fmt(S.unknown, { s: j.budget, nodes: r.nodes });
    }
    if (r.open_cards) { text += " " + S.openCards + ": " + S.openCardsYes + "."; }
    solverEl.textContent = text;
    solverEl.setAttribute("data-result", r.result);
    solverEl.setAttribute("data-kind", j.kind);
    solverEl.setAttribute("data-nodes", String(r.nodes));
    solverEl.setAttribute("data-ms", String(Math.round(e.data.ms)));
    if (r.moves.length) { solverEl.setAttribute("data-next", r.moves[0]); } else { solverEl.removeAttribute("data-next"); }
  }

  // cancelSolver stops a search (the worker is ended; the next question
  // starts another). A change of position cancels the question about the
  // old one.
  function cancelSolver(say) {
    if (!job) { return; }
    var j = job;
    job = null;
    restart(j);
    solverEl.textContent = say ? S.cancelled : "";
    solverEl.removeAttribute("data-result");
    solverButtons();
  }

  // autoFinish plays, one by one, the rest of the kept winning line when
  // the player has asked for it and that rest only puts cards on the
  // foundations (the solver's line decides what is left to do; no rule is
  // guessed here).
  var finishEl = main.querySelector("#play-finish"), finishTimer = 0;
  function autoFinish() {
    clearTimeout(finishTimer);
    if (!finishEl || !finishEl.checked || pos.won || !planNext()) { return; }
    var rest = plan.slice(line.length);
    var home = rest.every(function (m) { var w = written(m); return w && !w.w && roleOf[w.to] === "foundation"; });
    if (!home) { return; }
    finishTimer = setTimeout(function () { run(function () { if (planNext()) { return play(planNext()); } }); }, reduced && reduced.matches ? 0 : 160);
  }

  // ---- Your results on this game, kept in this browser (localStorage:
  // from file://, Firefox keeps them per file, so each language's page
  // keeps its own; the page says so).

  var RKEY = "pasyans.results." + D.game;
  var resultsEl = main.querySelector(".play-results-text");
  function loadResults() {
    try {
      var r = JSON.parse(window.localStorage.getItem(RKEY) || "null");
      if (r && typeof r.played === "number") { return r; }
    } catch (e) { /* storage off or spoilt: start afresh */ }
    return { played: 0, won: 0, best: 0, streak: 0, deal: "", dealWon: false };
  }
  var results = loadResults();
  function saveResults() {
    try { window.localStorage.setItem(RKEY, JSON.stringify(results)); } catch (e) { /* storage off: kept for this visit */ }
  }
  function showResults() {
    if (!resultsEl) { return; }
    resultsEl.textContent = results.played ? fmt(S.results, { played: results.played, won: results.won, best: results.best || "\u2014", streak: results.streak }) : S.resultsNone;
  }
  // record counts a deal as played at its first move and as won at its
  // win (once each); a deal left unwon ends the streak.
  function record() {
    var key = D.game + "/" + seed + "/" + options.join(",");
    if (results.deal !== key) {
      if (results.deal && !results.dealWon) { results.streak = 0; }
      results.deal = key;
      results.dealWon = false;
      results.played++;
    }
    if (pos.won && !results.dealWon) {
      results.dealWon = true;
      results.won++;
      results.streak++;
      results.best = results.best ? Math.min(results.best, line.length) : line.length;
    }
    saveResults();
    showResults();
  }

  // ---- Controls, the deal form, the move list.

  main.addEventListener("click", function (ev) {
    var b = ev.target.closest("[data-action]");
    if (!b || !pos) { return; }
    act(b.getAttribute("data-action")).then(function () { keepFocus(b); });
  });

  // Keyboard shortcuts (listed on the page): H hint, U or Ctrl+Z undo,
  // R or Ctrl+Y redo, N new deal, ? the list of keys.
  document.addEventListener("keydown", function (ev) {
    var t = ev.target;
    if (!pos || ev.altKey || ev.metaKey || (t && t.closest && t.closest("input, textarea, select, [contenteditable]"))) { return; }
    var k = ev.key.toLowerCase(), name = null;
    if (ev.ctrlKey) {
      name = { z: "undo", y: "redo" }[k] || null;
    } else {
      name = { h: "hint", u: "undo", r: "redo", n: "new-deal" }[k] || null;
      if (ev.key === "?") {
        ev.preventDefault();
        var keys = main.querySelector(".play-keys");
        keys.setAttribute("tabindex", "-1");
        keys.focus();
        return;
      }
    }
    if (!name) { return; }
    var b = btn(name);
    if (!b || b.disabled) { return; }
    ev.preventDefault();
    act(name);
  });

  // act does the control name's action (a promise of its end).
  function act(name) {
    switch (name) {
      case "undo": return run(undo);
      case "redo": return run(redoMove);
      case "restart": return run(restart);
      case "hint": return run(function () { ask("hint"); });
      case "winnable": return run(function () { ask("winnable"); });
      case "cancel": cancelSolver(true); break;
      case "new-deal": return run(function () { say("", ""); return deal(randomSeed(), checkedOptions()); });
      case "copy": copy(); break;
      case "clear-results":
        results = { played: 0, won: 0, best: 0, streak: 0, deal: "", dealWon: false };
        saveResults();
        showResults();
        break;
    }
    return Promise.resolve();
  }

  // keepFocus keeps the focus on a control that acted, or, when acting
  // disabled it (Undo at the start), on the board's focused pile.
  function keepFocus(b) {
    if (!b.disabled && !b.hidden) { if (document.activeElement !== b) { b.focus(); } return; }
    var g = focused && board.querySelector('g.pile[data-pile="' + focused + '"]');
    if (g) { g.focus(); }
  }

  function checkedOptions() {
    var out = [];
    main.querySelectorAll('input[name="option"]').forEach(function (c) { if (c.checked) { out.push(c.value); } });
    return out;
  }

  main.querySelector("form.play-deal").addEventListener("submit", function (ev) {
    ev.preventDefault();
    if (!pos) { return; }
    var typed = seedEl.value.trim(), chosen = checkedOptions();
    var sub = ev.submitter || main.querySelector('[data-action="deal-seed"]');
    run(function () {
      return checkSeed(typed).then(function (n) {
        if (n === null) {
          say("bad-link", fmt(S.badSeedTyped, { seed: typed }));
          seedEl.focus();
          return;
        }
        say("", "");
        return deal(n, chosen).then(function () { if (sub) { sub.focus(); } });
      });
    });
  });

  function fileText() {
    return "# " + S.fileHeader + " " + command() + "\n" + moveText() + "\n";
  }

  function copy() {
    var done = function () { main.querySelector(".play-copied").textContent = S.copied; };
    var text = fileText();
    var fallback = function () {
      movesEl.focus();
      movesEl.select();
      try { if (document.execCommand("copy")) { done(); } } catch (e) { /* no clipboard */ }
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, fallback);
    } else {
      fallback();
    }
  }

  var download = main.querySelector(".play-download");
  var downloadURL = null;
  download.addEventListener("click", function () {
    if (downloadURL) { URL.revokeObjectURL(downloadURL); }
    downloadURL = URL.createObjectURL(new Blob([fileText()], { type: "text/plain" }));
    download.href = downloadURL;
    download.setAttribute("download", fileName());
  });

  // ---- The permalink.

  // readFragment reads the permalink: {seed (text as written), options,
  // moves, unknown (parts that mean nothing here)}, or null for none.
  function readFragment() {
    var h = location.hash.replace(/^#/, "");
    if (!h) { return null; }
    var f = { seed: null, options: [], moves: [], unknown: [] };
    var dec = function (v) { try { return decodeURIComponent(v); } catch (e) { return v; } };
    h.split("&").forEach(function (kv) {
      if (!kv) { return; }
      var i = kv.indexOf("="), k = i < 0 ? kv : kv.slice(0, i), v = i < 0 ? "" : kv.slice(i + 1);
      if (k === "seed") { f.seed = dec(v); } else if (k === "options") {
        f.options = v ? v.split(",").map(dec) : [];
      } else if (k === "moves") { f.moves = v ? v.split(",").map(dec) : []; } else { f.unknown.push(dec(kv)); }
    });
    return f;
  }

  // fromFragment deals what the permalink names. A part the page cannot
  // read is named beside a playable board: a bad seed deals at random (or
  // keeps the deal shown), an unknown option is left out.
  // (A promise of its end: run it with run.)
  function fromFragment() {
    var f = readFragment(), said = [];
    if (!f) { say("", ""); return deal(randomSeed(), []); }
    f.unknown.forEach(function (u) { said.push(fmt(S.badPart, { part: u })); });
    return (f.seed === null ? Promise.resolve(null) : checkSeed(f.seed)).then(function (n) {
      if (n === null) {
        var keep = pos ? seed : randomSeed();
        said.push(fmt(f.seed === null ? S.noSeed : S.badSeed, { seed: f.seed, dealt: keep }));
        n = keep;
        if (pos) { f.options = options; }
        f.moves = pos ? line.slice() : [];
      }
      return deal(n, f.options, f.moves);
    }).then(function (dropped) {
      dropped.forEach(function (o) { said.push(fmt(S.badOption, { option: o })); });
      say(said.length ? "bad-link" : "", said.join(" "));
      if (said.length) { writeHashNow(); }
    });
  }

  // writeHashNow puts the position's permalink in place of a bad one.
  function writeHashNow() {
    clearTimeout(hashTimer);
    hashSeen = location.hash;
    writeHash();
  }

  window.addEventListener("hashchange", function () {
    hashSeen = location.hash;
    run(function () {
      if (pos && location.hash !== fragment()) { return fromFragment(); }
    });
  });

  // ---- Start.

  // The engine is compiled and run off this thread, in the worker that
  // answers the page's calls.
  showResults();
  globalThis.pasyansWasm.engine().then(function (e) {
    eng = e;
    hashSeen = location.hash;
    return run(fromFragment).then(function () {
      if (!pos) { return; }
      main.setAttribute("data-drawn-ms", String(Math.round(performance.now())));
      if (!workers.length) { startWorkers(); }
    });
  }).catch(function (err) {
    board.textContent = S.error + " " + err;
    main.setAttribute("data-error", String(err));
  });
})();
