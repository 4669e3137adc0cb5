/* The new-puzzle form (templates/puzzlesets/new_puzzle.html): only the fields the chosen
   question uses are shown (each wrapper's data-asked-by names its questions); a hidden
   field is disabled, so a value typed for another question is not sent. Without this
   script every field shows. */
(function () {
  "use strict";
  var form = document.querySelector("[data-new-puzzle]");
  var select = form && form.querySelector("select[name=question]");
  if (!select) return;
  function show() {
    form.querySelectorAll("[data-asked-by]").forEach(function (group) {
      var asked = group.getAttribute("data-asked-by").split(" ").indexOf(select.value) >= 0;
      group.hidden = !asked;
      group.querySelectorAll("input, select").forEach(function (field) {
        field.disabled = !asked;
      });
    });
  }
  select.addEventListener("change", show);
  show();
})();
