/**
 * The one HTTP client (DESIGN rule 5): cookies on every call (§6), JSON in and out, answers validated
 * against the call's schema, and every failure turned into a {@link NetworkError} as SPEC §8 says.
 */
import * as v from 'valibot';

import type { StockLevel } from '../../contract';
import {
  ABORTED,
  MALFORMED_RESPONSE,
  NetworkError,
  OUT_OF_STOCK,
  httpStatusMessage,
  messageOf,
  shortMessage,
} from './networkError';
import { errorResponseSchema, stockLevelSchema } from './schemas';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The part of `fetch` the client uses; the global `fetch` fits, and so does a test double. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Query parameters; undefined, null and '' are left out. */
export type QueryParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

interface HttpRequest {
  method: HttpMethod;
  /** Path below the base URL, already built from encoded segments, e.g. '/api/v2/webshop/abc/cart'. */
  path: string;
  query?: QueryParams;
  /** Sent as JSON when given. */
  body?: unknown;
  signal?: AbortSignal;
  /** How the answer's bytes are read into JSON before the schema checks them; decoded and parsed whole by default. */
  read?: (body: Uint8Array) => unknown;
}

export interface HttpClient {
  /** Sends the request and returns the answer validated by `schema`. */
  request<T>(req: HttpRequest & { schema: v.GenericSchema<unknown, T> }): Promise<T>;
  /** Sends the request of a call whose answer is "not shown" (§7): any body, even none, is ignored. */
  request(req: HttpRequest & { schema?: undefined }): Promise<void>;
}

export interface HttpClientOptions {
  /** '' for same origin, or e.g. 'https://api.example'. A trailing '/' is ignored. */
  baseUrl: string;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: FetchLike;
}

/** Longest report detail kept from a failed answer (an HTML error page must not flood a report). */
export const MAX_ERROR_TEXT = 500;

/**
 * Joins base URL, path and query. Query values go through URLSearchParams; undefined, null and '' are
 * skipped.
 */
export function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${search === '' ? '' : `?${search}`}`;
}

/**
 * Creates the HTTP client. Every call sends cookies (`credentials: 'include'`) and `Accept:
 * application/json`; a body is sent as JSON, and every request but a GET says `Content-Type: application/json`. Failures follow §8: 400 → the server's name and errorCode
 * (OUT_OF_STOCK with stock levels), other non-ok → the answer text, no answer → status 0, an ok answer that
 * is not the contract's shape → MALFORMED_RESPONSE. The answer text goes to the error's `detail`, for
 * reports; the message customers may read is a short name ('INTERNAL_ERROR') or 'HTTP 502'.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { baseUrl } = options;
  // Resolved per call, and never called as a method of another object ("Illegal invocation").
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function request<T>(req: HttpRequest & { schema: v.GenericSchema<unknown, T> }): Promise<T>;
  function request(req: HttpRequest & { schema?: undefined }): Promise<void>;
  async function request<T>(req: HttpRequest & { schema?: v.GenericSchema<unknown, T> }): Promise<T | void> {
    const call = `${req.method} ${req.path}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    const init: RequestInit = { method: req.method, credentials: 'include', headers };
    // Bodiless POSTs say JSON too: the API refuses any other state-changing request (cross-site guard).
    if (req.method !== 'GET') headers['Content-Type'] = 'application/json';
    if (req.body !== undefined) init.body = JSON.stringify(req.body);
    if (req.signal) init.signal = req.signal;

    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, req.path, req.query), init);
    } catch (e) {
      throw noAnswerError(e, req.signal, call);
    }

    if (!response.ok) throw await errorFromAnswer(response, call);
    if (!req.schema) {
      // "Not shown" answers: drain the body so the connection is freed, but ignore what it says.
      await response.text().catch(() => '');
      return;
    }
    const { read } = req;
    let answer: Answer;
    try {
      if (read) {
        const bytes = new Uint8Array(await response.arrayBuffer());
        answer = { empty: bytes.length === 0, json: () => read(bytes) };
      } else {
        const text = await response.text();
        answer = { empty: text.trim() === '', json: () => JSON.parse(text) as unknown };
      }
    } catch (e) {
      throw noAnswerError(e, req.signal, call);
    }
    return parseAnswer(answer, req.schema, call, response.status);
  }

  return { request };
}

