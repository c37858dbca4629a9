/**
 * The payment state machine drawn in docs/architecture.md (a Mermaid stateDiagram-v2) must be the machine
 * the reducer runs. The test drives `paymentReducer` from real states in each status (every variant the app
 * reaches: ERROR with and without the server's payment) with every action it reacts to (with representative
 * payloads), collects each (from, event, to) where the status changes, and compares that set with the
 * chart's edges, both ways. It also checks that each status carries exactly its own fields.
 *
 * Chart conventions the parser understands:
 * - `FROM --> TO : type1, type2` is one edge per action type listed;
 * - `[*] --> S` marks the initial status;
 * - `ANY --> S : type` (ANY declared as "any state") stands for the edge from every other status to S.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Action } from '@reduxjs/toolkit';
import type { PaymentStatus, Session } from '../../src/domain/types';
import { cartActions } from '../../src/features/cart/cartSlice';
import { integrationActions } from '../../src/features/integration/integrationSlice';
import { kioskActions } from '../../src/features/kiosk/kioskSlice';
import { customerLeft } from '../../src/shared/events';
import { passwordResetActions } from '../../src/features/passwordReset/passwordResetSlice';
import { cardPaymentActions } from '../../src/features/payment/cardPaymentSlice';
import {
  paymentActions,
  paymentReducer,
  type PaymentState,
  type PaymentStatusName,
} from '../../src/features/paymentState/paymentSlice';
import { receiptDownloadActions } from '../../src/features/receipt/receiptDownloadSlice';
import { receiptActions } from '../../src/features/receipt/receiptSlice';
import { sessionActions } from '../../src/features/session/sessionSlice';
import { shopActions } from '../../src/features/shopState/shopSlice';
import { paymentStatusSchema } from '../../src/contract/schemas';
import { pageActions } from '../../src/shared/pageSignals';
import { session as emptySession } from '../helpers/fixtures';

const ARCHITECTURE = path.resolve(__dirname, '..', '..', 'docs', 'architecture.md');

/** The machine's statuses: §4's, and CANCELLING (a STARTED payment whose cancel the server has not confirmed). */
const STATUSES: readonly PaymentStatusName[] = [...paymentStatusSchema.options, 'CANCELLING'];

/** The fields each status carries besides `status`: nothing that means nothing there. */
const FIELDS: Record<PaymentStatusName, string[]> = {
  NOT_STARTED: ['notCompleted'],
  LOADING: [],
  STARTED: ['clientSecret', 'paymentId', 'token'],
  CANCELLING: ['notCompleted', 'paymentId', 'retrying'],
  COMPLETED: ['paymentId', 'receiptId'],
  ERROR: ['error', 'paymentId'],
  FAILED: ['error', 'paymentId'],
  CANCELLED: ['error', 'paymentId'],
};

const SHOP = 'cafe';
const METHOD = 'swish-1';
const PAYMENT = 'pay-1';
const RECEIPT = 'receipt-1';

const session = (over: Partial<Session>): Session => emptySession({ paymentMethodId: METHOD, ...over });

const initialState = paymentReducer(undefined, { type: '@@init' });
const run = (actions: Action[]) => actions.reduce(paymentReducer, initialState);

/**
 * The states in `status`, reached the way the app reaches them (so only combinations the app can be in): the
 * shop's session requested, a method chosen, then the events that lead to the status.
 */
function inStatus(status: PaymentStatusName): PaymentState[] {
  const start = [
    sessionActions.loadRequested(SHOP),
    paymentActions.methodSelected({ paymentMethodId: METHOD }),
  ];
  const started = [
    ...start,
    paymentActions.startRequested({ paymentMethodId: METHOD }),
    paymentActions.started({ paymentId: PAYMENT, token: null, clientSecret: null }),
  ];
  const ended = (paymentStatus: PaymentStatus) =>
    sessionActions.loaded({
      shopId: SHOP,
      session: session({ paymentStatus, paymentId: PAYMENT, message: 'RF07' }),
    });
  const paths: Record<PaymentStatusName, Action[][]> = {
    NOT_STARTED: [start],
    LOADING: [[...start, paymentActions.startRequested({ paymentMethodId: METHOD })]],
    STARTED: [started],
    CANCELLING: [[...started, paymentActions.cancelRequested()]],
    COMPLETED: [
      [
        ...started,
        sessionActions.loaded({
          shopId: SHOP,
          session: session({ paymentStatus: 'COMPLETED', paymentId: PAYMENT, receiptId: RECEIPT }),
        }),
      ],
    ],
    ERROR: [
      // refused at the start: the server has no payment
      [
        ...start,
        paymentActions.startRequested({ paymentMethodId: METHOD }),
        paymentActions.startFailed({ error: { code: 'INTERNAL_ERROR', message: 'INTERNAL_ERROR' } }),
      ],
      // a declined card: the server's payment stays open for another card
      [...started, paymentActions.providerFailed({ error: { code: 'DECLINED', message: '' } })],
    ],
    FAILED: [[...started, ended('FAILED')]],
    CANCELLED: [[...started, ended('CANCELLED')]],
  };
  return paths[status].map((path) => {
    const state = run(path);
    if (state.machine.status !== status)
      throw new Error(`the path to ${status} ends in ${state.machine.status}`);
    return state;
  });
}

