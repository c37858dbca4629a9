/*
 * Page-side probe of `npm run bench:load` (scripts/benchLoad.ts), injected before any page script runs and
 * identical for the app and its baseline. Results live on `window.__bench`; `window.__benchExpectCards`
 * (set by the runner just before this file) is the number of product cards the page should end up holding.
 *
 * - first product: the first <article> (a product card) is in the DOM, then the frame after it is painted
 *   (requestAnimationFrame, then a message: that runs once the frame has been handed to the compositor).
 * - all cards: the DOM holds as many <article> elements as the shop has products (null if it never does,
 *   e.g. a windowed list; maxCards tells how many it held).
 * - long tasks, LCP (and how many candidates there were: a redrawn largest paint is a second one), layout
 *   shifts (CLS, as the page loads) and Event Timing entries from PerformanceObservers registered before the
 *   page's code.
 */
(function () {
  'use strict';
  var expected = window.__benchExpectCards || 0;
  var bench = {
    firstProductInDom: null,
    firstProduct: null,
    allCardsInDom: null,
    allCards: null,
    maxCards: 0,
    lastMutation: 0,
    longTasks: [],
    lastLongTaskEnd: 0,
    lcp: null,
    lcpElement: null,
    events: [],
    clickToNextFrame: null,
    cls: 0,
    lcpCount: 0,
  };
  window.__bench = bench;

  function afterNextFrame(callback) {
    requestAnimationFrame(function () {
      var channel = new MessageChannel();
      channel.port1.onmessage = function () {
        callback(performance.now());
      };
      channel.port2.postMessage(0);
    });
  }
  bench.afterNextFrame = afterNextFrame;

  // A live collection: reading its length is cheap, so each mutation batch costs the probe almost nothing.
  var cards = document.getElementsByTagName('article');
  var observer = new MutationObserver(function () {
    var now = performance.now();
    var count = cards.length;
    bench.lastMutation = now;
    if (count > bench.maxCards) bench.maxCards = count;
    if (count > 0 && bench.firstProductInDom === null) {
      bench.firstProductInDom = now;
      afterNextFrame(function (t) {
        bench.firstProduct = t;
      });
    }
    if (expected > 0 && count >= expected && bench.allCardsInDom === null) {
      bench.allCardsInDom = now;
      afterNextFrame(function (t) {
        bench.allCards = t;
      });
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  bench.stopObserving = function () {
    observer.disconnect();
  };

  function observe(type, options, onEntry) {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(onEntry);
      }).observe(Object.assign({ type: type, buffered: true }, options));
    } catch (error) {
      bench[type + 'Unsupported'] = String(error);
    }
  }
  observe('longtask', {}, function (entry) {
    bench.longTasks.push(entry.duration);
    bench.lastLongTaskEnd = Math.max(bench.lastLongTaskEnd, entry.startTime + entry.duration);
  });
  observe('layout-shift', {}, function (entry) {
    if (!entry.hadRecentInput) bench.cls += entry.value;
  });
  observe('largest-contentful-paint', {}, function (entry) {
    bench.lcpCount += 1;
    bench.lcp = entry.startTime;
    var element = entry.element;
    bench.lcpElement = element ? element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') : null;
  });
  observe('event', { durationThreshold: 16 }, function (entry) {
    if (entry.interactionId)
      bench.events.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId });
  });
})();
