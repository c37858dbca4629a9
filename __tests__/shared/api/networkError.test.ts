import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

import { NetworkError, RATE_LIMITED, isNetworkError, toErrorInfo } from '../../../src/shared/api';

describe('NetworkError (§8)', () => {
  it('§8 is an Error and a NetworkError with status, code, reachedServer and stockLevels', () => {
    const e = new NetworkError('OUT_OF_STOCK', {
      status: 400,
      code: 'E1',
      stockLevels: [{ id: 'p-1', stock: 0 }],
    });
    expect(e).toBeInstanceOf(Error);
    expect(e).toBeInstanceOf(NetworkError);
    expect(isNetworkError(e)).toBe(true);
    expect(isNetworkError(new Error('x'))).toBe(false);
    expect(e.name).toBe('NetworkError');
    expect(e.message).toBe('OUT_OF_STOCK');
    expect(e.status).toBe(400);
    expect(e.code).toBe('E1');
    expect(e.stockLevels).toEqual([{ id: 'p-1', stock: 0 }]);
  });

  it('§8 code and stockLevels default to null', () => {
    const e = new NetworkError('x', { status: 500 });
    expect(e.code).toBeNull();
    expect(e.stockLevels).toBeNull();
  });

  it.each([
    [0, false],
    [200, true],
    [400, true],
    [404, true],
    [499, true],
    [500, false],
    [503, false],
  ])(
    '§8 a network error with status %i has reachedServer %s (true only when 0 < status < 500)',
    (status, reached) => {
      expect(new NetworkError('x', { status }).reachedServer).toBe(reached);
    },
  );

  it('§8 keeps the original error as cause', () => {
    const cause = new TypeError('Failed to fetch');
    expect(new NetworkError('Failed to fetch', { status: 0, cause }).cause).toBe(cause);
  });

  it('§8 instanceof NetworkError still works when the class is downlevelled to ES5', () => {
    const source = fs.readFileSync(path.join(__dirname, '../../../src/shared/api/networkError.ts'), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: {
        target: ts.ScriptTarget.ES5,
        module: ts.ModuleKind.CommonJS,
        lib: ['lib.es2022.d.ts'],
      },
    });
    const exports: Record<string, unknown> = {};
    new Function('exports', 'require', outputText)(exports, () => ({}));
    const Es5NetworkError = exports.NetworkError as typeof NetworkError;
    const e = new Es5NetworkError('boom', { status: 502 });
    expect(e instanceof Es5NetworkError).toBe(true);
    expect(e.status).toBe(502);
    expect(e.message).toBe('boom');
  });
});

describe('toErrorInfo (DESIGN rule 1: errors in the store are { code, message })', () => {
  it('§8 a NetworkError keeps its string code and message', () => {
    expect(toErrorInfo(new NetworkError('OUT_OF_STOCK', { status: 400, code: 'E_STOCK' }))).toEqual({
      code: 'E_STOCK',
      message: 'OUT_OF_STOCK',
    });
  });

  it('§8 a numeric errorCode becomes a string', () => {
    expect(toErrorInfo(new NetworkError('NOT_FOUND', { status: 400, code: 42 }))).toEqual({
      code: '42',
      message: 'NOT_FOUND',
    });
  });

  it('§8 without a code the status gives HTTP_<status>, and no answer gives NETWORK', () => {
    expect(toErrorInfo(new NetworkError('Bad gateway', { status: 502 })).code).toBe('HTTP_502');
    expect(toErrorInfo(new NetworkError('Failed to fetch', { status: 0 })).code).toBe('NETWORK');
  });

  it('issue 12: a 429 is RATE_LIMITED, whatever code or body it came with', () => {
    expect(toErrorInfo(new NetworkError('TOO_MANY_REQUESTS', { status: 429 }))).toEqual({
      code: RATE_LIMITED,
      message: 'TOO_MANY_REQUESTS',
    });
    expect(toErrorInfo(new NetworkError('HTTP 429', { status: 429, code: 'SLOW_DOWN' })).code).toBe(
      RATE_LIMITED,
    );
    expect(toErrorInfo(new NetworkError('TOO_MANY_REQUESTS', { status: 400 })).code).not.toBe(RATE_LIMITED);
  });

  it('§8 friendly words: the message for the store is never JSON, HTML or over 60 characters', () => {
    const raw = [
      '{"name":"INTERNAL_ERROR","errorCode":"E"}',
      '<html><body>Bad Gateway</body></html>',
      'x'.repeat(61),
      'line one\nline two',
    ];
    for (const message of raw) {
      expect(toErrorInfo(new NetworkError(message, { status: 502 })).message).toBe('HTTP 502');
      expect(toErrorInfo(new NetworkError(message, { status: 0 })).message).toBe('Failed to fetch');
      expect(toErrorInfo(new Error(message)).message).toBe('Unknown error');
    }
    expect(toErrorInfo(new NetworkError('INTERNAL_ERROR', { status: 500 })).message).toBe('INTERNAL_ERROR');
  });

  it('§8 keeps the answer text as detail for reports', () => {
    const e = new NetworkError('HTTP 502', { status: 502, detail: 'GET /a answered 502: <html>' });
    expect(e.detail).toBe('GET /a answered 502: <html>');
    expect(new NetworkError('x', { status: 500 }).detail).toBeNull();
  });

  it('any other Error becomes UNKNOWN with its message', () => {
    expect(toErrorInfo(new RangeError('bad'))).toEqual({ code: 'UNKNOWN', message: 'bad' });
  });

  it('thrown non-errors become UNKNOWN and never crash', () => {
    expect(toErrorInfo('plain text')).toEqual({ code: 'UNKNOWN', message: 'plain text' });
    expect(toErrorInfo(undefined)).toEqual({ code: 'UNKNOWN', message: 'Unknown error' });
    expect(toErrorInfo({ message: 42 })).toEqual({ code: 'UNKNOWN', message: 'Unknown error' });
    expect(toErrorInfo(Symbol('s'))).toEqual({ code: 'UNKNOWN', message: 'Unknown error' });
  });

  it('DESIGN rule 1 the result is serializable (survives a JSON round trip unchanged)', () => {
    const info = toErrorInfo(new NetworkError('x', { status: 400, code: 7, stockLevels: [] }));
    expect(JSON.parse(JSON.stringify(info))).toEqual(info);
    expect(Object.keys(info).sort()).toEqual(['code', 'message']);
  });
});
