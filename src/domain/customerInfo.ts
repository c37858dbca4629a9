/**
 * Customer details rules of SPEC §3 and §5. Per field, `active` means the field is shown (and validated);
 * `required` means it must not be blank. Address, postal code and city share the address input's rule.
 */
import type { CustomerField, CustomerInfo, CustomerInputsConfig, InputRule } from './types';

/** A validation problem: a translation key (§5) and the field it belongs to. */
export type ValidationMessage = { key: 'validation.required' | 'validation.email'; field: CustomerField };

/** Every customer field, in form order. */
const CUSTOMER_FIELDS: readonly CustomerField[] = [
  'name',
  'email',
  'phone',
  'extraInfo',
  'address',
  'postalCode',
  'city',
];

/** §3 default when a shop has no config: e-mail and phone shown but optional, everything else hidden. */
export const DEFAULT_CUSTOMER_INPUTS: CustomerInputsConfig = {
  nameInput: { active: false, required: false },
  emailInput: { active: true, required: false },
  phoneInput: { active: true, required: false },
  addressInput: { active: false, required: false },
  extraInfoInput: { active: false, required: false },
};

/** Looser than RFC 5322 on purpose (§5 "looks like an e-mail"): local@domain.tld with no spaces anywhere. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The rule of each field (§3): the shop's config, or the default without one; address covers postal code and city. */
export function fieldRules(config: CustomerInputsConfig | null): Record<CustomerField, InputRule> {
  const c = config ?? DEFAULT_CUSTOMER_INPUTS;
  return {
    name: c.nameInput,
    email: c.emailInput,
    phone: c.phoneInput,
    extraInfo: c.extraInfoInput,
    address: c.addressInput,
    postalCode: c.addressInput,
    city: c.addressInput,
  };
}

/**
 * Checks one field (§5): a hidden field is never wrong; a required field must not be blank; a non-blank
 * e-mail must look like local@domain.tld with no spaces.
 */
export function validateField(
  field: CustomerField,
  value: string,
  rule: InputRule,
): ValidationMessage | null {
  if (!rule.active) return null;
  const blank = value.trim() === '';
  if (blank) return rule.required ? { key: 'validation.required', field } : null;
  if (field === 'email' && !EMAIL.test(value)) return { key: 'validation.email', field };
  return null;
}

/** Problems of every field under the shop's config (§5); fields without problems are absent. */
export function validateCustomerInfo(
  info: Record<CustomerField, string>,
  config: CustomerInputsConfig | null,
): Partial<Record<CustomerField, ValidationMessage>> {
  const rules = fieldRules(config);
  const problems: Partial<Record<CustomerField, ValidationMessage>> = {};
  for (const field of CUSTOMER_FIELDS) {
    const problem = validateField(field, info[field], rules[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** True when no field has a problem (§5: only then are the payment choices shown). */
export function isCustomerInfoValid(
  info: Record<CustomerField, string>,
  config: CustomerInputsConfig | null,
): boolean {
  return Object.keys(validateCustomerInfo(info, config)).length === 0;
}

/** Empty customer details (§3), not on a mobile device. */
export function emptyCustomerInfo(): CustomerInfo {
  return {
    name: '',
    email: '',
    phone: '',
    extraInfo: '',
    postalCode: '',
    address: '',
    city: '',
    isMobile: false,
  };
}
