/**
 * Issue 40, "no code on screen, ever" (§8): every failure the API answers (§7, src/contract/apiErrors.ts),
 * and the failures of the edge itself (no answer, a proxy's page, an answer of the wrong shape), is walked
 * through every screen that can show a failed call. Each screen must reach its failure state and say it in
 * words: no text shaped like a code (`NOT_FOUND`, `HTTP_502`) and none of the names themselves. The failure
 * goes through the real API edge (createApi over a fetch that answers it), as in the browser.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { API_ERRORS } from '../../src/contract/apiErrors';
import { createApi, type Api } from '../../src/shared/api';
import { receipt, session, shopData } from '../helpers/fixtures';
import { renderApp } from '../helpers/renderApp';

type Failure = { label: string; fetch: () => Promise<Response> };

const answer = (status: number, body: unknown) => () =>
  Promise.resolve(
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': typeof body === 'string' ? 'text/html' : 'application/json' },
    }),
  );

const FAILURES: Failure[] = [
  ...API_ERRORS.map((e) => {
    const errorCode = 'errorCode' in e ? e.errorCode : e.name;
    // OUT_OF_STOCK carries the stock left per product (§8).
    const message = e.name === 'OUT_OF_STOCK' ? JSON.stringify([{ id: 'bun', stock: 0 }]) : undefined;
    return {
      label: `${e.status} ${e.name}/${errorCode}`,
      fetch: answer(e.status, { name: e.name, errorCode, message }),
    };
  }),
  // A backend or a framework may answer a name this list does not know.
  { label: '400 a name nobody knows', fetch: answer(400, { name: 'SOMETHING_NEW', errorCode: 'FST_ERR_X' }) },
  { label: 'a proxy’s 502 page', fetch: answer(502, '<html><h1>502 BAD_GATEWAY</h1></html>') },
  { label: 'no answer', fetch: () => Promise.reject(new TypeError('Failed to fetch')) },
];

/** Every name and code of the list, and anything shaped like one. */
const NAMES = new Set(
  API_ERRORS.flatMap((e) => ['name' in e ? e.name : '', 'errorCode' in e ? e.errorCode : '']),
);
const CODE_SHAPED = /\b[A-Z][A-Z0-9]*(_[A-Z0-9]+)+\b|\bHTTP[ _]?\d{3}\b/;

function expectWordsOnly(failure: Failure) {
  const text = document.body.textContent ?? '';
  expect({ failure: failure.label, codeShaped: text.match(CODE_SHAPED)?.[0] ?? null }).toEqual({
    failure: failure.label,
    codeShaped: null,
  });
  for (const name of NAMES) if (name.length > 0) expect(text).not.toContain(name);
}

/** The API call each screen makes, failing with `failure`, through the real edge. */
const failing = <K extends keyof Api>(name: K, failure: Failure): Partial<Api> =>
  ({ [name]: createApi({ fetch: failure.fetch })[name] }) as Partial<Api>;

const cart = session({ cart: [{ id: 'i1', productId: 'bun', count: 1, deviations: [], description: '' }] });
const noPhoneField = shopData({
  shop: {
    ...shopData().shop,
    customerInputs: {
      nameInput: { active: false, required: false },
      emailInput: { active: true, required: false },
      phoneInput: { active: false, required: false },
      addressInput: { active: false, required: false },
      extraInfoInput: { active: false, required: false },
    },
  },
});
const webState = encodeURIComponent(JSON.stringify({ isWeb: true, companyID: 'c-cafe', scopeState: 's' }));

/** Each screen that shows a failed call: how it is brought to fail, and how it shows it has failed. */
const SCREENS: Record<string, (failure: Failure) => Promise<void>> = {
  'cart page, Swish (startPayment)': async (failure) => {
    const { user, store } = await renderApp('/cafe/cart', {
      data: noPhoneField,
      session: cart,
      api: failing('startPayment', failure),
    });
    await user.click(await screen.findByRole('button', { name: 'Swish' }));
    await user.type(screen.getByLabelText('Phone number for Swish'), '0701234567');
    await user.click(screen.getByRole('button', { name: 'Pay with Swish' }));
    await waitFor(() => expect(store.getState().payment.machine.status).toBe('ERROR'));
    // The panel says why (OUT_OF_STOCK: the cart's lines and the payment part do).
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(0));
  },
  'cart page, Viva (startPayment)': async (failure) => {
    const { user, store } = await renderApp('/cafe/cart', {
      data: noPhoneField,
      session: cart,
      api: failing('startPayment', failure),
    });
    await user.click(await screen.findByRole('button', { name: 'Card or wallet (Viva)' }));
    await waitFor(() => expect(store.getState().payment.machine.status).toBe('ERROR'));
  },
  'receipt page, e-mail (emailReceipt)': async (failure) => {
    const { user } = await renderApp('/cafe/receipt/r1', {
      api: {
        getReceipt: () => Promise.resolve(receipt),
        receiptDownloadUrl: () => '/api/v2/webshop/cafe/receipt/r1/download',
        ...failing('emailReceipt', failure),
      },
    });
    await user.type(await screen.findByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(/Could not send receipt|Too many attempts/);
  },
  'receipt page (getReceipt)': async (failure) => {
    await renderApp('/cafe/receipt/r1', { api: failing('getReceipt', failure) });
    await screen.findByRole('alert');
  },
  'reference page (submitReference)': async (failure) => {
    const { user } = await renderApp('/cafe', {
      data: { ...shopData(), shop: { ...shopData().shop, requireReference: true } },
      api: failing('submitReference', failure),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Table number' }), '99');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Table number' })).toHaveAttribute('aria-invalid', 'true'),
    );
  },
  'shop (getShop)': async (failure) => {
    await renderApp('/cafe', { api: failing('getShop', failure) });
    await screen.findByRole('heading', { level: 1, name: /Shop not found|Something went wrong/ });
  },
  'bookkeeping start (getIntegrationUrl)': async (failure) => {
    const { user } = await renderApp('/integrate/fortnox/c-cafe/AUTH1?companyName=Kaffe', {
      api: failing('getIntegrationUrl', failure),
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('alert');
  },
  'bookkeeping callback (integrate)': async (failure) => {
    await renderApp(`/integrateFortnox?code=abc&state=${webState}`, { api: failing('integrate', failure) });
    // The outcome, focused (no live region: issue 40), and no start page in this tab.
    await screen.findByText('Start again from the app.');
  },
  'receipt download (getReceiptPdf)': async (failure) => {
    await renderApp('/receipt/c-cafe/r1', { api: failing('getReceiptPdf', failure) });
    await screen.findByRole('alert');
  },
  'card payment page (getPaymentIntent)': async (failure) => {
    await renderApp('/company/c-cafe/payment/pi_1', { api: failing('getPaymentIntent', failure) });
    await within(screen.getByRole('main')).findByRole('alert');
  },
};

describe('§8 no code on screen (issue 40): each API failure of §7, on each screen that can show one, in words', () => {
  describe.each(Object.entries(SCREENS))('%s', (_screen, bringToFailure) => {
    it.each(FAILURES)('$label', async (failure) => {
      await bringToFailure(failure);
      expectWordsOnly(failure);
    });
  });

  it('the walk covers every failure the contract lists', () => {
    expect(new Set(FAILURES.map((f) => f.label)).size).toBe(FAILURES.length);
    expect(FAILURES.length).toBe(API_ERRORS.length + 3);
  });
});
