import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSearchParams } from 'react-router';
import { Button } from '../../shared/ui/Button';
import { space } from '../../shared/theme/tokens';
import { BrandedPage } from '../../shared/ui/BrandedPage';
import { ErrorText } from '../../shared/ui/ErrorText';
import { Spinner } from '../../shared/ui/Spinner';
import { TextField } from '../../shared/ui/TextField';
import { MIN_PASSWORD_LENGTH, isValid, validatePasswords } from './passwordValidation';
import { passwordResetActions, passwordResetReducer, selectPasswordReset } from './passwordResetSlice';
import { passwordResetSaga } from './passwordResetSagas';

/** Error text in the same red as the form fields' errors, so a failure does not read like a hint. */
const NEW_PASSWORD = 'newPassword';
const REPEAT_PASSWORD = 'repeatPassword';

function ResetForm({ oobCode, email }: { oobCode: string; email: string | null }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { submitting, changeError } = useAppSelector(selectPasswordReset);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  // Errors appear after the first attempt and then follow the typing, so nobody is scolded mid-word.
  const [attempted, setAttempted] = useState(false);
  // The server's 'too weak' is about the password it was sent; it goes away once that one is edited.
  const [sentPassword, setSentPassword] = useState<string | null>(null);
  const errors = validatePasswords(password, repeat);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (!isValid(errors)) {
      const first = errors.password ? NEW_PASSWORD : REPEAT_PASSWORD;
      const field = event.currentTarget.elements.namedItem(first);
      if (field instanceof HTMLInputElement) field.focus();
      return;
    }
    setSentPassword(password);
    dispatch(passwordResetActions.changeRequested({ oobCode, password }));
  };

  const passwordError =
    attempted && errors.password
      ? t('passwordReset.passwordTooShort', { count: MIN_PASSWORD_LENGTH })
      : changeError === 'tooWeak' && sentPassword === password
        ? t('passwordReset.passwordTooWeak')
        : null;
  const repeatError = attempted && errors.repeat ? t('passwordReset.validationNotMatching') : null;

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
      {/* Lets password managers store the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
      <TextField
        label={t('passwordReset.newPassword')}
        name={NEW_PASSWORD}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={passwordError}
      />
      <TextField
        label={t('passwordReset.repeatPassword')}
        name={REPEAT_PASSWORD}
        type="password"
        autoComplete="new-password"
        required
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={repeatError}
      />
      {changeError === 'failed' && <ErrorText>{t('error.anErrorOccurred')}</ErrorText>}
      <Button type="submit" disabled={submitting} css={{ width: '100%', marginTop: space.sm }}>
        {t('passwordReset.change')}
      </Button>
    </form>
  );
}

/**
 * §2 password reset, `/auth/passwordreset?oobCode=`: checks the code with the identity service (firebase,
 * loaded on this route only), then asks for the new password twice. States of §4: loading, form, link
 * expired, changed (with the account's e-mail address).
 */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const oobCode = searchParams.get('oobCode');
  const { status, email } = useAppSelector(selectPasswordReset);

  useEffect(() => {
    dispatch(passwordResetActions.pageOpened({ oobCode }));
  }, [oobCode, dispatch]);

  let body;
  switch (status) {
    case 'loading':
      body = <Spinner label={t('passwordReset.loading')} />;
      break;
    case 'linkExpired':
      body = <ErrorText>{t('passwordReset.linkExpired')}</ErrorText>;
      break;
    case 'error':
      body = (
        <>
          <ErrorText>{t('error.anErrorOccurred')}</ErrorText>
          <Button onClick={() => dispatch(passwordResetActions.pageOpened({ oobCode }))}>
            {t('common.retry')}
          </Button>
        </>
      );
      break;
    case 'changed':
      body = (
        <p role="status" css={{ overflowWrap: 'anywhere' }}>
          {t('passwordReset.changed', { email: email ?? '' })}
        </p>
      );
      break;
    case 'form':
      body = <ResetForm oobCode={oobCode ?? ''} email={email} />;
      break;
  }

  return (
    <BrandedPage title={status === 'changed' ? t('passwordReset.changedTitle') : t('passwordReset.title')}>
      {body}
    </BrandedPage>
  );
}

/** The sagas this screen needs, started when it first renders (app/router.tsx). */
export const screenReducers = { passwordReset: passwordResetReducer };
export const screenSagas = [passwordResetSaga];
