/*
 * Page-side probe of `npm run bench:kiosk-reset` (scripts/benchKioskReset.ts), injected before any page
 * script into every document of the kiosk. `window.__resetNames` (set by the runner just before this file)
 * holds the Swedish names it looks for: the order panel's title, the product's "+" and the panel's line of
 * that product with a count of 1. Results live on `window.__reset`, in ms of this document's clock (0 is its
 * time origin: for the page a reset opens, the moment the old page called location.replace).
 *
 * - plus: a "+" named for the product is in the DOM, then the frame after it is painted (requestAnimationFrame,
 *   then a message, as probe.js times its first product).
 * - click: the first click that reaches the page (capture, at window: before the held-tap script and React).
 * - line: the order panel (an <aside> whose aria-labelledby names the panel's title) holds an element named
 *   for the line, then the frame after it is painted.
 * - lastClickAt: the epoch time (time origin + event time) of the latest click, kept in sessionStorage so the
 *   next document can tell how long the old one took from "Börja om" to location.replace.
 */
(function () {
  'use strict';
  var names = window.__resetNames;
  var state = { plus: null, click: null, line: null, lastClickAt: null };
  window.__reset = state;
  try {
    state.lastClickAt = Number(window.sessionStorage.getItem('bench:lastClickAt')) || null;
  } catch {
    // no storage: the figure is left out
  }

  function afterNextFrame(callback) {
    requestAnimationFrame(function () {
      var channel = new MessageChannel();
      channel.port1.onmessage = function () {
        callback(performance.now());
      };
      channel.port2.postMessage(0);
    });
  }

  function named(root, tag, label) {
    var elements = root.getElementsByTagName(tag);
    for (var i = 0; i < elements.length; i += 1) {
      if (elements[i].getAttribute('aria-label') === label) return true;
    }
    return false;
  }

  function panelHasLine() {
    var asides = document.getElementsByTagName('aside');
    for (var i = 0; i < asides.length; i += 1) {
      var title = document.getElementById(asides[i].getAttribute('aria-labelledby') || '');
      if (title && title.textContent.trim() === names.panel && named(asides[i], '*', names.line)) return true;
    }
    return false;
  }

  var plusSeen = false;
  var lineSeen = false;
  var observer = new MutationObserver(function () {
    if (!plusSeen && named(document, 'button', names.plus)) {
      plusSeen = true;
      afterNextFrame(function (time) {
        state.plus = time;
      });
    }
    if (!lineSeen && panelHasLine()) {
      lineSeen = true;
      observer.disconnect();
      afterNextFrame(function (time) {
        state.line = time;
      });
    }
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });

  window.addEventListener(
    'click',
    function (event) {
      if (state.click === null) state.click = event.timeStamp;
      try {
        window.sessionStorage.setItem('bench:lastClickAt', String(performance.timeOrigin + event.timeStamp));
      } catch {
        // no storage
      }
    },
    true,
  );
})();
