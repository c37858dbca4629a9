/**
 * The commands of the model-based payment test (fast-check `commands`): what customers, providers and time
 * can do to the payment machine, in any order. Each runs against the real world (world.ts), then lets it
 * settle and checks every rule (invariants.ts); `check(model)` says when the page offers the action at all
 * (the model is what the pages showed after the last command). `toString` is what fast-check prints in a
 * counterexample, so it reads as a script.
 */
import fc from 'fast-check';
import { cartActions } from '../../../src/features/cart/cartSlice';
import { kioskActions } from '../../../src/features/kiosk/kioskSlice';
import { paymentActions } from '../../../src/features/paymentState/paymentSlice';
import { sessionActions } from '../../../src/features/session/sessionSlice';
import type { CustomerField } from '../../../src/domain/types';
import type { ModelProduct, Observation } from './observe';
import {
  METHODS,
  SHARED_TAB,
  TAB_NAMES,
  type CancelFault,
  type MethodName,
  type RunConfig,
  type TabName,
  type World,
} from './world';

/** What the commands' preconditions look at: each tab as it was shown after the last command. */
export interface Model {
  config: RunConfig;
  tabs: Record<TabName, { cartOpen: boolean; obs: Observation; kiosk: boolean }>;
  /** The pending payment of each customer's session on the server (0: tabs A and B, 1: tab C). */
  pending: [string | null, string | null];
}

export function modelOf(world: World): Model {
  const tabs = {} as Model['tabs'];
  for (const name of TAB_NAMES) {
    const tab = world.tabs[name];
    tabs[name] = { cartOpen: tab.cartOpen, obs: world.observe(name), kiosk: tab.kiosk };
  }
  return { config: world.config, tabs, pending: [world.pendingOnServer(0), world.pendingOnServer(1)] };
}

abstract class ModelCommand implements fc.AsyncCommand<Model, World> {
  check(_model: Readonly<Model>): boolean {
    return true;
  }

  async run(model: Model, world: World): Promise<void> {
    world.begin(this.toString());
    await this.act(world, model);
    await world.step();
    Object.assign(model, modelOf(world));
  }

  protected abstract act(world: World, model: Model): Promise<void> | void;
  abstract toString(): string;
}

/** The start buttons the panels show (Swish, Viva, the kiosk's QR, Stripe's Pay on a resumed payment). */
function startOffered(obs: Observation): boolean {
  if (!obs.selectedMethod || !obs.canChoose) return false;
  if (['NOT_STARTED', 'ERROR', 'FAILED', 'CANCELLED'].includes(obs.status)) return true;
  return obs.pending && obs.selectedMethod === METHODS.stripe && !obs.clientSecret;
}

// ------------------------------------------------------------------------------------------ the cart

const ITEMS: Record<ModelProduct, string[]> = {
  semla: [],
  kanelbulle: [],
  cappuccino: ['d-oat'],
};

/** §5 adds `count` of a product (the popup lets no more than what is left be added). */
class AddItem extends ModelCommand {
  constructor(
    readonly tab: TabName,
    readonly product: ModelProduct,
    readonly count: number,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.tabs[this.tab].obs.shopLoaded;
  }
  act(world: World) {
    const count = Math.min(this.count, world.observe(this.tab).remaining[this.product]);
    if (count <= 0) return;
    world.dispatch(
      this.tab,
      cartActions.itemAdded({
        productId: this.product,
        count,
        deviations: ITEMS[this.product],
        description: '',
      }),
    );
  }
  toString() {
    return `${this.tab}: add ${this.count} ${this.product}`;
  }
}

/** §5 the stepper of a cart line (0 removes it; no more than the line's count plus what is left). */
class ChangeCount extends ModelCommand {
  constructor(
    readonly tab: TabName,
    readonly line: number,
    readonly count: number,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.tabs[this.tab].obs.lines.length > 0;
  }
  act(world: World) {
    const obs = world.observe(this.tab);
    const line = obs.lines[this.line % obs.lines.length];
    if (!line) return;
    const max = line.count + (obs.remaining[line.productId as ModelProduct] ?? 0);
    world.dispatch(this.tab, cartActions.itemCountChanged({ id: line.id, count: Math.min(this.count, max) }));
  }
  toString() {
    return this.count === 0
      ? `${this.tab}: remove cart line #${this.line}`
      : `${this.tab}: set cart line #${this.line} to ${this.count}`;
  }
}