/** Sessions the server may answer: every status, with and without ids, this payment's or another's. */
const SESSIONS: Session[] = [null, ...paymentStatusSchema.options].flatMap((paymentStatus) =>
  [null, PAYMENT, 'pay-other'].flatMap((paymentId) =>
    [null, RECEIPT].map((receiptId) => session({ paymentStatus, paymentId, receiptId, message: 'RF07' })),
  ),
);

const error = { code: 'DECLINED', message: 'Your card was declined.' };

/** Every event the payment reducer reacts to, with representative payloads. */
const EVENTS: Record<string, Action[]> = {
  [paymentActions.methodSelected.type]: [
    paymentActions.methodSelected({ paymentMethodId: METHOD }), // the chosen one again: deselects
    paymentActions.methodSelected({ paymentMethodId: 'viva-1' }),
  ],
  [paymentActions.cancelClicked.type]: [
    paymentActions.cancelClicked({ paymentMethodId: METHOD }),
    paymentActions.cancelClicked({ paymentMethodId: 'viva-1' }), // not the chosen method's: ignored
  ],
  [paymentActions.startRequested.type]: [
    paymentActions.startRequested({ paymentMethodId: METHOD }),
    paymentActions.startRequested({ paymentMethodId: METHOD, byPhone: true }),
  ],
  [paymentActions.started.type]: [
    paymentActions.started({ paymentId: 'pay-2', token: 'tok', clientSecret: null }),
  ],
  [paymentActions.startFailed.type]: [
    paymentActions.startFailed({ error }),
    paymentActions.startFailed({
      error: { code: 'OUT_OF_STOCK', message: 'OUT_OF_STOCK' },
      stockLevels: [{ id: 'semla', stock: 0 }],
    }),
  ],
  [paymentActions.providerFailed.type]: [paymentActions.providerFailed({ error })],
  [paymentActions.cancelRequested.type]: [
    paymentActions.cancelRequested(),
    paymentActions.cancelRequested({ notCompleted: true }), // back from Viva's page without paying
  ],
  [paymentActions.cancelFailed.type]: [paymentActions.cancelFailed()],
  [paymentActions.cancelConfirmed.type]: [
    paymentActions.cancelConfirmed({ paymentId: PAYMENT }),
    paymentActions.cancelConfirmed({ paymentId: 'pay-other' }),
  ],
  [paymentActions.clientSecretReceived.type]: [
    paymentActions.clientSecretReceived({ paymentId: PAYMENT, clientSecret: 'cs_1' }),
  ],
  [paymentActions.completed.type]: [paymentActions.completed({ receiptId: RECEIPT })],
  [paymentActions.customerFieldChanged.type]: [
    paymentActions.customerFieldChanged({ field: 'phone', value: '0701234567' }),
  ],
  [paymentActions.customerFieldTouched.type]: [paymentActions.customerFieldTouched('email')],
  [paymentActions.customerRestored.type]: [paymentActions.customerRestored({ name: 'Ada' })],
  [paymentActions.cartChangeHeld.type]: [
    paymentActions.cartChangeHeld(
      cartActions.itemAdded({ productId: 'latte', count: 1, deviations: [], description: '' }),
    ),
  ],
  [paymentActions.cartChangeAnswered.type]: [paymentActions.cartChangeAnswered()],
  [paymentActions.cartOpened.type]: [paymentActions.cartOpened()],
  [paymentActions.cartClosed.type]: [paymentActions.cartClosed()],
  [paymentActions.swishPhoneChosen.type]: [
    paymentActions.swishPhoneChosen({ paymentMethodId: METHOD, phone: '0701234567' }),
  ],
  [cartActions.itemAdded.type]: [
    cartActions.itemAdded({ productId: 'latte', count: 1, deviations: [], description: '' }),
  ],
  [customerLeft.type]: [customerLeft()],
  [sessionActions.loadRequested.type]: [
    sessionActions.loadRequested(SHOP), // the same shop again (a reload, a new ?table=)
    sessionActions.loadRequested('other-shop'),
  ],
  [sessionActions.loaded.type]: SESSIONS.map((s) => sessionActions.loaded({ shopId: SHOP, session: s })),
};

type Edge = `${PaymentStatusName} --> ${PaymentStatusName} : ${string}`;

