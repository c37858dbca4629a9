/** The one API edge (DESIGN rule 5): typed calls of SPEC §7 and the §8 NetworkError. */
export { createApi } from './shopApi';
export { adoptingEarlyStart, type EarlyStart } from './earlyStart';
export type { Api } from './shopApi';
export { createHttpClient, buildUrl, MAX_ERROR_TEXT } from './httpClient';
export type { FetchLike } from './httpClient';
export {
  NetworkError,
  isNetworkError,
  toErrorInfo,
  httpStatusMessage,
  ABORTED,
  MALFORMED_RESPONSE,
  RATE_LIMITED,
} from './networkError';
export { isSafeUrl } from './urlSanitizer';
