/* What a lesson's puzzle does in the page besides the board (lesson pages, practice rounds
   and a live lesson's phone page): bring the judge's words and the result into view, and
   keep the footer still. 「唸給我聽」 is read-aloud.js, on every page. */

/* After an answer is swapped in, bring what the judge said into view: after a solve the
   whole result box with 「下一題」, else the feedback. On a phone both sit under the board,
   below the screen's edge: a child who tapped a move would not see them. Smoothly, unless
   the learner asked for reduced motion. */
(function () {
  "use strict";

  function reducedMotion() {
    return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    if (!event.detail.target || event.detail.target.id !== "puzzle") return;
    var shown = document.querySelector("#puzzle [data-solved]") ||
      document.querySelector("#puzzle [data-feedback][data-verdict]");
    if (!shown) return;
    var box = shown.getBoundingClientRect();
    if (box.bottom > window.innerHeight || box.top < 0) {
      shown.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
    }
  });
})();

/* Room below the puzzle (lessons/lesson.html's [data-puzzle-room]): when an answer makes the
   puzzle taller (the feedback, the result box) the room gives up as much height in the same
   frame, and takes it back when the puzzle shrinks, so the footer under it never moves: no
   layout shift, even for a child who scrolled down to press 「完成」. */
(function () {
  "use strict";
  var before = null;

  function puzzleHeight() {
    var puzzle = document.getElementById("puzzle");
    return puzzle ? puzzle.getBoundingClientRect().height : null;
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    before = event.detail.target && event.detail.target.id === "puzzle" ? puzzleHeight() : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    var room = document.querySelector("[data-puzzle-room]");
    var now = puzzleHeight();
    if (!room || before === null || now === null) return;
    var height = room.getBoundingClientRect().height - (now - before);
    room.style.height = Math.max(0, height) + "px";
    before = null;
  });
})();
