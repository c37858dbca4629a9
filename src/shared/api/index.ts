/** The one API edge (DESIGN rule 5): typed calls of SPEC §7 and the §8 NetworkError. */
export { createApi, pathSegment } from './shopApi';
export { adoptingEarlyStart, type EarlyStart } from './earlyStart';
export type { Api, ApiOptions } from './shopApi';
export { createHttpClient, buildUrl, MAX_ERROR_TEXT } from './httpClient';
export type {
  FetchLike,
  HttpClient,
  HttpClientOptions,
  HttpMethod,
  HttpRequest,
  QueryParams,
} from './httpClient';
export {
  NetworkError,
  isNetworkError,
  toErrorInfo,
  messageOf,
  httpStatusMessage,
  ABORTED,
  MALFORMED_RESPONSE,
  OUT_OF_STOCK,
  RATE_LIMITED,
} from './networkError';
export type { ErrorInfo, NetworkErrorOptions } from './networkError';
export { isSafeUrl, safeUrl, safeHexColour, FALLBACK_TAG_COLOUR } from './urlSanitizer';
