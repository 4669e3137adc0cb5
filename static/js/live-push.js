/* A live lesson's pages (the phone, the presenter, the audience view) receive what
   changed from the push server in front of the app (Server-Sent Events from nginx's
   Nchan, live.push) instead of polling for it. The page's element names its channel
   (data-push, a path the app signed). While the stream is healthy (opened, and a message
   or nginx's ping within 25 s) the element's own poll (hx-trigger="every 2s") waits; when
   it breaks (a proxy that buffers, a phone asleep) the poll goes on as before, and the
   browser's reconnection (Last-Event-ID) brings what was missed.

   Messages (JSON): a phone's {order, html} is the class's new round, swapped in with the
   phone's own poll address kept; {order, fetch} (the reveal, the end) makes the phone
   fetch its own result once; {state, html} is the audience's stage; {round, answered} the
   count (and the presenter's panel, fetched once: who has not answered yet). A message
   older than the page (order) is dropped. */
(function () {
  "use strict";
  var HEALTHY_MS = 25000; // nginx pings every 10 s (deploy/nginx-push.conf)
  var POLLED = ["live-round", "stage", "live-panel"];
  var holder = document.querySelector("[data-push]");
  if (!holder || !window.EventSource || !window.htmx) return;
  var source = new EventSource(holder.getAttribute("data-push"));
  var lastSign = 0;

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
    handle(message);
  });

  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail.elt;
    if (elt && POLLED.indexOf(elt.id) >= 0 && healthy()) event.preventDefault();
  });

  function newer(order, than) {
    var a = String(order).split("."), b = String(than || "0.0.0").split(".");
    for (var i = 0; i < a.length; i++) {
      var x = Number(a[i]), y = Number(b[i] || 0);
      if (x !== y) return x > y;
    }
    return false;
  }

  function token() {
    var bytes = new Uint8Array(12);
    window.crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function swapRound(round, html) {
    var made = document.createElement("template");
    made.innerHTML = html;
    var fresh = made.content.firstElementChild;
    if (!fresh) return;
    fresh.setAttribute("hx-get", round.getAttribute("hx-get")); // the phone's own poll
    // Each phone's answer form gets its own token (lessons.answer_tokens), as drawn forms do.
    fresh.querySelectorAll("form input[name=asked]").forEach(function (asked) {
      if (asked.form.querySelector("input[name=token]")) return;
      var field = document.createElement("input");
      field.type = "hidden";
      field.name = "token";
      field.value = token();
      asked.form.appendChild(field);
    });
    window.htmx.swap(round, fresh.outerHTML, { swapStyle: "outerHTML" });
  }

  // One of the polled elements fetched once now (its own poll address, with what it shows):
  // the phone's own result at the reveal, the presenter's panel after an answer.
  function refresh(id) {
    var shown = document.getElementById(id);
    if (!shown) return;
    fetch(shown.getAttribute("hx-get"), {
      headers: { "HX-Request": "true" }, credentials: "same-origin",
    }).then(function (response) {
      return response.status === 200 ? response.text() : null;
    }).then(function (html) {
      var now = document.getElementById(id);
      if (html && now) window.htmx.swap(now, html, { swapStyle: "outerHTML" });
    });
  }

  function count(message) {
    document.querySelectorAll('.live-count[data-round="' + message.round + '"]').forEach(
      function (shown) {
        shown.setAttribute("data-answered", message.answered);
        var number = shown.querySelector("strong");
        if (number) number.textContent = message.answered;
      });
  }

  function handle(message) {
    var round = document.getElementById("live-round");
    if (round) {
      if (!message.order || !newer(message.order, round.getAttribute("data-live-order"))) return;
      if (message.html) swapRound(round, message.html);
      else if (message.fetch) refresh("live-round");
      return;
    }
    if (message.answered !== undefined) {
      count(message);
      refresh("live-panel"); // the presenter names who has not answered yet
      return;
    }
    var stage = document.getElementById("stage");
    if (stage && message.html && message.state !== stage.getAttribute("data-stage-state")) {
      window.htmx.swap(stage, message.html, { swapStyle: "outerHTML" });
    }
  }
})();
