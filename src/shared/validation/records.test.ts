import { describe, it, expect } from 'vitest';
import { RECORD_FIELDS } from '../records.ts';
import type { FieldDecl, RecordName } from '../records.ts';
import { firstErrors, type FieldErrors, type Validation } from './kit.ts';
import { snapshotError } from '../../engine/plan-vs-actual.ts';
import {
  fixedFieldErrors,
  RECORD_VALIDATORS,
  validateBaseline,
  validateDebt,
  validateDebtPlan,
  validateHousing,
  validateIncome,
  validateMonthlyExpense,
  validateOtherExpense,
  validateOtherExpenseForm,
  validateRetirementAccount,
  validateRetirementPlan,
} from './records.ts';

const ctx = { today: '2026-11-21' };

function errorsOf(result: Validation<unknown>): FieldErrors {
  if (result.ok) throw new Error(`Expected errors, got ${JSON.stringify(result.value)}`);
  return result.errors;
}

/** The errors of `input`, expecting them on `field` only. */
function fieldErrors(validate: (input: unknown) => Validation<unknown>, input: unknown, field: string): string[] | undefined {
  const errors = errorsOf(validate(input));
  expect(Object.keys(errors)).toEqual([field]);
  return errors[field];
}

const income = { name: ' Salary ', pay_cycle: 'biweekly', next_pay_date: '2026-12-04', gross_pay: '3,200.00', net_pay: 2450.5 };
const debt = {
  name: ' Car loan ',
  creditor: ' Big Bank ',
  original_amount: '20,000',
  remaining_amount: 12000,
  apr: '12',
  monthly_payment: '400.00',
  original_term: '60',
  due_day: '15',
};
const monthlyExpense = { name: ' Rent ', amount: '1,500.00', due_day: 1 };
const otherExpense = { month: '2026-03', description: ' Birthday gift ', amount: '49.99' };
const retirementAccount = {
  name: ' Work 401k ',
  account_type: 'traditional_401k',
  contribution_amount: '500',
  employer_match: '4.5',
  employer_contribution_amount: 250,
  starting_balance: '10,000.25',
  expected_return_rate: 7,
  contribution_cycle: 'semimonthly',
  next_deposit_date: '2026-12-15T00:00:00.000Z',
};
const retirementPlan = {
  retirement_date: '2050-01-01T00:00:00.000Z',
  interest_rate: '4',
  social_security_income: '2,100',
  social_security_start_date: '2052-06-01',
  years_of_retirement: '30',
};
const mortgage = {
  housing_type: 'Mortgage',
  total_monthly_payment: '1,483.33',
  original_purchase_price: '300,000',
  down_payment: '40000',
  interest_rate: '5',
  term: '30',
  open_date: '2020-06-01',
  current_balance: 260000,
  escrow_payment: '400',
};

const VALID: Record<RecordName, Record<string, unknown>> = {
  income,
  debt,
  debt_plan: { plan_type: 'snowball', extra_payment: '100' },
  monthly_expense: monthlyExpense,
  other_expense: otherExpense,
  retirement_account: retirementAccount,
  retirement_plan: { ...retirementPlan, monthly_expenses: '3,000' },
  housing: mortgage,
  assumptions: { inflation_rate: '2.5', salary_growth_rate: 3, social_security_cola: '2.5', cash_balance: '12,000', cash_interest_rate: '4', home_value: 450000, home_appreciation_rate: '-1.5', retirement_tax_rate: 12, spend_cash_in_retirement: true, return_volatility: 15, stock_share: '60' },
  baseline: { name: ' November plan ', snapshot: { months: [{ month: '2026-11', cash: 1200.5, debts: 4200.25, savings: 20000, contributions: 500, returns: 0 }] } },
};

const RECORD_NAMES = Object.keys(RECORD_FIELDS) as RecordName[];

