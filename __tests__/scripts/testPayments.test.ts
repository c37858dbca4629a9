/**
 * `npm run test:payments` (scripts/testPayments.ts) and the matrix it keeps in docs/payment-states.md: every
 * payment state of every provider, the kiosk's and the card payment page's, is held by at least one passing
 * test (docs/product-rules.md §4; docs/development.md, "The payment states").
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { matrix, type Result } from '../../scripts/testPayments';
import { PAYMENT_CELLS, paymentStates } from '../helpers/paymentStates';

const ROOT = path.join(__dirname, '..', '..');
const DOC = readFileSync(path.join(ROOT, 'docs', 'payment-states.md'), 'utf8');

/** One passing Jest test per cell but `except`, and `extra` results besides. */
function results(except: string[] = [], extra: Result[] = []): Result[] {
  return [
    ...PAYMENT_CELLS.filter((cell) => !except.includes(cell)).map((cell) => ({
      layer: 'Jest' as const,
      file: 'features/payment/paymentStates.test.ts',
      title: `a test ${paymentStates(cell)}`,
      passed: true,
      cells: [cell],
    })),
    ...extra,
  ];
}

describe('§4 every payment state has a test (npm run test:payments)', () => {
  it('a state no passing test names is reported, a failed test holds none, and a full run reports none', () => {
    expect(matrix(results(), true).untested).toEqual([]);
    const failed: Result = {
      layer: 'browser',
      file: 'e2e/paymentStripe.spec.ts',
      title: 'declined',
      passed: false,
      cells: ['STRIPE:FAILED'],
    };
    expect(matrix(results(['STRIPE:FAILED', 'KIOSK:PAUSED'], [failed]), true).untested).toEqual([
      'STRIPE:FAILED',
      'KIOSK:PAUSED',
    ]);
  });

  it('docs/payment-states.md has one row per state, in order, each held by a test in a file that exists', () => {
    const rows = DOC.split('\n')
      .filter((line) => /^\|\s*[A-Z_]+\s*\|\s*[A-Z_]+\s*\|/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(rows.map(([, row, state]) => `${row}:${state}`)).toEqual([...PAYMENT_CELLS]);
    for (const [, row, state, jest, browser] of rows) {
      const files = [jest, browser]
        .flatMap((cell) => (cell ?? '').split(', '))
        .filter((entry) => entry !== '—' && entry !== '')
        .map((entry) => entry.replace(/ \(\d+\)$/, ''));
      expect([`${row}:${state}`, files.length > 0]).toEqual([`${row}:${state}`, true]);
      for (const file of files) expect(existsSync(path.join(ROOT, '__tests__', file))).toBe(true);
    }
  });
});