/**
 * fetch rejected (offline, DNS, CORS, abort) or the body broke off: status 0, never reached the server.
 * The browser's own words are kept ('Failed to fetch', 'Load failed'): reporting ignores exactly those.
 */
function noAnswerError(e: unknown, signal: AbortSignal | undefined, call: string): NetworkError {
  const name = typeof e === 'object' && e !== null ? (e as { name?: unknown }).name : undefined;
  const aborted = signal?.aborted === true || name === 'AbortError';
  const said = messageOf(e);
  return new NetworkError(shortMessage(said) ?? 'Failed to fetch', {
    status: 0,
    code: aborted ? ABORTED : null,
    cause: e,
    detail: clip(`${call}: ${said ?? 'no answer'}`),
  });
}

/** An ok answer's body: whether it is empty, and its JSON (which throws on what is not JSON). */
interface Answer {
  empty: boolean;
  json: () => unknown;
}

function parseAnswer<T>(
  { empty, json }: Answer,
  schema: v.GenericSchema<unknown, T>,
  call: string,
  status: number,
): T {
  const malformed = (why: string) =>
    new NetworkError('Unexpected answer', {
      status,
      code: MALFORMED_RESPONSE,
      // Why, not the body: an ok answer carries the customer's own cart and details.
      detail: clip(`${call}: ${why}`),
    });
  if (empty) throw malformed('empty body');
  let value: unknown;
  try {
    value = json();
  } catch {
    throw malformed('not JSON');
  }
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const [issue] = result.issues;
  const where = v.getDotPath(issue);
  throw malformed(`${where === null ? '' : `${where}: `}${issue.message}`);
}

/**
 * §8 a failed answer. 400: the JSON name is the message and errorCode the code. Any other status: "the
 * response text", which goes to `detail` for reports; the message is the JSON body's name when it has a
 * short one, else 'HTTP <status>', so a 500's JSON or a proxy's 502 page never reaches the customer.
 */
async function errorFromAnswer(response: Response, call: string): Promise<NetworkError> {
  const { status } = response;
  const text = (await response.text().catch(() => '')).trim();
  const detail = clip(text === '' ? `${call} answered ${status}` : `${call} answered ${status}: ${text}`);
  const json = tryParseJson(text);
  const fallback = httpStatusMessage(status);
  if (status === 400) {
    const body = v.safeParse(errorResponseSchema, json);
    if (body.success) {
      const { name, errorCode, message } = body.output;
      const stockLevels = name === OUT_OF_STOCK ? readStockLevels(message, errorCode) : null;
      return new NetworkError(shortMessage(name) ?? fallback, {
        status,
        code: errorCode ?? null,
        stockLevels,
        detail,
      });
    }
  }
  const name = typeof json === 'object' && json !== null ? (json as { name?: unknown }).name : undefined;
  return new NetworkError(shortMessage(name) ?? fallback, { status, code: null, detail });
}

/**
 * §8 OUT_OF_STOCK: the message (or, from older backends, the errorCode) is a JSON list of {id, stock}.
 * Unreadable lists give [] and invalid entries are dropped, so the error stays an OUT_OF_STOCK error.
 */
function readStockLevels(
  message: string | null | undefined,
  errorCode: string | number | null | undefined,
): StockLevel[] {
  for (const candidate of [message, errorCode]) {
    if (typeof candidate !== 'string') continue;
    const list = tryParseJson(candidate);
    if (!Array.isArray(list)) continue;
    return list.flatMap((entry: unknown) => {
      const level = v.safeParse(stockLevelSchema, entry);
      return level.success ? [level.output] : [];
    });
  }
  return [];
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function clip(text: string): string {
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT - 1)}…` : text;
}
