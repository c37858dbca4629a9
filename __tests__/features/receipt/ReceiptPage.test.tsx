import { act, screen, waitFor, within } from '@testing-library/react';
import type { Receipt } from '../../../src/domain/types';
import { NetworkError } from '../../../src/shared/api';
import { initI18n, type Language } from '../../../src/shared/i18n';
import { saveCustomer } from '../../../src/features/paymentState/customerStorage';
import { sessionActions } from '../../../src/features/session/sessionSlice';
import { cafeState, storeFrom } from '../../helpers/kioskState';
import { receipt, session } from '../../helpers/fixtures';
import { dispatchInAct, renderApp } from '../../helpers/renderApp';
import en from '../../../translations/en.json';
import fi from '../../../translations/fi.json';
import se from '../../../translations/se.json';

/** A Finnish café's receipt: 2 × 3,90 € at 14 % and 7,90 € at the general rate 25.5 %. */
const finnishReceipt: Receipt = {
  ...receipt,
  currency: 'EUR',
  products: [
    { ...receipt.products[0]!, price: 390, tax: 14, deviations: [], description: '' },
    { ...receipt.products[1]!, price: 790, tax: 25.5 },
  ],
  paymentMethods: [{ id: 'pay1', type: 'VIVA_WALLET_WEB', amount: 1570 }],
};

async function openReceipt(api = {}, options: { lng?: Language; data?: Receipt } = {}) {
  const i18n = options.lng
    ? await initI18n({
        lng: options.lng,
        resources: { se: { translation: se }, en: { translation: en }, fi: { translation: fi } },
      })
    : undefined;
  const view = await renderApp('/cafe/receipt/r1', {
    ...(i18n ? { i18n } : {}),
    api: {
      getReceipt: jest.fn(() => Promise.resolve(options.data ?? receipt)),
      receiptDownloadUrl: () => '/api/v2/webshop/cafe/receipt/r1/download',
      ...api,
    },
  });
  await screen.findByRole('heading', { level: 1, name: i18n ? i18n.t('receipt.title') : 'Receipt' });
  return view;
}

