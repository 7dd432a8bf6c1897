// Share an invitation link (templates/scoring/people.html): the phone's share sheet where
// there is one, else a copy to the clipboard. Without either the button stays hidden: the
// link is on the page to copy by hand.
(function () {
  "use strict";
  var canShare = !!navigator.share;
  var canCopy = !!(navigator.clipboard && navigator.clipboard.writeText);
  if (!canShare && !canCopy) return;
  /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("button[data-share]")).forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var url = /** @type {string} */ (button.dataset.share);
      if (canShare) {
        navigator.share({ text: button.dataset.shareText, url: url }).catch(function () {});
        return;
      }
      navigator.clipboard.writeText(url).then(function () {
        button.textContent = /** @type {string} */ (button.dataset.copied);
      }, function () {});
    });
  });
})();
