import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { InputHTMLAttributes } from 'react';
import type { CustomerField } from '../../domain/types';
import { TextField } from '../../shared/ui/TextField';
import { selectIsKiosk } from '../kiosk';
import { selectCustomer, selectCustomerFieldRules, selectVisibleCustomerErrors } from './paymentSelectors';
import { paymentActions } from './paymentSlice';

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

/** §2 'your info': the fields the shop's inputs config shows (§3), with §5 messages once a field is touched. */
export function CustomerInfoForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const rules = useAppSelector(selectCustomerFieldRules);
  const values = useAppSelector(selectCustomer);
  const errors = useAppSelector(selectVisibleCustomerErrors);
  // A kiosk is shared: the browser must neither offer the last customer's details nor keep these.
  const kiosk = useAppSelector(selectIsKiosk);
  return (
    <section aria-labelledby="your-info">
      <h2 id="your-info">{t('cart.yourInfo')}</h2>
      {FIELDS.filter(({ field }) => rules[field].active).map(({ field, input }) => {
        const error = errors[field];
        return (
          <TextField
            key={field}
            {...input}
            autoComplete={kiosk ? 'off' : input.autoComplete}
            label={
              rules[field].required
                ? t(`fields.${field}`)
                : t('fields.optionalLabel', { field: t(`fields.${field}`) })
            }
            required={rules[field].required}
            value={values[field]}
            error={error ? t(error.key, { field: t(`fields.${field}`) }) : null}
            onChange={(e) => dispatch(paymentActions.customerFieldChanged({ field, value: e.target.value }))}
            onBlur={() => dispatch(paymentActions.customerFieldTouched(field))}
          />
        );
      })}
    </section>
  );
}
