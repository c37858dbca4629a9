/**
 * §Performance of the cart page's checkout: typing in "your info" is stored in the payment slice one
 * keystroke at a time, so what subscribes to that slice decides how much of the page each keystroke redraws.
 *
 * How renders are counted: each payment component's module is replaced by the real one with that export
 * wrapped in a counting function component that records the name and calls the real function (same hooks,
 * same output, so its own store subscriptions count too), as productCardRenders.test.tsx does for the
 * product card. A `React.Profiler` around a component would not do: its `onRender` fires whenever anything
 * in its subtree commits, so a form whose one field re-rendered would be counted as the whole form. The
 * card form inside the lazy Stripe panel is not exported: it is counted by `useStripe`, which it alone calls,
 * once per render. Every `TextField` is counted by its label, so "the field" is the input the customer typed
 * in. A Profiler around the whole app counts the commits.
 *
 * Renders per keystroke in the e-mail field, measured on the code before and after the payment components
 * subscribed narrowly (a valid form that stays valid, a method chosen so its panel shows; one commit each):
 *
 *   component                        before  after
 *   CustomerInfoForm                      1      0
 *   field "Email (optional)"              1      1
 *   field "Phone number (optional)"       1      0
 *   Checkout                              0      0
 *   PaymentMethodChoice                   0      0
 *   PaymentPanel                          1      0
 *   SwishPanel (computer)                 1      0
 *   field "Phone number for Swish"        1      0   (the Swish panel's, when the form has no phone field)
 *   VivaPanel (starting)                  1      0
 *   StripePanel, its CardForm           1, 1   0, 0
 *   SwishQrPanel (kiosk, starting)        1      0
 *
 * A keystroke in the Swish panel's own phone field: before, CustomerInfoForm, its e-mail field, PaymentPanel,
 * SwishPanel and the phone field, 1 each; after, the phone field alone. A keystroke that makes the form
 * invalid re-renders the payment section (it hides the choice) and the field with its message, not the form.
 */
import { act, screen, waitFor } from '@testing-library/react';
import type { ProfilerOnRenderCallback, ReactNode } from 'react';
import type { CustomerInputsConfig, ShopData } from '../../../src/domain/types';
import { session, shopData } from '../../helpers/fixtures';
import { renderApp } from '../../helpers/renderApp';

/** Renders since the last clear, by component name (or `field:<label>` for a text field). */
const mockRenders = new Map<string, number>();

function mockCount(name: string) {
  mockRenders.set(name, (mockRenders.get(name) ?? 0) + 1);
}

/** The module `actual` with its export `exported` counted under `name` (or a name taken from the props). */
function mockCounted(
  actual: Record<string, unknown>,
  exported: string,
  name: string | ((props: Record<string, unknown>) => string),
) {
  const real = actual[exported] as (props: Record<string, unknown>) => ReactNode;
  const Counted = (props: Record<string, unknown>) => {
    mockCount(typeof name === 'string' ? name : name(props));
    return real(props);
  };
  // Spreading drops the non-enumerable `__esModule` flag, which `import()` and default imports rely on.
  return { __esModule: true, ...actual, [exported]: Counted };
}

