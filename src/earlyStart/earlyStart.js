/*
 * The page's early start (inlined into index.html by webpack.config.ts; CSP: allowed by its hash).
 *
 * A customer arriving at a shop address needs the shop JSON, the cart (session) JSON and their language's
 * texts before anything useful can show. Without this script those requests wait until the scripts have
 * downloaded and run. Here they start while the HTML is still being read, in parallel with the scripts:
 *
 * - GET /api/v2/webshop/{shopId} and GET …/cart (with the address's `table`, when it has a table's shape, and
 *   `tabId`), exactly as the app would send them; the app adopts the answers (src/shared/api/earlyStart.ts),
 *   each once.
 * - the words of the page's loading spinner (`#boot-label`, above this script) in the visitor's language.
 * - a preload of the translations chunk of the visitor's language (found by the app's own rule, given in the
 *   settings: `?lng`, cookie `i18next`, local storage `i18nextLng`, the rendered page's language, the browser's
 *   preferred languages) and of the English fallback.
 * - once the shop JSON is in: preloads of the images of the first four products (the cards a phone shows
 *   first, loaded eagerly by the grid too: EAGER_IMAGES in src/features/shop/ProductBlock.tsx), the first at
 *   high priority, and of the shop's logo, so none of them waits for the grid to render. All four are
 *   candidates for the largest paint: they are drawn at the same size, and whichever is a pixel larger is
 *   the one the browser reports.
 * - then, while the scripts still download (the processor is idle): the Intl data of the locales the first
 *   screen formats with, prices and the visitor's language. A locale's first formatter costs tens of
 *   milliseconds on a slow phone; the app's own formatters then find its data loaded.
 *
 * A page the host rendered (src/ssr) carries its shop in the data block `#rendered-page` and its images in
 * its HTML: then only the cart is requested, and the formatting data is loaded after the first paint.
 *
 * A wrong guess (a path that is no shop) costs one request that nobody adopts. Settings come from the JSON
 * block `#early-start-config` (API base, translation chunk URLs, formatting locales, loading words, the
 * language rule, the paths that are no shop: see settings.ts), so this script's text, and its hash, stay the
 * same from build to build, and what it shares with the app is written once, in the app. Written for every
 * browser the app supports, without a build step.
 */
