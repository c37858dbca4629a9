/**
 * @jest-environment jsdom
 */
/*
 * The Stripe.js double's Express Checkout Element (src/demo-api/simulators/stripeJsDouble.ts): the script the
 * demo serves at /demo/stripe/v3.js runs here in jsdom as the browser runs it, with `fetch` mocked, and is
 * driven through @stripe/stripe-js's own types, the way @stripe/react-stripe-js drives it (create, mount,
 * then on/off; elements.update for a new amount; confirmPayment with redirect 'if_required').
 * Nothing here waits on time beyond the double's own setTimeout(0) for `ready`.
 */
import { getAllByRole, getByRole, queryByRole } from '@testing-library/dom';
import type {
  PaymentIntentResult,
  Stripe,
  StripeElements,
  StripeExpressCheckoutElement,
  StripeExpressCheckoutElementClickEvent,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementOptions,
  StripeExpressCheckoutElementReadyEvent,
} from '@stripe/stripe-js';
import { STRIPE_JS_DOUBLE } from '../../src/demo-api/simulators/stripeJsDouble';

type StripeFactory = (key: string, options?: { locale?: string }) => Stripe;

interface Posted {
  url: string;
  body: Record<string, unknown>;
}

const SUCCEEDED = { paymentIntent: { id: 'pi_demo_1', object: 'payment_intent', status: 'succeeded' } };
const DECLINED = {
  error: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
};

let posted: Posted[];
const created: StripeExpressCheckoutElement[] = [];

/** The demo server's answers to /demo/stripe/confirm, by card number (stripeSimulator.ts). */
function mockFetch(): void {
  posted = [];
  const fetchMock = jest.fn((url: string, init?: { body?: string }) => {
    const body = JSON.parse(init?.body ?? '{}') as Record<string, unknown>;
    posted.push({ url, body });
    const declined = body.cardNumber === '4000000000000002';
    return Promise.resolve({
      status: declined ? 402 : 200,
      json: () => Promise.resolve(declined ? DECLINED : SUCCEEDED),
    });
  });
  Object.assign(globalThis, { fetch: fetchMock });
}

/** Runs the double's 0 ms timers (ready) on Jest's fake clock, and the promises they settle. */
const settle = () => jest.advanceTimersByTimeAsync(0);

function setWalletCookie(value: string | null): void {
  document.cookie =
    value === null
      ? 'demo_wallet=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
      : `demo_wallet=${value}; path=/`;
}

function stripe(): Stripe {
  return (window as unknown as { Stripe: StripeFactory }).Stripe('pk_test_demo');
}

function group(amount = 9000, locale: 'sv' | 'en' | 'fi' = 'en'): StripeElements {
  return stripe().elements({ mode: 'payment', amount, currency: 'sek', locale });
}

/** Creates and mounts an express checkout element as react-stripe-js does (handlers come after mount). */
function mountExpress(
  elements: StripeElements,
  options: StripeExpressCheckoutElementOptions = {},
): { element: StripeExpressCheckoutElement; node: HTMLDivElement } {
  const node = document.createElement('div');
  document.body.appendChild(node);
  const element = elements.create('expressCheckout', options);
  created.push(element);
  element.mount(node);
  return { element, node };
}

/** Mounts, waits for ready and returns the ready event too. */
async function readyExpress(
  elements: StripeElements,
  options: StripeExpressCheckoutElementOptions = {},
): Promise<{
  element: StripeExpressCheckoutElement;
  node: HTMLDivElement;
  ready: StripeExpressCheckoutElementReadyEvent;
}> {
  const mounted = mountExpress(elements, options);
  const events: StripeExpressCheckoutElementReadyEvent[] = [];
  mounted.element.on('ready', (event) => events.push(event));
  await settle();
  const [ready] = events;
  if (!ready) throw new Error('no ready event');
  return { ...mounted, ready };
}

const sheet = () => queryByRole(document.body, 'dialog');
const sheetButton = (name: string) => getByRole(document.body, 'button', { name });
/** The text of a part of the sheet (merchant, amount) by its data-demo-stripe marker. */
const sheetPart = (part: string) =>
  document.querySelector(`[data-demo-stripe="walletSheet"] [data-demo-stripe="${part}"]`)?.textContent;

function pressEscape(): void {
  (document.activeElement ?? document.body).dispatchEvent(
    new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
  );
}

/** Taps the wallet button with a click handler that resolves; returns the element's confirm events. */
async function openSheetAndListen(
  elements: StripeElements,
  options: StripeExpressCheckoutElementOptions = {},
): Promise<{ element: StripeExpressCheckoutElement; confirms: StripeExpressCheckoutElementConfirmEvent[] }> {
  const { element, node } = await readyExpress(elements, options);
  const confirms: StripeExpressCheckoutElementConfirmEvent[] = [];
  element.on('click', (event) => event.resolve());
  element.on('confirm', (event) => confirms.push(event));
  getByRole(node, 'button').click();
  expect(sheet()).not.toBeNull();
  return { element, confirms };
}

