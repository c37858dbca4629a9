import { createSelector } from '@reduxjs/toolkit';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { InputHTMLAttributes } from 'react';
import type { CustomerField, InputRule } from '../../domain/types';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/TextField';
import { selectIsKiosk } from '../kiosk';
import { paymentActions, selectCustomer, selectCustomerFieldValue } from '../paymentState';
import { selectCustomerFieldRules, selectVisibleCustomerErrorKey } from './paymentSelectors';

/** Field order and the browser hints that let phones fill them in. */
const FIELDS: { field: CustomerField; input: InputHTMLAttributes<HTMLInputElement> }[] = [
  { field: 'name', input: { autoComplete: 'name', maxLength: 100 } },
  { field: 'email', input: { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 } },
  { field: 'phone', input: { type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 20 } },
  { field: 'address', input: { autoComplete: 'street-address', maxLength: 200 } },
  { field: 'postalCode', input: { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10 } },
  { field: 'city', input: { autoComplete: 'address-level2', maxLength: 100 } },
  { field: 'extraInfo', input: { autoComplete: 'off', maxLength: 500 } },
];

/**
 * One field of 'your info'. It subscribes to its own value and message only: a keystroke re-renders this
 * field, not the form, its other fields, the payment choice nor the panels.
 */
function CustomerInfoField({
  field,
  input,
  rule,
  kiosk,
}: {
  field: CustomerField;
  input: InputHTMLAttributes<HTMLInputElement>;
  rule: InputRule;
  kiosk: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const value = useAppSelector((state) => selectCustomerFieldValue(state, field));
  const errorKey = useAppSelector((state) => selectVisibleCustomerErrorKey(state, field));
  const name = t(`fields.${field}`);
  return (
    <TextField
      {...input}
      autoComplete={kiosk ? 'off' : input.autoComplete}
      label={rule.required ? name : t('fields.optionalLabel', { field: name })}
      required={rule.required}
      value={value}
      error={errorKey ? t(errorKey, { field: name }) : null}
      onChange={(e) => dispatch(paymentActions.customerFieldChanged({ field, value: e.target.value }))}
      onBlur={() => dispatch(paymentActions.customerFieldTouched(field))}
    />
  );
}

/** The fields the customer has typed something in (only this list re-renders the form, not each keystroke). */
const selectTypedFields = createSelector([selectCustomer], (customer) =>
  (Object.keys(customer) as CustomerField[]).filter((field) => customer[field] !== ''),
);

/**
 * Issue 39: empties 'your info', which the tab's storage then forgets (customerDraft.ts: nothing typed, nothing
 * kept). Each field is changed as if the customer had emptied it, so a started payment is dropped as for any
 * change of the details (§4).
 */
function ClearDetailsButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const typed = useAppSelector(selectTypedFields);
  if (typed.length === 0) return null;
  return (
    <Button
      variant="secondary"
      onClick={() => {
        for (const field of typed) dispatch(paymentActions.customerFieldChanged({ field, value: '' }));
      }}
    >
      {t('cart.clearDetails')}
    </Button>
  );
}

/** §2 'your info': the fields the shop's inputs config shows (§3), with §5 messages once a field is touched. */
export function CustomerInfoForm() {
  const { t } = useTranslation();
  const rules = useAppSelector(selectCustomerFieldRules);
  // A kiosk is shared: the browser must neither offer the last customer's details nor keep these.
  const kiosk = useAppSelector(selectIsKiosk);
  return (
    <section aria-labelledby="your-info">
      <h2 id="your-info">{t('cart.yourInfo')}</h2>
      {FIELDS.filter(({ field }) => rules[field].active).map(({ field, input }) => (
        <CustomerInfoField key={field} field={field} input={input} rule={rules[field]} kiosk={kiosk} />
      ))}
      <ClearDetailsButton />
    </section>
  );
}
