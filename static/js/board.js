/* The board, enhanced: tap-tap without a round trip, drag and drop, arrow keys.
   Without this file every tap is a plain form submit and the server keeps the selection.
   The move itself always goes to the server (htmx intercepts the form's submit when the
   form has hx-post). No framework; boards swapped in by htmx are set up again. */
(function () {
  "use strict";

  var DRAG_THRESHOLD = 6; // pixels before a press becomes a drag
  var focusedSquare = null; // square name to focus again after an htmx swap

  function squaresOf(board) {
    return Array.prototype.slice.call(board.querySelectorAll("button[data-square]"));
  }

  function frameOf(board) {
    return board.closest(".board-frame") || board.parentElement;
  }

  function field(board, name) {
    return frameOf(board).querySelector('input[name="' + name + '"]');
  }

  function isWhite(piece) {
    return piece === piece.toUpperCase();
  }

  function sideToMove(board) {
    return (board.dataset.fen || "").split(" ")[1] || "w";
  }

  function setTabStop(board, button) {
    squaresOf(board).forEach(function (square) {
      square.tabIndex = square === button ? 0 : -1;
    });
  }

  function selectedSquare(board) {
    var input = field(board, "selected");
    return input && input.value ? board.querySelector('[data-square="' + input.value + '"]') : null;
  }

  function select(board, button) {
    var previous = selectedSquare(board);
    if (previous) {
      previous.removeAttribute("aria-pressed");
      previous.removeAttribute("data-selected");
    }
    field(board, "selected").value = button ? button.dataset.square : "";
    if (button) {
      button.setAttribute("aria-pressed", "true");
      button.setAttribute("data-selected", "");
    }
    showReachable(board, button);
  }

  /* A board that shows its moves (data-moves: every legal move in UCI): a dot on each
     square the piece picked up may go to. */
  function showReachable(board, button) {
    squaresOf(board).forEach(function (square) {
      square.removeAttribute("data-reachable");
    });
    if (!button || !board.dataset.moves) return;
    var from = button.dataset.square;
    board.dataset.moves.split(" ").forEach(function (move) {
      if (move.slice(0, 2) !== from) return;
      var target = board.querySelector('[data-square="' + move.slice(2, 4) + '"]');
      if (target) target.setAttribute("data-reachable", "");
    });
  }

  function toggleMark(board, button) {
    var name = button.dataset.square;
    var pressed = button.getAttribute("aria-pressed") === "true";
    button.setAttribute("aria-pressed", pressed ? "false" : "true");
    var frame = frameOf(board);
    var existing = frame.querySelector('input[name="marked"][value="' + name + '"]');
    if (pressed && existing) {
      existing.remove();
    } else if (!pressed && !existing) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = "marked";
      input.value = name;
      frame.appendChild(input);
    }
  }

  function submitMove(board, target, dropped) {
    var typed = field(board, "typed");
    if (typed) typed.value = "";
    if (dropped) field(board, "dropped").value = "1";
    focusedSquare = target.dataset.square;
    // htmx sends the value of the button that last had focus or a click, not the
    // submitter passed to requestSubmit: focus the target square first.
    target.focus();
    target.form.requestSubmit(target);
  }

  /* A tap on a square. Returns true when it was handled here (no submit needed). */
  function handleTap(board, button) {
    var mode = board.dataset.mode;
    if (mode === "mark") {
      toggleMark(board, button);
      return true;
    }
    if (mode === "place") return false; // a setup puzzle: every tap puts a piece on or off
    if (mode !== "move") return true;
    var current = selectedSquare(board);
    var piece = button.dataset.piece;
    if (!current) {
      // Where the page says whose turn it is (the referee's board), a first tap on the
      // other side's piece is sent, so the judge says so at once.
      if (piece && button.form && button.form.hasAttribute("data-says-whose-turn") &&
          isWhite(piece) !== (sideToMove(board) === "w")) return false;
      if (piece) select(board, button);
      return true; // picking up, or a tap on an empty square: nothing to send
    }
    if (current === button) {
      select(board, null);
      return true;
    }
    var moving = current.dataset.piece;
    if (piece && moving && isWhite(piece) === isWhite(moving)) {
      select(board, button); // another piece of the same side: pick that one up instead
      return true;
    }
    return false; // a move: let the form submit with this square
  }

  function onClick(event) {
    var button = event.target.closest("button[data-square]");
    if (!button) return;
    var board = button.closest("[data-board]");
    setTabStop(board, button);
    if (board.dataset.suppressClick === "1") {
      board.dataset.suppressClick = "";
      event.preventDefault();
      return;
    }
    if (handleTap(board, button)) {
      event.preventDefault();
      return;
    }
    event.preventDefault();
    submitMove(board, button, false);
  }

  function onKeyDown(event) {
    var button = event.target.closest("button[data-square]");
    if (!button) return;
    var board = button.closest("[data-board]");
    var squares = squaresOf(board);
    var index = squares.indexOf(button);
    var next = null;
    // Squares are in drawing order (top row first), so this respects the orientation.
    if (event.key === "ArrowLeft" && index % 8 > 0) next = index - 1;
    else if (event.key === "ArrowRight" && index % 8 < 7) next = index + 1;
    else if (event.key === "ArrowUp" && index >= 8) next = index - 8;
    else if (event.key === "ArrowDown" && index < 56) next = index + 8;
    else if (event.key === "Home") next = index - (index % 8);
    else if (event.key === "End") next = index - (index % 8) + 7;
    else if (event.key === "Escape" && board.dataset.mode === "move") {
      select(board, null);
      event.preventDefault();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    setTabStop(board, squares[next]);
    squares[next].focus();
  }

  /* Drag and drop with pointer events: mouse, finger and pen alike. */
  function onPointerDown(event) {
    var button = event.target.closest("button[data-square]");
    if (!button || !button.dataset.piece || event.button > 0) return;
    var board = button.closest("[data-board]");
    if (board.dataset.mode !== "move") return;
    var drag = { from: button, x: event.clientX, y: event.clientY, ghost: null, over: null };

    function squareAt(x, y) {
      var element = document.elementFromPoint(x, y);
      var square = element && element.closest("button[data-square]");
      return square && board.contains(square) ? square : null;
    }

    function move(e) {
      if (!drag.ghost) {
        if (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) < DRAG_THRESHOLD) return;
        var image = button.querySelector("img");
        drag.ghost = document.createElement("img");
        drag.ghost.src = image ? image.src : "";
        drag.ghost.alt = "";
        drag.ghost.className = "drag-ghost";
        document.body.appendChild(drag.ghost);
        if (image) image.style.opacity = "0.35";
      }
      drag.ghost.style.left = e.clientX + "px";
      drag.ghost.style.top = e.clientY + "px";
      var over = squareAt(e.clientX, e.clientY);
      if (over !== drag.over) {
        if (drag.over) drag.over.classList.remove("drag-over");
        if (over) over.classList.add("drag-over");
        drag.over = over;
      }
    }

    function end(e) {
      document.removeEventListener("pointermove", move);
      document.removeEventListener("pointerup", end);
      document.removeEventListener("pointercancel", cancel);
      if (!drag.ghost) return; // a plain tap: the click handler does the rest
      drag.ghost.remove();
      var image = button.querySelector("img");
      if (image) image.style.opacity = "";
      if (drag.over) drag.over.classList.remove("drag-over");
      board.dataset.suppressClick = "1";
      setTimeout(function () { board.dataset.suppressClick = ""; }, 0);
      var target = squareAt(e.clientX, e.clientY);
      if (!target || target === button) return;
      select(board, button);
      submitMove(board, target, true);
    }

    function cancel() {
      document.removeEventListener("pointermove", move);
      document.removeEventListener("pointerup", end);
      document.removeEventListener("pointercancel", cancel);
      if (drag.ghost) drag.ghost.remove();
      var image = button.querySelector("img");
      if (image) image.style.opacity = "";
      if (drag.over) drag.over.classList.remove("drag-over");
    }

    document.addEventListener("pointermove", move);
    document.addEventListener("pointerup", end);
    document.addEventListener("pointercancel", cancel);
  }

  function init(root) {
    var boards = [];
    if (root.matches && root.matches("[data-board]")) boards = [root];
    else if (root.querySelectorAll) boards = root.querySelectorAll("[data-board]");
    Array.prototype.forEach.call(boards, function (board) {
      if (board.dataset.ready) return;
      board.dataset.ready = "1";
      var squares = squaresOf(board);
      if (!squares.length || squares[0].disabled) return;
      // One Tab stop for the whole board: the square last used, the selection, or the top-left.
      var start =
        (focusedSquare && board.querySelector('[data-square="' + focusedSquare + '"]')) ||
        selectedSquare(board) ||
        squares[0];
      setTabStop(board, start);
      board.addEventListener("click", onClick);
      board.addEventListener("keydown", onKeyDown);
      board.addEventListener("pointerdown", onPointerDown);
      // Enter in the typed-move field submits with 「走這步」, not with the first square
      // (the form's default button), whose click would pick up a piece instead.
      var typed = field(board, "typed");
      var play = frameOf(board).querySelector('button[name="typed_submit"]');
      if (typed && play) {
        typed.addEventListener("keydown", function (event) {
          if (event.key !== "Enter") return;
          event.preventDefault();
          play.form.requestSubmit(play);
        });
      }
    });
  }

  /* Before a swap, remember what had focus; after it, focus the same thing again
     (or the promotion picker, when one opened), so keyboard play can go on. */
  var focusedId = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var active = document.activeElement;
    focusedSquare = active && active.dataset && active.dataset.square ? active.dataset.square : focusedSquare;
    focusedId = active && active.id && !(active.dataset && active.dataset.square) ? active.id : null;
    if (focusedId) focusedSquare = null;
  });
  /* A live region swapped in with its text already inside is often not read out, so the
     feedback is said in the page's own live region (base.html), which is never swapped:
     its words change in place and are announced, and the feedback on screen stays put. */
  function announce(root) {
    var announcer = document.querySelector("[data-announcer]");
    var region = root.matches("[data-feedback]") ? root : root.querySelector("[data-feedback]");
    if (!announcer || !region) return;
    var words = region.cloneNode(true);
    Array.prototype.forEach.call(words.querySelectorAll("rt, [data-why]"), function (node) {
      node.remove();
    });
    var text = words.textContent.replace(/\s+/g, " ").trim();
    if (!text) return;
    // The same words twice in a row are still a new answer: make the change visible to
    // the screen reader with a no-break space.
    announcer.textContent = text === announcer.textContent ? text + "\u00a0" : text;
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    // What was swapped in, found again by id (an outerHTML swap replaces the target).
    var target = event.detail.target;
    var root = target && target.id ? document.getElementById(target.id) : null;
    if (root) announce(root);
  });
  document.addEventListener("htmx:afterSettle", function () {
    // The promotion picker or a confirmation question takes focus when one opens.
    var first = document.querySelector("[data-promotion] button, [data-autofocus]");
    if (first) {
      first.focus();
      return;
    }
    var active = document.activeElement;
    if (active && active !== document.body) return;
    var target = focusedId
      ? document.getElementById(focusedId)
      : focusedSquare && document.querySelector('[data-board] [data-square="' + focusedSquare + '"]');
    if (target && !target.disabled) target.focus();
  });
  /* htmx does not swap a 400: show its message (role="alert" in the error page) as feedback. */
  document.addEventListener("htmx:responseError", function (event) {
    var feedback = document.querySelector("[data-feedback]");
    if (!feedback) return;
    var page = new DOMParser().parseFromString(event.detail.xhr.responseText, "text/html");
    var message = page.querySelector('[role="alert"]');
    feedback.removeAttribute("data-verdict");
    feedback.textContent = message ? message.textContent : event.detail.xhr.statusText;
    announce(feedback);
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.target); });
})();
