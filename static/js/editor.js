/* The position editor, enhanced (docs/editor.md): every button asks /editor/ for the
   panel again (GET, the state in the query) instead of loading the whole page, and the
   answer's position is written back into the form's `fen` and `moves` inputs. On the
   editor's own page those inputs are its FEN boxes; inside another page's form (the
   include, `data-embed`) they are that form's own inputs, and the panel is drawn only
   here: without this file that form keeps its two plain text inputs.
   Arrow keys move over the board's squares (one Tab stop), as on the lessons' board. */
(function () {
  "use strict";

  var STATE = ["tool", "mode", "from", "pending"];

  function formOf(editor) {
    return editor.closest("form");
  }

  function input(editor, name) {
    var form = formOf(editor);
    return form ? form.querySelector('input[name="' + name + '"], textarea[name="' + name + '"]') : null;
  }

  function panelOf(editor) {
    return editor.querySelector("[data-editor-panel]");
  }

  function query(editor, button) {
    var params = new URLSearchParams();
    var fen = input(editor, "fen");
    var moves = input(editor, "moves");
    if (fen && fen.value.trim()) params.set("fen", fen.value.trim());
    if (moves) params.set("moves", moves.value.trim());
    var panel = panelOf(editor);
    if (panel) {
      STATE.forEach(function (name) {
        if (panel.dataset[name]) params.set(name, panel.dataset[name]);
      });
    }
    if (button && button.name) params.set(button.name, button.value);
    var quiet = editor.querySelector("[data-editor-quiet]");
    if (button && button.name === "quiet" && quiet) params.set("quiet_now", quiet.value);
    params.set("partial", "1");
    if (editor.hasAttribute("data-embed")) params.set("embed", "1");
    return params;
  }

  function announce(text) {
    var announcer = document.querySelector("[data-announcer]");
    if (!announcer || !text) return;
    announcer.textContent = text === announcer.textContent ? text + "\u00a0" : text;
  }

  function focusAgain(editor, name, value) {
    if (!name) return;
    var selector = 'button[name="' + name + '"]' + (value ? '[value="' + value + '"]' : "");
    var target = editor.querySelector(selector);
    if (target) {
      if (target.dataset.square) setTabStop(editor, target);
      target.focus();
    }
  }

  function typed(editor) {
    var fen = input(editor, "fen");
    var moves = input(editor, "moves");
    return (fen ? fen.value : "") + "|" + (moves ? moves.value : "");
  }

  function refresh(editor, button) {
    var params = query(editor, button);
    var name = button ? button.name : null;
    var value = button ? button.value : null;
    // Only the last request's answer is drawn, and only while the inputs still hold what
    // it was sent: a FEN typed meanwhile is never overwritten (its change asks again).
    var asked = (editor.editorAsked = (editor.editorAsked || 0) + 1);
    var sent = typed(editor);
    editor.setAttribute("aria-busy", "true");
    return fetch(editor.dataset.editorUrl + "?" + params.toString(), {
      headers: { "HX-Request": "true" },
      credentials: "same-origin",
    })
      .then(function (response) {
        return response.text().then(function (text) {
          return { ok: response.ok, text: text };
        });
      })
      .then(function (answer) {
        if (asked !== editor.editorAsked) return;
        editor.removeAttribute("aria-busy");
        if (typed(editor) !== sent) return;
        if (!answer.ok) {
          var page = new DOMParser().parseFromString(answer.text, "text/html");
          var alert = page.querySelector('[role="alert"]');
          var said = editor.querySelector("[data-editor-said]");
          var words = alert ? alert.textContent : answer.text;
          if (said) said.textContent = words;
          else editor.textContent = words;
          announce(words);
          return;
        }
        editor.innerHTML = answer.text;
        var panel = panelOf(editor);
        var fen = input(editor, "fen");
        var moves = input(editor, "moves");
        if (fen) fen.value = panel.dataset.fen;
        if (moves) moves.value = panel.dataset.moves;
        if (!editor.hasAttribute("data-embed") && window.history.replaceState) {
          var address = new URLSearchParams({ fen: panel.dataset.fen });
          if (panel.dataset.moves) address.set("moves", panel.dataset.moves);
          window.history.replaceState(null, "", editor.dataset.editorUrl + "?" + address.toString());
        }
        setUp(editor);
        focusAgain(editor, name, value);
        var said = editor.querySelector("[data-editor-said]");
        announce(said ? said.textContent.trim() : "");
      });
  }

  function squaresOf(editor) {
    return Array.prototype.slice.call(editor.querySelectorAll("[data-edit-board] button[data-square]"));
  }

  function setTabStop(editor, button) {
    squaresOf(editor).forEach(function (square) {
      square.tabIndex = square === button ? 0 : -1;
    });
  }

  function setUp(editor) {
    var squares = squaresOf(editor);
    if (!squares.length) return;
    var start = editor.querySelector("[data-edit-board] [data-selected]") || squares[0];
    setTabStop(editor, start);
  }

  function onClick(event) {
    var button = event.target.closest("button[name]");
    if (!button) return;
    var editor = event.currentTarget;
    if (!editor.contains(button)) return;
    event.preventDefault();
    if (button.dataset.square) setTabStop(editor, button);
    refresh(editor, button);
  }

  function onKeyDown(event) {
    if (event.key === "Enter" && event.target.matches("[data-editor-quiet]")) {
      // Enter in the count's box sets the count (not the form's first button)
      event.preventDefault();
      var set = event.currentTarget.querySelector("[data-editor-quiet-set]");
      if (set) refresh(event.currentTarget, set);
      return;
    }
    var button = event.target.closest("button[data-square]");
    if (!button) return;
    var editor = event.currentTarget;
    var squares = squaresOf(editor);
    var index = squares.indexOf(button);
    var next = null;
    if (event.key === "ArrowLeft" && index % 8 > 0) next = index - 1;
    else if (event.key === "ArrowRight" && index % 8 < 7) next = index + 1;
    else if (event.key === "ArrowUp" && index >= 8) next = index - 8;
    else if (event.key === "ArrowDown" && index < 56) next = index + 8;
    else if (event.key === "Home") next = index - (index % 8);
    else if (event.key === "End") next = index - (index % 8) + 7;
    if (next === null) return;
    event.preventDefault();
    setTabStop(editor, squares[next]);
    squares[next].focus();
  }

  function init(editor) {
    if (editor.dataset.ready) return;
    editor.dataset.ready = "1";
    editor.addEventListener("click", onClick);
    editor.addEventListener("keydown", onKeyDown);
    var fen = input(editor, "fen");
    var moves = input(editor, "moves");
    [fen, moves].forEach(function (field) {
      if (field) field.addEventListener("change", function () { refresh(editor, null); });
    });
    var form = formOf(editor);
    var load = form && form.querySelector('button[name="load"]');
    if (load) {
      load.addEventListener("click", function (event) {
        event.preventDefault();
        refresh(editor, null);
      });
    }
    if (editor.hasAttribute("data-embed")) {
      editor.hidden = false;
      refresh(editor, null);
    } else {
      setUp(editor);
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.querySelectorAll("[data-editor]"), init);
  });
})();
