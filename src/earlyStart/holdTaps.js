/*
 * The page's first script (inlined into index.html's body before `#root`; CSP: allowed by its hash): taps
 * on the page before the app has taken it over are held, never lost (issue 34).
 *
 * The host's rendered store shows buttons that do nothing until the app runs. They are there from the first
 * bytes of `#root`, well before the rest of the page has arrived (the big shop's data block alone is 460 KiB),
 * so the listener is in place before any of them is parsed. The first button tapped is kept, says it is busy
 * (index.html's style for `aria-busy`), and is pressed once the app is ready; later taps are dropped, so a
 * double tap never adds twice. Links work as links.
 *
 * - The app hydrates the host's markup: it takes the kept button (`releaseTaps`) and presses it itself
 *   (app/mountApp.tsx).
 * - The app draws the page anew (index.html's loading view, or the host's markup in another language or for a
 *   kiosk): once its first markup has replaced the page's, holding ends, and a kept button is pressed on the
 *   app's same one (`data-tap`, the same in every language and layout), at once or as soon as it is drawn,
 *   unless the customer has pressed or typed something else meanwhile.
 *
 * Written for every browser the app supports, without a build step.
 */
(function (window, document) {
  var early = (window.__earlyStart = window.__earlyStart || {});
  var root = null;
  var replaced = null;

  function inRoot(node) {
    return root !== null && root.contains(node);
  }

  function onClick(event) {
    root = root || document.getElementById('root');
    var button = event.target && event.target.closest ? event.target.closest('button') : null;
    if (!button || !inRoot(button)) return;
    event.preventDefault();
    event.stopPropagation();
    if (early.heldTap) return;
    early.heldTap = button;
    button.setAttribute('aria-busy', 'true');
  }

  document.addEventListener('click', onClick, true);
  early.holdingTaps = true;
  early.releaseTaps = function () {
    if (!early.holdingTaps) return null;
    early.holdingTaps = false;
    if (replaced) replaced.disconnect();
    document.removeEventListener('click', onClick, true);
    var tap = early.heldTap;
    early.heldTap = null;
    return tap;
  };

  /** Presses the app's button named `key` (data-tap) once it is drawn. */
  function pressWhenDrawn(key) {
    if (key === null || !window.CSS || !window.CSS.escape) return;
    var drawn = new MutationObserver(press);
    function stop() {
      drawn.disconnect();
      document.removeEventListener('pointerdown', stop, true);
      document.removeEventListener('keydown', stop, true);
    }
    function press() {
      var button = root.querySelector('[data-tap="' + window.CSS.escape(key) + '"]');
      if (!button) return;
      stop();
      button.click();
    }
    drawn.observe(root, { childList: true, subtree: true });
    document.addEventListener('pointerdown', stop, true);
    document.addEventListener('keydown', stop, true);
    press();
  }

  /** Once the page is parsed (before the app's deferred scripts run): watch for the app replacing it. */
  function watchRoot() {
    root = document.getElementById('root');
    if (!root || !window.MutationObserver || !early.holdingTaps) return;
    var pageMarkup = Array.prototype.slice.call(root.childNodes);
    replaced = new MutationObserver(function () {
      // Emotion moves the markup's styles to <head>: only what is still in #root counts.
      if (pageMarkup.some(inRoot)) return;
      var held = early.releaseTaps();
      if (held) pressWhenDrawn(held.getAttribute('data-tap'));
    });
    replaced.observe(root, { childList: true });
  }

  if (document.readyState === 'loading') {
    document.addEventListener('readystatechange', function parsed() {
      if (document.readyState === 'loading') return;
      document.removeEventListener('readystatechange', parsed);
      watchRoot();
    });
  } else {
    watchRoot();
  }
})(window, document);
