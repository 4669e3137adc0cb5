// A live round's countdown ([data-countdown], drawn by templates/live/countdown.html with
// the seconds left when the server drew it): counted down here, once a second. Without
// this script the number stays as drawn, and the server refuses a late answer in words.
(function () {
  "use strict";
  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-countdown]").forEach(function (timer) {
      if (!timer.dataset.endsAt) {
        timer.dataset.endsAt = String(now + Number(timer.dataset.secondsLeft) * 1000);
      }
      var left = Math.max(0, Math.ceil((Number(timer.dataset.endsAt) - now) / 1000));
      var shown = timer.querySelector("[data-seconds]");
      if (shown && shown.textContent !== String(left)) shown.textContent = String(left);
      timer.querySelector("[data-countdown-running]").hidden = left === 0;
      timer.querySelector("[data-countdown-over]").hidden = left !== 0;
    });
  }
  tick();
  setInterval(tick, 250);
})();
