/* Lesson pages: after an answer is swapped in, bring its feedback into view.
   On a phone the feedback sits under the board and the typed-move field, just below
   the screen's edge: a child who tapped a move would not see what the judge said. */
(function () {
  "use strict";
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!event.detail.target || event.detail.target.id !== "puzzle") return;
    var feedback = document.querySelector("#puzzle [data-feedback][data-verdict]");
    if (!feedback) return;
    var box = feedback.getBoundingClientRect();
    if (box.bottom > window.innerHeight || box.top < 0) {
      feedback.scrollIntoView({ block: "nearest" });
    }
  });
})();
