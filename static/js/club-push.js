/* A club game's phone hears the other child's move from the push server in front of the
   app (Server-Sent Events from nginx's Nchan, club.push) instead of asking every 2 s.
   The page's holder names the channel (data-club-push, a path the app signed). A message
   {ply, result} newer than the board shown makes the page fetch the game once. While the
   stream is healthy (opened, and a message or nginx's ping within 25 s) the board's own
   poll waits; when it breaks the poll goes on as before. */
(function () {
  "use strict";
  var HEALTHY_MS = 25000; // nginx pings every 10 s (deploy/nginx-push-locations.conf)
  var holder = document.querySelector("[data-club-push]");
  if (!holder || !window.EventSource || !window.htmx) return;
  var source = new EventSource(holder.getAttribute("data-club-push"));
  var lastSign = 0;
  var pushed = false; // the next fetch of the game is the push's own, never held back

  function healthy() {
    return source.readyState === 1 && Date.now() - lastSign < HEALTHY_MS;
  }
  function alive() {
    lastSign = Date.now();
    document.documentElement.setAttribute("data-push-open", "");
  }
  source.addEventListener("open", alive);
  source.addEventListener("ping", alive);
  source.addEventListener("error", function () {
    if (source.readyState !== 1) document.documentElement.removeAttribute("data-push-open");
  });
  source.addEventListener("message", function (event) {
    alive();
    var message;
    try { message = JSON.parse(event.data); } catch (error) { return; }
    var game = document.getElementById("game");
    if (!game) return;
    var shown = Number(game.getAttribute("data-ply"));
    var ended = message.result && message.result !== game.getAttribute("data-result");
    if (message.ply > shown || ended) {
      pushed = true;
      window.htmx.ajax("GET", game.getAttribute("data-url"), { target: "#game", swap: "outerHTML" });
    }
  });

  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail.elt;
    if (!elt || elt.id !== "game" || event.detail.verb !== "get") return;
    if (pushed) { pushed = false; return; }
    if (healthy()) event.preventDefault(); // the poll waits while the stream is healthy
  });
})();
