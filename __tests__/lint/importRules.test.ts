/**
 * The import rules `npm run lint` enforces (docs/architecture.md "Layers"): a feature reaches another only
 * through its index.ts or *Events.ts, the layers point one way, and no static import cycle exists. Each
 * rule is tried on a planted violation, linted as if it were a file of the repository. ESLint's flat config
 * is an ES module, which Jest cannot load, so one child Node process lints all the cases.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lintCases } from '../helpers/lintCases';

const ROOT = path.resolve(__dirname, '..', '..');

const CASES = {
  deepImport: [
    'src/features/shop/planted.ts',
    "import { cartActions } from '../cart/cartSlice';\nexport const x = cartActions;\n",
  ],
  viaIndex: [
    'src/features/shop/planted.ts',
    "import { cartActions } from '../cart';\nexport const x = cartActions;\n",
  ],
  viaEvents: [
    'src/features/shop/planted.ts',
    "import { paymentCompleted } from '../payment/paymentEvents';\nexport const x = paymentCompleted;\n",
  ],
  upward: [
    'src/shared/planted.ts',
    "import { kioskActions } from '../features/kiosk';\nexport const x = kioskActions;\n",
  ],
  earlyStartToFeature: [
    'src/earlyStart/planted.ts',
    "import { kioskActions } from '../features/kiosk';\nexport const x = kioskActions;\n",
  ],
  earlyStartToShared: [
    'src/earlyStart/planted.ts',
    "import { intlLocale } from '../shared/i18n/languages';\nexport const x = intlLocale;\n",
  ],
  reactI18nextHook: [
    'src/features/shop/planted.tsx',
    "import { useTranslation } from 'react-i18next';\nexport const useT = () => useTranslation().t;\n",
  ],
  appHook: [
    'src/features/shop/planted.tsx',
    "import { useTranslation } from '../../shared/i18n/useTranslation';\nexport const useT = () => useTranslation().t;\n",
  ],
  cycle: [
    'src/features/session/sessionSlice.ts',
    `${readFileSync(path.join(ROOT, 'src/features/session/sessionSlice.ts'), 'utf8')}\nimport { paymentActions } from '../payment';\nexport const planted = paymentActions;\n`,
  ],
} satisfies Record<string, [string, string]>;

describe('import rules (npm run lint)', () => {
  const broken = lintCases(CASES);

  it('a feature importing another feature’s internals fails; the same name through its index.ts passes', () => {
    expect(broken.deepImport).toContain('import-x/no-restricted-paths');
    expect(broken.viaIndex).toEqual([]);
  });

  it('another feature’s *Events.ts may be imported directly', () => {
    expect(broken.viaEvents).toEqual([]);
  });

  it('an import against the layer direction fails (shared importing a feature)', () => {
    expect(broken.upward).toContain('import-x/no-restricted-paths');
  });

  it('the early start reads domain/ and shared/ only: importing a feature fails', () => {
    expect(broken.earlyStartToFeature).toContain('import-x/no-restricted-paths');
    expect(broken.earlyStartToShared).toEqual([]);
  });

  it('issue 37: react-i18next’s useTranslation fails (it copies the instance per mount); the app’s passes', () => {
    expect(broken.reactI18nextHook).toContain('no-restricted-imports');
    expect(broken.appHook).toEqual([]);
  });

  it('a static import cycle fails (the session slice importing the payment feature, which imports it)', () => {
    expect(broken.cycle).toContain('import-x/no-cycle');
  });
});
