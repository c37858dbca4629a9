/**
 * docs/product-rules.md §3, "a tab line is held while it is paid": guests at one table share its tab (the
 * restaurant's tab-12). A started payment holds the tab lines it was priced with, as it holds stock; a start
 * that wants what another guest's pending payment holds is refused (409 TAB_ITEM_BEING_PAID, nothing
 * changed); a cancel, decline, error or expiry gives the lines back; completion settles them once, whatever
 * the order of the provider's answers. First the stories the rule is for, then a property (fast-check) of
 * three guests' random starts, outcomes and clock moves.
 */
import fc from 'fast-check';
import type { SessionResponse, StartPaymentResponse } from '../../src/contract';
import { listPayments, readCart, readTab, type PaymentRecord } from '../../src/demo-api/store/demoRepository';
import {
  cafeCustomer,
  Client,
  obj,
  resetHarness,
  startDemo,
  type Answer,
  type Harness,
} from './demoTestClient';

const R = '/api/v2/webshop/restaurant';
const SWISH = 'pm-restaurant-swish';
const VIVA = 'pm-restaurant-viva';
const RESERVATION_MS = 60_000;
/** tab-12 as the fixtures open it: entry id → count. */
const TAB_12 = { 'tab-12-1': 2, 'tab-12-2': 1, 'tab-12-3': 3, 'tab-12-4': 2 } as const;
type EntryId = keyof typeof TAB_12;
const ENTRY_IDS = Object.keys(TAB_12) as EntryId[];

