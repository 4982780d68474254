(function () {
  "use strict";
  var board = document.getElementById("board");
  var statusEl = document.getElementById("status");
  // The markup holds the board as the page first shows it, its unflipped grid included.
  var grid = board.querySelector("g.grid");
  var play = board.parentNode, root = document.documentElement;
  // The room the board leaves for the words and buttons under it (a laptop sizes the board to
  // the window's height less this), and the height of the board's block (a phone keeps the
  // current move clear of it when the list scrolls under the board).
  function measure() {
    var rest = play.offsetHeight - board.offsetHeight;
    root.style.setProperty("--room", (rest + 16) + "px");
    root.style.setProperty("--play-h", play.offsetHeight + "px");
  }
  measure();
  window.addEventListener("resize", measure);
  function failed() {
    statusEl.textContent += " (This browser cannot step through the game: it lacks " +
      "DecompressionStream. The board shows the last position.)";
  }
  if (typeof DecompressionStream === "undefined") { failed(); return; }
  function inflate(id) {
    var raw = atob(document.getElementById(id).textContent.trim());
    var bytes = new Uint8Array(raw.length);
    for (var j = 0; j < raw.length; j++) bytes[j] = raw.charCodeAt(j);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).text();
  }
  var playData = document.getElementById("pbm-play");
  Promise.all([inflate("pbm-data"), inflate("pbm-grid"),
               playData ? inflate("pbm-play") : Promise.resolve("null")]).then(function (t) {
    var D = JSON.parse(t[0]);
    D.grid = [grid ? grid.innerHTML : "", t[1]];
    D.play = JSON.parse(t[2]);
    start(D);
  }, failed);

  function start(D) {
    var lineSel = document.getElementById("line");
    var flipBtn = document.getElementById("flip");
    var buttons = {first: 0, prev: 0, next: 0, last: 0};
    var moves = document.querySelectorAll("button.mv");
    var byNode = {}, shown = null, i;
    var state = {line: 0, at: D.paths[0].length - 1, flip: false};
    for (i = 0; i < moves.length; i++) byNode[moves[i].getAttribute("data-n")] = moves[i];
    for (var id in buttons) buttons[id] = document.getElementById(id);
    // Moving by tapping (static/tap.js): only on the last position of the main line.
    var tap = D.play && typeof pbmkitTap === "function" ? pbmkitTap(D.play, board) : null;

    function draw(scroll) {
      var path = D.paths[state.line], n = path[state.at], o = state.flip ? 1 : 0;
      var under = D.nodes[n][0], over = D.nodes[n][1], k;
      var s = D.head[o] + '<g class="under">';
      for (k = 0; k < under.length; k++) s += D.parts[under[k]][o];
      s += '</g><g class="grid">' + D.grid[o] + '</g><g class="over">';
      for (k = 0; k < over.length; k++) s += D.parts[over[k]][o];
      board.innerHTML = s + '</g><g class="hits">' + D.hits[o] + "</g></svg>";
      board.setAttribute("aria-label", D.status[n]);
      board.setAttribute("data-node", n);
      statusEl.textContent = D.status[n];
      if (shown) shown.removeAttribute("aria-current");
      shown = byNode[n] || null;
      if (shown) {
        shown.setAttribute("aria-current", "step");
        if (scroll) shown.scrollIntoView({block: "nearest"});
      }
      var atStart = state.at === 0, atEnd = state.at === path.length - 1;
      buttons.first.setAttribute("aria-disabled", atStart);
      buttons.prev.setAttribute("aria-disabled", atStart);
      buttons.next.setAttribute("aria-disabled", atEnd);
      buttons.last.setAttribute("aria-disabled", atEnd);
      flipBtn.setAttribute("aria-pressed", state.flip);
      if (lineSel) lineSel.value = String(state.line);
      if (tap) tap.shown(state.line === 0 && atEnd);
    }
    function go(at) {
      state.at = Math.max(0, Math.min(D.paths[state.line].length - 1, at));
      draw(true);
    }
    function show(n) {
      state.line = D.lines[n];
      state.at = D.paths[state.line].indexOf(n);
      draw(true);
    }
    buttons.first.addEventListener("click", function () { go(0); });
    buttons.prev.addEventListener("click", function () { go(state.at - 1); });
    buttons.next.addEventListener("click", function () { go(state.at + 1); });
    buttons.last.addEventListener("click", function () { go(D.paths[state.line].length - 1); });
    flipBtn.addEventListener("click", function () { state.flip = !state.flip; draw(false); });
    for (i = 0; i < moves.length; i++) {
      moves[i].addEventListener("click", function (e) {
        show(Number(e.currentTarget.getAttribute("data-n")));
      });
    }
    if (lineSel) {
      lineSel.addEventListener("change", function () {
        state.line = Number(lineSel.value);
        state.at = Math.min(D.firsts[state.line], D.paths[state.line].length - 1);
        draw(true);
      });
    }
    document.addEventListener("keydown", function (e) {
      var t = e.target && e.target.tagName;
      if (t === "SELECT" || t === "INPUT" || t === "TEXTAREA") return;
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      var at = state.at;
      if (e.key === "ArrowLeft") at -= 1;
      else if (e.key === "ArrowRight") at += 1;
      else if (e.key === "Home") at = 0;
      else if (e.key === "End") at = D.paths[state.line].length - 1;
      else return;
      e.preventDefault();
      go(at);
    });
    draw(false);
    document.documentElement.setAttribute("data-ready", "true");
  }
})();
