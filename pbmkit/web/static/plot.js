// The evaluation plot (pbmkit/web/plot.py): its current-move line follows the board (the viewer
// writes the node shown in #board's data-node), and a tap on a point steps the viewer there by
// the move's own button in the list, keeping the page where it is (the plot stays in view).
(function () {
  "use strict";
  var plot = document.getElementById("plot"), board = document.getElementById("board");
  if (!plot || !board) return;
  var now = plot.querySelector(".pl-now");
  var x0 = Number(plot.getAttribute("data-x0")), step = Number(plot.getAttribute("data-step"));
  var last = Number(plot.getAttribute("data-last"));
  var hits = {}, rects = plot.querySelectorAll(".pl-hits rect"), cur = plot.querySelector(".pl-cur");
  for (var i = 0; i < rects.length; i++) hits[rects[i].getAttribute("data-n")] = rects[i];
  function follow() {
    var at = board.getAttribute("data-node");
    if (at === null) return;
    // The main line's nodes are 0 (the start) to the last move, in order; a series is not drawn.
    var n = Number(at), on = n <= last;
    now.setAttribute("visibility", on ? "visible" : "hidden");
    if (on) {
      var x = (x0 + n * step).toFixed(2);
      now.setAttribute("x1", x);
      now.setAttribute("x2", x);
    }
    if (cur) cur.classList.remove("pl-cur");
    cur = hits[at] || null;
    if (cur) cur.classList.add("pl-cur");
  }
  new MutationObserver(follow).observe(board, {attributes: true, attributeFilter: ["data-node"]});
  plot.addEventListener("click", function (e) {
    var hit = e.target.closest ? e.target.closest(".pl-hits rect") : null;
    if (!hit) return;
    var move = document.querySelector('button.mv[data-n="' + hit.getAttribute("data-n") + '"]');
    if (!move) return;
    var x = window.scrollX, y = window.scrollY;
    move.click();
    window.scrollTo(x, y);
  });
  follow();
})();
