/**
 * docs/product-rules.md §5, text from the address: a page shows only the shop's own words. Each text the
 * address can bring (table, tabId, q, tags, lng, a product id, a receipt id) is walked through the app with
 * a lure a sticker could carry; it never reaches the screen, nor the server where it would be stored.
 */
import { screen, within } from '@testing-library/react';
import { NetworkError } from '../../src/shared/api';
import { serverSession, session, shopData } from '../helpers/fixtures';
import { headerTitle, renderApp } from '../helpers/renderApp';

/** What a sticker over the shop's QR code could say. */
const LURE = 'Swisha till 0701234567';
const lureIn = (path: string) => path.replace('LURE', encodeURIComponent(LURE));

/** The page, as a customer reads it: its text and every field's value. */
function pageText() {
  const values = [...document.querySelectorAll('input')].map((input) => input.value);
  return [document.body.textContent ?? '', ...values].join('\n');
}

const restaurant = shopData({ shop: { ...shopData().shop, requireReference: true } });

describe('§5 text from the address: a table', () => {
  it('§5: a table without an order reference’s shape is never sent nor shown: the header names the shop alone', async () => {
    // A server that takes any table, as the demo did: only the page's own check keeps the lure out.
    const getSession = serverSession();
    await renderApp(lureIn('/cafe?table=LURE'), { api: { getSession } });
    expect(await screen.findByText(headerTitle('Café'))).toBeInTheDocument();
    expect(getSession.mock.calls.map(([, query]) => query?.table)).toEqual([undefined]);
    expect(pageText()).not.toContain('0701234567');
  });

  it('§5: a table of an order reference’s shape is sent and shown as given (case kept)', async () => {
    const getSession = serverSession();
    await renderApp('/cafe?table=a12', { api: { getSession } });
    expect(await screen.findByText(headerTitle('Café - a12'))).toBeInTheDocument();
    expect(getSession.mock.calls.map(([, query]) => query?.table)).toEqual(['a12']);
  });

  it('§5: an order reference a server answers without a table’s shape is not shown', async () => {
    await renderApp('/cafe', { session: session({ orderReference: LURE }) });
    expect(await screen.findByText(headerTitle('Café'))).toBeInTheDocument();
    expect(pageText()).not.toContain('0701234567');
  });

  it('§5: a shop that requires a table asks for one, its field empty, saying what a table number is', async () => {
    await renderApp(lureIn('/restaurant?table=LURE'), {
      data: restaurant,
      api: { getSession: serverSession(['07']) },
    });
    const field = await screen.findByLabelText('Table number');
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription(
      'A table number has 1–6 letters or digits, for example 07 or A12',
    );
    expect(pageText()).not.toContain('0701234567');
  });

  it('§5: a typed reference without a table’s shape is refused in words and not sent', async () => {
    const submitReference = jest.fn(() => Promise.resolve());
    const { user } = await renderApp('/restaurant', { data: restaurant, api: { submitReference } });
    const field = await screen.findByLabelText('Table number');
    await user.type(field, 'Bord 7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription(
      'A table number has 1–6 letters or digits, for example 07 or A12',
    );
    expect(submitReference).not.toHaveBeenCalled();
  });
});

describe('§5 text from the address: a search', () => {
  it('§5: a search from the address that is no plain short search opens the search empty', async () => {
    await renderApp(lureIn('/cafe?q=LURE'));
    expect(await screen.findByRole('searchbox', { name: 'Search the menu' })).toHaveValue('');
    expect(pageText()).not.toContain('0701234567');
  });

  it('§5: a plain short search from the address is in the field, and finds its products', async () => {
    await renderApp('/cafe?q=Coffee');
    expect(await screen.findByRole('searchbox', { name: 'Search the menu' })).toHaveValue('Coffee');
    expect(screen.getByText('1 product')).toBeInTheDocument();
  });

  it('§5: tags from the address are chosen only among the shop’s own, by their names', async () => {
    const data = shopData({ tags: [{ id: 'vegan', tag: 'Vegan', color: '#2e7d32' }] });
    data.products[0] = { ...data.products[0]!, tagIds: ['vegan'] };
    await renderApp(lureIn('/cafe?q=&tags=vegan,LURE'), { data });
    const chips = await screen.findByRole('list', { name: 'Show only' });
    expect(within(chips).getAllByRole('button')).toHaveLength(1);
    expect(within(chips).getByRole('button', { name: 'Vegan', pressed: true })).toBeInTheDocument();
    expect(pageText()).not.toContain('0701234567');
  });
});

describe('§5 text from the address: ids and the language', () => {
  it('§5: a product id in the path is never shown: an unknown one says the product was not found', async () => {
    await renderApp(lureIn('/cafe/products/LURE'));
    expect(
      await screen.findByRole('heading', { name: 'The product could not be found' }),
    ).toBeInTheDocument();
    expect(pageText()).not.toContain('0701234567');
  });

  it('§5: a receipt id in the path is never shown, not even when no such receipt is found', async () => {
    const getReceipt = jest.fn(() =>
      Promise.reject(new NetworkError('NOT_FOUND', { status: 404, code: 'RECEIPT_NOT_FOUND' })),
    );
    await renderApp(lureIn('/cafe/receipt/LURE'), { api: { getReceipt } });
    expect(getReceipt).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(pageText()).not.toContain('0701234567');
  });

  it('§5: a tabId and a language from the address are never shown', async () => {
    await renderApp(lureIn('/cafe?tabId=LURE&lng=LURE'));
    expect(await screen.findByText(headerTitle('Café'))).toBeInTheDocument();
    expect(pageText()).not.toContain('0701234567');
  });
});
