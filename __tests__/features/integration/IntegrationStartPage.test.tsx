import { act, screen } from '@testing-library/react';
import { NetworkError } from '../../../src/shared/api';
import { deferred, renderApp } from '../../helpers/renderApp';

// §2 integration start page: /integrate/:bookkeeper/:companyId/:authCode?companyName=

describe('integration start page', () => {
  it("says 'Integrating Fortnox {companyName}' and Continue leaves for the provider's URL", async () => {
    const getIntegrationUrl = jest.fn(() =>
      Promise.resolve('https://apps.fortnox.test/oauth-v1/auth?client_id=x'),
    );
    const { user, assignLocation } = await renderApp(
      '/integrate/fortnox/c-cafe/AUTH123?companyName=Caf%C3%A9%20AB',
      {
        api: { getIntegrationUrl },
      },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Integrating Fortnox Café AB' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(getIntegrationUrl).toHaveBeenCalledWith('c-cafe', 'fortnox', 'AUTH123', expect.any(AbortSignal));
    expect(assignLocation).toHaveBeenCalledWith('https://apps.fortnox.test/oauth-v1/auth?client_id=x');
  });

  it('capitalises Visma, whatever the case in the link', async () => {
    await renderApp('/integrate/VISMA/c-cafe/AUTH123?companyName=Kaffe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Integrating Visma Kaffe' }),
    ).toBeInTheDocument();
  });

  it('works without a company name', async () => {
    await renderApp('/integrate/visma/c-cafe/AUTH123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrating Visma' })).toBeInTheDocument();
  });

  it.each(['quickbooks', 'fortnox2', '%3Cscript%3E'])(
    "refuses the bookkeeper '%s' with the only-Visma-and-Fortnox message and no button",
    async (bookkeeper) => {
      const getIntegrationUrl = jest.fn();
      await renderApp(`/integrate/${bookkeeper}/c-cafe/AUTH123?companyName=X`, {
        api: { getIntegrationUrl },
      });
      expect(await screen.findByRole('alert')).toHaveTextContent('Only Visma and Fortnox are supported');
      expect(screen.getByText('Using other bookkeeping software? Contact our support.')).toBeInTheDocument();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
      expect(getIntegrationUrl).not.toHaveBeenCalled();
    },
  );

  it('shows that it is connecting and ignores a second press', async () => {
    const answer = deferred<string>();
    const getIntegrationUrl = jest.fn(() => answer.promise);
    const { user, assignLocation } = await renderApp('/integrate/fortnox/c-cafe/AUTH123?companyName=X', {
      api: { getIntegrationUrl },
    });
    const button = await screen.findByRole('button', { name: 'Continue' });
    await user.click(button);
    expect(screen.getByText('Connecting…')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await user.click(button);
    await act(async () => answer.resolve('https://provider.test/'));
    expect(getIntegrationUrl).toHaveBeenCalledTimes(1);
    expect(assignLocation).toHaveBeenCalledTimes(1);
  });

  it('after a failure says so and offers Try again, which tries again', async () => {
    const getIntegrationUrl = jest
      .fn()
      .mockRejectedValueOnce(new NetworkError('COMPANY_NOT_FOUND', { status: 404 }))
      .mockResolvedValueOnce('https://provider.test/');
    const { user, assignLocation } = await renderApp('/integrate/visma/c-cafe/AUTH123?companyName=X', {
      api: { getIntegrationUrl },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred, please try again');
    expect(assignLocation).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(assignLocation).toHaveBeenCalledWith('https://provider.test/');
  });

  it.each([
    ['a sentence with a number to pay', 'Swisha till 0701234567'],
    ['markup', '<script>window.pwned=1</script><img src=x onerror=alert(1)> {{bookkeeper}} $t(error.title)'],
  ])(
    '§5: a company name from the address that does not look like one (%s) is not shown: the title names the bookkeeper',
    async (_, text) => {
      const { container } = await renderApp(
        `/integrate/fortnox/c-cafe/AUTH123?companyName=${encodeURIComponent(text)}`,
      );
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading).toHaveTextContent(/^Integrating Fortnox$/);
      expect(container.textContent).not.toContain(text);
      expect(container.querySelector('script')).toBeNull();
      expect(container.querySelector('img[src="x"]')).toBeNull();
      expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    },
  );

  it('shows the logo', async () => {
    const { container } = await renderApp('/integrate/fortnox/c-cafe/AUTH123');
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('img[src="/static/logo-dark.svg"]')).not.toBeNull();
  });
});