beforeAll(() => {
  new Function(STRIPE_JS_DOUBLE)();
});

beforeEach(() => {
  jest.useFakeTimers();
  mockFetch();
  setWalletCookie(null);
  window.history.replaceState(null, '', '/cafe');
});

afterEach(() => {
  for (const element of created.splice(0)) element.destroy();
  document.body.innerHTML = '';
  jest.useRealTimers();
});

describe('availability per demo session', () => {
  it('no wallet: ready has availablePaymentMethods undefined and the mount node stays empty', async () => {
    const { node, ready } = await readyExpress(group());
    expect(ready).toEqual({ elementType: 'expressCheckout', availablePaymentMethods: undefined });
    expect(node.childNodes).toHaveLength(0);
    expect(node.innerHTML).toBe('');
  });

  it('an unknown demo_wallet value counts as none', async () => {
    setWalletCookie('samsungPay');
    const { node, ready } = await readyExpress(group());
    expect(ready.availablePaymentMethods).toBeUndefined();
    expect(node.innerHTML).toBe('');
  });

  it('demo_wallet=applePay: one button named "Pay with Apple Pay", and ready lists applePay', async () => {
    setWalletCookie('applePay');
    const { node, ready } = await readyExpress(group());
    const buttons = node.querySelectorAll('button');
    expect(buttons).toHaveLength(1);
    const button = getByRole(node, 'button', { name: 'Pay with Apple Pay' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.textContent).toBe('Apple Pay');
    expect(button.style.height).toBe('48px');
    expect(button.style.width).toBe('100%');
    expect(node.querySelector('[data-demo-stripe="expressCheckout"]')?.contains(button)).toBe(true);
    expect(ready).toEqual({
      elementType: 'expressCheckout',
      availablePaymentMethods: {
        applePay: true,
        googlePay: false,
        link: false,
        paypal: false,
        amazonPay: false,
        klarna: false,
      },
    });
  });

  it("the button's accessible name follows the Elements' locale (sv, fi)", async () => {
    setWalletCookie('applePay');
    const sv = await readyExpress(group(9000, 'sv'));
    getByRole(sv.node, 'button', { name: 'Betala med Apple Pay' });
    const fi = await readyExpress(group(9000, 'fi'));
    getByRole(fi.node, 'button', { name: 'Maksa Apple Paylla' });
  });

  it('the ?demoWallet= query parameter beats the cookie', async () => {
    setWalletCookie('applePay');
    window.history.replaceState(null, '', '/cafe?demoWallet=googlePay');
    const google = await readyExpress(group());
    getByRole(google.node, 'button', { name: 'Pay with Google Pay' });
    expect(google.ready.availablePaymentMethods).toMatchObject({ applePay: false, googlePay: true });

    window.history.replaceState(null, '', '/cafe?demoWallet=none');
    const none = await readyExpress(group());
    expect(none.ready.availablePaymentMethods).toBeUndefined();
    expect(none.node.innerHTML).toBe('');
  });

  it("paymentMethods: { applePay: 'never' } hides Apple Pay", async () => {
    setWalletCookie('applePay');
    const { node, ready } = await readyExpress(group(), { paymentMethods: { applePay: 'never' } });
    expect(ready.availablePaymentMethods).toBeUndefined();
    expect(node.innerHTML).toBe('');
  });

  it('buttonHeight sets the height (never below 44 px), and update() changes it', async () => {
    setWalletCookie('googlePay');
    const { element, node } = await readyExpress(group(), { buttonHeight: 40 });
    const button = getByRole(node, 'button', { name: 'Pay with Google Pay' });
    expect(button.style.height).toBe('44px');
    element.update({ buttonHeight: 52 });
    expect(button.style.height).toBe('52px');
  });
});

describe('ready', () => {
  it('is sticky: a handler attached after the element became ready still gets the event', async () => {
    setWalletCookie('applePay');
    const { element, ready } = await readyExpress(group());
    const late = jest.fn();
    const removed = jest.fn();
    element.on('ready', late);
    element.on('ready', removed);
    element.off('ready', removed); // react-stripe-js's effect cleanup, e.g. under StrictMode
    expect(late).not.toHaveBeenCalled(); // asynchronously, as Stripe.js calls handlers
    await settle();
    expect(late).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledWith(ready);
    expect(removed).not.toHaveBeenCalled();
  });
});

describe('a tap on the wallet button', () => {
  it("emits click; the click handler's reject() opens nothing", async () => {
    setWalletCookie('applePay');
    const { element, node } = await readyExpress(group());
    const clicks: StripeExpressCheckoutElementClickEvent[] = [];
    element.on('click', (event) => clicks.push(event));
    getByRole(node, 'button').click();
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ elementType: 'expressCheckout', expressPaymentType: 'apple_pay' });
    expect(sheet()).toBeNull(); // waiting for resolve or reject, without a time limit
    clicks[0]?.reject();
    clicks[0]?.resolve(); // too late: the tap was rejected
    expect(sheet()).toBeNull();
  });

  it('without a click handler opens the sheet at once', async () => {
    setWalletCookie('googlePay');
    const { node } = await readyExpress(group());
    getByRole(node, 'button').click();
    expect(getByRole(document.body, 'dialog', { name: 'Google Pay (demo)' })).toBeTruthy();
  });

  it("resolve() opens the sheet with the merchant name and the Elements' amount after elements.update({ amount })", async () => {
    setWalletCookie('applePay');
    const elements = group(9000, 'sv');
    const { element, node } = await readyExpress(elements, { business: { name: 'Café Kanelbullen' } });
    elements.update({ amount: 12550 });
    element.on('click', (event) => event.resolve());
    const button = getByRole(node, 'button');
    button.focus();
    button.click();

    const dialog = getByRole(document.body, 'dialog', { name: 'Apple Pay (demo)' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(sheetPart('merchant')).toBe('Café Kanelbullen');
    const expected = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' }).format(125.5);
    expect(sheetPart('amount')).toBe(expected);
    expect(expected.replace(/\s/g, ' ')).toBe('125,50 kr');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(sheetButton('Godkänn'));
    for (const name of ['Godkänn', 'Neka', 'Avbryt']) expect(sheetButton(name).style.minHeight).toBe('48px');
  });

  it.each([
    ['sv', ['Godkänn', 'Neka', 'Avbryt'], /Testplånbok i demon.*Godkänn: .*Neka: .*Avbryt: /],
    ['fi', ['Hyväksy', 'Hylkää', 'Peruuta'], /Demon testilompakko.*Hyväksy: .*Hylkää: .*Peruuta: /],
  ] as const)(
    "issue 39 §4, one language per sentence: the %s sheet's buttons and its note speak the page's language",
    async (locale, buttons, note) => {
      setWalletCookie('applePay');
      const { element, node } = await readyExpress(group(9000, locale));
      element.on('click', (event) => event.resolve());
      getByRole(node, 'button').click();
      const dialog = getByRole(document.body, 'dialog', { name: 'Apple Pay (demo)' });
      expect(getAllByRole(dialog, 'button').map((button) => button.textContent)).toEqual(buttons);
      expect(dialog.textContent).toMatch(note);
      expect(dialog.textContent).not.toMatch(/Approve|Decline|Cancel/);
      sheetButton(buttons[2]).click();
    },
  );

  it("resolve({ business }) names the merchant; without any, the sheet shows the page's host", async () => {
    setWalletCookie('applePay');
    const { element, node } = await readyExpress(group());
    let click: StripeExpressCheckoutElementClickEvent | undefined;
    element.on('click', (event) => {
      click = event;
    });
    getByRole(node, 'button').click();
    click?.resolve({ business: { name: 'Kahvila Korvapuusti' } });
    expect(sheetPart('merchant')).toBe('Kahvila Korvapuusti');
    sheetButton('Cancel').click();

    element.off('click');
    getByRole(node, 'button').click();
    expect(sheetPart('merchant')).toBe(window.location.hostname);
  });
});

describe('the sheet', () => {
  it('Cancel emits cancel, closes the sheet and gives focus back to the wallet button', async () => {
    setWalletCookie('applePay');
    const { element, node } = await readyExpress(group());
    const cancels = jest.fn();
    element.on('cancel', cancels);
    const button = getByRole(node, 'button');
    button.focus();
    button.click();
    sheetButton('Cancel').click();
    expect(sheet()).toBeNull();
    expect(cancels).toHaveBeenCalledWith({ elementType: 'expressCheckout' });
    expect(document.activeElement).toBe(button);
  });

  it('Escape emits cancel and closes the sheet', async () => {
    setWalletCookie('googlePay');
    const { element, node } = await readyExpress(group());
    const cancels = jest.fn();
    element.on('cancel', cancels);
    getByRole(node, 'button').click();
    expect(sheet()).not.toBeNull();
    pressEscape();
    expect(sheet()).toBeNull();
    expect(cancels).toHaveBeenCalledTimes(1);
  });

  it('Approve emits confirm; confirmPayment posts 4242… to /demo/stripe/confirm and closes the sheet', async () => {
    setWalletCookie('applePay');
    const elements = group();
    const { element, confirms } = await openSheetAndListen(elements);
    const cancels = jest.fn();
    element.on('cancel', cancels);

    sheetButton('Approve').click();
    expect(confirms).toHaveLength(1);
    expect(confirms[0]).toMatchObject({
      elementType: 'expressCheckout',
      expressPaymentType: 'apple_pay',
      billingDetails: { name: 'Demo Wallet', email: 'wallet@example.com' },
    });
    // Busy until the payment is confirmed: still open, buttons disabled, Escape does nothing.
    expect(sheet()?.textContent).toContain('Processing payment…');
    for (const name of ['Approve', 'Decline', 'Cancel'])
      expect((sheetButton(name) as HTMLButtonElement).disabled).toBe(true);
    pressEscape();
    expect(sheet()).not.toBeNull();
    expect(cancels).not.toHaveBeenCalled();

    expect(await elements.submit()).toEqual({}); // no card to validate: the wallet has it
    const result: PaymentIntentResult = await stripe().confirmPayment({
      elements,
      clientSecret: 'pi_demo_1_secret_x',
      redirect: 'if_required',
    });
    expect(posted).toEqual([
      {
        url: '/demo/stripe/confirm',
        body: { clientSecret: 'pi_demo_1_secret_x', cardNumber: '4242424242424242' },
      },
    ]);
    expect(result).toEqual(SUCCEEDED);
    expect(sheet()).toBeNull();

    // The outcome is forgotten: a later confirm on the group is the card path again (no card element here).
    await stripe().confirmPayment({ elements, clientSecret: 'pi_demo_1_secret_x', redirect: 'if_required' });
    expect(posted[1]?.body.cardNumber).toBe('');
  });

  it('Decline posts 4000 0000 0000 0002 and confirmPayment returns the card error', async () => {
    setWalletCookie('googlePay');
    const elements = group();
    const { confirms } = await openSheetAndListen(elements);
    sheetButton('Decline').click();
    expect(confirms[0]?.expressPaymentType).toBe('google_pay');
    const result = await stripe().confirmPayment({
      elements,
      clientSecret: 'pi_demo_2_secret_x',
      redirect: 'if_required',
    });
    expect(posted.map((p) => p.body.cardNumber)).toEqual(['4000000000000002']);
    expect(posted[0]?.url).toBe('/demo/stripe/confirm');
    expect(result.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(sheet()).toBeNull();
  });

  it('paymentFailed closes the sheet and forgets the outcome (a later tap starts fresh)', async () => {
    setWalletCookie('applePay');
    const elements = group();
    const { element, confirms } = await openSheetAndListen(elements);
    sheetButton('Approve').click();
    confirms[0]?.paymentFailed({ reason: 'fail' });
    expect(sheet()).toBeNull();
    // No outcome any more: submit validates a card again (and there is none).
    expect((await elements.submit()).error).toMatchObject({ code: 'incomplete_number' });

    const clicks = jest.fn((event: StripeExpressCheckoutElementClickEvent) => event.resolve());
    element.on('click', clicks);
    getByRole(document.body, 'button', { name: 'Pay with Apple Pay' }).click();
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(sheet()).not.toBeNull();
    expect((sheetButton('Approve') as HTMLButtonElement).disabled).toBe(false);
  });

  it('destroying the element removes an open sheet and its outcome', async () => {
    setWalletCookie('applePay');
    const elements = group();
    const { element } = await openSheetAndListen(elements);
    sheetButton('Approve').click();
    element.destroy();
    expect(sheet()).toBeNull();
    expect((elements as unknown as { _wallet: unknown })._wallet).toBeNull();
  });
});

describe('Elements._card()', () => {
  it('ignores the express element: a card group still validates and confirms its card', async () => {
    setWalletCookie('applePay');
    const elements = group();
    await readyExpress(elements); // created first, so it is the group's first element
    const cardNode = document.createElement('div');
    document.body.appendChild(cardNode);
    const card = elements.create('card');
    card.mount(cardNode);

    expect((elements as unknown as { _card(): unknown })._card()).toBe(card);
    expect((await elements.submit()).error).toMatchObject({ code: 'incomplete_number' });
    const input = getByRole(cardNode, 'textbox', { name: 'Card number' }) as HTMLInputElement;
    input.value = '4242 4242 4242 4242';
    expect(await elements.submit()).toEqual({});
    await stripe().confirmPayment({ elements, clientSecret: 'pi_demo_3_secret_x', redirect: 'if_required' });
    expect(posted.map((p) => p.body.cardNumber)).toEqual(['4242424242424242']);
    card.destroy();
  });
});
