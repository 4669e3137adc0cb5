/* What a lesson's puzzle does in the page besides the board (lesson pages, practice rounds
   and a live lesson's phone page): bring the judge's words and the result into view, and
   read them aloud.
   One file, so a first visit asks for one script less. */

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

/* 「唸給我聽」: the browser's own speech synthesis reads aloud, in the page's language (a zh-TW
   voice for Traditional Chinese): the lesson's button its whole introduction (folded or not);
   a puzzle's button its prompt, each option with its letter (A, B, C: the letters drawn
   beside the options, lessons.css), the hint once shown and the judge's feedback; a game's
   button (/play/) whose move it is, the feedback, the arbiter's notes and how the game ended. Nothing is
   sent anywhere: where the browser has no such voice, the buttons stay hidden. */
(function () {
  "use strict";

  var LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

  function wantedLanguage() {
    var lang = (document.documentElement.lang || "zh-Hant-TW").toLowerCase();
    if (lang.indexOf("zh-hant") === 0 || lang === "zh-tw") return "zh-TW";
    if (lang.indexOf("zh-hans") === 0 || lang === "zh-cn") return "zh-CN";
    return lang.split("-")[0];
  }

  function findVoice() {
    if (!window.speechSynthesis || !window.SpeechSynthesisUtterance) return null;
    var wanted = wantedLanguage().toLowerCase();
    var voices = window.speechSynthesis.getVoices() || [];
    for (var i = 0; i < voices.length; i++) {
      var lang = (voices[i].lang || "").replace("_", "-").toLowerCase();
      if (lang === wanted || (wanted.indexOf("-") < 0 && lang.split("-")[0] === wanted)) return voices[i];
    }
    return null;
  }

  /* The words as read, without the 注音 above them, the buttons and what is drawn only. */
  function words(element) {
    if (!element) return "";
    var copy = element.cloneNode(true);
    Array.prototype.forEach.call(
      copy.querySelectorAll("rt, button, [aria-hidden='true'], [data-not-read]"),
      function (node) { node.remove(); }
    );
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  /* Each option of the puzzle's question, after its letter: "A 王". */
  function options(scope) {
    var labels = scope.querySelectorAll(".answer-options label");
    return Array.prototype.map.call(labels, function (label, index) {
      return LETTERS.charAt(index) + " " + words(label);
    });
  }

  function textFor(button) {
    if (button.hasAttribute("data-read-intro")) return words(button.closest("[data-intro]"));
    if (button.hasAttribute("data-read-game")) {
      // A game (/play/): whose move it is, the judge's words, the arbiter's notes, the end.
      return ["#game-status", "[data-feedback]", "[data-notes]", "[data-after]"]
        .map(function (selector) { return words(document.querySelector(selector)); })
        .filter(Boolean).join(" ");
    }
    var scope = button.closest("[data-puzzle]") || document;
    var parts = [words(scope.querySelector(".puzzle-prompt"))]
      .concat(options(scope))
      .concat([words(scope.querySelector("[data-hint]")), words(scope.querySelector("[data-feedback]"))]);
    return parts.filter(Boolean).join(" ");
  }

  function read(button) {
    var voice = findVoice();
    if (!voice) return;
    var text = textFor(button);
    if (!text) return;
    var utterance = new window.SpeechSynthesisUtterance(text);
    utterance.lang = wantedLanguage();
    utterance.voice = voice;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  }

  function refresh() {
    var available = Boolean(findVoice());
    Array.prototype.forEach.call(document.querySelectorAll("[data-read-aloud]"), function (button) {
      button.hidden = !available;
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-read-aloud]");
    if (button) read(button);
  });
  document.addEventListener("DOMContentLoaded", refresh);
  document.addEventListener("htmx:load", refresh);
  if (window.speechSynthesis && window.speechSynthesis.addEventListener) {
    window.speechSynthesis.addEventListener("voiceschanged", refresh);
  }
})();