/** Every state each event leads to from every state of each status. */
function* transitions() {
  for (const from of STATUSES)
    for (const state of inStatus(from))
      for (const [type, actions] of Object.entries(EVENTS))
        for (const action of actions) yield { from, type, after: paymentReducer(state, action) };
}

/** What the reducer does: every status change an event makes from a state in each status. */
function reducerEdges(): Set<Edge> {
  const edges = new Set<Edge>();
  for (const { from, type, after } of transitions()) {
    const to = after.machine.status;
    if (to !== from) edges.add(`${from} --> ${to} : ${type}`);
  }
  return edges;
}

/** The Mermaid block of docs/architecture.md that draws the payment machine. */
function chartSource(): string {
  const markdown = readFileSync(ARCHITECTURE, 'utf8');
  const blocks = [...markdown.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const charts = blocks.filter((b) => /^\s*stateDiagram-v2\b/.test(b) && b.includes('NOT_STARTED'));
  const [chart, ...more] = charts;
  if (chart === undefined || more.length > 0)
    throw new Error(`expected one payment stateDiagram-v2, found ${charts.length}`);
  return chart;
}

/** The chart's edges, with `ANY` expanded, plus its initial status. */
function chartEdges(source: string): { edges: Set<Edge>; initial: string[] } {
  const edges = new Set<Edge>();
  const initial: string[] = [];
  const known = new Set<string>(STATUSES);
  for (const raw of source.split('\n')) {
    const line = raw.replace(/%%.*$/, '').trim();
    if (!line.includes('-->')) continue;
    const match = /^(\[\*\]|\w+)\s*-->\s*(\w+)\s*(?::\s*(.+))?$/.exec(line);
    if (!match) throw new Error(`cannot read the chart line: ${raw}`);
    const [, from = '', to = '', label = ''] = match;
    if (from === '[*]') {
      initial.push(to);
      continue;
    }
    if (!known.has(to) || (from !== 'ANY' && !known.has(from)))
      throw new Error(`the chart line names a status the machine does not have: ${raw}`);
    const types = label
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (types.length === 0) throw new Error(`the chart line has no event: ${raw}`);
    const sources = from === 'ANY' ? STATUSES.filter((s) => s !== to) : [from];
    for (const f of sources) for (const type of types) edges.add(`${f} --> ${to} : ${type}` as Edge);
  }
  return { edges, initial };
}

/** Does the reducer react to `type` at all: reads the payload, changes the state or throws on it? */
function reactsTo(type: string): boolean {
  return STATUSES.some((status) => {
    let touched = false;
    const payload = new Proxy(
      {},
      {
        get: () => ((touched = true), undefined),
        has: () => ((touched = true), false),
        ownKeys: () => ((touched = true), []),
      },
    );
    return inStatus(status).some((before) => {
      try {
        return paymentReducer(before, { type, payload } as Action) !== before || touched;
      } catch {
        return true;
      }
    });
  });
}

const sorted = (edges: Iterable<Edge>) => [...edges].sort();

describe('the payment state machine in docs/architecture.md', () => {
  it('draws exactly the transitions paymentReducer makes', () => {
    const fromReducer = reducerEdges();
    const { edges: fromChart } = chartEdges(chartSource());
    expect({
      'made by the reducer, missing from the chart': sorted(
        [...fromReducer].filter((e) => !fromChart.has(e)),
      ),
      'in the chart, never made by the reducer': sorted([...fromChart].filter((e) => !fromReducer.has(e))),
    }).toEqual({
      'made by the reducer, missing from the chart': [],
      'in the chart, never made by the reducer': [],
    });
  });

  it("starts where the reducer's initial state is", () => {
    expect(chartEdges(chartSource()).initial).toEqual([initialState.machine.status]);
  });

  it('the test drives every action the payment reducer reacts to', () => {
    const groups = [
      paymentActions,
      cartActions,
      sessionActions,
      shopActions,
      kioskActions,
      receiptActions,
      receiptDownloadActions,
      cardPaymentActions,
      integrationActions,
      passwordResetActions,
      pageActions,
    ];
    const types = new Set(groups.flatMap((g) => Object.values(g).map((creator) => creator.type)));
    const undriven = [...types].filter((type) => !(type in EVENTS) && reactsTo(type));
    expect(undriven).toEqual([]);
  });

  it('reaches every status it starts from through real events', () => {
    for (const status of STATUSES)
      for (const state of inStatus(status)) expect(state.machine.status).toBe(status);
  });

  it('every state the reducer makes carries exactly the fields of its status', () => {
    const wrong = new Set<string>();
    for (const { type, after } of transitions()) {
      const { status, ...fields } = after.machine;
      const keys = Object.keys(fields).sort().join(', ');
      if (keys !== FIELDS[status].join(', ')) wrong.add(`${status} after ${type}: ${keys}`);
    }
    expect([...wrong]).toEqual([]);
  });
});
