// The login cards' Print button: shown only when this script runs, since it needs it.
// (An onclick= attribute would be blocked by the Content-Security-Policy.)
document.querySelectorAll("[data-print]").forEach(function (button) {
  button.hidden = false;
  button.addEventListener("click", function () { window.print(); });
});