// ------------------------------------------------------------------------------------------ the customer

const FIELD_VALUES: Partial<Record<CustomerField, string[]>> = {
  name: ['', 'Bo'],
  email: ['', 'bo@example.com', 'not-an-email'],
  phone: ['', '070-765 43 21'],
  // Swish's simulator codes: RF07 declines, TM01 times out once the 4 s Swish delay has passed.
  extraInfo: ['', 'Utan socker', 'RF07', 'TM01'],
};

/** A keystroke in "your info" (§4: a change cancels a started payment; §5: the choices need valid details). */
class EditField extends ModelCommand {
  constructor(
    readonly tab: TabName,
    readonly field: CustomerField,
    readonly value: string,
  ) {
    super();
  }
  act(world: World) {
    world.dispatch(this.tab, paymentActions.customerFieldChanged({ field: this.field, value: this.value }));
  }
  toString() {
    return `${this.tab}: type ${this.field} = ${JSON.stringify(this.value)}`;
  }
}

/** The browser's autofill types name, e-mail and phone (after a reload the form is empty again). */
class FillDetails extends ModelCommand {
  constructor(readonly tab: TabName) {
    super();
  }
  act(world: World) {
    world.fillDetails(world.tabs[this.tab]);
  }
  toString() {
    return `${this.tab}: autofill name, e-mail and phone`;
  }
}

// ------------------------------------------------------------------------------------------ the payment

/** §2 a method's toggle on the cart page (choosing the chosen one deselects it; Viva and some Swish start). */
class ChooseMethod extends ModelCommand {
  constructor(
    readonly tab: TabName,
    readonly method: MethodName,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    const tab = m.tabs[this.tab];
    return tab.cartOpen && tab.obs.canChoose;
  }
  act(world: World) {
    world.dispatch(this.tab, paymentActions.methodSelected({ paymentMethodId: METHODS[this.method] }));
  }
  toString() {
    return `${this.tab}: choose ${this.method}`;
  }
}

/** §4 the panel's start (or restart, or Pay) button; `double`: tapped twice; `lose`: its answer never comes. */
class Start extends ModelCommand {
  constructor(
    readonly tab: TabName,
    readonly double: boolean,
    readonly lose: boolean,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    const tab = m.tabs[this.tab];
    return tab.cartOpen && startOffered(tab.obs);
  }
  act(world: World) {
    const method = world.observe(this.tab).selectedMethod;
    if (!method) return;
    if (this.lose) world.armLostStartAnswer(this.tab);
    world.dispatch(this.tab, paymentActions.startRequested({ paymentMethodId: method }));
    if (this.double) world.dispatch(this.tab, paymentActions.startRequested({ paymentMethodId: method }));
  }
  toString() {
    const how = [this.double && 'twice', this.lose && 'its answer lost'].filter(Boolean).join(', ');
    return `${this.tab}: start${how ? ` (${how})` : ''}`;
  }
}

/**
 * The customer pays with `method`: chooses it unless it is chosen (Viva, Swish on a phone and a kiosk's
 * Swish start on that alone), then presses the panel's start button if it offers one.
 */
class Pay extends ModelCommand {
  constructor(
    readonly tab: TabName,
    readonly method: MethodName,
    readonly lose: boolean,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    const tab = m.tabs[this.tab];
    return tab.cartOpen && tab.obs.canChoose;
  }
  async act(world: World) {
    const id = METHODS[this.method];
    if (this.lose) world.armLostStartAnswer(this.tab);
    if (world.observe(this.tab).selectedMethod !== id)
      world.dispatch(this.tab, paymentActions.methodSelected({ paymentMethodId: id }));
    await world.settle();
    const obs = world.observe(this.tab);
    if (obs.selectedMethod === id && startOffered(obs))
      world.dispatch(this.tab, paymentActions.startRequested({ paymentMethodId: id }));
  }
  toString() {
    return `${this.tab}: pay with ${this.method}${this.lose ? ' (the answer to its start is lost)' : ''}`;
  }
}

