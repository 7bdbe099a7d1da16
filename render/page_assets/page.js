/* The game's page: shows the table at the position asked for, in the layout the screen fits.
   Every position is a list number per part; a part whose list did not change is left alone. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("page-data").textContent);
  var last = data.positions.length - 1;
  var $ = function (id) { return document.getElementById(id); };
  var svg = $("table"), below = $("below"), above = $("above");
  var parts = data.parts.map(function (name) { return $("part-" + name); });
  var slider = $("slider"), jump = $("jump"), roundPick = $("round"), caption = $("caption");
  var marker = $("chart-marker"), logBox = $("log"), board = $("board");
  var strip = $("review-strip"), stripMarker = $("strip-marker"), reviewed = $("review-move");
  var practiceLine = $("practice-line");
  var shown = [], at = -1, layout = null, current = null, timer = null, zoom = 1;
  var narrow = window.matchMedia("(max-width: " + data.narrowPx + "px)");

  function useLayout() {
    var name = narrow.matches ? data.narrow : "landscape";
    if (name === layout) { return; }
    var lay = data.layouts[name];
    svg.setAttribute("viewBox", "0 0 " + lay.w + " " + lay.h);
    svg.setAttribute("width", lay.w);
    svg.setAttribute("height", lay.h);
    below.innerHTML = lay.below;
    above.innerHTML = lay.above;
    parts.forEach(function (g, k) {
      if (lay.moves[k]) { g.setAttribute("transform", lay.moves[k]); }
      else { g.removeAttribute("transform"); }
    });
    svg.setAttribute("data-layout", name);
    layout = name;
  }

  function entryOf(n) {
    return n === 0 ? $("r0") : $("m" + n);
  }

  function keepInView(el) {
    var top = el.offsetTop, bottom = top + el.offsetHeight;
    if (top < logBox.scrollTop || bottom > logBox.scrollTop + logBox.clientHeight) {
      logBox.scrollTop = Math.max(0, top - logBox.clientHeight / 3);
    }
  }

  function roundStart(n) {
    var best = 0;
    data.starts.forEach(function (s) { if (s <= n) { best = s; } });
    return best;
  }

  function show(n) {
    n = Math.max(0, Math.min(last, Math.round(Number(n)) || 0));
    var row = data.positions[n];
    for (var k = 0; k < parts.length; k++) {
      if (shown[k] !== row[k]) {
        parts[k].innerHTML = data.lists[row[k]].map(function (i) {
          return data.elements[i];
        }).join("");
        shown[k] = row[k];
      }
    }
    at = n;
    svg.setAttribute("data-move", String(n));
    slider.value = String(n);
    if (document.activeElement !== jump) { jump.value = String(n); }
    roundPick.value = String(roundStart(n));
    caption.textContent = data.captions[n];
    if (marker) { marker.setAttribute("x1", data.chartX[n]); marker.setAttribute("x2", data.chartX[n]); }
    if (stripMarker) {
      var sx = String(last ? 1000 * n / last : 0);
      stripMarker.setAttribute("x1", sx); stripMarker.setAttribute("x2", sx);
    }
    if (data.practice) { practiceLine.textContent = n < last ? data.practice.join(String(n)) : ""; }
    if (reviewed && data.review) {
      reviewed.textContent = [data.review.moves[n], data.review.chances[n]].filter(Boolean).join(" ");
    }
    if (current) { current.classList.remove("current"); }
    current = entryOf(n);
    if (current) { current.classList.add("current"); keepInView(current); }
    $("first").disabled = $("prev").disabled = $("prev-round").disabled = n === 0;
    $("last").disabled = $("next").disabled = $("next-round").disabled = n === last;
    if (history.replaceState) { history.replaceState(null, "", "#move=" + n); }
  }

  function round(step) {
    var starts = data.starts.concat([last]);
    var target = step < 0 ? 0 : last;
    for (var i = 0; i < starts.length; i++) {
      var s = starts[i];
      if (step < 0 && s < at) { target = s; }
      if (step > 0 && s > at) { target = s; break; }
    }
    show(target);
  }

  function play() {
    if (timer) { clearInterval(timer); timer = null; $("play").setAttribute("aria-pressed", "false"); return; }
    if (at === last) { show(0); }
    $("play").setAttribute("aria-pressed", "true");
    timer = setInterval(function () { if (at >= last) { play(); } else { show(at + 1); } }, 700);
  }

  function setZoom(z) {
    zoom = Math.max(1, Math.min(5, z));
    svg.style.width = (zoom * 100) + "%";
  }

  function fromHash() {
    var m = /^#(move|round)=(\d+)$/.exec(location.hash);
    if (!m) { return last; }
    var n = Number(m[2]);
    if (m[1] === "move") { return n; }
    var el = $("r" + n);
    return el ? Number(el.getAttribute("data-move")) : last;
  }

  $("first").onclick = function () { show(0); };
  $("last").onclick = function () { show(last); };
  $("prev").onclick = function () { show(at - 1); };
  $("next").onclick = function () { show(at + 1); };
  $("prev-round").onclick = function () { round(-1); };
  $("next-round").onclick = function () { round(1); };
  $("play").onclick = play;
  $("zoom-in").onclick = function () { setZoom(zoom * 1.5); };
  $("zoom-out").onclick = function () { setZoom(zoom / 1.5); };
  $("zoom-fit").onclick = function () { setZoom(1); };
  slider.addEventListener("input", function () { show(slider.value); });
  jump.addEventListener("change", function () { show(jump.value); });
  roundPick.addEventListener("change", function () { show(roundPick.value); });
  if (strip) {
    strip.addEventListener("click", function (e) {
      var box = strip.getBoundingClientRect();
      show(last * (e.clientX - box.left) / Math.max(1, box.width));
    });
    $("review").addEventListener("click", function (e) {
      var el = e.target.closest ? e.target.closest("button[data-move]") : null;
      if (el) { show(el.getAttribute("data-move")); }
    });
  }
  $("log-list").addEventListener("click", function (e) {
    var el = e.target.closest ? e.target.closest("[data-move]") : null;
    if (el) { show(el.getAttribute("data-move")); }
  });
  document.addEventListener("keydown", function (e) {
    var tag = e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) { return; }
    var moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in moves) { if (e.shiftKey) { round(moves[e.key]); } else { show(at + moves[e.key]); } }
    else if (e.key === "PageUp") { round(-1); }
    else if (e.key === "PageDown") { round(1); }
    else if (e.key === "Home") { show(0); }
    else if (e.key === "End") { show(last); }
    else if (e.key === " " && tag !== "BUTTON") { play(); }
    else { return; }
    e.preventDefault();
  });
  window.addEventListener("hashchange", function () { show(fromHash()); });
  var onNarrow = function () { useLayout(); };
  if (narrow.addEventListener) { narrow.addEventListener("change", onNarrow); }
  else if (narrow.addListener) { narrow.addListener(onNarrow); }
  useLayout();
  show(fromHash());
  document.documentElement.setAttribute("data-ready", "true");
})();
