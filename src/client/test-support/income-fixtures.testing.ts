/**
 * Income records for the tests. Their monthly equivalents, worked by hand
 * (docs/projection-rules.md#months-cycles-and-rounding) and each rounded once to the cent:
 *
 *   Side gig   weekly      1,100.00 × 52 / 12 = 4,766.666… → 4,766.67   net   900.00 × 52 / 12 = 3,900.00
 *   Rental     monthly     4,500.00 × 1       = 4,500.00               net 4,000.00
 *   Salary     biweekly    2,000.00 × 26 / 12 = 4,333.333… → 4,333.33   net 1,500.00 × 26 / 12 = 3,250.00
 *   Consulting semimonthly 2,100.50 × 2       = 4,201.00               net 1,700.25 × 2       = 3,400.50
 */
import type { WireRecordOf } from '../../shared/resources.ts';

type Income = WireRecordOf<'incomes'>;

export const salary: Income = { id: 1, name: 'Salary', pay_cycle: 'biweekly', next_pay_date: '2026-03-06', gross_pay: 2000, net_pay: 1500 };
export const rental: Income = { id: 2, name: 'Rental', pay_cycle: 'monthly', next_pay_date: '2026-03-01', gross_pay: 4500, net_pay: 4000 };
export const sideGig: Income = { id: 3, name: 'Side gig', pay_cycle: 'weekly', next_pay_date: '2026-03-02', gross_pay: 1100, net_pay: 900 };
export const consulting: Income = { id: 4, name: 'Consulting', pay_cycle: 'semimonthly', next_pay_date: '2026-03-15', gross_pay: 2100.5, net_pay: 1700.25 };
