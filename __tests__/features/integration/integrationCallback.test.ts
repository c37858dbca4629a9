import {
  appLink,
  bookkeeperName,
  codeDigest,
  parseBookkeeper,
  parseIntegrationState,
  planCallback,
  readKeptCallback,
  readStartPage,
  serviceOfPath,
  withoutProviderParams,
} from '../../../src/features/integration/integrationCallback';

const state = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const webState = state({ isWeb: true, companyID: 'c-cafe', scopeState: 'scope-1' });

describe('parseBookkeeper (§9 only Visma and Fortnox)', () => {
  it.each([
    ['fortnox', 'fortnox'],
    ['visma', 'visma'],
    ['Fortnox', 'fortnox'],
    ['VISMA', 'visma'],
  ])('%s → %s', (raw, expected) => {
    expect(parseBookkeeper(raw)).toBe(expected);
  });

  it.each([undefined, '', 'quickbooks', 'fortnox ', 'visma<script>', '__proto__', 'constructor'])(
    'refuses %j',
    (raw) => {
      expect(parseBookkeeper(raw)).toBeNull();
    },
  );

  it('names them as the brands do', () => {
    expect(bookkeeperName('fortnox')).toBe('Fortnox');
    expect(bookkeeperName('visma')).toBe('Visma');
  });
});

describe('serviceOfPath', () => {
  it.each([
    ['/integrateFortnox', 'fortnox'],
    ['/integratefortnox/', 'fortnox'],
    ['/integrateVisma', 'visma'],
    ['/stripe', 'stripe'],
  ])('%s → %s', (path, service) => {
    expect(serviceOfPath(path)).toBe(service);
  });
});

describe('parseIntegrationState', () => {
  it('reads the URL-decoded JSON', () => {
    expect(parseIntegrationState(JSON.stringify({ isWeb: true, companyID: 'c1', scopeState: 's' }))).toEqual({
      isWeb: true,
      companyID: 'c1',
      scopeState: 's',
    });
  });

  it('also reads a state that was encoded twice', () => {
    expect(
      parseIntegrationState(
        encodeURIComponent(JSON.stringify({ isWeb: false, companyID: 'c1', scopeState: 's' })),
      ),
    ).toEqual({
      isWeb: false,
      companyID: 'c1',
      scopeState: 's',
    });
  });

  it('takes a missing scopeState as empty', () => {
    expect(parseIntegrationState('{"isWeb":true,"companyID":"c1"}')).toEqual({
      isWeb: true,
      companyID: 'c1',
      scopeState: '',
    });
  });

  it.each([
    '',
    '{not json',
    '%E0%A4%A',
    '<script>alert(1)</script>',
    'null',
    '[]',
    '"text"',
    '42',
    '{"isWeb":"true","companyID":"c1"}',
    '{"isWeb":1,"companyID":"c1"}',
    '{"isWeb":true}',
    '{"isWeb":true,"companyID":""}',
    '{"isWeb":true,"companyID":"   "}',
    '{"isWeb":true,"companyID":42}',
    '{"isWeb":true,"companyID":{"toString":"x"}}',
    '{"isWeb":true,"companyID":"c1","scopeState":{"a":1}}',
    `{"isWeb":true,"companyID":"${'x'.repeat(201)}"}`,
    '{"__proto__":{"isWeb":true},"companyID":"c1"}',
  ])('refuses %j', (raw) => {
    expect(parseIntegrationState(raw)).toBeNull();
  });
});

