/* What a move looks and sounds like. Before htmx swaps in the judged board, the pieces'
   places are noted; after the swap the pieces that moved slide from their old square to the
   new one (FLIP: the new board is drawn at once and each moved piece starts where it was),
   captured pieces fade away where they stood (also the pawn taken en passant), and a refused
   move slides back to its square and shakes; a wrong answer with no piece to shake (a choice,
   marked squares) nudges the judge's words instead. The board is never blocked: the squares take
   taps during an animation. With prefers-reduced-motion nothing moves, sounds still play.
   This reads the board the server drew; which moves are legal is never decided here. */
(function () {
  "use strict";

  var SLIDE_MS = 180;
  var VANISH_MS = 260;
  var SHAKE_MS = 420;
  var before = null; // the board as it was before the swap

  function reducedMotion() {
    return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  function announce(kind, square) {
    document.dispatchEvent(new CustomEvent("tutor:motion", { detail: { kind: kind, square: square } }));
  }

  function snapshot(board) {
    var pieces = {};
    var boxes = {};
    Array.prototype.forEach.call(board.querySelectorAll("button[data-square]"), function (button) {
      var name = button.dataset.square;
      boxes[name] = button.getBoundingClientRect();
      if (button.dataset.piece) {
        var image = button.querySelector("img");
        pieces[name] = { piece: button.dataset.piece, src: image ? image.src : "" };
      }
    });
    var frame = board.closest(".board-frame") || board.parentElement;
    var selected = frame.querySelector('input[name="selected"]');
    var dropped = frame.querySelector('input[name="dropped"]');
    var active = document.activeElement;
    return {
      pieces: pieces,
      boxes: boxes,
      orientation: board.dataset.orientation,
      from: selected ? selected.value : "",
      to: active && board.contains(active) && active.dataset ? active.dataset.square || "" : "",
      dropped: dropped ? dropped.value === "1" : false
    };
  }

  function placement(board) {
    var pieces = {};
    Array.prototype.forEach.call(board.querySelectorAll("button[data-square][data-piece]"), function (button) {
      pieces[button.dataset.square] = button.dataset.piece;
    });
    return pieces;
  }

  function isWhite(piece) {
    return piece === piece.toUpperCase();
  }

  function distance(a, b) {
    return Math.abs(a.charCodeAt(0) - b.charCodeAt(0)) + Math.abs(a.charCodeAt(1) - b.charCodeAt(1));
  }

  /* Which piece went where: each square that got a new piece is matched with a square that
     lost the same piece (or a pawn of its colour, for a promotion), the nearest first. */
  function changes(old, now) {
    var arrived = [];
    var left = [];
    Object.keys(now).forEach(function (name) {
      if (!old[name] || old[name].piece !== now[name]) arrived.push(name);
    });
    Object.keys(old).forEach(function (name) {
      if (now[name] !== old[name].piece) left.push(name);
    });
    var slides = [];
    var used = {};
    arrived.forEach(function (to) {
      var piece = now[to];
      var pawn = isWhite(piece) ? "P" : "p";
      var best = null;
      left.forEach(function (from) {
        if (used[from] || from === to) return;
        var was = old[from].piece;
        if (was !== piece && was !== pawn) return;
        if (was === pawn && piece !== pawn && to[1] !== "1" && to[1] !== "8") return;
        if (!best || distance(from, to) < distance(best, to)) best = from;
      });
      if (best) {
        used[best] = true;
        slides.push({ from: best, to: to });
      }
    });
    var vanished = left.filter(function (name) { return !used[name]; });
    arrived.forEach(function (name) {
      if (old[name] && vanished.indexOf(name) === -1) vanished.push(name); // taken where it stood
    });
    return { slides: slides, vanished: vanished, count: arrived.length + left.length };
  }

  function offset(fromBox, toBox) {
    return "translate(" + (fromBox.left - toBox.left) + "px, " + (fromBox.top - toBox.top) + "px)";
  }

  function lift(button, animation) {
    button.classList.add("is-moving");
    animation.onfinish = animation.oncancel = function () { button.classList.remove("is-moving"); };
  }

  function slide(board, from, to) {
    var button = board.querySelector('[data-square="' + to + '"]');
    var image = button && button.querySelector("img");
    if (!image || !before.boxes[from]) return;
    var animation = image.animate(
      [{ transform: offset(before.boxes[from], button.getBoundingClientRect()) }, { transform: "none" }],
      { duration: SLIDE_MS, easing: "ease-out" }
    );
    lift(button, animation);
    announce("slide", to);
  }

  function vanish(name) {
    var was = before.pieces[name];
    var box = before.boxes[name];
    if (!was || !was.src || !box) return;
    var ghost = document.createElement("img");
    ghost.src = was.src;
    ghost.alt = "";
    ghost.className = "motion-ghost";
    ghost.style.left = box.left + box.width * 0.06 + "px";
    ghost.style.top = box.top + box.height * 0.06 + "px";
    ghost.style.width = box.width * 0.88 + "px";
    ghost.style.height = box.height * 0.88 + "px";
    document.body.appendChild(ghost);
    var animation = ghost.animate(
      [{ opacity: 1, transform: "scale(1)" }, { opacity: 0, transform: "scale(0.4) rotate(-20deg)" }],
      { duration: VANISH_MS, easing: "ease-in" }
    );
    animation.onfinish = animation.oncancel = function () { ghost.remove(); };
    announce("vanish", name);
  }

  /* A refused move: the piece comes back from the square it was taken to, and shakes. */
  function shake(board, from, to) {
    var button = board.querySelector('[data-square="' + from + '"]');
    var image = button && button.querySelector("img");
    if (!image) return;
    var start = to && before.boxes[to] && !before.dropped ? offset(before.boxes[to], button.getBoundingClientRect()) : "none";
    var animation = image.animate(
      [
        { transform: start },
        { transform: "none", offset: 0.45 },
        { transform: "translateX(-5px)", offset: 0.6 },
        { transform: "translateX(5px)", offset: 0.75 },
        { transform: "translateX(-3px)", offset: 0.9 },
        { transform: "none" }
      ],
      { duration: SHAKE_MS, easing: "ease-out" }
    );
    lift(button, animation);
    announce("shake", from);
  }

  /* A wrong answer that moved no piece: the feedback box sways once, gently. */
  function nudge(box) {
    box.animate(
      [
        { transform: "none" },
        { transform: "translateX(-6px)", offset: 0.25 },
        { transform: "translateX(5px)", offset: 0.5 },
        { transform: "translateX(-3px)", offset: 0.75 },
        { transform: "none" }
      ],
      { duration: SHAKE_MS, easing: "ease-out" }
    );
    announce("nudge", "feedback");
  }

  function sound(name) {
    if (window.TutorSound) window.TutorSound.play(name);
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var board = event.detail.target && event.detail.target.querySelector && event.detail.target.querySelector("[data-board]");
    before = board ? snapshot(board) : null;
  });

  document.addEventListener("htmx:afterSwap", function () {
    var board = document.querySelector("[data-board]");
    var feedback = document.querySelector("[data-feedback]");
    var verdict = feedback ? feedback.getAttribute("data-verdict") : null;
    var solved = document.querySelector("[data-solved]");
    var moved = false;
    var shook = false;
    if (board && before && board.dataset.orientation === before.orientation) {
      var diff = changes(before.pieces, placement(board));
      var still = reducedMotion();
      if (diff.count > 0 && diff.count <= 8) {
        moved = true;
        if (!still) {
          diff.slides.forEach(function (step) {
            if (!(before.dropped && step.from === before.from)) slide(board, step.from, step.to);
          });
          diff.vanished.forEach(vanish);
        }
        var captured = Object.keys(before.pieces).length > Object.keys(placement(board)).length;
        var check = feedback && feedback.hasAttribute("data-check");
        sound(captured ? "capture" : check ? "check" : "move");
        if (captured && check) setTimeout(function () { sound("check"); }, 140);
      } else if (diff.count === 0 && before.from && (verdict === "illegal" || verdict === "incorrect")) {
        shook = true;
        if (!still) shake(board, before.from, before.to);
      }
    }
    if (verdict === "illegal") sound("illegal");
    if (verdict === "incorrect") {
      sound("notyet");
      if (!shook && feedback && !reducedMotion()) nudge(feedback);
    }
    if (solved) {
      var finished = solved.hasAttribute("data-lesson-done");
      if (moved) setTimeout(function () { sound(finished ? "lesson" : "star"); }, 300);
      else sound(finished ? "lesson" : "star");
    }
    before = null;
  });
})();