let h: Harness;
beforeAll(async () => {
  h = await startDemo({ delays: { reservationMs: RESERVATION_MS } });
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => resetHarness(h));

/** A guest at table 12 with the tab open, who has chosen `tabItems`. */
async function guest(tabItems: { id: EntryId; count: number }[]): Promise<Client> {
  const c = new Client(h.origin);
  expect((await c.get(`${R}/cart?table=12&tabId=tab-12`)).status).toBe(200);
  expect((await c.put(`${R}/cart`, { cart: [], tabItems })).status).toBe(200);
  return c;
}

const start = (c: Client, method = SWISH): Promise<Answer> =>
  c.post(`${R}/cart/startPayment`, {
    paymentMethodId: method,
    customerInfo: cafeCustomer(),
    orderReference: null,
  });

async function started(c: Client, method = SWISH): Promise<string> {
  const res = await start(c, method);
  expect(res.status).toBe(200);
  return (res.json as StartPaymentResponse).paymentId;
}

const session = async (c: Client) => (await c.get(`${R}/cart`)).json as SessionResponse;

/** What the tab has left of each entry, as the server stores it. */
function tabLeft(): Record<string, number> {
  const tab = readTab(h.api.ctx.db, 'restaurant', 'tab-12');
  return Object.fromEntries((tab?.entries ?? []).map((e) => [e.id, e.count]));
}

/** How much of `entry` another guest is paying for, as `c`'s session answer says. */
async function beingPaid(c: Client, entry: EntryId): Promise<number | undefined> {
  return (await session(c)).activeTab?.cart.find((e) => e.id === entry)?.beingPaid;
}

function expectRefusedUnchanged(res: Answer, before: string, held: EntryId[]): void {
  expect({ status: res.status, name: obj(res.json).name }).toEqual({
    status: 409,
    name: 'TAB_ITEM_BEING_PAID',
  });
  expect(JSON.parse(String(obj(res.json).message))).toEqual(held);
  expect(h.api.ctx.db.snapshot()).toBe(before);
}

describe('§3 a tab line is held while it is paid: two guests, one Köttbullar (tab-12-2)', () => {
  it.each([
    ['Swish first, then Viva', SWISH, VIVA],
    ['Viva first, then Swish', VIVA, SWISH],
  ])(
    '%s: the second start is refused in words, the line shows as being paid to the other guest',
    async (_, first, second) => {
      const anna = await guest([{ id: 'tab-12-2', count: 1 }]);
      const bo = await guest([{ id: 'tab-12-2', count: 1 }]);
      expect(await beingPaid(bo, 'tab-12-2')).toBe(0);
      await started(anna, first);
      // Anna's own payment is not "someone else": her page shows nothing held.
      expect(await beingPaid(anna, 'tab-12-2')).toBe(0);
      expect(await beingPaid(bo, 'tab-12-2')).toBe(1);
      const before = h.api.ctx.db.snapshot();
      expectRefusedUnchanged(await start(bo, second), before, ['tab-12-2']);
    },
  );

  it.each([
    ['cancelled by the guest', (c: Client) => c.post(`${R}/cart/cancelPayment`)],
    ['declined', (_: Client, id: string) => new Client(h.origin).post(`/demo/api/payments/${id}/decline`)],
    [
      'ended in an error',
      (_: Client, id: string) => new Client(h.origin).post(`/demo/api/payments/${id}/error`),
    ],
    [
      'cancelled in the app',
      (_: Client, id: string) => new Client(h.origin).post(`/demo/api/payments/${id}/cancel`),
    ],
    [
      'expired through the control API',
      (_: Client, id: string) => new Client(h.origin).post(`/demo/api/payments/${id}/expire`),
    ],
  ])('a payment %s gives the line back: the other guest may pay it', async (_, end) => {
    const anna = await guest([{ id: 'tab-12-2', count: 1 }]);
    const bo = await guest([{ id: 'tab-12-2', count: 1 }]);
    const paymentId = await started(anna);
    expect((await end(anna, paymentId)).status).toBeLessThan(300);
    expect(await beingPaid(bo, 'tab-12-2')).toBe(0);
    await started(bo);
    expect(tabLeft()['tab-12-2']).toBe(1); // nothing settled until a completion
  });

  it('an expired payment gives the line back, and its late approval settles nothing', async () => {
    const anna = await guest([{ id: 'tab-12-2', count: 1 }]);
    const bo = await guest([{ id: 'tab-12-2', count: 1 }]);
    const annas = await started(anna);
    h.clock.advance(RESERVATION_MS);
    expect(await beingPaid(bo, 'tab-12-2')).toBe(0);
    const bos = await started(bo);
    const late = await new Client(h.origin).post(`/demo/api/payments/${annas}/approve`);
    expect(late.status).toBe(409);
    expect(tabLeft()['tab-12-2']).toBe(1);
    expect((await new Client(h.origin).post(`/demo/api/payments/${bos}/approve`)).status).toBe(200);
    expect(tabLeft()['tab-12-2']).toBe(0);
  });

  it('a completion settles the line once, however often the provider answers; the other guest cannot pay it again', async () => {
    const anna = await guest([{ id: 'tab-12-2', count: 1 }]);
    const bo = await guest([{ id: 'tab-12-2', count: 1 }]);
    const paymentId = await started(anna);
    const provider = new Client(h.origin);
    expect((await provider.post(`/demo/api/payments/${paymentId}/approve`)).status).toBe(200);
    expect((await provider.post(`/demo/api/payments/${paymentId}/approve`)).status).toBe(409);
    expect((await provider.post(`/demo/api/payments/${paymentId}/decline`)).status).toBe(409);
    expect(tabLeft()['tab-12-2']).toBe(0);
    const res = await start(bo);
    expect({ status: res.status, name: obj(res.json).name }).toEqual({
      status: 400,
      name: 'TAB_ITEM_UNAVAILABLE',
    });
    const receipts = listPayments(h.api.ctx.db, null, 100).filter((p) => p.status === 'COMPLETED');
    expect(receipts).toHaveLength(1);
  });

  it('only what is held is refused: two guests may each pay one of two Skagen (tab-12-1)', async () => {
    const anna = await guest([{ id: 'tab-12-1', count: 1 }]);
    const bo = await guest([{ id: 'tab-12-1', count: 1 }]);
    const carl = await guest([{ id: 'tab-12-1', count: 1 }]);
    await started(anna);
    expect(await beingPaid(bo, 'tab-12-1')).toBe(1);
    await started(bo);
    expect(await beingPaid(carl, 'tab-12-1')).toBe(2);
    expectRefusedUnchanged(await start(carl), h.api.ctx.db.snapshot(), ['tab-12-1']);
  });

  it('two guests paying different lines: a third sees each line held by exactly what is being paid of it', async () => {
    const anna = await guest([
      { id: 'tab-12-3', count: 1 },
      { id: 'tab-12-4', count: 1 },
    ]);
    const bo = await guest([{ id: 'tab-12-2', count: 1 }]);
    const carl = await guest([]);
    await started(anna);
    await started(bo);
    const held = (await session(carl)).activeTab?.cart.map((e) => [e.id, e.beingPaid]);
    expect(held).toEqual([
      ['tab-12-1', 0],
      ['tab-12-2', 1],
      ['tab-12-3', 1],
      ['tab-12-4', 1],
    ]);
  });

  it('a guest changing method keeps their own line: their own hold never refuses them', async () => {
    const anna = await guest([{ id: 'tab-12-2', count: 1 }]);
    const first = await started(anna, SWISH);
    const second = await started(anna, VIVA);
    expect(second).not.toBe(first);
    expect(listPayments(h.api.ctx.db, null, 100).find((p) => p.paymentId === first)?.status).toBe(
      'CANCELLED',
    );
  });
});

// ------------------------------------------------------------------------------------------ the property

type Step =
  | { kind: 'choose'; g: number; items: Partial<Record<EntryId, number>> }
  | { kind: 'start'; g: number; method: typeof SWISH | typeof VIVA }
  | { kind: 'cancel'; g: number }
  | { kind: 'outcome'; pick: number; outcome: 'approve' | 'decline' | 'cancel' | 'error' }
  | { kind: 'advance'; ms: number };

const GUESTS = 3;
const g = fc.integer({ min: 0, max: GUESTS - 1 });
const choice = fc.record(
  Object.fromEntries(ENTRY_IDS.map((id) => [id, fc.integer({ min: 0, max: TAB_12[id] })])) as Record<
    EntryId,
    fc.Arbitrary<number>
  >,
  { requiredKeys: [] },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('choose' as const), g, items: choice }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('start' as const), g, method: fc.constantFrom(SWISH, VIVA) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), g }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('outcome' as const),
      pick: fc.nat(),
      outcome: fc.constantFrom(
        'approve' as const,
        'approve' as const,
        'decline' as const,
        'cancel' as const,
        'error' as const,
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.constantFrom(1_000, RESERVATION_MS),
    }),
  },
);

