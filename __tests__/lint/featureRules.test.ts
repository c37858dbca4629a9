/**
 * The features' rules `npm run lint` enforces (docs/architecture.md "Features", scripts/featureRules.js):
 * a feature imports only the features below it, a slice imports no other feature (the events it answers
 * besides its own are src/shared/events.ts's), and a feature reads another feature's state only through that
 * feature's selectors. Each rule is tried on a planted violation, linted as if it were a file of the
 * repository, beside the same code done the allowed way. The state rule needs TypeScript's view of the file,
 * so its cases are planted into feature files that exist. ESLint's flat config is an ES module, which Jest
 * cannot load, so one child Node process lints all the cases.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lintCases } from '../helpers/lintCases';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain Node script, as npm runs it
const { FEATURE_LAYERS, featureZones } = require('../../scripts/featureRules.js') as {
  FEATURE_LAYERS: string[][];
  featureZones: (root?: string) => unknown[];
};

const ROOT = path.resolve(__dirname, '..', '..');
const source = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** A file of the repository with code added at its end (its imports stay first: a planted import goes on top). */
const planted = (file: string, code: string, imports = ''): [string, string] => [
  file,
  `${imports}${source(file)}\n${code}\n`,
];

// paymentSelectors.ts (the payment feature) imports RootState and the cart's selectCartTotal already.
const PAYMENT_SELECTORS = 'src/features/payment/paymentSelectors.ts';

const CASES = {
  upward: [
    'src/features/cart/planted.ts',
    "import { Checkout } from '../payment';\nexport const x = Checkout;\n",
  ],
  sameLayer: [
    'src/features/session/planted.ts',
    "import { paymentActions } from '../paymentState';\nexport const x = paymentActions;\n",
  ],
  downward: [
    'src/features/payment/planted.ts',
    "import { cartActions } from '../cart';\nexport const x = cartActions;\n",
  ],
  sliceImportsFeature: planted(
    'src/features/cart/cartSlice.ts',
    'export const planted = selectStockErrors;',
    "import { selectStockErrors } from '../paymentState';\n",
  ),
  sliceAsItIs: ['src/features/cart/cartSlice.ts', source('src/features/cart/cartSlice.ts')],
  rawRead: planted(PAYMENT_SELECTORS, 'export const planted = (state: RootState) => state.cart.revision;'),
  rawReadDestructured: planted(
    PAYMENT_SELECTORS,
    'export const planted = ({ session }: RootState) => session.shopId;',
  ),
  rawReadType: planted(PAYMENT_SELECTORS, "export type Planted = RootState['cart']['sync'];"),
  rawReadUntyped: planted(
    PAYMENT_SELECTORS,
    'export const planted = (state: RootState) => {\n  const s = state;\n  return s.kiosk.enabled;\n};',
  ),
  rawReadDevice: planted(
    PAYMENT_SELECTORS,
    'export const planted = (state: RootState) => state.device.mobile;',
  ),
  rawReadScreenState: planted(
    PAYMENT_SELECTORS,
    'export const planted = (state: RootState) => state.integration?.callback.status;',
  ),
  viaSelector: planted(
    PAYMENT_SELECTORS,
    'export const planted = (state: RootState) => selectCartTotal(state).amount;',
  ),
  ownState: planted(
    'src/features/cart/cartSelectors.ts',
    'export const planted = (state: RootState) => state.cart.revision;',
  ),
} satisfies Record<string, [string, string]>;

describe("the features' rules (npm run lint)", () => {
  const broken = lintCases(CASES);

  it('a feature importing a feature above it, or one of its own layer, fails; one below it passes', () => {
    expect(broken.upward).toContain('import-x/no-restricted-paths');
    expect(broken.sameLayer).toContain('import-x/no-restricted-paths');
    expect(broken.downward).toEqual([]);
  });

  it('a slice importing another feature fails, even one below it; its shared events pass', () => {
    expect(broken.sliceImportsFeature).toContain('import-x/no-restricted-paths');
    expect(broken.sliceAsItIs).toEqual([]);
  });

  it("a read of another feature's state by its shape fails: a property, a destructuring, a type", () => {
    expect(broken.rawRead).toContain('features/no-foreign-state');
    expect(broken.rawReadDestructured).toContain('features/no-foreign-state');
    expect(broken.rawReadType).toContain('features/no-foreign-state');
  });

  it('the state rule follows the type, not a name: the state under another name, and app-wide state', () => {
    expect(broken.rawReadUntyped).toContain('features/no-foreign-state');
    expect(broken.rawReadDevice).toContain('features/no-foreign-state');
  });

  it("a screen's slice that arrives with its chunk is its feature's state too (app/store.ts ScreenState)", () => {
    expect(broken.rawReadScreenState).toContain('features/no-foreign-state');
  });

  it("another feature's state through its selector passes, and so does a feature's own state", () => {
    expect(broken.viaSelector).toEqual([]);
    expect(broken.ownState).toEqual([]);
  });

  it('every feature has a place in the order, once; a feature folder without one fails lint', () => {
    const placed = FEATURE_LAYERS.flat();
    expect(new Set(placed).size).toBe(placed.length);
    const folders = readdirSync(path.join(ROOT, 'src', 'features'), { withFileTypes: true });
    expect([...placed].sort()).toEqual(
      folders
        .filter((f) => f.isDirectory())
        .map((f) => f.name)
        .sort(),
    );
    const root = mkdtempSync(path.join(tmpdir(), 'features-'));
    try {
      for (const feature of [...placed, 'planted'])
        mkdirSync(path.join(root, 'src', 'features', feature), { recursive: true });
      expect(() => featureZones(root)).toThrow(/src\/features\/planted has no place in the features' order/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
