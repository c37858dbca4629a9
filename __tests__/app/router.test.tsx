import { screen } from '@testing-library/react';
import { NetworkError } from '../../src/shared/api';
import { shopData } from '../helpers/fixtures';
import { renderApp } from '../helpers/renderApp';

/** The fake backend knows the café only, as the real one answers 404 for any other shop id. */
const onlyTheCafe = {
  getShop: jest.fn((shopId: string) =>
    shopId === 'cafe'
      ? Promise.resolve(shopData())
      : Promise.reject(new NetworkError('Not found', { status: 404 })),
  ),
};

describe('§2 routes: an address no route matches shows the * 404 page', () => {
  it.each([
    ['a deep path', '/no/such/deep/page'],
    ['a company address without the payment part', '/company/c-cafe'],
    ['an integration start without company and code', '/integrate/fortnox'],
    ['an unknown page of a known shop', '/cafe/nope'],
    ['an unknown deeper page of a known shop', '/cafe/products/p-1/extra'],
  ])('§2 * route: %s (%s) shows "Page not found", not "Shop not found"', async (_name, path) => {
    const { api } = await renderApp(path, { api: onlyTheCafe });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to our homepage' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shop not found' })).not.toBeInTheDocument();
    // Nothing took the first path segment for a shop id.
    expect(api.getShop).not.toHaveBeenCalled();
  });

  it('§2 /{webshopId} of an unknown shop still shows "Shop not found"', async () => {
    await renderApp('/nosuchshop', { api: onlyTheCafe });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('§2 the shop routes themselves still open the shop', async () => {
    await renderApp('/cafe/refundPolicy', { api: onlyTheCafe });
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });
});
