import { act, screen } from '@testing-library/react';
import { NetworkError } from '../../../src/shared/api';
import { renderApp } from '../../helpers/renderApp';

// §2 integration callback pages /stripe, /integrateFortnox, /integrateVisma and their §8 texts.

const state = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const webState = state({ isWeb: true, companyID: 'c-cafe', scopeState: 'scope-1' });
const mobileState = state({ isWeb: false, companyID: 'c-cafe', scopeState: 'scope-1' });

async function expectFrame(container: HTMLElement) {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Connect your bookkeeping' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'More information' })).toHaveAttribute('href', '/');
  expect(container.querySelector('img[src="/static/logo-dark.svg"]')).not.toBeNull();
}

describe('integration callback pages', () => {
  it('Fortnox: integrates with the code and scopes and shows the Fortnox success', async () => {
    const integrate = jest.fn(() => Promise.resolve());
    const { container } = await renderApp(`/integrateFortnox?code=abc&state=${webState}`, {
      api: { integrate },
    });
    await expectFrame(container);
    expect(
      await screen.findByText('Fortnox is now connected. You can go back to the app.'),
    ).toBeInTheDocument();
    expect(integrate).toHaveBeenCalledWith('fortnox', 'c-cafe', {
      authorizationCode: 'abc',
      scopes: 'scope-1',
    });
  });

  it('Visma: shows the Visma success', async () => {
    const integrate = jest.fn(() => Promise.resolve());
    await renderApp(`/integrateVisma?code=abc&state=${webState}`, { api: { integrate } });
    expect(
      await screen.findByText('Visma is now connected. You can go back to the app.'),
    ).toBeInTheDocument();
    expect(integrate).toHaveBeenCalledWith('visma', 'c-cafe', {
      authorizationCode: 'abc',
      scopes: 'scope-1',
    });
  });

  it('/stripe integrates Visma (everything but the Fortnox path does)', async () => {
    const integrate = jest.fn(() => Promise.resolve());
    await renderApp(`/stripe?code=abc&state=${webState}`, { api: { integrate } });
    expect(
      await screen.findByText('Visma is now connected. You can go back to the app.'),
    ).toBeInTheDocument();
    expect(integrate).toHaveBeenCalledWith('visma', 'c-cafe', expect.anything());
  });

  it('shows connecting while the call runs', async () => {
    await renderApp(`/integrateFortnox?code=abc&state=${webState}`, {
      api: { integrate: () => new Promise(() => undefined) },
    });
    expect(await screen.findByText('Connecting…')).toBeInTheDocument();
  });

  it("a failure shows the failure text with ': {error name}' and is reported", async () => {
    const error = new NetworkError('INVALID_AUTHORIZATION_CODE', { status: 400, code: 'E_CODE' });
    const { reportError } = await renderApp(`/integrateFortnox?code=abc&state=${webState}`, {
      api: { integrate: () => Promise.reject(error) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The connection to the bookkeeping software failed: INVALID_AUTHORIZATION_CODE',
    );
    expect(reportError).toHaveBeenCalledWith(error, { bookkeeper: 'fortnox' });
  });

  it('a failure without an error name shows the text alone', async () => {
    const { reportError } = await renderApp(`/integrateVisma?code=abc&state=${webState}`, {
      api: { integrate: () => Promise.reject(new NetworkError('Failed to fetch', { status: 0 })) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The connection to the bookkeeping software failed');
    expect(reportError).toHaveBeenCalled();
  });

  it('a hostile error name is shown as text', async () => {
    const { container } = await renderApp(`/integrateVisma?code=abc&state=${webState}`, {
      api: {
        integrate: () => Promise.reject(new NetworkError('<img src=x onerror=alert(1)>', { status: 400 })),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('failed: <img src=x onerror=alert(1)>');
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it.each([
    ['/integrateFortnox', 'kassa://fortnox/integrateFortnox'],
    ['/integrateVisma', 'kassa://visma/integrateVisma'],
    ['/stripe', 'kassa://stripe/stripe'],
  ])('%s with isWeb false sends the browser to the app, keeping the query string', async (path, link) => {
    const search = `?code=abc&state=${mobileState}`;
    const integrate = jest.fn();
    const { assignLocation, container } = await renderApp(`${path}${search}`, { api: { integrate } });
    await expectFrame(container);
    expect(await screen.findByText('Taking you back to the app…')).toBeInTheDocument();
    expect(assignLocation).toHaveBeenCalledWith(`${link}${search}`);
    expect(screen.getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', `${link}${search}`);
    expect(integrate).not.toHaveBeenCalled();
  });

  it.each([
    ['bad JSON', '%7Bnot%20json'],
    ['a script', encodeURIComponent('<script>alert(1)</script>')],
    ['a wrong shape', state({ isWeb: 'true', companyID: 'c-cafe' })],
    ['an empty company', state({ isWeb: true, companyID: '' })],
    ['an array', state([1, 2])],
  ])('a state with %s is not trusted: it goes to the app unchanged', async (_label, badState) => {
    const search = `?code=abc&state=${badState}`;
    const integrate = jest.fn();
    const { assignLocation, container } = await renderApp(`/integrateVisma${search}`, { api: { integrate } });
    expect(await screen.findByText('Taking you back to the app…')).toBeInTheDocument();
    expect(assignLocation).toHaveBeenCalledWith(`kassa://visma/integrateVisma${search}`);
    expect(integrate).not.toHaveBeenCalled();
    expect(container.querySelector('script')).toBeNull();
  });

  it.each([
    ['no parameters', ''],
    ['no state', '?code=abc'],
    ['no code', `?state=${webState}`],
  ])("%s shows 'Something went wrong' and calls nothing", async (_label, search) => {
    const integrate = jest.fn();
    const { assignLocation } = await renderApp(`/integrateFortnox${search}`, { api: { integrate } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(integrate).not.toHaveBeenCalled();
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('redeems a code once, even when the page is shown again', async () => {
    const integrate = jest.fn(() => Promise.resolve());
    const url = `/integrateFortnox?code=abc&state=${webState}`;
    const { history } = await renderApp(url, { api: { integrate } });
    await screen.findByText('Fortnox is now connected. You can go back to the app.');
    await act(async () => history.push('/download?url=https://x.test/r.pdf'));
    await screen.findByRole('heading', { name: 'Download your receipt' });
    await act(async () => history.push(url));
    expect(
      await screen.findByText('Fortnox is now connected. You can go back to the app.'),
    ).toBeInTheDocument();
    expect(integrate).toHaveBeenCalledTimes(1);
  });
});
