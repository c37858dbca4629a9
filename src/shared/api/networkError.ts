/**
 * The one error the API edge throws (SPEC §8, DESIGN rule 5), plus the serializable `{ code, message }`
 * form the Redux store keeps (DESIGN rule 1).
 */
import type { StockLevel } from '../../contract';

/** Code of an answer that was not JSON or did not have the shape of the call's contract type. */
export const MALFORMED_RESPONSE = 'MALFORMED_RESPONSE';
/** Code of a request the caller aborted through its AbortSignal. */
export const ABORTED = 'ABORTED';
/** Error name the backend uses when articles ran out of stock (§8). */
export const OUT_OF_STOCK = 'OUT_OF_STOCK';

export interface NetworkErrorOptions {
  /** HTTP status, or 0 when the request never got an answer. */
  status: number;
  code?: string | number | null;
  /** Only for OUT_OF_STOCK. */
  stockLevels?: StockLevel[] | null;
  cause?: unknown;
}

/**
 * A failed call (§8). `status` is 0 when no answer arrived (offline, DNS, CORS, abort); `reachedServer` is
 * true when 0 < status < 500, i.e. the server answered and the failure is not the server's own fault.
 */
export class NetworkError extends Error {
  readonly status: number;
  readonly code: string | number | null;
  readonly reachedServer: boolean;
  /** Available stock per article for an OUT_OF_STOCK error (§8), else null. */
  readonly stockLevels: StockLevel[] | null;

  /** Makes a NetworkError; `reachedServer` is derived from `status`. */
  constructor(message: string, options: NetworkErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    // Keeps `instanceof NetworkError` working when the class is downlevelled to ES5 functions.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'NetworkError';
    this.status = options.status;
    this.code = options.code ?? null;
    this.reachedServer = options.status > 0 && options.status < 500;
    this.stockLevels = options.stockLevels ?? null;
  }
}

/** True when `e` is a {@link NetworkError}. */
export function isNetworkError(e: unknown): e is NetworkError {
  return e instanceof NetworkError;
}

/** A serializable error for the Redux store (DESIGN rule 1). */
export interface ErrorInfo {
  code: string;
  message: string;
}

/**
 * Turns anything thrown into `{ code, message }` for the store. A NetworkError keeps its code, or gets
 * 'NETWORK' (no answer) / 'HTTP_<status>' when the server gave none; any other error gets 'UNKNOWN'.
 */
export function toErrorInfo(e: unknown): ErrorInfo {
  if (e instanceof NetworkError) {
    const fallback = e.status === 0 ? 'NETWORK' : `HTTP_${e.status}`;
    return { code: String(e.code ?? fallback), message: e.message };
  }
  const message = messageOf(e);
  return { code: 'UNKNOWN', message: message ?? (typeof e === 'string' && e !== '' ? e : 'Unknown error') };
}

/**
 * The `message` of an Error-like value, or null. Duck-typed on purpose: errors from another realm (fetch's
 * own DOMException, a test environment's globals) fail `instanceof Error`.
 */
export function messageOf(e: unknown): string | null {
  if (typeof e !== 'object' || e === null) return null;
  const message: unknown = (e as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : null;
}
