import { describe, expect, it } from 'vitest';
import { onlySent, sentFieldNames } from './housing-fields.ts';

const all = {
  housing_type: 'Mortgage',
  total_monthly_payment: '2000',
  original_purchase_price: '300000',
  down_payment: '60000',
  interest_rate: '6',
  term: '30',
  escrow_payment: '400',
  open_date: '2020-06-15',
  current_balance: '200000',
};

describe('onlySent', () => {
  it('keeps every field for a Mortgage', () => {
    expect(onlySent('Mortgage', all)).toEqual(all);
  });

  it('keeps just the type and the payment for Rent and Own', () => {
    expect(onlySent('Rent', { ...all, housing_type: 'Rent' })).toEqual({ housing_type: 'Rent', total_monthly_payment: '2000' });
    expect(onlySent('Own', { ...all, housing_type: 'Own' })).toEqual({ housing_type: 'Own', total_monthly_payment: '2000' });
  });

  it('does not invent fields the source lacks', () => {
    expect(onlySent('Mortgage', { housing_type: 'Mortgage' })).toEqual({ housing_type: 'Mortgage' });
  });

  it('lists the wire names in the form’s order', () => {
    expect(sentFieldNames('Own')).toEqual(['housing_type', 'total_monthly_payment']);
    expect(sentFieldNames('Mortgage')).toEqual(['housing_type', 'total_monthly_payment', 'original_purchase_price', 'down_payment', 'interest_rate', 'term', 'escrow_payment', 'open_date', 'current_balance']);
  });
});