/** §4 the panel's Cancel on a started payment; `fail`: the cancel request fails once (503 or no answer). */
class Cancel extends ModelCommand {
  constructor(
    readonly tab: TabName,
    readonly fail: CancelFault | null,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    const tab = m.tabs[this.tab];
    return tab.cartOpen && tab.obs.pending && tab.obs.selectedMethod !== null;
  }
  act(world: World) {
    const method = world.observe(this.tab).selectedMethod;
    if (!method) return;
    if (this.fail) world.armCancelFailure(this.tab, this.fail);
    world.dispatch(this.tab, paymentActions.cancelClicked({ paymentMethodId: method }));
  }
  toString() {
    return `${this.tab}: cancel${this.fail ? ` (the cancel request fails once: ${this.fail})` : ''}`;
  }
}

/** The network fails the tab's next cancelPayment once, whatever sends it (a cart change, a deselection…). */
class FlakyCancel extends ModelCommand {
  constructor(
    readonly tab: TabName,
    readonly fail: CancelFault,
  ) {
    super();
  }
  act(world: World) {
    world.armCancelFailure(this.tab, this.fail);
  }
  toString() {
    return `${this.tab}: the next cancelPayment fails (${this.fail})`;
  }
}

type Outcome = 'approve' | 'decline' | 'error';

/** The provider decides a customer's pending payment (the demo's simulator): paid, declined, timed out. */
class Provider extends ModelCommand {
  constructor(
    readonly customer: 0 | 1,
    readonly outcome: Outcome,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.pending[this.customer] !== null;
  }
  async act(world: World, m: Model) {
    const paymentId = m.pending[this.customer];
    if (paymentId) await world.simulate(paymentId, this.outcome);
  }
  toString() {
    const what = { approve: 'approves', decline: 'declines', error: 'times out' }[this.outcome];
    return `provider ${what} customer ${this.customer + 1}'s pending payment`;
  }
}

// ------------------------------------------------------------------------------------------ the page and time

/** Time passes: polls, retries, backoffs, Swish's forced outcomes, reservation expiry, a kiosk's idle time. */
class ClockJump extends ModelCommand {
  constructor(readonly ms: number) {
    super();
  }
  act(world: World) {
    return world.advance(this.ms);
  }
  toString() {
    return `${this.ms / 1000} s pass`;
  }
}

/** The tab is reloaded (same cookies and sessionStorage); ShopLayout loads shop and session again. */
class Reload extends ModelCommand {
  constructor(readonly tab: TabName) {
    super();
  }
  act(world: World) {
    const tab = world.tabs[this.tab];
    world.reload(tab, tab.cartOpen);
  }
  toString() {
    return `${this.tab}: reload`;
  }
}

/** The customer goes to the cart page (`open`), or leaves it: the flow polls only while it is open. */
class CartPage extends ModelCommand {
  constructor(
    readonly tab: TabName,
    readonly open: boolean,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.tabs[this.tab].cartOpen !== this.open;
  }
  act(world: World) {
    world.openCart(this.tab, this.open);
  }
  toString() {
    return `${this.tab}: ${this.open ? 'go to' : 'leave'} the cart page`;
  }
}

/** The kiosk's customer leaves: "Start over" (the kiosk cancels their payment, then clears everything). */
class KioskCustomerLeft extends ModelCommand {
  override check(m: Readonly<Model>) {
    return m.config.kiosk;
  }
  act(world: World) {
    world.dispatch('C', kioskActions.startOverClicked());
  }
  toString() {
    return 'C (kiosk): the customer presses Start over';
  }
}

/**
 * §3 a guest chooses `count` of a line of the table's shared tab (the page lets no more be chosen than is
 * free of it: what another guest is paying for is held).
 */
class ChooseTabLine extends ModelCommand {
  constructor(
    readonly tab: TabName,
    readonly entry: number,
    readonly count: number,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.config.sharedTab && m.tabs[this.tab].obs.sessionLoaded;
  }
  act(world: World) {
    const entry = SHARED_TAB.entries[this.entry % SHARED_TAB.entries.length];
    if (entry)
      world.dispatch(this.tab, sessionActions.tabItemCountChanged({ id: entry.id, count: this.count }));
  }
  toString() {
    return `${this.tab}: choose ${this.count} of tab line ${(this.entry % SHARED_TAB.entries.length) + 1}`;
  }
}

// ------------------------------------------------------------------------------------------ arbitraries