jest.mock('../../../src/features/payment/Checkout', () =>
  mockCounted(jest.requireActual('../../../src/features/payment/Checkout'), 'Checkout', 'Checkout'),
);
jest.mock('../../../src/features/payment/CustomerInfoForm', () =>
  mockCounted(
    jest.requireActual('../../../src/features/payment/CustomerInfoForm'),
    'CustomerInfoForm',
    'CustomerInfoForm',
  ),
);
jest.mock('../../../src/features/payment/PaymentMethodChoice', () =>
  mockCounted(
    jest.requireActual('../../../src/features/payment/PaymentMethodChoice'),
    'PaymentMethodChoice',
    'PaymentMethodChoice',
  ),
);
jest.mock('../../../src/features/payment/PaymentPanel', () =>
  mockCounted(
    jest.requireActual('../../../src/features/payment/PaymentPanel'),
    'PaymentPanel',
    'PaymentPanel',
  ),
);
jest.mock('../../../src/features/payment/panels/SwishPanel', () =>
  mockCounted(
    jest.requireActual('../../../src/features/payment/panels/SwishPanel'),
    'SwishPanel',
    'SwishPanel',
  ),
);
jest.mock('../../../src/features/payment/panels/SwishQrPanel', () =>
  mockCounted(
    jest.requireActual('../../../src/features/payment/panels/SwishQrPanel'),
    'SwishQrPanel',
    'SwishQrPanel',
  ),
);
jest.mock('../../../src/features/payment/panels/VivaPanel', () =>
  mockCounted(jest.requireActual('../../../src/features/payment/panels/VivaPanel'), 'VivaPanel', 'VivaPanel'),
);
jest.mock('../../../src/features/payment/panels/StripePanel', () =>
  mockCounted(
    jest.requireActual('../../../src/features/payment/panels/StripePanel'),
    'default',
    'StripePanel',
  ),
);
jest.mock('../../../src/shared/ui/TextField', () =>
  mockCounted(
    jest.requireActual('../../../src/shared/ui/TextField'),
    'TextField',
    (props) => `field:${String(props.label)}`,
  ),
);

// Stripe's elements stand in, as in StripePanel.test.tsx; the card form calls useStripe once per render.
const mockStripe = {};
const mockElements = { submit: () => Promise.resolve({}) };
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: unknown }) => children,
  PaymentElement: () => null,
  ExpressCheckoutElement: () => null,
  useStripe: () => {
    mockCount('CardForm');
    return mockStripe;
  },
  useElements: () => mockElements,
}));
jest.mock('../../../src/features/payment/providers/stripe', () => ({
  STRIPE_LOCALE: jest.requireActual('../../../src/features/payment/providers/stripe').STRIPE_LOCALE,
  loadStripeFor: () => Promise.resolve(mockStripe),
  confirmCard: () => Promise.resolve({ kind: 'succeeded' }),
}));

const cart = session({ cart: [{ id: 'i1', productId: 'bun', count: 1, deviations: [], description: '' }] });

/** The café with Swish, Stripe and Viva; e-mail and phone in the form, or e-mail alone. */
function shopWithAllMethods(formAsksPhone = true): ShopData {
  const base = shopData();
  const customerInputs: CustomerInputsConfig = {
    nameInput: { active: false, required: false },
    emailInput: { active: true, required: false },
    phoneInput: { active: formAsksPhone, required: false },
    addressInput: { active: false, required: false },
    extraInfoInput: { active: false, required: false },
  };
  return shopData({
    shop: { ...base.shop, customerInputs },
    paymentMethods: [
      { id: 'pm-swish', type: 'SWISH_TRADE', stripeAccountId: null },
      { id: 'pm-stripe', type: 'STRIPE', stripeAccountId: 'acct_1' },
      { id: 'pm-viva', type: 'VIVA_WALLET_WEB', stripeAccountId: null },
    ],
  });
}

/** What rendered since the last clear, sorted by name. */
const rendered = () => Object.fromEntries([...mockRenders.entries()].sort());

const report = (label: string, figures: Record<string, unknown>) => {
  if (process.env.REPORT_RENDERS) process.stdout.write(`${label}: ${JSON.stringify(figures)}\n`);
};

/**
 * Opens the cart page (a computer, or a kiosk), fills in a valid e-mail, chooses `method` and waits for its
 * panel (`panel`, the counted component); a started payment never answers, so nothing moves on meanwhile.
 */
