// "Share the night" on the final standings: the text the server wrote (plain, in the
// reader's language) goes to the phone's share sheet (Web Share API), or, where there is
// none, to the clipboard; where neither works, the text is selected to copy by hand.
(function () {
  "use strict";
  var button = document.getElementById("share-night");
  var area = /** @type {HTMLTextAreaElement | null} */ (document.getElementById("night-text"));
  var status = document.getElementById("night-status");
  if (!button || !area || !status) return;
  var shareButton = button;
  var text = area;
  var said = status;
  var words = shareButton.dataset;
  var canShare = typeof navigator.share === "function";

  /** @param {string | undefined} message */
  function say(message) { said.textContent = message || ""; }

  function selectText() {
    text.focus();
    text.select();
    say(words.select);
  }

  function copy() {
    if (!navigator.clipboard || !navigator.clipboard.writeText) {
      selectText();
      return;
    }
    navigator.clipboard.writeText(text.value).then(function () { say(words.copied); }, selectText);
  }

  shareButton.addEventListener("click", function () {
    say("");
    if (!canShare) {
      copy();
      return;
    }
    navigator.share({ text: text.value }).catch(function (error) {
      // Closed without sharing: nothing to say. Refused (no share target): copy instead.
      if (!error || error.name !== "AbortError") copy();
    });
  });
  shareButton.textContent = (canShare ? words.share : words.copy) || shareButton.textContent;
  shareButton.hidden = false;
})();
