/**
 * Swish simulator conventions, as in Swish's own Merchant Swish Simulator (MSS): an error code in the
 * payment message forces the outcome. The customer's message here is customerInfo.extraInfo, so QA types
 * e.g. "RF07" in the comment field to get a declined payment.
 */
import type { StoredPaymentStatus } from '../store/demoRepository';

/** An outcome a code forces when the payment's delay has elapsed. */
export interface ForcedOutcome {
  code: string;
  status: Exclude<StoredPaymentStatus, 'STARTED' | 'COMPLETED'>;
  /** What the session shows as `message`. */
  message: string;
  /** Human text for the simulator pages and docs/demo-api.md. */
  meaning: string;
}

/** The codes, in the order they are looked for. */
export const SWISH_CODES: readonly ForcedOutcome[] = [
  { code: 'RF07', status: 'FAILED', message: 'RF07', meaning: 'Betalningen nekades av betalaren (declined)' },
  { code: 'TM01', status: 'ERROR', message: 'TM01', meaning: 'Betalaren svarade inte i tid (timed out)' },
  {
    code: 'BANKIDCL',
    status: 'CANCELLED',
    message: 'BANKIDCL',
    meaning: 'Betalaren avbröt BankID-signeringen (cancelled)',
  },
];

/** The code found in a customer message (case-insensitive), or null. */
export function swishForcedOutcome(message: string | null | undefined): ForcedOutcome | null {
  if (!message) return null;
  const upper = message.toUpperCase();
  return SWISH_CODES.find((entry) => upper.includes(entry.code)) ?? null;
}

/** Looks a stored forced-outcome code up again when the delay elapses. */
export function outcomeForCode(code: string): ForcedOutcome | null {
  return SWISH_CODES.find((entry) => entry.code === code) ?? null;
}
