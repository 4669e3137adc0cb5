/* 「唸給我聽」 on any page (base.html loads it): a button with data-read-aloud reads, in the
   page's language, what it is for: data-read="selector,selector" the words of those parts of
   the page; data-read-intro a lesson's introduction; data-read-game a game's; else the puzzle
   it sits in. Nothing is sent anywhere; without a voice of the page's language the buttons
   stay hidden. */
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
      copy.querySelectorAll("rt, button, a.button, form, [aria-hidden='true'], [data-not-read]"),
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

  /* Each sentence once: a game's end is said by the judge and again in the summary. */
  function once(parts) {
    var seen = {};
    var said = [];
    var text = parts.filter(Boolean).join(" ");
    (text.match(/[^。！？!?.]+(?:[。！？!?]|\.(?=\s|$))?\s*|\.\s*/g) || []).forEach(function (piece) {
      var key = piece.trim();
      if (!key || !seen[key]) said.push(piece);
      if (key) seen[key] = true;
    });
    return said.join("").trim();
  }

  function regions(selectors) {
    return selectors.map(function (selector) { return words(document.querySelector(selector)); });
  }

  function textFor(button) {
    if (button.hasAttribute("data-read-intro")) return words(button.closest("[data-intro]"));
    if (button.hasAttribute("data-read-game")) {
      // A game (/play/): whose move it is, the judge's words, the arbiter's notes, the end.
      return once(regions(["#game-status", "[data-feedback]", "[data-notes]", "[data-after]"]));
    }
    if (button.dataset.read) return once(regions(button.dataset.read.split(",")));
    // A puzzle: its prompt, where the stars are, how to answer, the question and each option,
    // the hint once shown, the judge's words.
    var scope = button.closest("[data-puzzle]") || document;
    var parts = [".puzzle-prompt", ".puzzle-targets", ".puzzle-how", ".answer-options legend"]
      .map(function (selector) { return words(scope.querySelector(selector)); })
      .concat(options(scope))
      .concat([words(scope.querySelector("[data-hint]")), words(scope.querySelector("[data-feedback]"))]);
    return once(parts);
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
