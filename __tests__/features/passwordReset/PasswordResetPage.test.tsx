import { act, screen } from '@testing-library/react';
import {
  loadPasswordResetAuth,
  type PasswordResetAuth,
} from '../../../src/features/passwordReset/passwordResetAuth';
import { deferred, renderApp } from '../../helpers/renderApp';

// §2 password reset page; firebase itself is replaced by a double (the browser suite uses the emulator).
jest.mock('../../../src/features/passwordReset/passwordResetAuth', () => ({
  ...jest.requireActual('../../../src/features/passwordReset/passwordResetAuth'),
  loadPasswordResetAuth: jest.fn(),
}));

const authError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

function fakeAuth(overrides: Partial<PasswordResetAuth> = {}) {
  const auth = {
    verifyCode: jest.fn((_code: string) => Promise.resolve('anna@example.com')),
    confirmReset: jest.fn((_code: string, _password: string) => Promise.resolve()),
    ...overrides,
  };
  jest.mocked(loadPasswordResetAuth).mockResolvedValue(auth);
  return auth;
}

async function openForm(auth = fakeAuth()) {
  const app = await renderApp('/auth/passwordreset?oobCode=CODE-1&mode=resetPassword');
  const password = await screen.findByLabelText('New password');
  const repeat = screen.getByLabelText('Repeat the password');
  return {
    ...app,
    auth,
    password,
    repeat,
    submit: () => app.user.click(screen.getByRole('button', { name: 'Change password' })),
  };
}

beforeEach(() => jest.mocked(loadPasswordResetAuth).mockReset());

describe('password reset page', () => {
  it('shows that it checks the link first', async () => {
    fakeAuth({ verifyCode: () => new Promise(() => undefined) });
    await renderApp('/auth/passwordreset?oobCode=CODE-1');
    expect(await screen.findByText('Checking the link…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
  });

  it('without oobCode the link has expired, and firebase is not even loaded', async () => {
    await renderApp('/auth/passwordreset');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The link has expired, ask for a new one in the app',
    );
    expect(loadPasswordResetAuth).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it.each(['auth/invalid-action-code', 'auth/expired-action-code'])(
    'a code rejected with %s is an expired link',
    async (code) => {
      fakeAuth({ verifyCode: () => Promise.reject(authError(code)) });
      await renderApp('/auth/passwordreset?oobCode=USED');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The link has expired, ask for a new one in the app',
      );
    },
  );

  it('when the link cannot be checked at all it says so and can try again', async () => {
    const verifyCode = jest
      .fn()
      .mockRejectedValueOnce(authError('auth/network-request-failed'))
      .mockResolvedValueOnce('anna@example.com');
    fakeAuth({ verifyCode });
    const { user } = await renderApp('/auth/passwordreset?oobCode=CODE-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred, please try again');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(verifyCode).toHaveBeenCalledTimes(2);
  });

  it('a valid code shows two labelled password fields for a new password', async () => {
    const { password, repeat, auth } = await openForm();
    expect(auth.verifyCode).toHaveBeenCalledWith('CODE-1');
    for (const field of [password, repeat]) {
      expect(field).toHaveAttribute('type', 'password');
      expect(field).toHaveAttribute('autocomplete', 'new-password');
      expect(field).toBeRequired();
    }
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });

  it('under 6 characters: passwordTooShort on the new password, focus there, nothing sent', async () => {
    const { password, repeat, user, submit, auth } = await openForm();
    await user.type(password, '12345');
    await user.type(repeat, '12345');
    await submit();
    expect(password).toHaveAccessibleDescription('The password must be at least 6 characters long');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(auth.confirmReset).not.toHaveBeenCalled();
  });

  it('a different repetition: validationNotMatching on the repeated password', async () => {
    const { password, repeat, user, submit, auth } = await openForm();
    await user.type(password, 'secret-1');
    await user.type(repeat, 'secret-2');
    await submit();
    expect(repeat).toHaveAccessibleDescription('Passwords do not match');
    expect(repeat).toHaveFocus();
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(auth.confirmReset).not.toHaveBeenCalled();
  });

  it('errors follow the typing once shown', async () => {
    const { password, repeat, user, submit } = await openForm();
    await submit();
    expect(password).toHaveAccessibleDescription('The password must be at least 6 characters long');
    await user.type(password, 'secret-1');
    expect(password).not.toHaveAccessibleDescription('The password must be at least 6 characters long');
    expect(repeat).toHaveAccessibleDescription('Passwords do not match');
    await user.type(repeat, 'secret-1');
    expect(repeat).not.toHaveAttribute('aria-invalid');
  });

  it('success shows the confirmation with the account e-mail', async () => {
    const { password, repeat, user, submit, auth } = await openForm();
    await user.type(password, 'new-secret');
    await user.type(repeat, 'new-secret');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The password for anna@example.com has been changed. You can now sign in with it in the app.',
    );
    expect(auth.confirmReset).toHaveBeenCalledWith('CODE-1', 'new-secret');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your password has been changed' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('auth/weak-password shows passwordTooWeak on the new password until it is edited', async () => {
    const { password, repeat, user, submit } = await openForm(
      fakeAuth({ confirmReset: () => Promise.reject(authError('auth/weak-password')) }),
    );
    await user.type(password, 'aaaaaa');
    await user.type(repeat, 'aaaaaa');
    await submit();
    expect(await screen.findByText('Your password is not secure enough')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription('Your password is not secure enough');
    await user.type(password, 'b');
    expect(screen.queryByText('Your password is not secure enough')).not.toBeInTheDocument();
  });

  it('other errors show error.anErrorOccurred and are reported', async () => {
    const error = authError('auth/internal-error');
    const { password, repeat, user, submit, reportError } = await openForm(
      fakeAuth({ confirmReset: () => Promise.reject(error) }),
    );
    await user.type(password, 'new-secret');
    await user.type(repeat, 'new-secret');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred, please try again');
    expect(reportError).toHaveBeenCalledWith(error);
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('a code used up meanwhile shows link expired', async () => {
    const { password, repeat, user, submit } = await openForm(
      fakeAuth({ confirmReset: () => Promise.reject(authError('auth/invalid-action-code')) }),
    );
    await user.type(password, 'new-secret');
    await user.type(repeat, 'new-secret');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('The link has expired');
  });

  it('sends once while changing, with the button disabled', async () => {
    const answer = deferred();
    const auth = fakeAuth({ confirmReset: jest.fn(() => answer.promise) });
    const { password, repeat, user, submit } = await openForm(auth);
    await user.type(password, 'new-secret');
    await user.type(repeat, 'new-secret');
    await submit();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
    await user.keyboard('{Enter}');
    await act(async () => answer.resolve());
    expect(auth.confirmReset).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveTextContent('anna@example.com');
  });

  it('shows a hostile e-mail address as text', async () => {
    const { password, repeat, user, submit, container } = await openForm(
      fakeAuth({ verifyCode: () => Promise.resolve('<img src=x onerror=alert(1)>@x.se') }),
    );
    await user.type(password, 'new-secret');
    await user.type(repeat, 'new-secret');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('<img src=x onerror=alert(1)>@x.se');
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });
});
