/**
 * A Stripe.js test double, served only by the demo server at /demo/stripe/v3.js (never bundled into the SPA).
 * `@stripe/stripe-js` reuses an existing `window.Stripe`, so with this script on the page no request leaves
 * the machine. It mounts a real, labelled card-number input and confirms against /demo/stripe/confirm with
 * Stripe's test cards. Like real Stripe.js, confirmPayment/confirmCardPayment handle a 3-D Secure step
 * themselves (an in-page dialog with Complete and Fail, in the page's language: issue 39) unless `handleActions: false` is passed; a second
 * confirm or handleNextAction on an intent that still requires action opens the same dialog.
 *
 * It also offers Stripe's Express Checkout Element (`elements.create('expressCheckout')`): one Apple Pay or
 * Google Pay button when the demo session has a wallet (cookie `demo_wallet`, or `?demoWallet=` on the page,
 * see walletSetting.ts), and a wallet sheet (an in-page dialog with Approve, Decline and Cancel). Approve and
 * Decline emit `confirm`; the following confirmPayment on that Elements group confirms with Stripe's test card
 * 4242 4242 4242 4242 (Approve) or 4000 0000 0000 0002 (Decline) against the same /demo/stripe/confirm.
 * Nothing waits on a timer: a click handler may take as long as it likes to resolve or reject.
 *
 * Kept as plain ES2017 in a string: it runs in the browser as is, without a build step.
 */

/** `version` must match the release train the installed @stripe/stripe-js expects, or it warns on pk_test keys. */
const STRIPE_DOUBLE_VERSION = 'endive';