describe('RECORD_VALIDATORS', () => {
  it('has one validator per declared record', () => {
    expect(Object.keys(RECORD_VALIDATORS).sort()).toEqual([...RECORD_NAMES].sort());
  });

  it.each(RECORD_NAMES)('%s: a valid record answers exactly the declared fields, ignoring unknown ones', (name) => {
    const result = RECORD_VALIDATORS[name]({ ...VALID[name], id: 99, user_id: 7, admin: true }, ctx);
    expect(result.ok).toBe(true);
    expect(result.ok && Object.keys(result.value).sort()).toEqual(Object.keys(RECORD_FIELDS[name]).sort());
  });

  it.each(RECORD_NAMES)('%s: a body that is not an object is refused with messages, not thrown', (name) => {
    for (const input of [undefined, null, 'debt', 42, [], true]) {
      expect(Object.keys(errorsOf(RECORD_VALIDATORS[name](input, ctx))).length).toBeGreaterThan(0);
    }
  });

  it.each(RECORD_NAMES)('%s: every field refuses {}, [] and true with a message on that field', (name) => {
    for (const [field, decl] of Object.entries(RECORD_FIELDS[name] as Record<string, FieldDecl>)) {
      // true is a yes/no field's own value; 'maybe' is not one.
      for (const wrong of [{}, [], decl.kind === 'boolean' ? 'maybe' : true]) {
        const errors = errorsOf(RECORD_VALIDATORS[name]({ ...VALID[name], [field]: wrong }, ctx));
        expect(errors[field]?.length, `${name}.${field} = ${JSON.stringify(wrong)}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('validateIncome', () => {
  const validate = (input: unknown) => validateIncome(input, ctx);

  it('answers trimmed text, the cycle, the date and cents', () => {
    expect(validate(income)).toEqual({
      ok: true,
      value: { name: 'Salary', pay_cycle: 'biweekly', next_pay_date: '2026-12-04', gross_pay: 320000, net_pay: 245050, end_month: null },
    });
  });

  it('takes an end month as YYYY-MM, not before the month of the next pay date', () => {
    expect(validate({ ...income, end_month: '2031-6' })).toMatchObject({ ok: true, value: { end_month: '2031-06' } });
    expect(validate({ ...income, end_month: '2026-12' })).toMatchObject({ ok: true, value: { end_month: '2026-12' } });
    expect(validate({ ...income, end_month: '' })).toMatchObject({ ok: true, value: { end_month: null } });
    expect(fieldErrors(validate, { ...income, end_month: '2026-11' }, 'end_month')).toEqual(['End month cannot be before the next pay date']);
    expect(fieldErrors(validate, { ...income, end_month: 'June' }, 'end_month')).toEqual(['Please enter a month as YYYY-MM']);
    expect(fieldErrors(validate, { ...income, end_month: '2031-13' }, 'end_month')).toEqual(['Please enter a valid month (1-12)']);
    // Years run to this year + 100, as for other expenses.
    expect(fieldErrors(validate, { ...income, end_month: '2127-01' }, 'end_month')).toEqual(['Please enter a valid year']);
  });

  it('reports each required field', () => {
    expect(validate({})).toEqual({
      ok: false,
      errors: {
        name: ['Income source name is required'],
        pay_cycle: ['Pay cycle is required'],
        next_pay_date: ['Next pay date is required'],
        gross_pay: ['Gross pay is required'],
        net_pay: ['Net pay is required'],
      },
    });
  });

  it('checks the cycle, the date and the amounts', () => {
    expect(fieldErrors(validate, { ...income, pay_cycle: 'daily' }, 'pay_cycle')).toEqual(['Please choose a valid pay cycle']);
    expect(fieldErrors(validate, { ...income, next_pay_date: '2026-02-30' }, 'next_pay_date')).toEqual(['Please enter a valid date']);
    expect(errorsOf(validate({ ...income, gross_pay: 0, net_pay: '0' }))).toEqual({
      gross_pay: ['Gross pay must be greater than 0'],
      net_pay: ['Net pay must be greater than 0'],
    });
  });

  it('lets net pay equal gross pay but not exceed it', () => {
    expect(validate({ ...income, gross_pay: '2450.50' }).ok).toBe(true);
    expect(fieldErrors(validate, { ...income, gross_pay: '2450.49' }, 'net_pay')).toEqual(['Net pay cannot exceed gross pay']);
  });

  it('skips the comparison when gross pay is not valid', () => {
    expect(errorsOf(validate({ ...income, gross_pay: 'lots' }))).toEqual({ gross_pay: ['Please enter a valid amount'] });
  });
});

describe('validateDebt', () => {
  const validate = (input: unknown) => validateDebt(input, ctx);

  it('answers trimmed text, cents and integers', () => {
    expect(validate({ ...debt, unknown: 'x' })).toEqual({
      ok: true,
      value: {
        name: 'Car loan',
        creditor: 'Big Bank',
        original_amount: 2000000,
        remaining_amount: 1200000,
        apr: 12,
        monthly_payment: 40000,
        original_term: 60,
        due_day: 15,
      },
    });
  });

  it('reports each required field with its message', () => {
    expect(validate({})).toEqual({
      ok: false,
      errors: {
        name: ['Debt name is required'],
        creditor: ['Creditor name is required'],
        original_amount: ['Original amount is required'],
        remaining_amount: ['Remaining amount is required'],
        apr: ['APR is required'],
        monthly_payment: ['Monthly payment is required'],
        original_term: ['Original term is required'],
        due_day: ['Due day is required'],
      },
    });
  });

  it('caps the name at 255 characters', () => {
    expect(fieldErrors(validate, { ...debt, name: 'x'.repeat(256) }, 'name')).toEqual(['Debt name is too long (maximum 255 characters)']);
  });

  it('needs an original amount above 0', () => {
    for (const bad of [0, '0.00', -1, 'abc']) {
      expect(fieldErrors(validate, { ...debt, original_amount: bad }, 'original_amount')).toEqual(['Please enter a valid amount']);
    }
    expect(validate({ ...debt, original_amount: '0.01' }).ok).toBe(true);
  });

  it('accepts a remaining amount of 0 but not below', () => {
    expect(validate({ ...debt, remaining_amount: 0 }).ok).toBe(true);
    expect(fieldErrors(validate, { ...debt, remaining_amount: '-0.01' }, 'remaining_amount')).toEqual(['Please enter a valid amount']);
  });

  it('accepts an APR of 0 and 100, nothing outside', () => {
    expect(validate({ ...debt, apr: 0 }).ok).toBe(true);
    expect(validate({ ...debt, apr: '100', monthly_payment: 1000 }).ok).toBe(true);
    for (const bad of [-0.01, '100.01', 'twelve']) {
      expect(fieldErrors(validate, { ...debt, apr: bad }, 'apr')).toEqual(['Please enter a valid APR between 0 and 100']);
    }
  });

  it('accepts 4 decimals of APR and refuses 5', () => {
    expect(validate({ ...debt, apr: '12.3456' }).ok).toBe(true);
    expect(fieldErrors(validate, { ...debt, apr: '12.34567' }, 'apr')).toEqual(['APR can have at most 4 decimal places']);
  });

  it('needs a monthly payment above 0', () => {
    expect(fieldErrors(validate, { ...debt, remaining_amount: 0, monthly_payment: 0 }, 'monthly_payment')).toEqual(['Please enter a valid amount']);
  });

  it('refuses 3 decimals of money', () => {
    expect(fieldErrors(validate, { ...debt, monthly_payment: '400.001' }, 'monthly_payment')).toEqual([
      'Monthly payment can have at most 2 decimal places',
    ]);
  });

  it('accepts a term of 1 and 480 months, refuses 481 as over 40 years', () => {
    expect(validate({ ...debt, original_term: 1 }).ok).toBe(true);
    expect(validate({ ...debt, original_term: '480' }).ok).toBe(true);
    expect(fieldErrors(validate, { ...debt, original_term: 481 }, 'original_term')).toEqual(['Original term cannot exceed 40 years']);
  });

  it('refuses a term of 0, a negative, a fraction or text', () => {
    for (const bad of [0, -12, '12.5', 'long']) {
      expect(fieldErrors(validate, { ...debt, original_term: bad }, 'original_term')).toEqual(['Please enter a valid term in months']);
    }
  });

  it('accepts due days 1 and 31, refuses 0, 32 and fractions', () => {
    expect(validate({ ...debt, due_day: 1 }).ok).toBe(true);
    expect(validate({ ...debt, due_day: '31' }).ok).toBe(true);
    for (const bad of [0, 32, '15.5', 'first']) {
      expect(fieldErrors(validate, { ...debt, due_day: bad }, 'due_day')).toEqual(['Please enter a valid day between 1 and 31']);
    }
  });

  describe('payment against interest', () => {
    // $12,000 at 12 % APR accrues exactly $120.00 a month.
    it('accepts a payment equal to the monthly interest', () => {
      expect(validate({ ...debt, monthly_payment: '120.00' }).ok).toBe(true);
    });

    it('refuses a payment one cent below it', () => {
      expect(fieldErrors(validate, { ...debt, monthly_payment: '119.99' }, 'monthly_payment')).toEqual([
        'Monthly payment is not high enough to cover interest due',
      ]);
    });

    it('compares exactly where floats would drift', () => {
      // 120000 × 0.07 / 1200 is 7.000000000000001 in floats; the interest is exactly 7 cents.
      expect(validate({ ...debt, remaining_amount: '1200', apr: '0.07', monthly_payment: '0.07' }).ok).toBe(true);
      expect(fieldErrors(validate, { ...debt, remaining_amount: '1200', apr: '0.07', monthly_payment: '0.06' }, 'monthly_payment')).toEqual([
        'Monthly payment is not high enough to cover interest due',
      ]);
    });

    it('refuses a payment below a fractional-cent interest', () => {
      // $1,000 at 1 % accrues 83.33… cents.
      expect(fieldErrors(validate, { ...debt, remaining_amount: 1000, apr: 1, monthly_payment: '0.83' }, 'monthly_payment')).toEqual([
        'Monthly payment is not high enough to cover interest due',
      ]);
      expect(validate({ ...debt, remaining_amount: 1000, apr: 1, monthly_payment: '0.84' }).ok).toBe(true);
    });

    it('is checked only once the payment, the balance and the APR are all valid', () => {
      expect(errorsOf(validate({ ...debt, monthly_payment: '1', apr: 'x' }))).toEqual({ apr: ['Please enter a valid APR between 0 and 100'] });
      expect(errorsOf(validate({ ...debt, monthly_payment: '1', remaining_amount: '' }))).toEqual({
        remaining_amount: ['Remaining amount is required'],
      });
    });

    it('is reported together with the other fields’ errors', () => {
      expect(errorsOf(validate({ ...debt, name: '', monthly_payment: '1' }))).toEqual({
        name: ['Debt name is required'],
        monthly_payment: ['Monthly payment is not high enough to cover interest due'],
      });
    });
  });
});

describe('validateDebtPlan', () => {
  const validate = (input: unknown) => validateDebtPlan(input, ctx);

  it('answers the type and the extra payment in cents', () => {
    expect(validate({ plan_type: 'snowball', extra_payment: '1,100.50' })).toEqual({
      ok: true,
      value: { plan_type: 'snowball', extra_payment: 110050 },
    });
  });

  it('reads a missing extra payment as 0', () => {
    for (const extra_payment of [undefined, null, '']) {
      expect(validate({ plan_type: 'avalanche', extra_payment })).toEqual({ ok: true, value: { plan_type: 'avalanche', extra_payment: 0 } });
    }
  });

  it('accepts an extra payment of 0 and refuses a negative or text', () => {
    expect(validate({ plan_type: 'snowball', extra_payment: 0 })).toEqual({ ok: true, value: { plan_type: 'snowball', extra_payment: 0 } });
    for (const bad of [-1, 'more', {}]) {
      expect(errorsOf(validate({ plan_type: 'snowball', extra_payment: bad }))).toEqual({ extra_payment: ['Please enter a valid amount'] });
    }
  });

  it('forces the extra payment to 0 for no strategy, whatever arrives', () => {
    for (const extra_payment of [250, 'garbage', -5]) {
      expect(validate({ plan_type: 'none', extra_payment })).toEqual({ ok: true, value: { plan_type: 'none', extra_payment: 0 } });
    }
  });

  it('requires a known plan type', () => {
    expect(validate({ extra_payment: 10 })).toEqual({ ok: false, errors: { plan_type: ['Plan type is required'] } });
    expect(validate({ plan_type: 'Snowball' })).toEqual({ ok: false, errors: { plan_type: ['Please choose a valid plan type'] } });
  });
});

describe('validateMonthlyExpense', () => {
  const validate = (input: unknown) => validateMonthlyExpense(input, ctx);

  it('answers trimmed name, cents and the day', () => {
    expect(validate(monthlyExpense)).toEqual({ ok: true, value: { name: 'Rent', amount: 150000, due_day: 1, end_month: null } });
  });

  it('takes an optional end month, in the past too (the expense has ended)', () => {
    expect(validate({ ...monthlyExpense, end_month: '2020-01' })).toMatchObject({ ok: true, value: { end_month: '2020-01' } });
    expect(validate({ ...monthlyExpense, end_month: null })).toMatchObject({ ok: true, value: { end_month: null } });
    expect(fieldErrors(validate, { ...monthlyExpense, end_month: 202001 }, 'end_month')).toEqual(['Please enter a month as YYYY-MM']);
    expect(fieldErrors(validate, { ...monthlyExpense, end_month: '1899-12' }, 'end_month')).toEqual(['Please enter a valid year']);
  });

  it('reports each required field', () => {
    expect(validate({ name: '  ' })).toEqual({
      ok: false,
      errors: { name: ['Expense name is required'], amount: ['Amount is required'], due_day: ['Due day is required'] },
    });
  });

  it('needs an amount above 0', () => {
    expect(fieldErrors(validate, { ...monthlyExpense, amount: 0 }, 'amount')).toEqual(['Amount must be greater than 0']);
    expect(validate({ ...monthlyExpense, amount: '0.01' }).ok).toBe(true);
  });

  it('accepts due days 1 to 31 only', () => {
    expect(validate({ ...monthlyExpense, due_day: '31' }).ok).toBe(true);
    expect(fieldErrors(validate, { ...monthlyExpense, due_day: 0 }, 'due_day')).toEqual(['Please enter a valid day between 1 and 31']);
    expect(fieldErrors(validate, { ...monthlyExpense, due_day: 32 }, 'due_day')).toEqual(['Please enter a valid day between 1 and 31']);
  });
});

describe('validateOtherExpense', () => {
  const validate = (input: unknown) => validateOtherExpense(input, ctx);

  it('answers the month key, trimmed description and cents', () => {
    expect(validate(otherExpense)).toEqual({ ok: true, value: { month: '2026-03', description: 'Birthday gift', amount: 4999 } });
  });

  it('reports each required field', () => {
    expect(validate({})).toEqual({
      ok: false,
      errors: { month: ['Month is required'], description: ['Description is required'], amount: ['Amount is required'] },
    });
  });

  it('accepts years 1900 to the current year + 100, reporting others on month', () => {
    expect(validate({ ...otherExpense, month: '1900-01' }).ok).toBe(true);
    expect(validate({ ...otherExpense, month: '2126-12' }).ok).toBe(true);
    expect(fieldErrors(validate, { ...otherExpense, month: '1899-12' }, 'month')).toEqual(['Please enter a valid year']);
    expect(fieldErrors(validate, { ...otherExpense, month: '2127-01' }, 'month')).toEqual(['Please enter a valid year']);
  });

  it('refuses a month part outside 1 to 12', () => {
    expect(fieldErrors(validate, { ...otherExpense, month: '2026-13' }, 'month')).toEqual(['Please enter a valid month (1-12)']);
    expect(fieldErrors(validate, { ...otherExpense, month: '2026-00' }, 'month')).toEqual(['Please enter a valid month (1-12)']);
  });

  it('refuses a malformed month', () => {
    expect(fieldErrors(validate, { ...otherExpense, month: 'March 2026' }, 'month')).toEqual(['Please enter a month as YYYY-MM']);
  });

  it('needs a positive amount', () => {
    for (const bad of [0, -5, 'abc']) {
      expect(fieldErrors(validate, { ...otherExpense, amount: bad }, 'amount')).toEqual(['Amount must be a positive number']);
    }
  });

  it('caps the description at 255 characters', () => {
    expect(validate({ ...otherExpense, description: 'd'.repeat(255) }).ok).toBe(true);
    expect(fieldErrors(validate, { ...otherExpense, description: 'd'.repeat(256) }, 'description')).toEqual([
      'Description is too long (maximum 255 characters)',
    ]);
  });
});

describe('validateOtherExpenseForm', () => {
  const form = { year: '2026', month: '3', description: ' Gift ', amount: '49.99' };
  const validate = (values: typeof form | Record<string, string | number>) =>
    validateOtherExpenseForm({ ...form, ...values }, ctx);

  it('answers a zero-padded month from separate inputs', () => {
    expect(validate(form)).toEqual({ ok: true, value: { month: '2026-03', description: 'Gift', amount: 4999 } });
    expect(validate({ year: 2027, month: 12, amount: 5 })).toEqual({ ok: true, value: { month: '2027-12', description: 'Gift', amount: 500 } });
  });

  it('reports each required field on the form’s inputs', () => {
    expect(validate({ year: '', month: '', description: '', amount: '' })).toEqual({
      ok: false,
      errors: {
        year: ['Year is required'],
        month: ['Month is required'],
        description: ['Description is required'],
        amount: ['Amount is required'],
      },
    });
  });

  it('accepts years 1900 to the current year + 100', () => {
    expect(validate({ year: '1900' }).ok).toBe(true);
    expect(validate({ year: '2126' }).ok).toBe(true);
    for (const bad of ['1899', '2127', '2026.5', 'this year']) {
      expect(errorsOf(validate({ year: bad }))).toEqual({ year: ['Please enter a valid year'] });
    }
  });

  it('accepts months 1 to 12', () => {
    expect(validate({ month: '1' }).ok).toBe(true);
    expect(validate({ month: '12' }).ok).toBe(true);
    for (const bad of ['0', '13', '1.5', 'May']) {
      expect(errorsOf(validate({ month: bad }))).toEqual({ month: ['Please enter a valid month (1-12)'] });
    }
  });

  it('needs a positive amount', () => {
    expect(errorsOf(validate({ amount: '0' }))).toEqual({ amount: ['Amount must be a positive number'] });
  });
});

describe('validateRetirementAccount', () => {
  const validate = (input: unknown) => validateRetirementAccount(input, ctx);

  it('answers trimmed text, cents, percents and the date part', () => {
    expect(validate(retirementAccount)).toEqual({
      ok: true,
      value: {
        name: 'Work 401k',
        account_type: 'traditional_401k',
        contribution_amount: 50000,
        employer_match: 4.5,
        employer_contribution_amount: 25000,
        starting_balance: 1000025,
        expected_return_rate: 7,
        contribution_cycle: 'semimonthly',
        next_deposit_date: '2026-12-15',
        payroll_deducted: false,
      },
    });
  });

  it('reads "deducted from my paycheck" as a yes/no, absent meaning no', () => {
    expect(validate({ ...retirementAccount, payroll_deducted: true })).toMatchObject({ ok: true, value: { payroll_deducted: true } });
    expect(validate({ ...retirementAccount, payroll_deducted: 'false' })).toMatchObject({ ok: true, value: { payroll_deducted: false } });
    expect(validate({ ...retirementAccount, payroll_deducted: null })).toMatchObject({ ok: true, value: { payroll_deducted: false } });
    expect(fieldErrors(validate, { ...retirementAccount, payroll_deducted: 'sometimes' }, 'payroll_deducted')).toEqual(['Deducted from my paycheck must be true or false']);
  });

  it('reports each required field', () => {
    expect(validate({})).toEqual({
      ok: false,
      errors: {
        name: ['Account name is required'],
        account_type: ['Account type is required'],
        contribution_amount: ['Contribution amount is required'],
        employer_match: ['Employer match is required'],
        employer_contribution_amount: ['Employer contribution amount is required'],
        starting_balance: ['Starting balance is required'],
        expected_return_rate: ['Expected return rate is required'],
        contribution_cycle: ['Contribution cycle is required'],
        next_deposit_date: ['Next deposit date is required'],
      },
    });
  });

  it('checks the enumerations and the date', () => {
    expect(fieldErrors(validate, { ...retirementAccount, account_type: '403b' }, 'account_type')).toEqual(['Please choose a valid account type']);
    expect(fieldErrors(validate, { ...retirementAccount, contribution_cycle: 'yearly' }, 'contribution_cycle')).toEqual([
      'Please choose a valid contribution cycle',
    ]);
    expect(fieldErrors(validate, { ...retirementAccount, next_deposit_date: '12/15/2026' }, 'next_deposit_date')).toEqual([
      'Please enter a valid date',
    ]);
  });

  it('accepts 0 for every amount and refuses negatives', () => {
    expect(validate({ ...retirementAccount, contribution_amount: 0, employer_contribution_amount: '0', starting_balance: 0 }).ok).toBe(true);
    expect(errorsOf(validate({ ...retirementAccount, contribution_amount: -1, employer_contribution_amount: '-1', starting_balance: -0.01 }))).toEqual({
      contribution_amount: ['Contribution amount cannot be negative'],
      employer_contribution_amount: ['Employer contribution amount cannot be negative'],
      starting_balance: ['Starting balance cannot be negative'],
    });
  });

  it('accepts an employer match of 0 to 100', () => {
    expect(validate({ ...retirementAccount, employer_match: 0 }).ok).toBe(true);
    expect(validate({ ...retirementAccount, employer_match: '100' }).ok).toBe(true);
    expect(fieldErrors(validate, { ...retirementAccount, employer_match: 100.01 }, 'employer_match')).toEqual([
      'Employer match must be between 0 and 100',
    ]);
    expect(fieldErrors(validate, { ...retirementAccount, employer_match: -1 }, 'employer_match')).toEqual(['Employer match must be between 0 and 100']);
  });

  it('accepts an expected return of 0 to 50', () => {
    expect(validate({ ...retirementAccount, expected_return_rate: '0' }).ok).toBe(true);
    expect(validate({ ...retirementAccount, expected_return_rate: 50 }).ok).toBe(true);
    expect(fieldErrors(validate, { ...retirementAccount, expected_return_rate: '50.0001' }, 'expected_return_rate')).toEqual([
      'Expected return rate must be between 0 and 50',
    ]);
  });
});

describe('validateRetirementPlan', () => {
  const validate = (input: unknown) => validateRetirementPlan(input, ctx);

  it('answers date parts, percent, cents, and null for missing monthly expenses', () => {
    expect(validate(retirementPlan)).toEqual({
      ok: true,
      value: {
        retirement_date: '2050-01-01',
        interest_rate: 4,
        social_security_income: 210000,
        social_security_start_date: '2052-06-01',
        monthly_expenses: null,
        years_of_retirement: 30,
      },
    });
  });

  it('reads given monthly expenses as cents and refuses a negative', () => {
    const result = validate({ ...retirementPlan, monthly_expenses: '3,000.10' });
    expect(result.ok && result.value.monthly_expenses).toBe(300010);
    expect(fieldErrors(validate, { ...retirementPlan, monthly_expenses: -1 }, 'monthly_expenses')).toEqual(['Monthly expenses cannot be negative']);
  });

  it('reports each required field', () => {
    expect(validate({})).toEqual({
      ok: false,
      errors: {
        retirement_date: ['Retirement date is required'],
        interest_rate: ['Interest rate is required'],
        social_security_income: ['Social Security income is required'],
        social_security_start_date: ['Social Security start date is required'],
        years_of_retirement: ['Years of retirement is required'],
      },
    });
  });

  it('accepts an interest rate of 0 to 50', () => {
    expect(validate({ ...retirementPlan, interest_rate: 0 }).ok).toBe(true);
    expect(validate({ ...retirementPlan, interest_rate: '50' }).ok).toBe(true);
    expect(fieldErrors(validate, { ...retirementPlan, interest_rate: '50.01' }, 'interest_rate')).toEqual(['Interest rate must be between 0 and 50']);
  });

  it('accepts Social Security income of 0, not below', () => {
    expect(validate({ ...retirementPlan, social_security_income: 0 }).ok).toBe(true);
    expect(fieldErrors(validate, { ...retirementPlan, social_security_income: '-5' }, 'social_security_income')).toEqual([
      'Social Security income cannot be negative',
    ]);
  });

  it('accepts 1 to 100 whole years of retirement', () => {
    expect(validate({ ...retirementPlan, years_of_retirement: 1 }).ok).toBe(true);
    expect(validate({ ...retirementPlan, years_of_retirement: '100' }).ok).toBe(true);
    for (const bad of [0, 101]) {
      expect(fieldErrors(validate, { ...retirementPlan, years_of_retirement: bad }, 'years_of_retirement')).toEqual([
        'Years of retirement must be between 1 and 100',
      ]);
    }
    expect(fieldErrors(validate, { ...retirementPlan, years_of_retirement: 20.5 }, 'years_of_retirement')).toEqual([
      'Years of retirement must be a whole number',
    ]);
  });

  it('refuses impossible dates', () => {
    expect(fieldErrors(validate, { ...retirementPlan, retirement_date: '2050-02-30' }, 'retirement_date')).toEqual(['Please enter a valid date']);
  });
});

describe('validateHousing', () => {
  const validate = (input: unknown) => validateHousing(input, ctx);

  describe('Rent and Own', () => {
    it('answers the type and the payment, with null mortgage fields', () => {
      expect(validate({ housing_type: 'Rent', total_monthly_payment: '1,800' })).toEqual({
        ok: true,
        value: {
          housing_type: 'Rent',
          total_monthly_payment: 180000,
          original_purchase_price: null,
          down_payment: null,
          interest_rate: null,
          term: null,
          open_date: null,
          current_balance: null,
          escrow_payment: null,
        },
      });
    });

    it('ignores mortgage fields sent anyway, even invalid ones', () => {
      const result = validate({ ...mortgage, housing_type: 'Own', total_monthly_payment: 300, down_payment: 'lots', open_date: '2999-01-01', escrow_payment: '' });
      expect(result).toEqual({
        ok: true,
        value: {
          housing_type: 'Own',
          total_monthly_payment: 30000,
          original_purchase_price: null,
          down_payment: null,
          interest_rate: null,
          term: null,
          open_date: null,
          current_balance: null,
          escrow_payment: null,
        },
      });
    });

    it('keeps a given escrow, which may be 0 but not negative', () => {
      const withEscrow = validate({ housing_type: 'Own', total_monthly_payment: 300, escrow_payment: '250.50' });
      expect(withEscrow.ok && withEscrow.value.escrow_payment).toBe(25050);
      const zero = validate({ housing_type: 'Rent', total_monthly_payment: 300, escrow_payment: 0 });
      expect(zero.ok && zero.value.escrow_payment).toBe(0);
      expect(fieldErrors(validate, { housing_type: 'Rent', total_monthly_payment: 300, escrow_payment: -1 }, 'escrow_payment')).toEqual([
        'Escrow payment cannot be negative',
      ]);
    });

    it('needs a payment above 0', () => {
      expect(fieldErrors(validate, { housing_type: 'Rent', total_monthly_payment: 0 }, 'total_monthly_payment')).toEqual([
        'Total monthly payment must be greater than 0',
      ]);
      expect(fieldErrors(validate, { housing_type: 'Rent' }, 'total_monthly_payment')).toEqual(['Total monthly payment is required']);
    });
  });

  it('requires a known housing type', () => {
    expect(fieldErrors(validate, { total_monthly_payment: 100 }, 'housing_type')).toEqual(['Housing type is required']);
    expect(fieldErrors(validate, { housing_type: 'rent', total_monthly_payment: 100 }, 'housing_type')).toEqual(['Please choose a valid housing type']);
  });

  describe('Mortgage', () => {
    it('answers every field, in cents and whole years', () => {
      expect(validate(mortgage)).toEqual({
        ok: true,
        value: {
          housing_type: 'Mortgage',
          total_monthly_payment: 148333,
          original_purchase_price: 30000000,
          down_payment: 4000000,
          interest_rate: 5,
          term: 30,
          open_date: '2020-06-01',
          current_balance: 26000000,
          escrow_payment: 40000,
        },
      });
    });

    it('requires every mortgage field', () => {
      expect(validate({ housing_type: 'Mortgage' })).toEqual({
        ok: false,
        errors: {
          total_monthly_payment: ['Total monthly payment is required'],
          original_purchase_price: ['Original purchase price is required'],
          down_payment: ['Down payment is required'],
          interest_rate: ['Interest rate is required'],
          term: ['Term is required'],
          open_date: ['Open date is required'],
          current_balance: ['Current balance is required'],
          escrow_payment: ['Escrow payment is required'],
        },
      });
    });

    it('needs a purchase price above 0', () => {
      expect(fieldErrors(validate, { ...mortgage, original_purchase_price: 0 }, 'original_purchase_price')).toEqual([
        'Original purchase price must be greater than 0',
      ]);
    });

    it('accepts a down payment of 0 up to the price, not above', () => {
      expect(validate({ ...mortgage, down_payment: 0 }).ok).toBe(true);
      expect(validate({ ...mortgage, down_payment: '300,000', current_balance: 0, interest_rate: 0 }).ok).toBe(true);
      expect(fieldErrors(validate, { ...mortgage, down_payment: '300000.01' }, 'down_payment')).toEqual(['Down payment cannot exceed purchase price']);
      expect(fieldErrors(validate, { ...mortgage, down_payment: -1 }, 'down_payment')).toEqual(['Down payment cannot be negative']);
    });

    it('accepts a current balance up to the original loan, not above', () => {
      expect(validate({ ...mortgage, current_balance: 0 }).ok).toBe(true);
      expect(validate({ ...mortgage, current_balance: '260,000.00' }).ok).toBe(true);
      expect(fieldErrors(validate, { ...mortgage, current_balance: '260000.01' }, 'current_balance')).toEqual([
        'Current balance cannot exceed original loan amount',
      ]);
      expect(fieldErrors(validate, { ...mortgage, current_balance: -1 }, 'current_balance')).toEqual(['Current balance cannot be negative']);
    });

    it('accepts an interest rate of 0 to 100', () => {
      expect(validate({ ...mortgage, interest_rate: '0' }).ok).toBe(true);
      expect(validate({ ...mortgage, interest_rate: 100, total_monthly_payment: 30000 }).ok).toBe(true);
      expect(fieldErrors(validate, { ...mortgage, interest_rate: '100.01' }, 'interest_rate')).toEqual(['Interest rate must be between 0 and 100']);
      expect(fieldErrors(validate, { ...mortgage, interest_rate: -0.5 }, 'interest_rate')).toEqual(['Interest rate must be between 0 and 100']);
    });

    it('accepts a term of 1 to 50 whole years', () => {
      expect(validate({ ...mortgage, term: 1 }).ok).toBe(true);
      expect(validate({ ...mortgage, term: '50' }).ok).toBe(true);
      for (const bad of [0, 51]) {
        expect(fieldErrors(validate, { ...mortgage, term: bad }, 'term')).toEqual(['Term must be between 1 and 50 years']);
      }
      expect(fieldErrors(validate, { ...mortgage, term: '30.5' }, 'term')).toEqual(['Term must be a whole number']);
    });

    it('accepts an open date up to today, not tomorrow', () => {
      expect(validate({ ...mortgage, open_date: '2026-11-21' }).ok).toBe(true);
      expect(validate({ ...mortgage, open_date: '2026-11-21T23:59:00Z' }).ok).toBe(true);
      expect(fieldErrors(validate, { ...mortgage, open_date: '2026-11-22' }, 'open_date')).toEqual(['Open date cannot be in the future']);
      expect(fieldErrors(validate, { ...mortgage, open_date: 'last June' }, 'open_date')).toEqual(['Please enter a valid date']);
    });

    it('requires an escrow payment, 0 allowed, not above the total', () => {
      expect(fieldErrors(validate, { ...mortgage, escrow_payment: '' }, 'escrow_payment')).toEqual(['Escrow payment is required']);
      expect(validate({ ...mortgage, escrow_payment: 0 }).ok).toBe(true);
      expect(fieldErrors(validate, { ...mortgage, escrow_payment: '1483.34' }, 'escrow_payment')).toEqual([
        'Escrow payment cannot exceed total monthly payment',
      ]);
    });

    describe('payment net of escrow against interest', () => {
      // $260,000 at 5 % accrues $1,083.333… a month; with $400 escrow the total must reach $1,483.33.
      it('accepts a payment that covers the interest rounded to the cent', () => {
        expect(validate({ ...mortgage, total_monthly_payment: '1483.33' }).ok).toBe(true);
      });

      it('refuses a cent less, quoting the interest with thousands separators', () => {
        expect(fieldErrors(validate, { ...mortgage, total_monthly_payment: '1483.32' }, 'total_monthly_payment')).toEqual([
          'Total monthly payment is not high enough to cover monthly interest of $1,083.33',
        ]);
      });

      it('rounds a half cent of interest up', () => {
        // $18,006 at 1 % accrues 1500.5 cents: $15.01.
        const small = { ...mortgage, original_purchase_price: 20000, down_payment: 0, current_balance: 18006, interest_rate: 1, escrow_payment: 0 };
        expect(fieldErrors(validate, { ...small, total_monthly_payment: '15.00' }, 'total_monthly_payment')).toEqual([
          'Total monthly payment is not high enough to cover monthly interest of $15.01',
        ]);
        expect(validate({ ...small, total_monthly_payment: '15.01' }).ok).toBe(true);
      });

      it('is skipped when the balance or the rate is not valid', () => {
        expect(errorsOf(validate({ ...mortgage, total_monthly_payment: 500, interest_rate: 'x' }))).toEqual({
          interest_rate: ['Interest rate must be a valid number'],
        });
      });
    });
  });
});

describe('validateAssumptions', () => {
  const validate = (input: unknown) => RECORD_VALIDATORS.assumptions(input, ctx);

  it('accepts an empty record: every assumption absent is the neutral plan', () => {
    expect(validate({})).toEqual({
      ok: true,
      value: {
        inflation_rate: null,
        salary_growth_rate: null,
        social_security_cola: null,
        cash_balance: null,
        cash_interest_rate: null,
        home_value: null,
        home_appreciation_rate: null,
        retirement_tax_rate: null,
        spend_cash_in_retirement: null,
        return_volatility: null,
        stock_share: null,
        other_spending: null,
        retirement_spending: null,
        surplus_account_id: null,
        surplus_share: null,
        overdraft_interest_rate: null,
        filing_status: null,
        state_tax_rate: null,
        roth_conversion: null,
        withdrawal_order: null,
      },
    });
  });

  it('takes the filing statuses and withdrawal orders of bracket mode, a state rate of 0–15 and a conversion of 0 or more', () => {
    const result = validate({ filing_status: 'married_joint', state_tax_rate: '4.5', roth_conversion: '20,000', withdrawal_order: 'tax_aware' });
    expect(result.ok && result.value).toMatchObject({ filing_status: 'married_joint', state_tax_rate: 4.5, roth_conversion: 2_000_000, withdrawal_order: 'tax_aware' });
    const refused = validate({ filing_status: 'Single', state_tax_rate: 16, roth_conversion: -0.01, withdrawal_order: 1 });
    expect(refused.ok ? null : firstErrors(refused.errors)).toEqual({
      filing_status: 'Please choose a valid filing status',
      state_tax_rate: 'State tax rate must be between 0 and 15',
      roth_conversion: 'Roth conversion cannot be negative',
      withdrawal_order: 'Please choose a valid withdrawal order',
    });
  });

  it('reads rates as percents and money as cents', () => {
    const result = validate({ inflation_rate: '2.5', cash_balance: '12,000.50', home_appreciation_rate: -1.5, spend_cash_in_retirement: 'true' });
    expect(result.ok && result.value).toMatchObject({ inflation_rate: 2.5, cash_balance: 1_200_050, home_appreciation_rate: -1.5, spend_cash_in_retirement: true });
  });

  it('names each field out of its range', () => {
    const result = validate({
      inflation_rate: 21,
      salary_growth_rate: -1,
      social_security_cola: 10.5,
      cash_balance: -1,
      cash_interest_rate: 20.01,
      home_value: -5,
      home_appreciation_rate: -10.5,
      retirement_tax_rate: 61,
      return_volatility: 61,
      stock_share: 101,
    });
    expect(result.ok ? null : firstErrors(result.errors)).toEqual({
      inflation_rate: 'Inflation rate must be between 0 and 20',
      salary_growth_rate: 'Salary growth rate must be between 0 and 20',
      social_security_cola: 'Social Security COLA must be between 0 and 10',
      cash_balance: 'Cash balance cannot be negative',
      cash_interest_rate: 'Cash interest rate must be between 0 and 20',
      home_value: 'Home value cannot be negative',
      home_appreciation_rate: 'Home appreciation rate must be between -10 and 20',
      retirement_tax_rate: 'Retirement tax rate must be between 0 and 60',
      return_volatility: 'Return volatility must be between 0 and 60',
      stock_share: 'Stock share must be between 0 and 100',
    });
  });
});

describe('validateBaseline', () => {
  const validate = (input: unknown) => validateBaseline(input, ctx);
  const month = { month: '2026-11', cash: -250.5, debts: 4200.25, savings: 20000, contributions: 500, returns: 0.07 };
  const snapshot = { months: [month, { ...month, month: '2026-12' }] };

  it('answers the trimmed name and the snapshot with the values as sent, in dollars', () => {
    expect(validate({ name: '  Before the move ', snapshot })).toEqual({ ok: true, value: { name: 'Before the move', snapshot } });
    expect(validate({ name: 'Empty', snapshot: { months: [] } })).toEqual({ ok: true, value: { name: 'Empty', snapshot: { months: [] } } });
  });

  it('drops keys the snapshot does not declare, and never reads created_at', () => {
    const sent = { months: [{ ...month, note: 'x' }], version: 2 };
    expect(validate({ name: 'Plan', snapshot: sent, created_at: '2000-01-01T00:00:00Z' })).toEqual({ ok: true, value: { name: 'Plan', snapshot: { months: [month] } } });
  });

  it('a name is required, and 100 characters at most', () => {
    expect(fieldErrors(validate, { snapshot }, 'name')).toEqual(['Name is required']);
    expect(fieldErrors(validate, { name: '  ', snapshot }, 'name')).toEqual(['Name is required']);
    expect(validate({ name: 'x'.repeat(100), snapshot }).ok).toBe(true);
    expect(fieldErrors(validate, { name: 'x'.repeat(101), snapshot }, 'name')).toEqual(['Name is too long (maximum 100 characters)']);
  });

  it('a snapshot is required, and refused with the message of snapshotError', () => {
    expect(fieldErrors(validate, { name: 'Plan' }, 'snapshot')).toEqual(['Snapshot is required']);
    expect(fieldErrors(validate, { name: 'Plan', snapshot: null }, 'snapshot')).toEqual(['Snapshot is required']);
    for (const bad of [[], 'x', 7, {}, { months: [{ ...month, cash: 0.001 }] }, { months: [{ ...month, month: '2026-1' }] }]) {
      const message = snapshotError(bad);
      expect(message, JSON.stringify(bad)).toEqual(expect.any(String));
      expect(fieldErrors(validate, { name: 'Plan', snapshot: bad }, 'snapshot')).toEqual([message]);
    }
  });
});

describe('fixedFieldErrors', () => {
  const stored = { name: 'Plan', snapshot: { months: [{ month: '2026-11', cash: 1, debts: 2, savings: 3, contributions: 4, returns: 5 }] } };

  it("refuses a change to a baseline's snapshot, whatever else the update holds", () => {
    expect(fixedFieldErrors('baseline', { name: 'B', snapshot: { months: [] } }, stored)).toEqual({ snapshot: ['Snapshot cannot be changed'] });
    expect(fixedFieldErrors('baseline', { snapshot: null }, stored)).toEqual({ snapshot: ['Snapshot cannot be changed'] });
  });

  it('takes the stored snapshot sent again, its keys in any order, and an update without one', () => {
    const reordered = { months: [{ returns: 5, contributions: 4, savings: 3, debts: 2, cash: 1, month: '2026-11' }] };
    expect(fixedFieldErrors('baseline', { ...stored, name: 'B', snapshot: reordered }, stored)).toEqual({});
    expect(fixedFieldErrors('baseline', { name: 'B' }, stored)).toEqual({});
  });

  it('fixes nothing in other records', () => {
    expect(fixedFieldErrors('debt', { name: 'B', apr: 3 }, { name: 'A', apr: 2 })).toEqual({});
  });
});
