import {
  DEFAULT_CUSTOMER_INPUTS,
  emptyCustomerInfo,
  fieldRules,
  isCustomerInfoValid,
  validateCustomerInfo,
  validateField,
} from '../../src/domain/customerInfo';
import type { CustomerField, CustomerInputsConfig, InputRule } from '../../src/domain/types';

const SHOWN: InputRule = { active: true, required: false };
const REQUIRED: InputRule = { active: true, required: true };
const HIDDEN: InputRule = { active: false, required: false };

function info(overrides: Partial<Record<CustomerField, string>> = {}): Record<CustomerField, string> {
  return {
    name: '',
    email: '',
    phone: '',
    extraInfo: '',
    postalCode: '',
    address: '',
    city: '',
    ...overrides,
  };
}

const allRequired: CustomerInputsConfig = {
  nameInput: REQUIRED,
  emailInput: REQUIRED,
  phoneInput: REQUIRED,
  addressInput: REQUIRED,
  extraInfoInput: REQUIRED,
};

describe('§3 customer inputs config', () => {
  it('without config shows e-mail and phone, optional, and hides the rest', () => {
    expect(DEFAULT_CUSTOMER_INPUTS).toEqual({
      nameInput: HIDDEN,
      emailInput: SHOWN,
      phoneInput: SHOWN,
      addressInput: HIDDEN,
      extraInfoInput: HIDDEN,
    });
    expect(fieldRules(null)).toEqual({
      name: HIDDEN,
      email: SHOWN,
      phone: SHOWN,
      extraInfo: HIDDEN,
      address: HIDDEN,
      postalCode: HIDDEN,
      city: HIDDEN,
    });
  });

  it('maps each input to its field, and the address input to address, postal code and city', () => {
    // Every input gets a rule no other input has, so a mix-up shows.
    const address: InputRule = { active: true, required: true };
    const name: InputRule = { active: false, required: true };
    const config: CustomerInputsConfig = {
      nameInput: name,
      emailInput: HIDDEN,
      phoneInput: SHOWN,
      addressInput: address,
      extraInfoInput: { active: true, required: false },
    };
    const rules = fieldRules(config);
    expect(rules.name).toBe(name);
    expect(rules.email).toBe(config.emailInput);
    expect(rules.phone).toBe(config.phoneInput);
    expect(rules.extraInfo).toBe(config.extraInfoInput);
    expect(rules.address).toBe(address);
    expect(rules.postalCode).toBe(address);
    expect(rules.city).toBe(address);
  });
});

describe('§5 validating a customer field', () => {
  it('never reports a hidden field, even if it is marked required', () => {
    expect(validateField('name', '', { active: false, required: true })).toBeNull();
    expect(validateField('email', 'not an email', HIDDEN)).toBeNull();
  });

  it('reports a required field that is empty or only spaces', () => {
    expect(validateField('name', '', REQUIRED)).toEqual({ key: 'validation.required', field: 'name' });
    expect(validateField('city', '   ', REQUIRED)).toEqual({ key: 'validation.required', field: 'city' });
    expect(validateField('name', 'A', REQUIRED)).toBeNull();
  });

  it('accepts an empty optional field', () => {
    expect(validateField('phone', '', SHOWN)).toBeNull();
    expect(validateField('email', '', SHOWN)).toBeNull();
    expect(validateField('email', '  ', SHOWN)).toBeNull();
  });

  it('reports a required empty e-mail as required, not as invalid', () => {
    expect(validateField('email', '', REQUIRED)).toEqual({ key: 'validation.required', field: 'email' });
  });

  it.each(['anna@example.se', 'a.b+c@sub.example.co.uk', 'x@y.z'])('accepts the e-mail %p', (email) => {
    expect(validateField('email', email, SHOWN)).toBeNull();
  });

  it.each([
    'anna',
    'anna@example',
    '@example.se',
    'anna@.se.',
    'anna@@example.se',
    'an na@example.se',
    'anna@exa mple.se',
    ' anna@example.se',
    'anna@example.se ',
    'anna@example.',
  ])('rejects the non-empty e-mail %p with validation.email', (email) => {
    expect(validateField('email', email, SHOWN)).toEqual({ key: 'validation.email', field: 'email' });
  });

  it('applies the e-mail check only to the e-mail field', () => {
    expect(validateField('extraInfo', 'not an email', SHOWN)).toBeNull();
  });
});

describe('§5 validating all customer details', () => {
  it('with the default config only checks the e-mail format and requires nothing', () => {
    expect(validateCustomerInfo(info(), null)).toEqual({});
    expect(validateCustomerInfo(info({ email: 'bad' }), null)).toEqual({
      email: { key: 'validation.email', field: 'email' },
    });
    expect(isCustomerInfoValid(info(), null)).toBe(true);
    expect(isCustomerInfoValid(info({ email: 'bad' }), null)).toBe(false);
  });

  it('reports every required field that is empty', () => {
    const problems = validateCustomerInfo(info({ name: 'Anna', email: 'anna@example.se' }), allRequired);
    expect(Object.keys(problems).sort()).toEqual(['address', 'city', 'extraInfo', 'phone', 'postalCode']);
    expect(problems.postalCode).toEqual({ key: 'validation.required', field: 'postalCode' });
  });

  it('is valid when every required field is filled in and the e-mail looks right', () => {
    const filled = info({
      name: 'Anna',
      email: 'anna@example.se',
      phone: '0701234567',
      extraInfo: 'Bord 4',
      address: 'Storgatan 1',
      postalCode: '111 22',
      city: 'Stockholm',
    });
    expect(validateCustomerInfo(filled, allRequired)).toEqual({});
    expect(isCustomerInfoValid(filled, allRequired)).toBe(true);
    expect(isCustomerInfoValid({ ...filled, city: '' }, allRequired)).toBe(false);
  });
});

describe('§3 empty customer details', () => {
  it('has every field empty and is not on a mobile device', () => {
    expect(emptyCustomerInfo()).toEqual({
      name: '',
      email: '',
      phone: '',
      extraInfo: '',
      postalCode: '',
      address: '',
      city: '',
      isMobile: false,
    });
  });

  it('gives a fresh object each time', () => {
    expect(emptyCustomerInfo()).not.toBe(emptyCustomerInfo());
  });
});