export const STRIPE_JS_DOUBLE = String.raw`/* Stripe.js test double of the demo API. Not Stripe. */
(function () {
  'use strict';
  if (window.Stripe && window.Stripe.__demoDouble) return;

  var TEXTS = {
    sv: { label: 'Kortnummer', incomplete: 'Kortnumret är ofullständigt.', invalid: 'Kortnumret är ogiltigt.',
          hint: 'Testkort: 4242 4242 4242 4242 (godkänns), 4000 0000 0000 0002 (nekas), 4000 0025 0000 3155 (3D Secure)',
          title: '3D Secure – testverifiering', body: 'Detta är Stripes testläge. Välj om verifieringen ska lyckas eller misslyckas.',
          complete: 'Godkänn verifieringen', fail: 'Låt verifieringen misslyckas',
          payWith: 'Betala med {w}', payTo: 'Mottagare', total: 'Att betala', processing: 'Betalningen behandlas…',
          approve: 'Godkänn', decline: 'Neka', cancel: 'Avbryt',
          walletNote: 'Testplånbok i demon, inga pengar dras. Godkänn: betalningen går igenom. Neka: banken nekar kortet. Avbryt: ingen betalning.' },
    fi: { label: 'Kortin numero', incomplete: 'Kortin numero on puutteellinen.', invalid: 'Kortin numero on virheellinen.',
          hint: 'Testikortti: 4242 4242 4242 4242 (hyväksytään), 4000 0000 0000 0002 (hylätään), 4000 0025 0000 3155 (3D Secure)',
          title: '3D Secure – testitunnistus', body: 'Tämä on Stripen testitila. Valitse onnistuuko tunnistus.',
          complete: 'Hyväksy tunnistus', fail: 'Hylkää tunnistus',
          payWith: 'Maksa {w}lla', payTo: 'Maksunsaaja', total: 'Maksettava', processing: 'Maksua käsitellään…',
          approve: 'Hyväksy', decline: 'Hylkää', cancel: 'Peruuta',
          walletNote: 'Demon testilompakko, rahaa ei veloiteta. Hyväksy: maksu menee läpi. Hylkää: pankki hylkää kortin. Peruuta: ei maksua.' },
    en: { label: 'Card number', incomplete: 'Your card number is incomplete.', invalid: 'Your card number is invalid.',
          hint: 'Test cards: 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined), 4000 0025 0000 3155 (3D Secure)',
          title: '3D Secure test authentication', body: 'This is Stripe test mode. Choose whether the authentication succeeds.',
          complete: 'Complete', fail: 'Fail',
          payWith: 'Pay with {w}', payTo: 'Pay to', total: 'Total', processing: 'Processing payment…',
          approve: 'Approve', decline: 'Decline', cancel: 'Cancel',
          walletNote: 'Demo test wallet, no money is charged. Approve: the payment goes through. Decline: the bank declines the card. Cancel: stop.' }
  };
  // The wallet sheet's outcomes and the Stripe test card each one confirms with.
  var WALLET_CARDS = { approve: '4242424242424242', decline: '4000000000000002' };
  var WALLETS = {
    applePay: { name: 'Apple Pay', type: 'apple_pay' },
    googlePay: { name: 'Google Pay', type: 'google_pay' }
  };
  var TEST_PAYMENT_METHODS = {
    pm_card_visa: '4242424242424242',
    pm_card_mastercard: '5555555555554444',
    pm_card_visa_chargeDeclined: '4000000000000002',
    pm_card_chargeDeclined: '4000000000000002',
    pm_card_authenticationRequired: '4000002500003155',
    pm_card_threeDSecure2Required: '4000000000003220'
  };
  var createdPaymentMethods = {};
  var uid = 0;

  function pickLang(locale) {
    var l = String(locale && locale !== 'auto' ? locale : (document.documentElement.lang || navigator.language || 'en')).toLowerCase();
    if (l.indexOf('sv') === 0 || l.indexOf('se') === 0) return 'sv';
    if (l.indexOf('fi') === 0) return 'fi';
    return 'en';
  }
  function digitsOf(value) { return String(value || '').replace(/[\s-]/g, ''); }
  function luhn(d) {
    if (!/^\d{12,19}$/.test(d)) return false;
    var sum = 0, dbl = false;
    for (var i = d.length - 1; i >= 0; i--) {
      var n = d.charCodeAt(i) - 48;
      if (dbl) { n *= 2; if (n > 9) n -= 9; }
      sum += n; dbl = !dbl;
    }
    return sum % 10 === 0;
  }
  function brand(d) {
    if (/^4/.test(d)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(d)) return 'mastercard';
    if (/^3[47]/.test(d)) return 'amex';
    return 'unknown';
  }
  function randomId(prefix) { return prefix + Math.random().toString(36).slice(2, 12) + Date.now().toString(36); }
  function safeCall(fn, payload) { try { fn(payload); } catch (e) { setTimeout(function () { throw e; }, 0); } }

  function post(path, body) {
    return fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (res) {
        return res.json().catch(function () { return {}; }).then(function (json) {
          if (json && (json.paymentIntent || json.error)) return json;
          return { error: { type: 'api_error', message: (json && (json.message || json.name)) || ('HTTP ' + res.status) } };
        });
      }, function () { return { error: { type: 'api_connection_error', message: 'Could not reach the payment service.' } }; });
  }

  // ------------------------------------------------------------------ elements
  function Element(group, type, options) {
    this.type = type; this._group = group; this._options = options || {};
    this._handlers = {}; this._root = null; this._input = null; this._error = null; this._value = ''; this._destroyed = false;
  }
  Element.prototype.on = function (event, handler) { (this._handlers[event] = this._handlers[event] || []).push(handler); return this; };
  Element.prototype.addEventListener = Element.prototype.on;
  Element.prototype.once = function (event, handler) {
    var self = this;
    function wrapper(p) { self.off(event, wrapper); handler(p); }
    return this.on(event, wrapper);
  };
  Element.prototype.off = function (event, handler) {
    if (!handler) { delete this._handlers[event]; return this; }
    this._handlers[event] = (this._handlers[event] || []).filter(function (h) { return h !== handler; });
    return this;
  };
  Element.prototype.removeEventListener = Element.prototype.off;
  Element.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (h) { safeCall(h, payload); });
  };
  Element.prototype._number = function () { return digitsOf(this._input ? this._input.value : this._value); };
  Element.prototype._state = function () {
    var d = this._number();
    return { elementType: this.type, empty: d.length === 0, complete: luhn(d), brand: brand(d), value: { postalCode: '' }, error: undefined };
  };
  Element.prototype._validate = function () {
    var d = this._number(), t = TEXTS[this._group._lang];
    var error = d.length === 0 || d.length < 12 ? { type: 'validation_error', code: 'incomplete_number', message: t.incomplete }
      : !luhn(d) ? { type: 'validation_error', code: 'invalid_number', message: t.invalid } : null;
    this._showError(error ? error.message : '');
    return error;
  };
  Element.prototype._showError = function (message) {
    if (!this._error) return;
    this._error.textContent = message;
    this._input.setAttribute('aria-invalid', message ? 'true' : 'false');
  };
  Element.prototype.mount = function (target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node) throw new Error('Stripe (demo): mount target not found');
    if (this._root) this.unmount();
    var self = this, t = TEXTS[this._group._lang], id = 'demo-stripe-card-' + (++uid);
    var root = document.createElement('div');
    root.className = 'DemoStripeElement';
    root.setAttribute('data-demo-stripe', this.type);
    var label = document.createElement('label');
    label.setAttribute('for', id);
    label.textContent = t.label;
    label.style.cssText = 'display:block;font-size:.9em;margin-bottom:4px';
    var input = document.createElement('input');
    input.id = id; input.name = 'cardnumber'; input.type = 'text'; input.inputMode = 'numeric';
    input.autocomplete = 'cc-number'; input.placeholder = '1234 1234 1234 1234'; input.maxLength = 23;
    input.value = this._value;
    input.setAttribute('aria-describedby', id + '-hint ' + id + '-error');
    input.setAttribute('aria-invalid', 'false');
    input.style.cssText = 'box-sizing:border-box;width:100%;font:inherit;font-size:16px;padding:10px;border:1px solid #8a8a8a;border-radius:6px;background:#fff;color:#1b1b1b';
    var hint = document.createElement('div');
    hint.id = id + '-hint'; hint.textContent = t.hint;
    hint.style.cssText = 'font-size:.8em;color:#555;margin-top:4px';
    var error = document.createElement('div');
    error.id = id + '-error'; error.setAttribute('role', 'alert');
    error.style.cssText = 'color:#b00020;min-height:1.2em;font-size:.9em';
    input.addEventListener('input', function () {
      var d = digitsOf(input.value).replace(/\D/g, '').slice(0, 19);
      input.value = d.replace(/(\d{4})(?=\d)/g, '$1 ');
      self._value = input.value;
      self._showError('');
      self._emit('change', self._state());
    });
    input.addEventListener('focus', function () { self._emit('focus', { elementType: self.type }); });
    input.addEventListener('blur', function () {
      var s = self._state();
      if (!s.empty && !s.complete) self._validate();
      self._emit('blur', { elementType: self.type });
    });
    input.addEventListener('keydown', function (e) { if (e.key === 'Escape') self._emit('escape', { elementType: self.type }); });
    root.appendChild(label); root.appendChild(input); root.appendChild(hint); root.appendChild(error);
    node.appendChild(root);
    this._root = root; this._input = input; this._error = error;
    setTimeout(function () { self._emit('ready', { elementType: self.type }); }, 0);
  };
  Element.prototype.unmount = function () {
    if (this._root && this._root.parentNode) this._root.parentNode.removeChild(this._root);
    this._root = null; this._input = null; this._error = null;
  };
  Element.prototype.destroy = function () {
    this.unmount(); this._destroyed = true; this._handlers = {};
    var list = this._group._elements, i = list.indexOf(this);
    if (i >= 0) list.splice(i, 1);
  };
  Element.prototype.update = function (options) { for (var k in options) this._options[k] = options[k]; };
  Element.prototype.focus = function () { if (this._input) this._input.focus(); };
  Element.prototype.blur = function () { if (this._input) this._input.blur(); };
  Element.prototype.clear = function () { this._value = ''; if (this._input) this._input.value = ''; this._emit('change', this._state()); };
  Element.prototype.collapse = function () {};

  // ------------------------------------------------------------------ express checkout element (wallets)
  /** The demo session's wallet: ?demoWallet= on the page wins over the cookie demo_wallet; else none. */
  function sessionWallet() {
    var valid = { applePay: true, googlePay: true, none: true };
    try {
      var q = new URLSearchParams(location.search).get('demoWallet');
      if (q && valid[q] === true) return q;
    } catch (e) { /* no query */ }
    var parts = String(document.cookie || '').split(';');
    for (var i = 0; i < parts.length; i++) {
      var eq = parts[i].indexOf('=');
      if (eq > 0 && parts[i].slice(0, eq).trim() === 'demo_wallet') {
        var v = parts[i].slice(eq + 1).trim();
        return valid[v] === true ? v : 'none';
      }
    }
    return 'none';
  }
  function walletAllowed(options, key) {
    var pm = options.paymentMethods || {}, legacy = options.wallets || {};
    return pm[key] !== 'never' && legacy[key] !== 'never';
  }
  function availableWallets(options) {
    var wallet = sessionWallet();
    return {
      applePay: wallet === 'applePay' && walletAllowed(options, 'applePay'),
      googlePay: wallet === 'googlePay' && walletAllowed(options, 'googlePay'),
      link: false, paypal: false, amazonPay: false, klarna: false
    };
  }
  function buttonHeight(options) {
    var h = Number(options.buttonHeight);
    return isFinite(h) && h > 0 ? Math.max(44, Math.round(h)) : 48;
  }
  var openSheets = [];

  function ExpressElement(group, options) {
    this.type = 'expressCheckout'; this._group = group; this._options = {};
    for (var k in options || {}) this._options[k] = options[k];
    this._handlers = {}; this._root = null; this._button = null; this._wallet = null;
    this._readyEvent = null; this._mounts = 0; this._mounted = false; this._click = null; this._sheet = null; this._destroyed = false;
  }
  ExpressElement.prototype.once = Element.prototype.once;
  ExpressElement.prototype.off = Element.prototype.off;
  ExpressElement.prototype.removeEventListener = Element.prototype.off;
  ExpressElement.prototype._emit = Element.prototype._emit;
  /** Like Element's, but 'ready' is sticky: a handler attached after the element became ready gets it too. */
  ExpressElement.prototype.on = function (event, handler) {
    Element.prototype.on.call(this, event, handler);
    var self = this, ready = this._readyEvent;
    if (event === 'ready' && ready) {
      setTimeout(function () {
        if (self._readyEvent === ready && (self._handlers.ready || []).indexOf(handler) >= 0) safeCall(handler, ready);
      }, 0);
    }
    return this;
  };
  ExpressElement.prototype.addEventListener = ExpressElement.prototype.on;
  ExpressElement.prototype.mount = function (target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node) throw new Error('Stripe (demo): mount target not found');
    if (this._mounted) this.unmount();
    var self = this, available = availableWallets(this._options);
    var key = available.applePay ? 'applePay' : available.googlePay ? 'googlePay' : null;
    this._wallet = key ? WALLETS[key] : null;
    this._mounted = true;
    if (key) {
      var t = TEXTS[this._group._lang], wallet = WALLETS[key];
      var root = document.createElement('div');
      root.className = 'DemoStripeElement';
      root.setAttribute('data-demo-stripe', 'expressCheckout');
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = wallet.name;
      button.setAttribute('aria-label', t.payWith.replace('{w}', wallet.name));
      button.setAttribute('data-wallet', key);
      button.style.cssText = 'display:block;box-sizing:border-box;width:100%;min-height:44px;margin:0;padding:0 16px;border:0;border-radius:6px;' +
        'background:#000;color:#fff;font:600 18px/1.2 system-ui,-apple-system,sans-serif;cursor:pointer;outline-offset:2px;height:' + buttonHeight(this._options) + 'px';
      button.addEventListener('click', function () { self._tap(); });
      button.addEventListener('focus', function () { self._emit('focus', { elementType: 'expressCheckout' }); });
      button.addEventListener('blur', function () { self._emit('blur', { elementType: 'expressCheckout' }); });
      button.addEventListener('keydown', function (e) { if (e.key === 'Escape') self._emit('escape', { elementType: 'expressCheckout' }); });
      root.appendChild(button);
      node.appendChild(root);
      this._root = root; this._button = button;
    }
    var event = { elementType: 'expressCheckout', availablePaymentMethods: key ? available : undefined };
    var mountNo = ++this._mounts;
    this._readyEvent = null;
    setTimeout(function () {
      if (self._destroyed || !self._mounted || self._mounts !== mountNo) return;
      self._readyEvent = event;
      self._emit('ready', event);
    }, 0);
  };
  /** A tap on the wallet button: 'click' (resolve opens the sheet, reject does not), or the sheet at once. */
  ExpressElement.prototype._tap = function () {
    if (!this._wallet || this._sheet || (this._group._wallet && this._group._wallet.outcome)) return;
    var self = this, wallet = this._wallet, token = {};
    if (!(this._handlers.click || []).length) { openSheet(this, wallet, {}); return; }
    this._click = token;
    function settle() {
      if (self._click !== token || self._destroyed || !self._root) return false;
      self._click = null;
      return true;
    }
    this._emit('click', {
      elementType: 'expressCheckout',
      expressPaymentType: wallet.type,
      resolve: function (details) { if (settle()) openSheet(self, wallet, details || {}); },
      reject: function () { settle(); }
    });
  };
  ExpressElement.prototype._forget = function () {
    this._click = null;
    if (this._sheet) this._sheet.close(false);
    if (this._group._wallet && this._group._wallet.element === this) this._group._wallet = null;
  };
  ExpressElement.prototype.unmount = function () {
    this._forget();
    if (this._root && this._root.parentNode) this._root.parentNode.removeChild(this._root);
    this._root = null; this._button = null; this._mounted = false; this._readyEvent = null;
  };
  ExpressElement.prototype.destroy = function () {
    this.unmount(); this._destroyed = true; this._handlers = {};
    var list = this._group._elements, i = list.indexOf(this);
    if (i >= 0) list.splice(i, 1);
  };
  ExpressElement.prototype.update = function (options) {
    for (var k in options) this._options[k] = options[k];
    if (this._button) this._button.style.height = buttonHeight(this._options) + 'px';
    return this;
  };
  ExpressElement.prototype.focus = function () { if (this._button) this._button.focus(); };
  ExpressElement.prototype.blur = function () { if (this._button) this._button.blur(); };
  ExpressElement.prototype.clear = function () {};
  ExpressElement.prototype.collapse = function () {};

  /**
   * The wallet sheet: merchant, the Elements group's amount now, Approve / Decline / Cancel. Approve and Decline
   * keep it open (busy) until confirmPayment has an answer or the integration calls paymentFailed.
   */
  function openSheet(element, wallet, details) {
    var group = element._group, lang = group._lang, t = TEXTS[lang], id = 'demo-stripe-wallet-' + (++uid);
    var merchant = (details.business && details.business.name) ||
      (element._options.business && element._options.business.name) || location.hostname;
    var amount = formatAmount(group._options, lang);
    var previous = document.activeElement;
    var overlay = document.createElement('div');
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.55);display:flex;align-items:flex-end;justify-content:center;z-index:2147483647;padding:16px';
    var dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog'); dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', id + '-title'); dialog.setAttribute('aria-describedby', id + '-merchant ' + id + '-amount');
    dialog.setAttribute('data-demo-stripe', 'walletSheet'); dialog.setAttribute('lang', lang);
    dialog.tabIndex = -1;
    dialog.style.cssText = 'background:#fff;color:#1b1b1b;border-radius:12px;max-width:420px;width:100%;padding:20px;font:16px/1.5 system-ui,sans-serif;box-shadow:0 10px 40px rgba(0,0,0,.3);outline:none';
    var title = document.createElement('h2');
    title.id = id + '-title'; title.textContent = wallet.name + ' (demo)'; title.style.cssText = 'margin:0 0 8px;font-size:1.2em';
    function row(suffix, label, value, kind) {
      var p = document.createElement('p');
      p.id = id + '-' + suffix; p.style.cssText = 'margin:4px 0;display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap';
      var l = document.createElement('span'); l.textContent = label;
      var v = document.createElement('strong'); v.textContent = value; v.setAttribute('data-demo-stripe', kind);
      p.appendChild(l); p.appendChild(v);
      return p;
    }
    var note = document.createElement('p');
    note.textContent = t.walletNote; note.style.cssText = 'font-size:.85em;color:#444;margin:12px 0 0';
    var status = document.createElement('p');
    status.setAttribute('role', 'status'); status.style.cssText = 'min-height:1.5em;margin:8px 0 0;font-weight:600';
    var buttons = document.createElement('div');
    buttons.style.cssText = 'display:flex;gap:8px;flex-wrap:wrap;margin-top:8px';
    function button(text, background, color, border, onClick) {
      var b = document.createElement('button');
      b.type = 'button'; b.textContent = text;
      b.style.cssText = 'font:inherit;min-height:48px;padding:8px 18px;border-radius:8px;cursor:pointer;flex:1 1 auto;background:' + background + ';color:' + color + ';border:2px solid ' + border;
      b.addEventListener('click', onClick);
      return b;
    }
    var approve = button(t.approve, '#1b6e3a', '#fff', '#1b6e3a', function () { choose('approve'); });
    var decline = button(t.decline, '#a3261b', '#fff', '#a3261b', function () { choose('decline'); });
    var cancel = button(t.cancel, '#fff', '#1b1b1b', '#595959', function () { onCancel(); });
    var all = [approve, decline, cancel];
    all.forEach(function (b) { buttons.appendChild(b); });
    dialog.appendChild(title);
    dialog.appendChild(row('merchant', t.payTo, merchant, 'merchant'));
    if (amount) dialog.appendChild(row('amount', t.total, amount, 'amount'));
    dialog.appendChild(note); dialog.appendChild(status); dialog.appendChild(buttons);
    overlay.appendChild(dialog);

    var busy = false, closed = false;
    var sheet = {
      element: element,
      close: function (restoreFocus) {
        if (closed) return;
        closed = true;
        document.removeEventListener('keydown', onKey, true);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        var i = openSheets.indexOf(sheet);
        if (i >= 0) openSheets.splice(i, 1);
        if (element._sheet === sheet) element._sheet = null;
        if (restoreFocus !== false && previous && previous.focus && document.contains(previous)) previous.focus();
      }
    };
    function onKey(e) {
      if (e.key === 'Escape') { e.preventDefault(); if (!busy) onCancel(); return; }
      if (e.key !== 'Tab') return;
      var focusable = all.filter(function (b) { return !b.disabled; });
      if (!focusable.length) { e.preventDefault(); dialog.focus(); return; }
      var i = focusable.indexOf(document.activeElement);
      if (e.shiftKey ? i <= 0 : i === focusable.length - 1 || i < 0) {
        e.preventDefault();
        focusable[e.shiftKey ? focusable.length - 1 : 0].focus();
      }
    }
    function onCancel() {
      if (busy || closed) return;
      sheet.close();
      element._emit('cancel', { elementType: 'expressCheckout' });
    }
    function choose(outcome) {
      if (busy || closed) return;
      busy = true;
      all.forEach(function (b) { b.disabled = true; b.style.cursor = 'default'; b.style.opacity = '.6'; });
      dialog.setAttribute('aria-busy', 'true');
      status.textContent = t.processing;
      dialog.focus();
      var record = { outcome: outcome, sheet: sheet, element: element, expressPaymentType: wallet.type };
      group._wallet = record;
      element._emit('confirm', {
        elementType: 'expressCheckout',
        expressPaymentType: wallet.type,
        billingDetails: { name: 'Demo Wallet', email: 'wallet@example.com' },
        paymentFailed: function () {
          if (group._wallet === record) group._wallet = null;
          sheet.close();
        }
      });
    }
    element._sheet = sheet;
    openSheets.push(sheet);
    document.addEventListener('keydown', onKey, true);
    document.body.appendChild(overlay);
    approve.focus();
    return sheet;
  }
  // Leaving the page (or putting it in the back/forward cache) takes an open sheet and its outcome with it.
  window.addEventListener('pagehide', function () {
    openSheets.slice().forEach(function (sheet) { sheet.element._forget(); });
  });
  /** Ends a wallet payment that confirmPayment has answered: the sheet closes, the outcome is forgotten. */
  function finishWallet(elements, record) {
    if (elements._wallet === record) elements._wallet = null;
    record.sheet.close();
  }

  function Elements(stripe, options) {
    this._stripe = stripe; this._options = options || {}; this._elements = [];
    this._lang = pickLang(this._options.locale || stripe._locale);
  }
  Elements.prototype.create = function (type, options) {
    var el = type === 'expressCheckout' ? new ExpressElement(this, options) : new Element(this, type, options);
    this._elements.push(el);
    return el;
  };
  Elements.prototype.getElement = function (type) {
    var list = this._elements;
    for (var i = 0; i < list.length; i++) if (typeof type !== 'string' || list[i].type === type) return list[i];
    return null;
  };
  Elements.prototype.update = function (options) {
    for (var k in options) this._options[k] = options[k];
    if (options && options.locale) this._lang = pickLang(options.locale);
  };
  Elements.prototype.fetchUpdates = function () { return Promise.resolve({}); };
  Elements.prototype.on = function () { return this; };
  /** The group's card-like element (card or payment): never an express checkout element. */
  Elements.prototype._card = function () {
    var list = this._elements;
    for (var i = 0; i < list.length; i++) if (list[i].type === 'card' || list[i].type === 'payment') return list[i];
    return null;
  };
  Elements.prototype.submit = function () {
    if (this._wallet && this._wallet.outcome) return Promise.resolve({}); // the wallet collected the card
    var card = this._card(), t = TEXTS[this._lang];
    if (!card) return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: t.incomplete } });
    var error = card._validate();
    return Promise.resolve(error ? { error: error } : {});
  };

  // ------------------------------------------------------------------ 3-D Secure dialog
  function formatAmount(intent, lang) {
    if (!intent || typeof intent.amount !== 'number') return '';
    try {
      return new Intl.NumberFormat(lang === 'en' ? 'en-GB' : lang === 'fi' ? 'fi-FI' : 'sv-SE',
        { style: 'currency', currency: String(intent.currency || 'sek').toUpperCase() }).format(intent.amount / 100);
    } catch (e) { return ''; }
  }
  function authenticate(lang, clientSecret, intent) {
    // The step speaks the page's language as it is now (the customer may have changed it since Stripe loaded).
    if (document.documentElement.lang) lang = pickLang(document.documentElement.lang);
    return new Promise(function (resolve) {
      var t = TEXTS[lang], id = 'demo-stripe-3ds-' + (++uid);
      var previous = document.activeElement;
      var overlay = document.createElement('div');
      overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;z-index:2147483647;padding:16px';
      var dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog'); dialog.setAttribute('aria-modal', 'true'); dialog.setAttribute('lang', lang);
      dialog.setAttribute('aria-labelledby', id + '-title'); dialog.setAttribute('aria-describedby', id + '-body');
      dialog.style.cssText = 'background:#fff;color:#1b1b1b;border-radius:10px;max-width:420px;width:100%;padding:20px;font:16px/1.5 system-ui,sans-serif;box-shadow:0 10px 40px rgba(0,0,0,.3)';
      var title = document.createElement('h2');
      title.id = id + '-title'; title.textContent = t.title; title.style.cssText = 'margin:0 0 8px;font-size:1.2em';
      var body = document.createElement('p');
      body.id = id + '-body'; body.textContent = t.body + ' ' + formatAmount(intent, lang);
      var buttons = document.createElement('div');
      buttons.style.cssText = 'display:flex;gap:8px;flex-wrap:wrap;margin-top:12px';
      function button(text, color, outcome) {
        var b = document.createElement('button');
        b.type = 'button'; b.textContent = text;
        b.style.cssText = 'font:inherit;min-height:44px;padding:8px 18px;border-radius:6px;border:0;color:#fff;cursor:pointer;background:' + color;
        b.addEventListener('click', function () { finish(outcome); });
        return b;
      }
      var complete = button(t.complete, '#1b6e3a', 'complete');
      var fail = button(t.fail, '#a3261b', 'fail');
      buttons.appendChild(complete); buttons.appendChild(fail);
      dialog.appendChild(title); dialog.appendChild(body); dialog.appendChild(buttons);
      overlay.appendChild(dialog);
      var done = false;
      function onKey(e) { if (e.key === 'Escape') finish('fail'); }
      function finish(outcome) {
        if (done) return;
        done = true;
        document.removeEventListener('keydown', onKey, true);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        if (previous && previous.focus) previous.focus();
        resolve(post('/demo/stripe/authenticate', { clientSecret: clientSecret, outcome: outcome }));
      }
      document.addEventListener('keydown', onKey, true);
      document.body.appendChild(overlay);
      complete.focus();
    });
  }

  // ------------------------------------------------------------------ Stripe
  function Stripe(publishableKey, options) {
    if (!(this instanceof Stripe)) return new Stripe(publishableKey, options);
    if (typeof publishableKey !== 'string' || publishableKey === '') throw new Error('Stripe (demo): a publishable key is required');
    this._key = publishableKey; this._options = options || {};
    this._locale = this._options.locale; this._lang = pickLang(this._locale);
  }
  Stripe.prototype.elements = function (options) { return new Elements(this, options); };
  Stripe.prototype._confirm = function (clientSecret, number, handleActions) {
    var lang = this._lang;
    if (!clientSecret) return Promise.resolve({ error: { type: 'invalid_request_error', code: 'missing_client_secret', message: 'A client secret is required.' } });
    return post('/demo/stripe/confirm', { clientSecret: clientSecret, cardNumber: number }).then(function (result) {
      if (handleActions && result.paymentIntent && result.paymentIntent.status === 'requires_action') {
        return authenticate(lang, clientSecret, result.paymentIntent);
      }
      return result;
    });
  };
  Stripe.prototype.confirmPayment = function (args) {
    args = args || {};
    var elements = args.elements, clientSecret = args.clientSecret || (elements && elements._options.clientSecret);
    // A wallet outcome chosen in the sheet pays with its test card; otherwise the group's card element does.
    var wallet = elements && elements._wallet && elements._wallet.outcome ? elements._wallet : null;
    var card = elements && !wallet ? elements._card() : null;
    if (card) { var error = card._validate(); if (error) return Promise.resolve({ error: error }); }
    var number = wallet ? WALLET_CARDS[wallet.outcome] : card ? card._number() : '';
    return this._confirm(clientSecret, number, args.handleActions !== false).then(function (result) {
      if (wallet) finishWallet(elements, wallet);
      var ret = args.confirmParams && args.confirmParams.return_url;
      if (result.paymentIntent && result.paymentIntent.status === 'succeeded' && args.redirect !== 'if_required' && ret) {
        var url = new URL(ret, location.href);
        url.searchParams.set('payment_intent', result.paymentIntent.id);
        url.searchParams.set('payment_intent_client_secret', clientSecret);
        url.searchParams.set('redirect_status', 'succeeded');
        location.assign(url.toString());
        return new Promise(function () {}); // like Stripe.js: the page is navigating away
      }
      return result;
    });
  };
  Stripe.prototype.confirmCardPayment = function (clientSecret, data, options) {
    var pm = data && data.payment_method, number = '';
    if (typeof pm === 'string') number = TEST_PAYMENT_METHODS[pm] || createdPaymentMethods[pm] || '';
    else if (pm && pm.card && typeof pm.card._number === 'function') {
      var error = pm.card._validate();
      if (error) return Promise.resolve({ error: error });
      number = pm.card._number();
    }
    return this._confirm(clientSecret, number, !(options && options.handleActions === false));
  };
  Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
    return fetch('/demo/stripe/intent?clientSecret=' + encodeURIComponent(clientSecret || ''), { credentials: 'same-origin' })
      .then(function (res) { return res.json(); })
      .then(function (json) { return json && (json.paymentIntent || json.error) ? json : { error: { type: 'api_error', message: 'Unknown payment intent' } }; },
            function () { return { error: { type: 'api_connection_error', message: 'Could not reach the payment service.' } }; });
  };
  Stripe.prototype.handleNextAction = function (args) {
    var lang = this._lang, clientSecret = args && args.clientSecret;
    return this.retrievePaymentIntent(clientSecret).then(function (result) {
      if (result.paymentIntent && result.paymentIntent.status === 'requires_action') return authenticate(lang, clientSecret, result.paymentIntent);
      return result;
    });
  };
  Stripe.prototype.handleCardAction = function (clientSecret) { return this.handleNextAction({ clientSecret: clientSecret }); };
  function cardOf(source) {
    if (source && typeof source._number === 'function') return source;
    if (source && source.card && typeof source.card._number === 'function') return source.card;
    if (source && source.elements && typeof source.elements._card === 'function') return source.elements._card();
    return null;
  }
  Stripe.prototype.createToken = function (element) {
    var card = cardOf(element);
    if (!card) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'No card element.' } });
    var error = card._validate();
    if (error) return Promise.resolve({ error: error });
    var d = card._number();
    return Promise.resolve({ token: { id: randomId('tok_demo_'), object: 'token', type: 'card', livemode: false,
      card: { brand: brand(d), last4: d.slice(-4), exp_month: 12, exp_year: 2034 } } });
  };
  Stripe.prototype.createPaymentMethod = function (args) {
    var card = cardOf(args);
    if (!card) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'No card element.' } });
    var error = card._validate();
    if (error) return Promise.resolve({ error: error });
    var d = card._number(), id = randomId('pm_demo_');
    createdPaymentMethods[id] = d;
    return Promise.resolve({ paymentMethod: { id: id, object: 'payment_method', type: 'card', livemode: false,
      card: { brand: brand(d), last4: d.slice(-4), exp_month: 12, exp_year: 2034 } } });
  };
  Stripe.prototype.paymentRequest = function () {
    return { canMakePayment: function () { return Promise.resolve(null); }, on: function () {}, off: function () {}, show: function () {}, update: function () {} };
  };
  Stripe.prototype.registerAppInfo = function () {};
  Stripe.prototype._registerWrapper = function () {};

  Stripe.version = '${STRIPE_DOUBLE_VERSION}';
  Stripe.__demoDouble = true;
  window.Stripe = Stripe;
})();
`;