describe('§2 receipt page', () => {
  it('§4 COMPLETED shows success: the page says at the top, in a status region, that the payment went through', async () => {
    await openReceipt();
    const confirmation = screen.getByText('Payment completed – thank you!');
    const region = confirmation.closest('[role="status"]');
    expect(region).not.toBeNull();
    expect(screen.getAllByRole('status')).toContain(region);
    expect(confirmation).toBeVisible();
    // Above the receipt itself, where the customer's eyes land after paying.
    const heading = screen.getByRole('heading', { level: 1, name: 'Receipt' });
    expect(region!.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each<[Language, string]>([
    ['se', 'Betalningen är genomförd – tack!'],
    ['fi', 'Maksu onnistui – kiitos!'],
  ])('§4 the success confirmation in %s: %s', async (lng, text) => {
    await openReceipt({}, { lng });
    expect(screen.getByText(text).closest('[role="status"]')).not.toBeNull();
  });

  it('§4 no success confirmation while the receipt loads or when it cannot be loaded', async () => {
    await renderApp('/cafe/receipt/nope', {
      api: { getReceipt: () => Promise.reject(new NetworkError('Not found', { status: 404 })) },
    });
    await screen.findByRole('alert');
    expect(screen.queryByText('Payment completed – thank you!')).not.toBeInTheDocument();
  });

  it('shows the seller, the number and every line with count × price, extras and note', async () => {
    await openReceipt();
    const article = screen.getByRole('article');
    expect(article).toHaveTextContent('R-0001');
    expect(article).toHaveTextContent('Café AB');
    expect(article).toHaveTextContent('556677-8899');
    expect(article).toHaveTextContent('111 22 Stockholm');
    expect(article).toHaveTextContent('08-123 45 67');
    expect(article).toHaveTextContent('extra hot');
  });

  it('§9 every receipt line reads count × unit price = amount: an extra is counted for every unit it came with', async () => {
    await openReceipt();
    const article = screen.getByRole('article');
    // Two cappuccinos, each with oat milk: 2 × 45,00 = 90,00 and 2 × 5,00 = 10,00, 100,00 kr in all.
    expect(within(article).getByText('2 × Cappuccino').parentElement).toHaveTextContent(
      /^2 × Cappuccino45,00 kr90,00 kr$/,
    );
    expect(within(article).getByText('2 × Oat milk').parentElement).toHaveTextContent(
      /^2 × Oat milk5,00 kr10,00 kr$/,
    );
    expect(within(article).getByText('1 × Cider').parentElement).toHaveTextContent(
      /^1 × Cider35,00 kr35,00 kr$/,
    );
  });

  it('§9 a discount is its own negative row, so the rows add up to the total', async () => {
    const [coffee, cider] = receipt.products;
    await openReceipt(
      {},
      {
        data: {
          ...receipt,
          products: [
            { ...coffee!, discount: { type: 'PERCENTAGE', amount: 10 } },
            { ...cider!, discount: { type: 'FIXED', amount: 500 } },
          ],
        },
      },
    );
    const article = screen.getByRole('article');
    // 100,00 kr less 10 % and 35,00 kr less 5,00 kr: 90,00 + 30,00 = 120,00 kr.
    expect(within(article).getByText('Discount 10 %').parentElement).toHaveTextContent(
      /^Discount 10 %-10,00 kr$/,
    );
    expect(within(article).getByText('Discount').parentElement).toHaveTextContent(/^Discount-5,00 kr$/);
    expect(within(article).getByText('Total', { selector: 'dt' }).parentElement).toHaveTextContent(
      '120,00 kr',
    );
  });

  it('§9 shows VAT per rate, VAT, net and total from the receipt math', async () => {
    await openReceipt();
    const article = screen.getByRole('article');
    // 100,00 at 12 % → 10,71; 35,00 at 25 % → 7,00
    // Per rate: VAT, net and gross, as Swedish and Finnish receipts print them.
    expect(within(article).getByRole('row', { name: /^VAT 12 %/ })).toHaveTextContent(
      /^VAT 12 %10,71 kr89,29 kr100,00 kr$/,
    );
    expect(within(article).getByRole('row', { name: /^VAT 25 %/ })).toHaveTextContent(
      /^VAT 25 %7,00 kr28,00 kr35,00 kr$/,
    );
    expect(within(article).getByText('VAT', { selector: 'dt' }).parentElement).toHaveTextContent('17,71 kr');
    expect(within(article).getByText('Net', { selector: 'dt' }).parentElement).toHaveTextContent('117,29 kr');
    expect(within(article).getByText('Total', { selector: 'dt' }).parentElement).toHaveTextContent(
      '135,00 kr',
    );
  });

  it('§9 rounds VAT per line: 7,90 € at 25.5 % shows 1,61 €, and the rows add up to the VAT and net', async () => {
    await openReceipt({}, { data: finnishReceipt });
    const article = screen.getByRole('article');
    // 7,80 € at 14 % → 0,9579 → 0,96; 7,90 € at 25.5 % → 1,6052 → 1,61 (not 1,60 from 2,5631 → 2,56).
    expect(within(article).getByText('VAT 14 %').parentElement).toHaveTextContent('0,96 €');
    expect(within(article).getByText('VAT 25.5 %').parentElement).toHaveTextContent('1,61 €');
    expect(within(article).getByText('VAT', { selector: 'dt' }).parentElement).toHaveTextContent('2,57 €');
    expect(within(article).getByText('Net', { selector: 'dt' }).parentElement).toHaveTextContent('13,13 €');
    expect(within(article).getByText('Total', { selector: 'dt' }).parentElement).toHaveTextContent('15,70 €');
  });

  it.each<[Language, string]>([
    ['fi', 'ALV 25,5 %'],
    ['se', 'Moms 25,5 %'],
    ['en', 'VAT 25.5 %'],
  ])('§9 the VAT rate label is written the %s way: %s', async (lng, label) => {
    await openReceipt({}, { lng, data: finnishReceipt });
    expect(within(screen.getByRole('article')).getByText(label).parentElement).toHaveTextContent('1,61 €');
  });

  it('shows the payment lines, date, cash register, control unit and control code', async () => {
    await openReceipt();
    const article = screen.getByRole('article');
    expect(article).toHaveTextContent('Paid by Swish');
    expect(article).toHaveTextContent('Kassa 1');
    expect(article).toHaveTextContent('CU-123');
    expect(article).toHaveTextContent('ABCDEF123');
    expect(article).toHaveTextContent('21/11/2026');
  });

  it("issue 39: the time is the shop's (Stockholm's), its zone named when the device keeps another", async () => {
    await openReceipt();
    // This machine's clock is not Stockholm's (Jest runs in UTC): 10:15 UTC is 11:15 in Stockholm.
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).not.toBe('Europe/Stockholm');
    expect(screen.getByRole('article')).toHaveTextContent('21/11/2026, 11:15 CET');
  });

  it("issue 39: on a device in the shop's zone, the time is shown without the zone", async () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    const spy = jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: 'Europe/Stockholm' };
    });
    try {
      await openReceipt();
      const article = screen.getByRole('article');
      expect(article).toHaveTextContent('21/11/2026, 11:15');
      expect(article).not.toHaveTextContent('CET');
    } finally {
      spy.mockRestore();
    }
  });

  it('the download button opens the receipt download endpoint', async () => {
    await openReceipt();
    expect(screen.getByRole('link', { name: 'Download receipt' })).toHaveAttribute(
      'href',
      '/api/v2/webshop/cafe/receipt/r1/download?lng=en',
    );
  });

  it('§4 e-mail: an invalid address is refused, a valid one goes sending → sent', async () => {
    let finish!: () => void;
    const emailReceipt = jest.fn(() => new Promise<void>((r) => (finish = r)));
    const { user } = await openReceipt({ emailReceipt });
    await user.type(screen.getByLabelText('Email address'), 'ada @example');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Enter a valid email')).toBeInTheDocument();
    expect(emailReceipt).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Email address'));
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    finish();
    expect(await screen.findByText('The receipt has been sent')).toBeInTheDocument();
    // Issue 39: the e-mail is written in the page's language.
    expect(emailReceipt).toHaveBeenCalledWith('cafe', 'r1', 'ada@example.com', 'en');
  });

  it('§8 a failed e-mail says "Could not send receipt"', async () => {
    const { user } = await openReceipt({
      emailReceipt: () => Promise.reject(new NetworkError('INVALID_EMAIL', { status: 400 })),
    });
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Could not send receipt')).toBeInTheDocument();
  });

  it('issue 12: an e-mail answered 429 asks the customer to wait, never shows the answer, and a later send goes out', async () => {
    const emailReceipt = jest
      .fn()
      .mockRejectedValueOnce(new NetworkError('TOO_MANY_REQUESTS', { status: 429 }))
      .mockResolvedValue(undefined);
    const { user } = await openReceipt({ emailReceipt });
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(screen.queryByText('Could not send receipt')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/TOO_MANY_REQUESTS|RATE_LIMITED|429/);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The receipt has been sent')).toBeInTheDocument();
    expect(screen.queryByText(/Too many attempts/)).not.toBeInTheDocument();
  });

  it.each<[Language, string]>([
    ['se', 'För många försök. Vänta några minuter och försök igen.'],
    ['fi', 'Liian monta yritystä. Odota muutama minuutti ja yritä uudelleen.'],
  ])('issue 12: the 429 text of the receipt e-mail in %s: %s', async (lng, text) => {
    const { user, i18n } = await openReceipt(
      { emailReceipt: () => Promise.reject(new NetworkError('TOO_MANY_REQUESTS', { status: 429 })) },
      { lng },
    );
    await user.type(screen.getByLabelText(i18n.t('receipt.email')), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: i18n.t('receipt.send') }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('a receipt that cannot be loaded says so', async () => {
    await renderApp('/cafe/receipt/nope', {
      api: { getReceipt: () => Promise.reject(new NetworkError('Not found', { status: 404 })) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong, please try again later',
    );
  });
});

/** The cart page and the receipt page are lazy routes, compiled on first use: more than 5 s on two busy cores. */
const CART_TO_RECEIPT_MS = 20_000;

const EMPTY_CUSTOMER = {
  name: '',
  email: '',
  phone: '',
  extraInfo: '',
  postalCode: '',
  address: '',
  city: '',
};

describe('issue 26: the receipt e-mail is filled in with the address the customer gave in the cart', () => {
  const paid = (receiptId: string, paymentId: string) =>
    sessionActions.loaded({
      shopId: 'cafe',
      session: session({ paymentStatus: 'COMPLETED', paymentId, receiptId, paymentMethodId: 'pm-swish' }),
    });

  /**
   * The cart page with a bun, the customer's e-mail typed (when given), then the session reports the payment
   * COMPLETED: the app goes to the receipt as the payment saga asks it to (its navigate is recorded here).
   */
  async function payFromCart(
    app: Awaited<ReturnType<typeof renderApp>>,
    { email, receiptId, paymentId }: { email: string | null; receiptId: string; paymentId: string },
  ) {
    const field = await screen.findByRole('textbox', { name: 'Email (optional)' });
    await app.user.clear(field);
    if (email !== null) {
      await app.user.click(field);
      await app.user.paste(email);
    }
    dispatchInAct(app.store, paid(receiptId, paymentId));
    const to = `/cafe/receipt/${receiptId}`;
    await waitFor(() => expect(app.navigate).toHaveBeenCalledWith(to, { replace: true }));
    act(() => {
      app.history.replace(to);
    });
    await screen.findByRole('heading', { level: 1, name: 'Receipt' });
    return screen.findByRole('textbox', { name: 'Email address' });
  }

  const withBun = session({
    cart: [{ id: 'l1', productId: 'bun', count: 1, deviations: [], description: '' }],
  });
  const receiptApi = { getReceipt: jest.fn(() => Promise.resolve(receipt)) };

  it(
    'issue 26: after paying, the receipt e-mail field holds the address the customer gave in the cart',
    async () => {
      const app = await renderApp('/cafe/cart', { session: withBun, api: receiptApi });
      const email = await payFromCart(app, { email: 'ada@example.com', receiptId: 'R1', paymentId: 'p1' });
      expect(email).toHaveValue('ada@example.com');
    },
    CART_TO_RECEIPT_MS,
  );

  it(
    'issue 26: the receipt e-mail field is empty when the customer gave no address',
    async () => {
      const app = await renderApp('/cafe/cart', { session: withBun, api: receiptApi });
      const email = await payFromCart(app, { email: null, receiptId: 'R1', paymentId: 'p1' });
      expect(email).toHaveValue('');
    },
    CART_TO_RECEIPT_MS,
  );

  it("issue 26: back from Viva's checkout (a fresh page), the address the payment was started with is there for the receipt", async () => {
    // The tab remembered the details of the payment it started before leaving for the checkout.
    const { store, storage, navigate } = storeFrom(cafeState(null), {
      putCart: jest.fn(() => Promise.resolve()),
    });
    saveCustomer(storage, 'cafe', 'p1', { ...EMPTY_CUSTOMER, name: 'Ada', email: 'ada@example.com' });
    // The session of the fresh page says the payment completed: restored first, then completed.
    store.dispatch(paid('R1', 'p1'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/cafe/receipt/R1', { replace: true }));
    expect(store.getState().payment.machine.status).toBe('NOT_STARTED');
    expect(store.getState().payment.customer.email).toBe('ada@example.com');
  });

  it('issue 26: a receipt opened without a payment in this tab (a link, a reload) starts empty', async () => {
    await openReceipt();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('');
  });

  it(
    "issue 26: on a kiosk the paying customer's receipt has their address; once they have left, the next customer's receipt never shows it",
    async () => {
      // A new customer's page starts at the top (KioskShell); jsdom draws nothing to scroll.
      const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
      const app = await renderApp('/cafe/cart', {
        session: withBun,
        api: receiptApi,
        kiosk: { idleMs: 60_000 },
      });
      const first = await payFromCart(app, { email: 'ada@example.com', receiptId: 'R1', paymentId: 'p1' });
      expect(first).toHaveValue('ada@example.com');

      // The customer leaves (New order; the idle timer does the same): their details go with them.
      await app.user.click(screen.getByRole('button', { name: 'New order' }));
      await waitFor(() => expect(app.store.getState().kiosk.receiptId).toBeNull());
      expect(app.store.getState().payment.customer.email).toBe('');

      // The next customer pays without giving an address: the field is empty, not the last customer's.
      act(() => {
        app.history.replace('/cafe/cart');
      });
      const next = await payFromCart(app, { email: null, receiptId: 'R2', paymentId: 'p2' });
      expect(next).toHaveValue('');
      expect(document.body).not.toHaveTextContent('ada@example.com');
      scrollTo.mockRestore();
    },
    CART_TO_RECEIPT_MS,
  );
});
