// Moving by tapping (docs/viewer.md, "Move by tapping"). No rule of any game is here: P.moves
// holds every legal move of the last position, each as [text, taps] (the spaces tapped to make
// it, by number), worked out by pbmkit when the page was made (pbmkit/web/tapping.py). A tap
// keeps the moves whose taps begin with those made so far; the places marked are their next
// taps; a move is made when the taps so far are all of its own and of no other's.
function pbmkitTap(P, board) {
  "use strict";
  var panel = document.getElementById("tap");
  if (!panel) return null;
  var say = document.getElementById("tap-say");
  var choices = document.getElementById("tap-choices");
  var made = document.getElementById("tap-made");
  var moveText = document.getElementById("move-text");
  var copyBtn = document.getElementById("tap-copy");
  var mailLink = document.getElementById("tap-mail");
  var againBtn = document.getElementById("tap-again");
  var names = P.names || [], byName = {}, i;
  for (i = 0; i < names.length; i++) byName[names[i]] = i;
  var moves = P.moves || [];
  var picked = [], chosen = -1, active = false;
  var key = readKey();

  // The player's key, from the address's fragment (#key=g12....): only ever put into the mailto
  // address, and taken out of the address bar at once (it is never sent to a server).
  function readKey() {
    var M = P.mail;
    if (!M || !M.club) return null;
    var m = /(?:^#|&)key=([A-Za-z0-9.]{1,60})/.exec(location.hash || "");
    try { history.replaceState(null, "", location.href.split("#")[0]); } catch (e) { /* file: */ }
    if (!m) return null;
    var k = m[1].toLowerCase(), n = /^g(\d{1,9})\.[a-z2-7]{24}$/.exec(k);
    return n && Number(n[1]) === M.club[2] ? k : null;
  }
  function startsWith(taps, prefix) {
    if (taps.length < prefix.length) return false;
    for (var j = 0; j < prefix.length; j++) if (taps[j] !== prefix[j]) return false;
    return true;
  }
  function matching(prefix) {
    var out = [];
    for (var k = 0; k < moves.length; k++) {
      if (moves[k][1].length && startsWith(moves[k][1], prefix)) out.push(k);
    }
    return out;
  }
  function button(k, words) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "choice";
    b.textContent = words || moves[k][0];
    b.setAttribute("data-move", moves[k][0]);
    b.addEventListener("click", function () { make(k); });
    return b;
  }
  function cells() { return board.querySelectorAll("g.hits [data-square]"); }
  function mark() {
    var all = cells(), targets = {}, on = {}, k, c = matching(picked);
    if (chosen >= 0) {
      for (k = 0; k < moves[chosen][1].length; k++) on[moves[chosen][1][k]] = "chosen";
    } else if (picked.length) {
      for (k = 0; k < c.length; k++) {
        var t = moves[c[k]][1];
        if (t.length > picked.length) targets[t[picked.length]] = true;
      }
      for (k = 0; k < picked.length; k++) on[picked[k]] = "picked";
    }
    for (k = 0; k < all.length; k++) {
      var n = byName[all[k].getAttribute("data-square")];
      all[k].classList.toggle("target", active && chosen < 0 && targets[n] === true);
      all[k].classList.toggle("picked", active && on[n] === "picked");
      all[k].classList.toggle("chosen", active && on[n] === "chosen");
    }
  }
  function render() {
    choices.textContent = "";
    made.hidden = chosen < 0 || !active;
    board.classList.toggle("tapping", active);
    if (!active) {
      say.textContent = P.tooMany ? say.getAttribute("data-words") :
        "To make your move, step to the last position (Last).";
      mark();
      return;
    }
    if (chosen >= 0) {
      say.textContent = "";
      mark();
      return;
    }
    var c = matching(picked), complete = [], longer = [], k;
    for (k = 0; k < c.length; k++) {
      (moves[c[k]][1].length === picked.length ? complete : longer).push(c[k]);
    }
    if (!picked.length) {
      say.textContent = say.getAttribute("data-words");
      for (k = 0; k < moves.length; k++) if (!moves[k][1].length) choices.appendChild(button(k));
    } else {
      var shown = complete.slice();
      if (picked.length >= 2 && complete.length + longer.length <= 8) shown = shown.concat(longer);
      say.textContent = shown.length ? (longer.length && shown.length === complete.length ?
        "Tap a marked place to go on, or choose:" : "Choose your move:") :
        "Tap a marked place.";
      for (k = 0; k < shown.length; k++) choices.appendChild(button(shown[k]));
    }
    mark();
  }
  function tapOn(n) {
    if (chosen >= 0) { chosen = -1; picked = []; }
    var next = picked.concat([n]), c = matching(next);
    if (!c.length) { next = [n]; c = matching(next); }
    if (!c.length || (picked.length === 1 && picked[0] === n)) {
      picked = [];
      render();
      return;
    }
    picked = next;
    var complete = [], longer = 0;
    for (var k = 0; k < c.length; k++) {
      if (moves[c[k]][1].length === picked.length) complete.push(c[k]); else longer++;
    }
    if (complete.length === 1 && !longer) { make(complete[0]); return; }
    render();
  }
  function repeat(s, n) { var out = ""; while (n-- > 0) out += s; return out; }
  function address(list) {
    return list.split(/\s*,\s*/).filter(Boolean).map(function (a) {
      return encodeURIComponent(a).replace(/%40/g, "@").replace(/%2B/gi, "+");
    }).join(",");
  }
  // The mail of move k, as pbmkit's mail compose writes it: its kind's template with the move's
  // words and its board put in.
  function mailto(k) {
    var M = P.mail;
    if (!M) return null;
    var words = moves[k][0], t = M.templates[M.template[k]];
    var run = repeat(M.ph, Array.from(words).length);
    var lines = M.board.slice(), b = M.boards[k], j;
    if (b.length && typeof b[0] === "string") lines = b.slice();
    else for (j = 0; j < b.length; j++) lines[b[j][0]] = b[j][1];
    var subject = t[0].split(run).join(words);
    var body = t[1].split(run).join(words).split(M.slot).join(lines.join("\n"));
    var to = M.to;
    if (M.club) {
      if (!key) return null;
      to = M.club[0] + "+" + key + "@" + M.club[1];
    }
    return "mailto:" + address(to) + "?subject=" + encodeURIComponent(subject) +
      "&body=" + encodeURIComponent(body.replace(/\r?\n/g, "\r\n"));
  }
  function make(k) {
    chosen = k;
    picked = [];
    moveText.textContent = moves[k][0];
    var href = mailto(k);
    if (href) {
      mailLink.setAttribute("href", href);
      mailLink.hidden = false;
    } else {
      mailLink.removeAttribute("href");
      mailLink.hidden = true;
    }
    var note = document.getElementById("tap-nokey");
    if (note) note.hidden = !(P.mail && P.mail.club && !key);
    render();
  }
  function copy() {
    var line = "Move: " + P.label + " " + moves[chosen][0];
    function done() { copyBtn.textContent = "Copied"; }
    function fallback() {
      var area = document.createElement("textarea");
      area.value = line;
      document.body.appendChild(area);
      area.select();
      try { document.execCommand("copy"); done(); } catch (e) { /* selected for the player */ }
      document.body.removeChild(area);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(line).then(done, fallback);
    } else {
      fallback();
    }
  }
  board.addEventListener("click", function (e) {
    if (!active || P.tooMany) return;
    var cell = e.target && e.target.closest ? e.target.closest("[data-square]") : null;
    if (!cell || !(cell.getAttribute("data-square") in byName)) return;
    tapOn(byName[cell.getAttribute("data-square")]);
  });
  copyBtn.addEventListener("click", function () { if (chosen >= 0) copy(); });
  againBtn.addEventListener("click", function () {
    chosen = -1;
    picked = [];
    copyBtn.textContent = "Copy";
    render();
  });
  panel.hidden = false;
  return {
    // Called after each drawing of the board: tapping only on the last position.
    shown: function (last) { active = last; render(); }
  };
}
