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
 *
 * The runner is told without evaluating anything in the page (which would put Playwright's own scripts on the
 * fresh page's main thread, at 4× CPU, before the early start), through the DevTools bindings the runner adds:
 * `__benchTap` when a tap works (the "+" painted and the app mounted: the button scrolled into view, and its
 * centre, where the runner taps at once) and `__benchLine` when the line is painted. Each call carries this
 * document's time origin, so the runner can ignore the old page.
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

  function tell(binding, details) {
    if (typeof window[binding] !== 'function') return;
    details.origin = performance.timeOrigin;
    window[binding](JSON.stringify(details));
  }

  // The first tap that works as bench:load counts it: the "+" painted and the app mounted.
  var mounted = false;
  var tapTold = false;
  function tapWhenItWorks() {
    if (tapTold || state.plus === null || !mounted) return;
    var buttons = document.getElementsByTagName('button');
    for (var i = 0; i < buttons.length; i += 1) {
      if (buttons[i].getAttribute('aria-label') !== names.plus) continue;
      // Into view first, as Playwright's click scrolls (the Kanelbulle is below the fold), at once.
      buttons[i].scrollIntoView({ block: 'center', behavior: 'instant' });
      var box = buttons[i].getBoundingClientRect();
      tapTold = true;
      tell('__benchTap', { x: box.left + box.width / 2, y: box.top + box.height / 2 });
      return;
    }
  }
  new PerformanceObserver(function (list) {
    if (list.getEntriesByName('storefront:mounted').length === 0) return;
    mounted = true;
    tapWhenItWorks();
  }).observe({ type: 'mark', buffered: true });

  var plusSeen = false;
  var lineSeen = false;
  var observer = new MutationObserver(function () {
    if (!plusSeen && named(document, 'button', names.plus)) {
      plusSeen = true;
      afterNextFrame(function (time) {
        state.plus = time;
        tapWhenItWorks();
      });
    }
    if (!lineSeen && panelHasLine()) {
      lineSeen = true;
      observer.disconnect();
      afterNextFrame(function (time) {
        state.line = time;
        tell('__benchLine', {});
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
