import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Page';
import { TextField } from '../../shared/ui/TextField';
import { sessionActions } from './sessionSlice';
import type { RootState } from '../../app/hooks';

const selectReference = (state: RootState) => state.session.reference;
const selectRefusedTable = (state: RootState) => state.session.refusedTable;

/**
 * §2 reference page: one input (placeholder '01') and Save; §5 empty references, those without a table's
 * shape and unknown ones are refused, each in its own words. A table from the address that the server
 * refused is already in the field, to be corrected (never one without a table's shape: its text is dropped).
 */
export function ReferencePage({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector(selectReference);
  const refusedTable = useAppSelector(selectRefusedTable);
  const [value, setValue] = useState(refusedTable ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(sessionActions.referenceSubmitted({ shopId, reference: value.trim() }));
  };
  const message =
    error === 'emptyInput' || error === 'invalid' || error === 'notFound'
      ? t(`reference.${error}`)
      : error
        ? t('error.anErrorOccurred')
        : null;
  return (
    <Page narrow>
      <h1>{t('reference.title')}</h1>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('reference.label')}
          placeholder={t('reference.placeholder')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={message}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
        />
        <Button type="submit" disabled={status === 'saving'}>
          {t('reference.save')}
        </Button>
      </form>
    </Page>
  );
}
