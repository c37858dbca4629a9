import { act, screen, waitFor } from '@testing-library/react';
import type { CartItem, TabSelection } from '../../../src/domain/types';
import { NetworkError } from '../../../src/shared/api';
import { pageActions } from '../../../src/shared/pageSignals';
import { session } from '../../helpers/fixtures';
import { deferred, renderApp } from '../../helpers/renderApp';

type PutCartBody = { cart: CartItem[]; tabItems: TabSelection[] };

const line = (id: string, productId: string, count: number): CartItem => ({
  id,
  productId,
  count,
  deviations: [],
  description: '',
});

/**
 * A PUT cart whose answers the test releases; the fake server applies a body when it answers it, so
 * requests answered out of order leave the server with the older cart. It records how many were in flight.
 */
function controllablePut() {
  const calls: { body: PutCartBody; answer: ReturnType<typeof deferred<void>>; done: boolean }[] = [];
  const applied: PutCartBody[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const putCart = jest.fn((_shopId: string, body: PutCartBody) => {
    const answer = deferred<void>();
    calls.push({ body: structuredClone(body), answer, done: false });
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return answer.promise.finally(() => {
      inFlight -= 1;
    });
  });
  /** Answers every PUT still open, the newest first, until no more are sent. */
  const answerNewestFirst = async () => {
    for (let open = calls.filter((c) => !c.done); open.length > 0; open = calls.filter((c) => !c.done)) {
      for (const call of open.reverse()) {
        call.done = true;
        applied.push(call.body);
        await act(async () => call.answer.resolve());
      }
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
  };
  return {
    putCart,
    calls,
    applied,
    answerNewestFirst,
    maxInFlight: () => maxInFlight,
    serverCart: () => applied[applied.length - 1],
  };
}

const counts = (body: PutCartBody) => body.cart.map((i) => `${i.productId}×${i.count}`);

describe('§4 cart sync (PUT cart, latest wins)', () => {
  it('§4 a product added before the first session answer is kept, merged with the saved cart, and saved only after it', async () => {
    const put = controllablePut();
    const answer = deferred<ReturnType<typeof session>>();
    const saved = { ...session(), cart: [line('s1', 'bun', 2)] };
    const { user, store } = await renderApp('/cafe', {
      api: { putCart: put.putCart, getSession: jest.fn(() => answer.promise) },
    });
    // The store shows before the session (the host may have rendered it): the customer can add already.
    await user.click(await screen.findByRole('button', { name: 'Add Bun to the cart' }));
    // Nothing is sent while the request that makes the session is on its way.
    expect(put.putCart).not.toHaveBeenCalled();
    await act(async () => answer.resolve(saved));
    await waitFor(() => expect(put.calls).toHaveLength(1));
    expect(counts(put.calls[0]!.body)).toEqual(['bun×3']);
    const shown = Object.values(store.getState().cart.entities).map((i) => `${i?.productId}×${i?.count}`);
    expect(shown).toEqual(['bun×3']);
  });

  it('§4 a burst of changes sends one PUT at a time, and the last PUT carries the latest cart', async () => {
    const put = controllablePut();
    const { user } = await renderApp('/cafe', { api: { putCart: put.putCart } });
    const add = await screen.findByRole('button', { name: 'Add Bun to the cart' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    // The first PUT is still unanswered: nothing else has been sent.
    expect(put.calls.map((c) => counts(c.body))).toEqual([['bun×1']]);
    await act(async () => put.calls[0]?.answer.resolve());
    await waitFor(() => expect(put.calls).toHaveLength(2));
    // The two later changes collapsed into one PUT with the cart as it is now.
    expect(counts(put.calls[1]!.body)).toEqual(['bun×3']);
    await act(async () => put.calls[1]?.answer.resolve());
    await new Promise((r) => setTimeout(r, 50));
    expect(put.calls).toHaveLength(2);
    expect(put.maxInFlight()).toBe(1);
  });

  it('§4 a removed line never comes back: with answers arriving newest first, the server ends with the latest cart', async () => {
    const put = controllablePut();
    const { user, store } = await renderApp('/cafe/cart', {
      session: session({ cart: [line('l1', 'bun', 1), line('l2', 'coffee', 1)] }),
      api: { putCart: put.putCart },
    });
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Bun' }));
    await user.click(screen.getByRole('button', { name: 'Remove Coffee from the cart' }));
    expect(counts(put.calls[0]!.body)).toEqual(['bun×2', 'coffee×1']);
    await put.answerNewestFirst();
    expect(counts(put.serverCart()!)).toEqual(['bun×2']);
    expect(counts(put.calls[put.calls.length - 1]!.body)).toEqual(['bun×2']);
    expect(screen.queryByText('Coffee')).not.toBeInTheDocument();
    expect(store.getState().cart.ids).toEqual(['l1']);
    expect(store.getState().cart.sync).toBe('synced');
  });

  it('§4 the answer to an older PUT does not mark a newer cart as saved', async () => {
    const put = controllablePut();
    const { user, store } = await renderApp('/cafe', { api: { putCart: put.putCart } });
    const add = await screen.findByRole('button', { name: 'Add Bun to the cart' });
    await user.click(add);
    await user.click(add);
    await act(async () => put.calls[0]?.answer.resolve());
    expect(store.getState().cart.sync).toBe('pending');
    await waitFor(() => expect(put.calls).toHaveLength(2));
    await act(async () => put.calls[1]?.answer.resolve());
    expect(store.getState().cart.sync).toBe('synced');
  });

  it('§4 a session read that left while a save was on its way never brings back the older cart, even when the save is confirmed before the read answers', async () => {
    const put = controllablePut();
    const read = deferred<ReturnType<typeof session>>();
    const getSession = jest
      .fn()
      .mockResolvedValueOnce(session())
      .mockImplementationOnce(() => read.promise);
    const { user, store } = await renderApp('/cafe', { api: { putCart: put.putCart, getSession } });
    await user.click(await screen.findByRole('button', { name: 'Add Bun to the cart' }));
    await waitFor(() => expect(put.calls).toHaveLength(1));
    // The page is shown again while the save is on its way: the session is read again.
    act(() => {
      store.dispatch(pageActions.becameVisible());
    });
    await waitFor(() => expect(getSession).toHaveBeenCalledTimes(2));
    // The server read its cart (still empty) before the save landed; the save is confirmed first.
    await act(async () => put.calls[0]?.answer.resolve());
    expect(store.getState().cart.sync).toBe('synced');
    await act(async () => read.resolve(session()));
    const shown = Object.values(store.getState().cart.entities).map((i) => `${i?.productId}×${i?.count}`);
    expect(shown).toEqual(['bun×1']);
  });

  it('§4 a failed PUT shows "The cart could not be saved" and is sent again', async () => {
    const putCart = jest
      .fn()
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockResolvedValue(undefined);
    const { user } = await renderApp('/cafe/cart', {
      session: session({ cart: [line('l1', 'bun', 1)] }),
      api: { putCart },
    });
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Bun' }));
    expect(await screen.findByText('The cart could not be saved. Trying again…')).toBeInTheDocument();
    // Retried after the 1 s backoff, with the same cart; the message goes once it is saved.
    await waitFor(() => expect(putCart).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect(putCart.mock.calls[1]?.[1]).toEqual(putCart.mock.calls[0]?.[1]);
    await waitFor(() =>
      expect(screen.queryByText('The cart could not be saved. Trying again…')).not.toBeInTheDocument(),
    );
  });

  it('issue 12: a save answered 429 (too many saves) says so, keeps the cart and is sent again by the backoff until it is saved', async () => {
    const tooMany = new NetworkError('TOO_MANY_REQUESTS', { status: 429 });
    const putCart = jest.fn().mockRejectedValueOnce(tooMany).mockResolvedValue(undefined);
    const { user, store } = await renderApp('/cafe/cart', {
      session: session({ cart: [line('l1', 'bun', 1)] }),
      api: { putCart },
    });
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Bun' }));
    const status = await screen.findByText(
      'Too many changes in a short time. Your cart is kept and will be saved in a moment.',
    );
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('The cart could not be saved. Trying again…')).not.toBeInTheDocument();
    expect(Object.values(store.getState().cart.entities).map((i) => i?.count)).toEqual([2]);
    // The existing backoff (1 s) sends the same cart again; the text goes once it is saved.
    await waitFor(() => expect(putCart).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect(putCart.mock.calls[1]?.[1]).toEqual(putCart.mock.calls[0]?.[1]);
    await waitFor(() => expect(status).not.toBeInTheDocument());
    expect(store.getState().cart.sync).toBe('synced');
  });

  it('the store page announces an unsaved cart in a status region and stops once it is saved', async () => {
    const putCart = jest
      .fn()
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockResolvedValue(undefined);
    const { user } = await renderApp('/cafe', { api: { putCart } });
    await user.click(await screen.findByRole('button', { name: 'Add Bun to the cart' }));
    const status = await screen.findByText('The cart could not be saved. Trying again…');
    expect(status.closest('[role="status"]')).not.toBeNull();
    await waitFor(
      () => expect(screen.queryByText('The cart could not be saved. Trying again…')).not.toBeInTheDocument(),
      { timeout: 3000 },
    );
  });

  it('§4 after a failure, a new change is sent at once without waiting for the backoff', async () => {
    const putCart = jest
      .fn()
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockResolvedValue(undefined);
    const { user } = await renderApp('/cafe/cart', {
      session: session({ cart: [line('l1', 'bun', 1)] }),
      api: { putCart },
    });
    const increase = await screen.findByRole('button', { name: 'Increase quantity of Bun' });
    await user.click(increase);
    await screen.findByText('The cart could not be saved. Trying again…');
    await user.click(increase);
    await waitFor(() => expect(putCart).toHaveBeenCalledTimes(2), { timeout: 500 });
    expect((putCart.mock.calls[1]?.[1] as PutCartBody).cart[0]?.count).toBe(3);
  });
});
