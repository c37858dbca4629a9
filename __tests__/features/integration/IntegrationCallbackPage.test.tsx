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

/**
 * Issue 40, one announcement per outcome: the outcome takes the focus, which a screen reader reads, so
 * nothing in it is also a live region (it would be read twice: as it appears, and with the focus).
 */
function expectAnnouncedByFocusOnly(outcome: HTMLElement) {
  const focused = document.activeElement as HTMLElement;
  expect(focused).toContainElement(outcome);
  expect(focused.querySelectorAll('[role="alert"], [role="status"], [aria-live]')).toHaveLength(0);
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

  it.each([
    [
      'a used or expired code',
      new NetworkError('INVALID_AUTHORIZATION_CODE', { status: 400, code: 'INVALID_AUTHORIZATION_CODE' }),
      'This link has already been used or is too old, so nothing was connected.',
    ],
    [
      'another refusal',
      new NetworkError('COMPANY_NOT_FOUND', { status: 404, code: 'COMPANY_NOT_FOUND' }),
      'The connection to the bookkeeping software failed',
    ],
    [
      'no answer',
      new NetworkError('Failed to fetch', { status: 0 }),
      'The connection to the bookkeeping software failed',
    ],
    [
      'a hostile name',
      new NetworkError('<img src=x onerror=alert(1)>', { status: 400 }),
      'The connection to the bookkeeping software failed',
    ],
  ])('§8: %s is said in words, focused; the error goes to reporting only', async (_label, error, text) => {
    const { reportError, container } = await renderApp(`/integrateFortnox?code=abc&state=${webState}`, {
      api: { integrate: () => Promise.reject(error) },
    });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(reportError).toHaveBeenCalledWith(error, { bookkeeper: 'fortnox' });
    expect(container.textContent).not.toMatch(/[A-Z][A-Z0-9]*(_[A-Z0-9]+)+|<img|HTTP/);
    expect(container.querySelector('img[src="x"]')).toBeNull();
    // No start page in this tab: the merchant starts again from the app.
    expect(screen.getByText('Start again from the app.')).toBeInTheDocument();
    expectAnnouncedByFocusOnly(screen.getByText(text));
  });

  it('§4: a declined consent says so in words and offers to start again from the start page it left', async () => {
    const start = '/integrate/visma/c-cafe/AUTH1?companyName=Kaffe';
    const integrate = jest.fn();
    const { user, history, assignLocation } = await renderApp(start, {
      api: { integrate, getIntegrationUrl: () => Promise.resolve('https://provider.test/auth') },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(assignLocation).toHaveBeenCalledWith('https://provider.test/auth');
    // The provider sends the merchant back without a code (RFC 6749 4.1.2.1).
    await act(async () =>
      history.push(`/integrateVisma?error=access_denied&error_description=Denied&state=${webState}`),
    );
    const declined = await screen.findByText('You declined access at Visma, so nothing was connected.');
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', start);
    expectAnnouncedByFocusOnly(declined);
    expect(integrate).not.toHaveBeenCalled();
  });

  it('§4: a linked callback takes the code out of the address and focuses the outcome', async () => {
    const { navigate } = await renderApp(`/integrateVisma?code=abc&state=${webState}`, {
      api: { integrate: () => Promise.resolve() },
    });
    const status = await screen.findByText('Visma is now connected. You can go back to the app.');
    expect(navigate).toHaveBeenCalledWith('/integrateVisma', { replace: true });
    expectAnnouncedByFocusOnly(status);
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
