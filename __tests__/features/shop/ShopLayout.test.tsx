import { act, screen, waitFor, within } from '@testing-library/react';
import type { ShopData } from '../../../src/domain/types';
import { NetworkError } from '../../../src/shared/api';
import { serverSession, session, shopData } from '../../helpers/fixtures';
import { deferred, renderApp, headerTitle } from '../../helpers/renderApp';

const cartSummary = /^Cart: \d+ items?, /;

/** Every id on the page is unique, so each aria-labelledby/-describedby names its own element. */
function expectUniqueIds() {
  const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
}

describe('§2 shop layout decision order', () => {
  it('§2 notFound: a 404 shop shows the shop-not-found page, without header or footer', async () => {
    await renderApp('/nope', {
      api: { getShop: jest.fn(() => Promise.reject(new NetworkError('Not found', { status: 404 }))) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop not found' })).toBeInTheDocument();
    expect(screen.getByText('Check that the address is correct.')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('§2 loading: a shop still loading shows a labelled status spinner and no cart summary or footer', async () => {
    const pending = deferred<never>();
    await renderApp('/cafe', { api: { getShop: jest.fn(() => pending.promise) } });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Loading the shop…'));
    expect(screen.queryByRole('link', { name: cartSummary })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('§2 loading: the store shows before the first session answer, the cart summary waits for it', async () => {
    const pending = deferred<never>();
    await renderApp('/cafe', { api: { getSession: jest.fn(() => pending.promise) } });
    expect(await screen.findByRole('heading', { name: 'Drinks' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Cart:/ })).not.toBeInTheDocument();
  });

  it('§2 loading: a shop that needs a reference waits for the first session answer (it may have one)', async () => {
    const pending = deferred<never>();
    const data = shopData({ shop: { ...shopData().shop, requireReference: true } });
    await renderApp('/cafe', { data, api: { getSession: jest.fn(() => pending.promise) } });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Loading the shop…'));
    expect(screen.queryByRole('heading', { name: 'Drinks' })).not.toBeInTheDocument();
  });

  it('§2 closed: a shop that is not open shows the closed title and all seven weekdays with hours or Closed', async () => {
    const data = shopData({
      shop: {
        ...shopData().shop,
        isOpen: false,
        openHours: [
          { weekday: 1, opens: '08:00', closes: '17:00' },
          { weekday: 3, opens: '10:00', closes: '14:00' },
          { weekday: 3, opens: '17:00', closes: '22:00' },
        ],
      },
    });
    await renderApp('/cafe', { data });
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'The shop is closed' })).toBeInTheDocument();
    const hours = within(main).getByRole('region', { name: 'Opening hours' });
    const days = within(hours)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(days).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    const times = within(hours)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(times).toEqual([
      '08:00–17:00',
      'Closed',
      '10:00–14:00, 17:00–22:00',
      'Closed',
      'Closed',
      'Closed',
      'Closed',
    ]);
    // The store itself is not shown.
    expect(screen.queryByRole('heading', { name: 'Drinks' })).not.toBeInTheDocument();
  });

  it('§2 closed: a shop marked inactive is closed too', async () => {
    await renderApp('/cafe', { data: shopData({ shop: { ...shopData().shop, active: false } }) });
    expect(await screen.findByRole('heading', { name: 'The shop is closed' })).toBeInTheDocument();
  });

  it('§Accessibility closed: every opening-hours region is named by its own heading and no id repeats', async () => {
    await renderApp('/cafe', { data: shopData({ shop: { ...shopData().shop, isOpen: false } }) });
    await screen.findByRole('heading', { name: 'The shop is closed' });
    const regions = screen.getAllByRole('region', { name: 'Opening hours' });
    for (const region of regions) {
      const heading = within(region).getByRole('heading', { name: 'Opening hours' });
      expect(region.getAttribute('aria-labelledby')).toBe(heading.id);
    }
    expectUniqueIds();
  });

  it('§2 needs reference: a shop requiring a reference without one shows the reference page, not the store', async () => {
    await renderApp('/cafe', { data: shopData({ shop: { ...shopData().shop, requireReference: true } }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your table number' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Drinks' })).not.toBeInTheDocument();
  });

  it('§2 closed wins over a missing reference', async () => {
    await renderApp('/cafe', {
      data: shopData({ shop: { ...shopData().shop, requireReference: true, isOpen: false } }),
    });
    expect(await screen.findByRole('heading', { name: 'The shop is closed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Enter your table number' })).not.toBeInTheDocument();
  });

  it('§5 a ?table= without a table’s shape (over 32 characters) shows the reference page saying what a table number is, its field empty, not a connection error', async () => {
    const { api } = await renderApp(`/cafe?table=${'9'.repeat(40)}`, {
      data: shopData({ shop: { ...shopData().shop, requireReference: true } }),
      api: {
        // As the demo API: GET cart answers 400 for a table over 32 characters.
        getSession: jest.fn((_shopId: string, query?: { table?: string }) =>
          (query?.table?.length ?? 0) > 32
            ? Promise.reject(new NetworkError('Bad Request', { status: 400 }))
            : Promise.resolve(session()),
        ),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your table number' }),
    ).toBeInTheDocument();
    const field = screen.getByLabelText('Table number');
    expect(field).toHaveAccessibleDescription(
      'A table number has 1–6 letters or digits, for example 07 or A12',
    );
    expect(field).toHaveValue('');
    expect(screen.queryByText(/Something went wrong with the connection/)).not.toBeInTheDocument();
    expect(api.getSession).toHaveBeenCalledWith(
      'cafe',
      { table: undefined, tabId: undefined },
      expect.any(AbortSignal),
    );
  });

  it('§2 a reference given with ?table= that the server takes opens a shop that requires one', async () => {
    await renderApp('/cafe?table=7', {
      data: shopData({ shop: { ...shopData().shop, requireReference: true } }),
      api: { getSession: serverSession(['7']) },
    });
    expect(await screen.findByRole('heading', { name: 'Drinks' })).toBeInTheDocument();
  });

  it('§2 open: an open shop shows the store', async () => {
    await renderApp('/cafe');
    expect(await screen.findByRole('heading', { level: 2, name: 'Drinks' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Bakery' })).toBeInTheDocument();
  });

  it('§8 a failed load shows the connection error with Retry, and Retry loads the shop again', async () => {
    const getShop = jest
      .fn()
      .mockRejectedValueOnce(new NetworkError('Failed to fetch', { status: 0 }))
      .mockResolvedValue(shopData());
    const { user } = await renderApp('/cafe', { api: { getShop } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Something went wrong with the connection, developers have been notified',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Drinks' })).toBeInTheDocument();
    expect(getShop).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('§2 reloading the shop that is shown', () => {
  it('§2 a new ?table= reloads the shop behind the store: no loading display, the store is not rebuilt', async () => {
    const reload = deferred<ShopData>();
    const getShop = jest.fn().mockResolvedValueOnce(shopData()).mockReturnValueOnce(reload.promise);
    const { history } = await renderApp('/cafe', { api: { getShop, getSession: serverSession() } });
    const bun = await screen.findByRole('article', { name: 'Bun' });
    await act(async () => history.push('/cafe?table=5'));
    expect(getShop).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Loading the shop…')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Bun' })).toBe(bun);
    // §2 the cart summary waits until the shop is no longer loading.
    expect(screen.queryByRole('link', { name: cartSummary })).not.toBeInTheDocument();
    await act(async () => reload.resolve(shopData()));
    expect(await within(screen.getByRole('banner')).findByText(headerTitle('Café - 5'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: cartSummary })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Bun' })).toBe(bun);
  });

  it('§2 an open product popup stays open while the shop reloads', async () => {
    const reload = deferred<ShopData>();
    const base = shopData();
    const data = { ...base, shop: { ...base.shop, displayType: 'SMALL_IMAGE' as const } };
    const getShop = jest.fn().mockResolvedValueOnce(data).mockReturnValueOnce(reload.promise);
    const { history, user } = await renderApp('/cafe', { data, api: { getShop } });
    await user.click(await screen.findByRole('button', { name: 'Bun' }));
    await screen.findByRole('dialog', { name: 'Bun' });
    await act(async () => history.push('/cafe?table=5'));
    await act(async () => reload.resolve(data));
    expect(screen.getByRole('dialog', { name: 'Bun' })).toBeInTheDocument();
  });
});

describe('§2 shop header', () => {
  it('§2 ?table= sets the order reference: the header title is "{shop} - {table}" and the session loads with it', async () => {
    const { api } = await renderApp('/cafe?table=12', { api: { getSession: serverSession() } });
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText(headerTitle('Café - 12'))).toBeInTheDocument();
    expect(api.getSession).toHaveBeenCalledWith(
      'cafe',
      { table: '12', tabId: undefined },
      expect.any(AbortSignal),
    );
  });

  it('§2 ?tabId= is read when the session loads', async () => {
    const { api } = await renderApp('/cafe?tabId=t-9');
    await screen.findByRole('heading', { name: 'Drinks' });
    expect(api.getSession).toHaveBeenCalledWith(
      'cafe',
      { table: undefined, tabId: 't-9' },
      expect.any(AbortSignal),
    );
  });

  it('§2 without a reference the header title is the shop title alone', async () => {
    await renderApp('/cafe');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('Café')).toBeInTheDocument();
  });

  it('§2 a reference from the session shows in the title', async () => {
    await renderApp('/cafe', { session: session({ orderReference: 'B4' }) });
    expect(await screen.findByText(headerTitle('Café - B4'))).toBeInTheDocument();
  });

  it('the browser tab is titled with the shop', async () => {
    await renderApp('/cafe');
    await screen.findByRole('banner');
    await waitFor(() => expect(document.title).toBe('Café'));
  });

  it('§2 the logo links to the shop home', async () => {
    await renderApp('/cafe/refundPolicy');
    const home = await screen.findByRole('link', { name: "Go to the shop's start page" });
    expect(home).toHaveAttribute('href', '/cafe');
  });

  it("no default logo or colour flashes before the shop's own: the header draws them only once the shop is known (issue 11)", async () => {
    const answer = deferred<ShopData>();
    const data = shopData();
    data.company.logo = 'https://img.example.test/cafe-logo.png';
    await renderApp('/cafe', { api: { getShop: jest.fn(() => answer.promise) } });
    const banner = await screen.findByRole('banner');
    expect(banner.querySelector('img')).toBeNull();
    expect(getComputedStyle(banner).backgroundColor).toBe('rgba(0, 0, 0, 0)');
    await act(async () => answer.resolve(data));
    await waitFor(() =>
      expect(banner.querySelector('img')).toHaveAttribute('src', 'https://img.example.test/cafe-logo.png'),
    );
    expect(getComputedStyle(banner).backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
  });

  it('§2 the cart summary link (total and count) shows once loaded and leads to the cart', async () => {
    const { user } = await renderApp('/cafe', {
      session: session({ cart: [{ id: 'l1', productId: 'bun', count: 2, deviations: [], description: '' }] }),
    });
    const summary = await screen.findByRole('link', { name: 'Cart: 2 items, 50,00 kr' });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Cart: 2 items, 50,00 kr' })).toBe(
      summary,
    );
    await user.click(summary);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
  });
});

describe('§1/§2 shop footer', () => {
  it('§1 shows the company details, contact links and the hosted-by line', async () => {
    await renderApp('/cafe');
    const footer = await screen.findByRole('contentinfo');
    const details = within(footer).getByRole('region', { name: 'Company details' });
    expect(details).toHaveTextContent('Café AB');
    expect(details).toHaveTextContent('Organisation number: 556677-8899');
    expect(details).toHaveTextContent('Gatan 1');
    expect(details).toHaveTextContent('111 22 Stockholm');
    expect(within(footer).getByRole('link', { name: '08-123 45 67' })).toHaveAttribute(
      'href',
      'tel:081234567',
    );
    expect(within(footer).getByRole('link', { name: 'info@cafe.example' })).toHaveAttribute(
      'href',
      'mailto:info@cafe.example',
    );
    expect(within(footer).getByText('Hosted by Kassa')).toBeInTheDocument();
    expect(within(footer).getByRole('region', { name: 'Opening hours' })).toBeInTheDocument();
  });

  it('§2 the refund policy link opens the refund policy page with the shop’s text, line breaks kept', async () => {
    const data = shopData({
      shop: { ...shopData().shop, refundPolicy: 'Open purchase for 30 days.\nKeep the receipt.' },
    });
    const { user, history } = await renderApp('/cafe', { data });
    const footer = await screen.findByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Refund policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Refund policy' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/cafe/refundPolicy');
    const text = within(screen.getByRole('main')).getByText(/Open purchase for 30 days\./);
    expect(text.textContent).toBe('Open purchase for 30 days.\nKeep the receipt.');
  });

  it('§2 a shop without a refund policy shows the fallback text', async () => {
    await renderApp('/cafe/refundPolicy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Refund policy' })).toBeInTheDocument();
    expect(await screen.findByText('The shop has not published a refund policy.')).toBeInTheDocument();
  });
});

describe('§4 changing the shop', () => {
  it('§4 another shop id loads that shop and its session', async () => {
    const other = shopData({ shop: { ...shopData().shop, shopId: 'deli', title: 'Deli' } });
    const getShop = jest.fn((id: string) => Promise.resolve(id === 'deli' ? other : shopData()));
    const { history, api } = await renderApp('/cafe', { api: { getShop } });
    expect(await within(await screen.findByRole('banner')).findByText('Café')).toBeInTheDocument();
    await act(async () => history.push('/deli'));
    await waitFor(() => expect(within(screen.getByRole('banner')).getByText('Deli')).toBeInTheDocument());
    expect(api.getSession).toHaveBeenLastCalledWith(
      'deli',
      { table: undefined, tabId: undefined },
      expect.any(AbortSignal),
    );
  });
});