describe('planCallback (§2 integration callback pages)', () => {
  it('integrates Fortnox on the Fortnox path with code and scopeState', () => {
    expect(planCallback('/integrateFortnox', `?code=abc&state=${webState}`)).toEqual({
      kind: 'integrate',
      bookkeeper: 'fortnox',
      companyId: 'c-cafe',
      authorizationCode: 'abc',
      scopes: 'scope-1',
    });
  });

  it('integrates Visma on the Visma path and on /stripe', () => {
    expect(planCallback('/integrateVisma', `?code=abc&state=${webState}`)).toMatchObject({
      kind: 'integrate',
      bookkeeper: 'visma',
    });
    expect(planCallback('/stripe', `?code=abc&state=${webState}`)).toMatchObject({
      kind: 'integrate',
      bookkeeper: 'visma',
    });
  });

  it('hands a mobile flow (isWeb false) to the app of the path’s service', () => {
    const mobile = state({ isWeb: false, companyID: 'c-cafe', scopeState: 's' });
    expect(planCallback('/integrateFortnox', `?code=abc&state=${mobile}`)).toEqual({
      kind: 'openApp',
      service: 'fortnox',
    });
    expect(planCallback('/integrateVisma', `?code=abc&state=${mobile}`)).toEqual({
      kind: 'openApp',
      service: 'visma',
    });
    expect(planCallback('/stripe', `?code=abc&state=${mobile}`)).toEqual({
      kind: 'openApp',
      service: 'stripe',
    });
  });

  it('hands an unparsable state to the app', () => {
    expect(planCallback('/integrateVisma', '?code=abc&state=%7Bbroken')).toEqual({
      kind: 'openApp',
      service: 'visma',
    });
  });

  it('a denied mobile flow (no code) still goes back to the app, which started it', () => {
    const mobile = state({ isWeb: false, companyID: 'c-cafe', scopeState: 's' });
    expect(planCallback('/integrateFortnox', `?error=access_denied&state=${mobile}`)).toEqual({
      kind: 'openApp',
      service: 'fortnox',
    });
  });

  it.each([
    ['/integrateFortnox', '', 'fortnox'],
    ['/integrateVisma', '?lng=se', 'visma'],
    ['/stripe', '', 'visma'],
  ])(
    '%s%s without any of the provider parameters is bare: a reload after the code left the address (§4)',
    (path, search, bookkeeper) => {
      expect(planCallback(path, search)).toEqual({ kind: 'bare', bookkeeper });
    },
  );

  it.each([
    ['access_denied', 'declined'],
    ['server_error', 'failed'],
    ['temporarily_unavailable', 'failed'],
  ])(
    'a web flow the provider ended with error=%s is refused, %s (§4; RFC 6749 4.1.2.1, as Fortnox and Visma send it)',
    (error, outcome) => {
      expect(
        planCallback('/integrateVisma', `?error=${error}&error_description=x&state=${webState}`),
      ).toEqual({
        kind: 'refused',
        bookkeeper: 'visma',
        outcome,
        error,
      });
    },
  );

  it.each([
    ['no state', '?code=abc'],
    ['an empty state', '?code=abc&state='],
    ['a web state without code', `?state=${webState}`],
    ['a web state with an empty code', `?code=&state=${webState}`],
    ['an error without a state', '?error=access_denied'],
  ])('%s is missing params', (_label, search) => {
    expect(planCallback('/integrateFortnox', search)).toEqual({ kind: 'missingParams' });
  });
});

describe('withoutProviderParams', () => {
  it('takes the code, the state and the error parameters out of the address and keeps the rest', () => {
    expect(withoutProviderParams('/integrateFortnox', `?code=abc&state=${webState}`)).toBe(
      '/integrateFortnox',
    );
    expect(
      withoutProviderParams('/integrateVisma', `?lng=se&error=access_denied&error_description=No&state=x`),
    ).toBe('/integrateVisma?lng=se');
  });
});

describe('codeDigest', () => {
  it('is FNV-1a: the same code, the same 8 hex digits; another code, others; never the code', () => {
    expect(codeDigest('a')).toBe('e40c292c'); // FNV-1a 32 of "a"
    expect(codeDigest('abc-123')).toBe(codeDigest('abc-123'));
    expect(codeDigest('abc-123')).not.toBe(codeDigest('abc-124'));
    expect(codeDigest('abc-123')).toMatch(/^[0-9a-f]{8}$/);
  });
});

describe('readKeptCallback and readStartPage', () => {
  it('read what the sagas wrote, and nothing of another shape', () => {
    expect(readKeptCallback('{"bookkeeper":"visma","code":"0a1b","outcome":"expired"}')).toEqual({
      bookkeeper: 'visma',
      code: '0a1b',
      outcome: 'expired',
    });
    for (const raw of [
      null,
      'x',
      '[]',
      '{"bookkeeper":"bokio","code":"1","outcome":"linked"}',
      '{"bookkeeper":"visma","code":"1","outcome":"won"}',
    ])
      expect(readKeptCallback(raw)).toBeNull();
    expect(readStartPage('/integrate/visma/c-cafe/A1?companyName=K')).toBe(
      '/integrate/visma/c-cafe/A1?companyName=K',
    );
    for (const raw of [
      null,
      '',
      '//evil.test/integrate/x',
      'https://evil.test/integrate/x',
      '/integrate//evil.test',
    ])
      expect(readStartPage(raw)).toBeNull();
  });
});

describe('appLink', () => {
  it('keeps the path and the whole query string', () => {
    expect(appLink('kassa', 'fortnox', '/integrateFortnox', '?code=a%20b&state=%7B%7D')).toBe(
      'kassa://fortnox/integrateFortnox?code=a%20b&state=%7B%7D',
    );
  });
});