/** Tab A is the busiest; B is the same customer's second tab (its cart changes are "another tab's"). */
const tab = fc.constantFrom<TabName>('A', 'A', 'B', 'C');
const faultArb = fc.constantFrom<CancelFault>('503', 'network');
/** One start in four has its answer lost; shrinking goes towards an answer that arrives. */
const lost = fc.integer({ min: 0, max: 3 }).map((n) => n === 3);

const field = fc
  .constantFrom(...(Object.keys(FIELD_VALUES) as CustomerField[]))
  .chain((f) => fc.constantFrom(...(FIELD_VALUES[f] ?? [''])).map((value) => [f, value] as const));

/**
 * A run's configuration. `sharedTab` is chosen by the test, not drawn: a drawn value would change every
 * recorded seed's run (the regressions replayed in paymentModel.test.ts).
 */
export function runConfigArbitrary(sharedTab = false): fc.Arbitrary<RunConfig> {
  return fc.record({ kiosk: fc.boolean(), phone: fc.boolean() }).map((config) => ({ ...config, sharedTab }));
}

/**
 * The commands, weighted by repetition (fast-check picks among the arbitraries evenly); with `sharedTab`, also
 * the choice of the shared tab's lines (after the others, so the recorded replay paths keep their meaning).
 */
export function commandArbitraries(sharedTab = false): fc.Arbitrary<fc.AsyncCommand<Model, World>>[] {
  const add = fc
    .tuple(
      tab,
      // The semla (3 in stock) most: two customers then compete for it (reservations, OUT_OF_STOCK).
      fc.constantFrom<ModelProduct>('semla', 'semla', 'kanelbulle', 'cappuccino'),
      fc.integer({ min: 1, max: 2 }),
    )
    .map(([t, product, count]) => new AddItem(t, product, count));
  const change = fc
    .tuple(tab, fc.nat(3), fc.integer({ min: 0, max: 3 }))
    .map(([t, line, count]) => new ChangeCount(t, line, count));
  const edit = fc.tuple(tab, field).map(([t, [f, value]]) => new EditField(t, f, value));
  const fill = tab.map((t) => new FillDetails(t));
  const choose = fc
    .tuple(tab, fc.constantFrom<MethodName>('swish', 'swish', 'viva', 'stripe'))
    .map(([t, method]) => new ChooseMethod(t, method));
  const start = fc.tuple(tab, fc.boolean(), lost).map(([t, double, lose]) => new Start(t, double, lose));
  const pay = fc
    .tuple(tab, fc.constantFrom<MethodName>('swish', 'swish', 'viva', 'stripe'), lost)
    .map(([t, method, lose]) => new Pay(t, method, lose));
  const cancel = fc.tuple(tab, fc.option(faultArb, { freq: 2 })).map(([t, fail]) => new Cancel(t, fail));
  const flaky = fc.tuple(tab, faultArb).map(([t, fail]) => new FlakyCancel(t, fail));
  const provider = fc
    .tuple(
      fc.constantFrom<0 | 1>(0, 0, 1),
      fc.constantFrom<Outcome>('approve', 'approve', 'decline', 'error'),
    )
    .map(([customer, outcome]) => new Provider(customer, outcome));
  const clock = fc
    .constantFrom(500, 1000, 1000, 2000, 3000, 5000, 12_000, 30_000, 65_000)
    .map((ms) => new ClockJump(ms));
  const reload = tab.map((t) => new Reload(t));
  const cartPage = fc.tuple(tab, fc.boolean()).map(([t, open]) => new CartPage(t, open));
  const kioskLeft = fc.constant(new KioskCustomerLeft());
  const tabLine = fc
    .tuple(tab, fc.nat(1), fc.integer({ min: 0, max: 2 }))
    .map(([t, entry, count]) => new ChooseTabLine(t, entry, count));
  return [
    add,
    add,
    add,
    change,
    edit,
    fill,
    choose,
    choose,
    start,
    start,
    pay,
    pay,
    pay,
    pay,
    cancel,
    flaky,
    provider,
    provider,
    provider,
    provider,
    clock,
    clock,
    clock,
    reload,
    cartPage,
    cartPage,
    kioskLeft,
    ...(sharedTab ? [tabLine, tabLine, tabLine] : []),
  ];
}