(function (window, document) {
  // holdTaps.js, before #root, has put the tap holding here.
  var early = (window.__earlyStart = window.__earlyStart || {});
  early.requests = {};
  var configElement = document.getElementById('early-start-config');
  if (!configElement) return;
  var config = JSON.parse(configElement.textContent || '{}');
  // First segments of the app's routes that are no shop's (src/shared/routes.ts).
  var NOT_SHOPS = config.notShops || [];
  // How a visitor names a language (src/shared/i18n/languages.ts): §1's sources, the shape of a code, and
  // which primary subtag names which language.
  var rule = config.language || {};

  function preload(href, as, high) {
    var link = document.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', as);
    link.setAttribute('href', href);
    if (high) link.setAttribute('fetchpriority', 'high');
    document.head.appendChild(link);
  }

  function storedLanguage() {
    try {
      return window.localStorage.getItem(rule.storage);
    } catch {
      return null; // storage refused (some private modes)
    }
  }

  function cookieLanguage() {
    var match = new RegExp(rule.cookie).exec(document.cookie);
    try {
      return match && match[1] ? decodeURIComponent(match[1]) : null;
    } catch {
      return null; // not valid percent-encoding
    }
  }

  // As parseLanguage: a tag, trimmed and lower-cased, whose primary subtag is one of the aliases.
  function parseLanguage(code) {
    var aliases = rule.aliases || {};
    var match = typeof code === 'string' && new RegExp(rule.tag).exec(code.trim().toLowerCase());
    return match && Object.prototype.hasOwnProperty.call(aliases, match[1]) ? aliases[match[1]] : null;
  }

  // As preferredLanguage: the first browser tag that names one of ours, Northern Sami's subtag aside.
  function preferredLanguage(tags) {
    for (var i = 0; i < tags.length; i++) {
      var lng = parseLanguage(tags[i]);
      if (lng && new RegExp(rule.tag).exec(tags[i].trim().toLowerCase())[1] !== rule.sami) return lng;
    }
    return null;
  }

  // As visitorLanguageOf: §1's sources, then the language the host rendered this page in (its <html lang>),
  // then the browser's preferred languages, then English.
  function language() {
    var sources = [
      new URLSearchParams(window.location.search).get(rule.query),
      cookieLanguage(),
      storedLanguage(),
    ];
    for (var i = 0; i < sources.length; i++) {
      var lng = parseLanguage(sources[i]);
      if (lng) return lng;
    }
    if (document.getElementById('rendered-page')) {
      var rendered = parseLanguage(document.documentElement.getAttribute('lang'));
      if (rendered) return rendered;
    }
    var navigator = window.navigator || {};
    var preferred = preferredLanguage(
      navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language],
    );
    return preferred || rule.fallback;
  }

  /** The products whose images a phone shows first (the grid's EAGER_IMAGES). */
  var FIRST_SCREEN_IMAGES = 4;

  var chunks = config.translations || {};
  var lng = language();
  if (chunks[lng]) preload(chunks[lng], 'script');
  if (lng !== rule.fallback && chunks[rule.fallback]) preload(chunks[rule.fallback], 'script');

  function loadFormattingData() {
    var locales = config.locales || {};
    try {
      if (locales.money)
        new Intl.NumberFormat(locales.money, { style: 'currency', currency: 'SEK' }).format(0);
      if (locales[lng]) new Intl.DateTimeFormat(locales[lng], { weekday: 'long' }).format(0);
    } catch {
      // Only a head start: the app formats without it.
    }
  }

  var segments = window.location.pathname.split('/');
  // '/{shopId}' and '/{shopId}/…': the shop layout's routes.
  var shopSegment = segments[1];
  var atShop = Boolean(shopSegment) && NOT_SHOPS.indexOf(shopSegment) === -1;

  // The spinner index.html shows until the app draws, in the visitor's words (its text is English before).
  var label = document.getElementById('boot-label');
  var words = config.loading && config.loading[lng];
  if (label && words) {
    label.setAttribute('lang', words.lang);
    label.textContent = atShop ? words.shop : words.other;
  }

  if (!atShop) return;
  var shopId;
  try {
    shopId = decodeURIComponent(shopSegment);
  } catch {
    return; // a malformed address: the app answers it
  }
  if (shopId === '.' || shopId === '..') return;

  function get(path) {
    var url = (config.apiBaseUrl || '').replace(/\/+$/, '') + path;
    early.requests[url] = window.fetch(url, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    return early.requests[url];
  }

  var shopPath = '/api/v2/webshop/' + encodeURIComponent(shopId);
  var query = new URLSearchParams();
  var search = new URLSearchParams(window.location.search);
  // As sessionLoadRequested (src/shared/events.ts): a table is sent trimmed, and only with a table's shape (§5).
  var table = (search.get('table') || '').trim();
  if (new RegExp(config.orderReference).test(table)) query.append('table', table);
  var tabId = search.get('tabId');
  if (tabId) query.append('tabId', tabId);
  var queryText = query.toString();
  // The host rendered the store with its shop (src/ssr): the page carries the shop and its images are in the
  // HTML already. The cart, and the formatting data once the rendered page has painted.
  var rendered = document.getElementById('rendered-page');
  var shop = rendered ? null : get(shopPath);
  get(shopPath + '/cart' + (queryText ? '?' + queryText : ''));
  if (!shop) {
    window.requestAnimationFrame(function () {
      window.setTimeout(loadFormattingData, 0);
    });
    return;
  }

  function safeImage(url) {
    return typeof url === 'string' && /^(https?:\/\/|\/(?!\/))/i.test(url) ? url : null;
  }

  shop
    .then(function (response) {
      return response.ok ? response.clone().json() : null;
    })
    .then(function (data) {
      if (!data || !data.shop || !data.company) return;
      var logo = safeImage(data.company.logo);
      if (logo) preload(logo, 'image', false);
      if (data.shop.displayType === 'NO_IMAGE') return;
      var products = [];
      (data.categories || []).forEach(function (category) {
        (category.sortedProducts || []).forEach(function (id) {
          var product = data.articles && data.articles[id];
          if (product && products.length < FIRST_SCREEN_IMAGES) products.push(product);
        });
      });
      products.forEach(function (product, index) {
        var image = safeImage(product.image);
        if (image) preload(image, 'image', index === 0);
      });
    })
    .then(loadFormattingData)
    .catch(function () {
      // The app makes its own requests and shows its own errors.
    });
})(window, document);
