/**
 * The one error shape of the demo API (§8): every failure answers `{ name, errorCode, message? }` with a
 * 4xx status for anything the client caused. A 500 is reserved for real server bugs. The names are the
 * contract's (`API_ERRORS`, src/contract/apiErrors.ts); only a framework's refusal of its own keeps the
 * framework's code in a BAD_REQUEST's `errorCode`.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorResponse } from '../../contract';
import type { ApiErrorName } from '../../contract/apiErrors';

/** An error the API answers as-is: status plus the §8 body. */
export class DemoApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorName: ApiErrorName,
    readonly errorCode: ApiErrorName,
    readonly detail?: string,
  ) {
    super(detail ?? errorName);
    this.name = 'DemoApiError';
  }

  /** The wire body of this error. */
  toBody(): ErrorResponse {
    return this.detail === undefined
      ? { name: this.errorName, errorCode: this.errorCode }
      : { name: this.errorName, errorCode: this.errorCode, message: this.detail };
  }
}

/** 400 with a specific name; errorCode repeats the name unless given (the SPA shows `name`). */
export function badRequest(
  name: ApiErrorName,
  message?: string,
  errorCode: ApiErrorName = name,
): DemoApiError {
  return new DemoApiError(400, name, errorCode, message);
}

/** 404 `{ name: 'NOT_FOUND', errorCode }`, e.g. errorCode 'SHOP_NOT_FOUND'. */
export function notFound(errorCode: ApiErrorName): DemoApiError {
  return new DemoApiError(404, 'NOT_FOUND', errorCode);
}

/** 409 for a request that does not fit the current state, e.g. NO_PENDING_PAYMENT. */
export function conflict(name: ApiErrorName, message?: string): DemoApiError {
  return new DemoApiError(409, name, name, message);
}

/**
 * 429 `{ name: 'TOO_MANY_REQUESTS', errorCode: 'RATE_LIMITED' }` (rateLimits.ts, which also sets
 * Retry-After).
 */
export function tooManyRequests(): DemoApiError {
  return new DemoApiError(429, 'TOO_MANY_REQUESTS', 'RATE_LIMITED');
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('code' in error || 'statusCode' in error || 'validation' in error);
}

/** Maps any thrown value to a status and §8 body. */
function toErrorReply(error: unknown): { status: number; body: ErrorResponse } {
  if (error instanceof DemoApiError) return { status: error.statusCode, body: error.toBody() };
  if (isFastifyError(error)) {
    if (error.validation) {
      return {
        status: 400,
        body: { name: 'VALIDATION_ERROR', errorCode: 'BAD_REQUEST', message: error.message.slice(0, 300) },
      };
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      switch (error.code) {
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return {
            status: 415,
            body: { name: 'UNSUPPORTED_MEDIA_TYPE', errorCode: 'UNSUPPORTED_MEDIA_TYPE' },
          };
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return { status: 413, body: { name: 'PAYLOAD_TOO_LARGE', errorCode: 'PAYLOAD_TOO_LARGE' } };
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
          return { status: 400, body: { name: 'INVALID_JSON', errorCode: 'BAD_REQUEST' } };
        default:
          return { status, body: { name: 'BAD_REQUEST', errorCode: error.code ?? 'BAD_REQUEST' } };
      }
    }
  }
  if (error instanceof SyntaxError)
    return { status: 400, body: { name: 'INVALID_JSON', errorCode: 'BAD_REQUEST' } };
  return { status: 500, body: { name: 'INTERNAL_ERROR', errorCode: 'INTERNAL_ERROR' } };
}

/**
 * Installs the single error handler and the not-found handler. Unknown routes under /api (and any other
 * path the SPA does not serve) answer 404 `{ name: 'NOT_FOUND', errorCode: 'ROUTE_NOT_FOUND' }`.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorReply(error);
    if (status >= 500) request.log.error({ err: error }, 'demo api failure');
    void reply.status(status).header('cache-control', 'no-store').send(body);
  });
  app.setNotFoundHandler((_request: FastifyRequest, reply: FastifyReply) => {
    void reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({ name: 'NOT_FOUND', errorCode: 'ROUTE_NOT_FOUND' });
  });
}
