/**
 * Every failure the API answers (§7, §8): its status and its `{ name, errorCode }` (the code repeats the name
 * unless given). The demo API, the reference for a careful backend, answers no others (its error helpers
 * take only these names; a framework's own refusal may carry the framework's code in a BAD_REQUEST). Issue 40: none of them is ever shown; the screens say each in words, and a test
 * walks every one through every screen that can show a failure (`__tests__/app/noCodeOnScreen.test.tsx`).
 */
export const API_ERRORS = [
  // 400: the request cannot be done as asked.
  { status: 400, name: 'VALIDATION_ERROR', errorCode: 'BAD_REQUEST' },
  { status: 400, name: 'INVALID_JSON', errorCode: 'BAD_REQUEST' },
  { status: 400, name: 'BAD_REQUEST' },
  { status: 400, name: 'PRODUCT_NOT_FOUND' },
  { status: 400, name: 'DEVIATION_NOT_ALLOWED' },
  { status: 400, name: 'INVALID_EXTRAS' },
  { status: 400, name: 'TAB_NOT_FOUND' },
  { status: 400, name: 'TAB_ITEM_NOT_FOUND' },
  { status: 400, name: 'TAB_ITEM_COUNT_EXCEEDED' },
  { status: 400, name: 'TAB_ITEM_UNAVAILABLE' },
  { status: 400, name: 'EMPTY_REFERENCE' },
  { status: 400, name: 'REFERENCE_REQUIRED' },
  { status: 400, name: 'SHOP_CLOSED' },
  { status: 400, name: 'EMPTY_CART' },
  { status: 400, name: 'PAYMENT_METHOD_NOT_FOUND' },
  { status: 400, name: 'INVALID_CUSTOMER_INFO' },
  { status: 400, name: 'PHONE_REQUIRED' },
  { status: 400, name: 'OUT_OF_STOCK' },
  { status: 400, name: 'INVALID_EMAIL' },
  { status: 400, name: 'INVALID_RECEIPT_ID' },
  { status: 400, name: 'INVALID_BOOKKEEPER' },
  { status: 400, name: 'INVALID_AUTH_CODE' },
  { status: 400, name: 'INVALID_AUTHORIZATION_CODE' },
  // 403, 413, 415: refused at the door (cross-site, too large, not JSON).
  { status: 403, name: 'FORBIDDEN', errorCode: 'CROSS_ORIGIN_REQUEST' },
  { status: 413, name: 'PAYLOAD_TOO_LARGE' },
  { status: 415, name: 'UNSUPPORTED_MEDIA_TYPE', errorCode: 'JSON_ONLY' },
  { status: 415, name: 'UNSUPPORTED_MEDIA_TYPE' },
  // 404: the thing asked for does not exist.
  { status: 404, name: 'NOT_FOUND', errorCode: 'SHOP_NOT_FOUND' },
  { status: 404, name: 'NOT_FOUND', errorCode: 'CART_NOT_FOUND' },
  { status: 404, name: 'NOT_FOUND', errorCode: 'REFERENCE_NOT_FOUND' },
  { status: 404, name: 'NOT_FOUND', errorCode: 'PAYMENT_NOT_FOUND' },
  { status: 404, name: 'NOT_FOUND', errorCode: 'PAYMENT_INTENT_NOT_FOUND' },
  { status: 404, name: 'NOT_FOUND', errorCode: 'RECEIPT_NOT_FOUND' },
  { status: 404, name: 'NOT_FOUND', errorCode: 'COMPANY_NOT_FOUND' },
  { status: 404, name: 'NOT_FOUND', errorCode: 'ROUTE_NOT_FOUND' },
  { status: 404, name: 'NOT_FOUND', errorCode: 'IMAGE_NOT_FOUND' },
  // 409: the request does not fit the state it found.
  { status: 409, name: 'CART_CHANGED' },
  { status: 409, name: 'NO_PENDING_PAYMENT' },
  { status: 409, name: 'PAYMENT_NOT_PENDING' },
  { status: 409, name: 'PAYMENT_EXPIRED' },
  { status: 409, name: 'OUT_OF_STOCK' },
  // A chosen tab line another guest is paying for right now: the message is a JSON list of its entry ids.
  { status: 409, name: 'TAB_ITEM_BEING_PAID' },
  // 429: too many attempts (rate limits, issue 12).
  { status: 429, name: 'TOO_MANY_REQUESTS', errorCode: 'RATE_LIMITED' },
  // 500: the server's own fault.
  { status: 500, name: 'INTERNAL_ERROR' },
] as const;

type ApiError = (typeof API_ERRORS)[number];

/** A name or error code the API answers with. */
export type ApiErrorName = ApiError['name'] | Extract<ApiError, { errorCode: string }>['errorCode'];
