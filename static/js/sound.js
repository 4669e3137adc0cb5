/* Short sounds for a move, a capture, check, a refused move, a "not yet" (a legal move or an
   answer that misses: soft and falling, never the refused move's buzz), a star and a finished lesson.
   Every sound is synthesised here with Web Audio (no sound files). Nothing plays before the
   learner's first tap or key on the page (browsers' autoplay rules, and good manners); the
   header's switch mutes them, kept for the learner picked (the page says theirs in <body
   data-sound="on|off">, posted back to data-sound-url) and in this browser (localStorage),
   which decides for a learner who never chose. Other scripts ask for
   a sound with TutorSound.play(name); each sound played is announced as a "tutor:sound" event. */
(function () {
  "use strict";

  var STORAGE_KEY = "tutor-sound";
  var context = null;
  var touched = false;

  /* Each sound: notes of [start s, length s, frequency Hz, end frequency Hz, wave, volume]. */
  var SOUNDS = {
    move: [[0, 0.08, 520, 300, "triangle", 0.25]],
    capture: [[0, 0.07, 330, 180, "square", 0.12], [0.05, 0.12, 160, 90, "triangle", 0.3]],
    check: [[0, 0.09, 880, 880, "sine", 0.2], [0.11, 0.12, 660, 660, "sine", 0.2]],
    illegal: [[0, 0.18, 170, 140, "sawtooth", 0.08]],
    notyet: [[0, 0.14, 440, 415, "sine", 0.16], [0.16, 0.22, 349, 330, "sine", 0.14]],
    star: [[0, 0.09, 523, 523, "sine", 0.2], [0.09, 0.09, 659, 659, "sine", 0.2], [0.18, 0.16, 784, 784, "sine", 0.2]],
    lesson: [
      [0, 0.12, 523, 523, "triangle", 0.22], [0.12, 0.12, 659, 659, "triangle", 0.22],
      [0.24, 0.12, 784, 784, "triangle", 0.22], [0.36, 0.45, 1047, 1047, "triangle", 0.22]
    ]
  };

  function muted() {
    var chosen = document.body && document.body.getAttribute("data-sound");
    if (chosen === "on" || chosen === "off") return chosen === "off";
    try {
      return window.localStorage.getItem(STORAGE_KEY) === "off";
    } catch (error) {
      return false;
    }
  }

  function setMuted(value) {
    try {
      if (value) window.localStorage.setItem(STORAGE_KEY, "off");
      else window.localStorage.removeItem(STORAGE_KEY);
    } catch (error) { /* private mode: the switch still works for this page */ }
    if (document.body) document.body.setAttribute("data-sound", value ? "off" : "on");
    keepForLearner(value);
    showSwitches(value);
  }

  /* The learner picked keeps the choice (zhuyin.views.sound_switch); nobody picked, the
     server keeps nothing and the browser's localStorage does. */
  function keepForLearner(isMuted) {
    var url = document.body && document.body.getAttribute("data-sound-url");
    if (!url || !window.fetch) return;
    var token = "";
    try {
      token = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (error) { /* no token: the server refuses, the browser still remembers */ }
    var body = new URLSearchParams({ sound: isMuted ? "off" : "on" });
    window.fetch(url, {
      method: "POST", body: body, credentials: "same-origin", headers: { "X-CSRFToken": token }
    }).catch(function () { /* offline: this browser remembers */ });
  }

  function audio() {
    if (context) return context;
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
    return context;
  }

  function play(name) {
    var notes = SOUNDS[name];
    if (!notes || !touched || muted()) return false;
    var ctx = audio();
    if (!ctx) return false;
    if (ctx.state === "suspended" && ctx.resume) ctx.resume();
    var now = ctx.currentTime + 0.01;
    notes.forEach(function (note) {
      var start = now + note[0];
      var end = start + note[1];
      var oscillator = ctx.createOscillator();
      var gain = ctx.createGain();
      oscillator.type = note[4];
      oscillator.frequency.setValueAtTime(note[2], start);
      oscillator.frequency.exponentialRampToValueAtTime(note[3], end);
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(note[5], start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, end);
      oscillator.connect(gain);
      gain.connect(ctx.destination);
      oscillator.start(start);
      oscillator.stop(end + 0.02);
    });
    document.dispatchEvent(new CustomEvent("tutor:sound", { detail: { name: name } }));
    return true;
  }

  function showSwitches(isMuted) {
    var switches = document.querySelectorAll("[data-sound-switch]");
    Array.prototype.forEach.call(switches, function (button) {
      button.hidden = false;
      button.setAttribute("aria-pressed", isMuted ? "false" : "true");
    });
  }

  /* The first tap or key anywhere on the page lets sounds play from then on. */
  function firstTouch() {
    touched = true;
    document.removeEventListener("pointerdown", firstTouch, true);
    document.removeEventListener("keydown", firstTouch, true);
  }
  document.addEventListener("pointerdown", firstTouch, true);
  document.addEventListener("keydown", firstTouch, true);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-sound-switch]");
    if (!button) return;
    setMuted(!muted());
  });

  document.addEventListener("DOMContentLoaded", function () { showSwitches(muted()); });

  window.TutorSound = { play: play, muted: muted };
})();