const payments = (): PaymentRecord[] => listPayments(h.api.ctx.db, null, 10_000);

/** Units of `entry` in the tab lines of `list`. */
const units = (list: PaymentRecord[], entry: string) =>
  list.reduce(
    (n, p) =>
      n + p.lines.filter((l) => l.source === 'tab' && l.lineId === entry).reduce((m, l) => m + l.count, 0),
    0,
  );

/** What the guest's start must answer, from the state the server holds just before it (its cart included). */
function expectedStart(
  c: Client,
): 'ok' | 'repeat' | 'EMPTY_CART' | 'TAB_ITEM_UNAVAILABLE' | 'TAB_ITEM_BEING_PAID' {
  const sid = c.sessionId ?? '';
  const chosen = (readCart(h.api.ctx.db, sid, 'restaurant')?.tabItems ?? []).filter((t) => t.count > 0);
  const pending = payments().filter((p) => p.status === 'STARTED');
  const left = tabLeft();
  if (chosen.length === 0) return 'EMPTY_CART';
  if (chosen.some((t) => t.count > (left[t.id] ?? 0))) return 'TAB_ITEM_UNAVAILABLE';
  if (pending.some((p) => p.sid === sid)) return 'repeat';
  const others = pending.filter((p) => p.sid !== sid);
  return chosen.some((t) => t.count > (left[t.id] ?? 0) - units(others, t.id)) ? 'TAB_ITEM_BEING_PAID' : 'ok';
}

describe('§3 three guests at table 12 pay from one tab (fast-check)', () => {
  it('after every step: held ≤ left on the tab, the tab went down by exactly what was paid, starts refused only for what others hold', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        resetHarness(h);
        const guests = await Promise.all(Array.from({ length: GUESTS }, () => guest([])));
        const ended = new Map<string, string>();
        for (const s of steps) {
          h.api.tick();
          switch (s.kind) {
            case 'choose': {
              const tabItems = ENTRY_IDS.flatMap((id) =>
                (s.items[id] ?? 0) > 0 ? [{ id, count: s.items[id]! }] : [],
              );
              // A choice beyond what the tab has left (paid meanwhile) is refused by the cart's own check.
              await guests[s.g]!.put(`${R}/cart`, { cart: [], tabItems });
              break;
            }
            case 'start': {
              const c = guests[s.g]!;
              const expected = expectedStart(c);
              const mine = payments().find((p) => p.status === 'STARTED' && p.sid === c.sessionId);
              const before = h.api.ctx.db.snapshot();
              const res = await start(c, s.method);
              if (expected === 'ok' || (expected === 'repeat' && mine?.methodId !== s.method))
                expect(res.status).toBe(200);
              else if (expected === 'repeat')
                expect((res.json as StartPaymentResponse).paymentId).toBe(mine?.paymentId);
              else {
                expect(obj(res.json).name).toBe(expected);
                expect(h.api.ctx.db.snapshot()).toBe(before);
              }
              break;
            }
            case 'cancel':
              await guests[s.g]!.post(`${R}/cart/cancelPayment`);
              break;
            case 'outcome': {
              const all = payments();
              const target = all[s.pick % Math.max(1, all.length)];
              if (target)
                await new Client(h.origin).post(`/demo/api/payments/${target.paymentId}/${s.outcome}`);
              break;
            }
            case 'advance':
              h.clock.advance(s.ms);
              break;
          }
          h.api.tick();
          const all = payments();
          const left = tabLeft();
          const pending = all.filter((p) => p.status === 'STARTED');
          const paid = all.filter((p) => p.status === 'COMPLETED');
          for (const id of ENTRY_IDS) {
            // Nothing is held beyond what the tab has left, and every unit paid came off the tab exactly once.
            expect(units(pending, id)).toBeLessThanOrEqual(left[id] ?? 0);
            expect(TAB_12[id] - (left[id] ?? 0)).toBe(units(paid, id));
          }
          // A payment leaves STARTED once: an ended one is never completed (or ended again) later.
          for (const p of all) {
            const was = ended.get(p.paymentId);
            if (was !== undefined) expect(p.status).toBe(was);
            if (p.status !== 'STARTED') ended.set(p.paymentId, p.status);
          }
        }
        // Each guest's page learns what the others hold.
        for (const c of guests) {
          const others = payments().filter((p) => p.status === 'STARTED' && p.sid !== c.sessionId);
          const answer = await session(c);
          for (const entry of answer.activeTab?.cart ?? [])
            expect(entry.beingPaid).toBe(units(others, entry.id));
        }
      }),
      { numRuns: 40 },
    );
  });
});
