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
/**
 * Code of an answer with status 429 (issue 12): the server limits how often this may be done, so the
 * customer is asked to wait a little. Any 429 gets it, whatever its body: a proxy's page as much as the API's
 * `{ name: 'TOO_MANY_REQUESTS', errorCode: 'RATE_LIMITED' }`.
 */
export const RATE_LIMITED = 'RATE_LIMITED';

/**
 * Longest error message kept for the store. Messages reach customers inside §8 texts ('An error occurred,
 * please try again: {errorMessage}'), so they must stay a few words, never an answer body.
 */
const MAX_MESSAGE_LENGTH = 60;

/**
 * `text` trimmed, when it reads as a short message: one line, at most {@link MAX_MESSAGE_LENGTH}
 * characters, no JSON or markup characters; otherwise null.
 *
 * @param text - a candidate message, e.g. the `name` of an error answer
 * @returns the message, or null when it is not fit to be shown
 */
export function shortMessage(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > MAX_MESSAGE_LENGTH || /[\r\n{}[\]<>]/.test(trimmed)) return null;
  return trimmed;
}

/** The message of an answer that carried no usable name, e.g. 'HTTP 502'. */
export function httpStatusMessage(status: number): string {
  return `HTTP ${status}`;
}

export interface NetworkErrorOptions {
  /** HTTP status, or 0 when the request never got an answer. */
  status: number;
  code?: string | number | null;
  /** Only for OUT_OF_STOCK. */
  stockLevels?: StockLevel[] | null;
  cause?: unknown;
  /** For error reports only (never shown): the call and what came back, e.g. an error page's text. */
  detail?: string | null;
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
  /**
   * For error reports only: the call and the answer's text (§8 "the response text"), or why an answer
   * was refused. The message stays short and fit for customers; this keeps what developers need.
   */
  readonly detail: string | null;

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
    this.detail = options.detail ?? null;
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
 * 'NETWORK' (no answer) / 'HTTP_<status>' when the server gave none, and a 429 always has
 * {@link RATE_LIMITED}; any other error gets 'UNKNOWN'.
 * The message is always a short one (see {@link shortMessage}): customers read it inside §8 texts.
 */
export function toErrorInfo(e: unknown): ErrorInfo {
  if (e instanceof NetworkError) {
    const fallback = e.status === 0 ? 'NETWORK' : `HTTP_${e.status}`;
    const message =
      shortMessage(e.message) ?? (e.status === 0 ? 'Failed to fetch' : httpStatusMessage(e.status));
    return { code: e.status === 429 ? RATE_LIMITED : String(e.code ?? fallback), message };
  }
  const message = messageOf(e) ?? (typeof e === 'string' && e !== '' ? e : null);
  return { code: 'UNKNOWN', message: shortMessage(message) ?? 'Unknown error' };
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