async function checkoutWith(
  method: string,
  panel: string,
  { kiosk = false, formAsksPhone = true }: { kiosk?: boolean; formAsksPhone?: boolean } = {},
) {
  let commits = 0;
  const onRender: ProfilerOnRenderCallback = () => {
    commits++;
  };
  const app = await renderApp('/cafe/cart', {
    data: shopWithAllMethods(formAsksPhone),
    session: cart,
    api: { startPayment: () => new Promise(() => undefined) },
    onRender,
    ...(kiosk ? { kiosk: { idleMs: 60_000 } } : {}),
  });
  const email = await screen.findByLabelText(/^Email/);
  await app.user.type(email, 'ada@example.com');
  // The instrument sees the checkout: its counted parts rendered while the page opened and the form filled.
  for (const part of [
    'Checkout',
    'CustomerInfoForm',
    'PaymentMethodChoice',
    'PaymentPanel',
    'field:Email (optional)',
  ])
    expect(mockRenders.get(part)).toBeGreaterThan(0);
  mockRenders.clear();
  await app.user.click(await screen.findByRole('button', { name: method }));
  await waitFor(() => expect(mockRenders.get(panel)).toBeGreaterThan(0));
  if (panel === 'StripePanel') await waitFor(() => expect(mockRenders.get('CardForm')).toBeGreaterThan(0));
  return {
    ...app,
    email,
    /**
     * Types one key into `input` and returns what rendered for it. A key typed before it, not measured, is
     * the first update after the panel appeared: React retries a Suspense boundary's leftover lane with the
     * next update, whatever it is, so the lazy Stripe panel may render once more then (a one-off, not a
     * keystroke's cost). The measured key is a steady-state keystroke.
     */
    async keystroke(input: HTMLElement, key: string, before = key) {
      await app.user.click(input);
      await app.user.keyboard(before);
      await settle();
      mockRenders.clear();
      commits = 0;
      await app.user.keyboard(key);
      await act(async () => {});
      return { renders: rendered(), commits };
    },
  };
}

/**
 * Flushes React's queued work (act runs it) until a flush renders nothing counted twice in a row: the lazy
 * panel and Stripe's stand-in resolve as promises, so no clock is involved.
 */
async function settle() {
  for (let quiet = 0; quiet < 2;) {
    mockRenders.clear();
    await act(async () => {});
    quiet = mockRenders.size === 0 ? quiet + 1 : 0;
  }
}

const PANELS = [
  { case: 'Swish on a computer', method: 'Swish', panel: 'SwishPanel', options: {} },
  {
    case: 'Swish asking the phone number in its panel',
    method: 'Swish',
    panel: 'SwishPanel',
    options: { formAsksPhone: false },
  },
  { case: 'Viva (starting)', method: 'Card or wallet (Viva)', panel: 'VivaPanel', options: {} },
  { case: 'Stripe', method: 'Debit or credit card', panel: 'StripePanel', options: {} },
  { case: 'Swish on a kiosk (starting)', method: 'Swish', panel: 'SwishQrPanel', options: { kiosk: true } },
];

describe('§Performance typing in your info', () => {
  it.each(PANELS)(
    'a keystroke in your info re-renders the field, never the payment choice or panels ($case)',
    async ({ method, panel, options }) => {
      const { email, keystroke } = await checkoutWith(method, panel, options);
      const { renders, commits } = await keystroke(email, 'x');
      report(`e-mail keystroke, ${panel}`, { ...renders, commits });
      expect(email).toHaveValue('ada@example.comxx');
      // The typed field alone: not the form, not its other fields, not the choice, the panel nor its parts.
      expect(renders).toEqual({ 'field:Email (optional)': 1 });
      expect(commits).toBe(1);
    },
  );

  it('what depends on the value still follows it: a keystroke that breaks the e-mail hides the choice and shows the message', async () => {
    const { email, keystroke } = await checkoutWith('Swish', 'SwishPanel');
    const { renders } = await keystroke(email, '@', 'x');
    expect(screen.getByRole('alert')).toHaveTextContent(/e-?mail/i);
    expect(screen.queryByRole('button', { name: 'Swish' })).not.toBeInTheDocument();
    // The form's validity flipped: the payment section (inside Checkout, not counted) drops the choice and the
    // panel, which unmount; the field shows its message; the form and its other fields stay as they were.
    expect(renders).toEqual({ 'field:Email (optional)': 1 });
  });

  it('a keystroke in the Swish panel’s phone field re-renders that field, not the panel nor your info', async () => {
    const { keystroke } = await checkoutWith('Swish', 'SwishPanel', { formAsksPhone: false });
    const phone = screen.getByLabelText('Phone number for Swish');
    const { renders, commits } = await keystroke(phone, '7', '0');
    report('Swish phone keystroke', { ...renders, commits });
    expect(phone).toHaveValue('07');
    expect(renders).toEqual({ 'field:Phone number for Swish': 1 });
    expect(commits).toBe(1);
  });
});
