import type { AppConfig } from '../../src/shared/config';

// Build-time configuration (src/shared/config.ts): under Jest the real process.env is read at import.

function configWith(env: Record<string, string | undefined>): AppConfig {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key];
  try {
    let loaded: AppConfig | undefined;
    jest.isolateModules(() => {
      loaded = (jest.requireActual('../../src/shared/config') as { config: AppConfig }).config;
    });
    return loaded as AppConfig;
  } finally {
    process.env = saved;
  }
}

describe('RECEIPT_HOSTS', () => {
  it('is a comma-separated list, entries trimmed, empty entries dropped (they must not mean anything)', () => {
    expect(
      configWith({ RECEIPT_HOSTS: ' receipts.example.com , ,self,http://127.0.0.1:8080,' }).receiptHosts,
    ).toEqual(['receipts.example.com', 'self', 'http://127.0.0.1:8080']);
    expect(configWith({ RECEIPT_HOSTS: '' }).receiptHosts).toEqual([]);
  });

  it("defaults to the provider's receipt host placeholder (the production build's default too)", () => {
    expect(configWith({ RECEIPT_HOSTS: undefined }).receiptHosts).toEqual(['receipts.kassa.example']);
  });
});
