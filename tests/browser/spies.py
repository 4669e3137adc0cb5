"""The browser's audio and voice replaced by spies, for the sound and read-aloud tests."""

SPY = """
window.__audio = [];
window.__sounds = [];
window.__motion = [];
(function () {
  function Param() {}
  Param.prototype.setValueAtTime = function () {};
  Param.prototype.exponentialRampToValueAtTime = function () {};
  function FakeContext() {
    window.__audio.push("context");
    this.currentTime = 0;
    this.state = "running";
    this.destination = {};
  }
  FakeContext.prototype.createOscillator = function () {
    return {
      frequency: new Param(), connect: function () {}, stop: function () {},
      start: function () { window.__audio.push("start"); }
    };
  };
  FakeContext.prototype.createGain = function () {
    return { gain: new Param(), connect: function () {} };
  };
  FakeContext.prototype.resume = function () {};
  window.AudioContext = FakeContext;
  window.webkitAudioContext = FakeContext;
})();
document.addEventListener("tutor:sound", function (e) { window.__sounds.push(e.detail.name); });
document.addEventListener("tutor:motion", function (e) {
  window.__motion.push(e.detail.kind + " " + e.detail.square);
});
"""


FAKE_VOICE = """
window.__spoken = [];
(function () {
  var voices = %s;
  var fake = {
    getVoices: function () { return voices; },
    speak: function (u) {
      window.__spoken.push({ text: u.text, lang: u.lang, voice: u.voice && u.voice.name });
    },
    cancel: function () {},
    addEventListener: function () {}
  };
  Object.defineProperty(window, "speechSynthesis", {
    configurable: true, get: function () { return fake; }
  });
  window.SpeechSynthesisUtterance = function (text) { this.text = text; };
})();
"""
