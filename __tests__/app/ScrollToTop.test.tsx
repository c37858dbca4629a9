/**
 * A page the customer goes to opens at its top (app/ScrollToTop.tsx): the router kept the last page's scroll,
 * so a product opened far down the menu showed its page's footer. Back keeps the browser's place; a change of
 * the query alone (a search) is the same page.
 */
import { act, screen, within } from '@testing-library/react';
import { renderApp } from '../helpers/renderApp';

test('§2: a product opened from the store starts at the top of its page; Back and a search move nothing', async () => {
  const { user, history } = await renderApp('/cafe');
  const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  try {
    await user.click(
      within(await screen.findByRole('article', { name: 'Coffee' })).getByRole('link', { name: 'Coffee' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Coffee' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    act(() => history.go(-1));
    expect(await screen.findByRole('article', { name: 'Coffee' })).toBeInTheDocument();
    act(() => history.push('/cafe?q=coffee'));
    expect(history.location.search).toBe('?q=coffee');
    expect(scrollTo).toHaveBeenCalledTimes(1);
  } finally {
    scrollTo.mockRestore();
  }
});
