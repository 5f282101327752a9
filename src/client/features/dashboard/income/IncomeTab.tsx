/**
 * The Income tab (docs/product.md#screens-and-routes): monthly-equivalent cards, the table sorted
 * by monthly gross, add/edit/delete. A refused delete is only logged
 * (docs/product.md#states-and-transitions).
 */
import type { Cents } from '../../../../engine/money.ts';
import { formatCentsUsd, formatUsd } from '../../../ui/money.ts';
import { endMonthText } from '../end-month.ts';
import { CollectionTab, type CollectionTabProps } from '../CollectionTab.tsx';
import type { Column } from '../../../ui/column.ts';
import { IncomeForm } from './IncomeForm.tsx';
import { incomeSummary, payCycleLabel, sortByMonthlyGross } from '../../../model/summaries/income.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';

type Row = WireRecordOf<'incomes'>;

const COLUMNS: readonly Column<Row>[] = [
  { header: 'Pay Cycle', cell: (income) => payCycleLabel(income.pay_cycle) },
  { header: 'Gross Pay', align: 'right', cell: (income) => formatUsd(income.gross_pay) },
  { header: 'Net Pay', align: 'right', cell: (income) => formatUsd(income.net_pay) },
  // What the plan uses: an income with an end month stops paying after it.
  { header: 'Ends', cell: (income) => endMonthText(income.end_month) },
];

/** The figures are monthly equivalents, and each card says so. */
const cards = (rows: Row[]) => {
  const { totalGross, totalNet, totalDeductions } = incomeSummary(rows);
  const monthly = (label: string, amount: Cents) => ({ label, value: formatCentsUsd(amount), note: 'per month' });
  return [monthly('Total Gross Income', totalGross), monthly('Total Net Income', totalNet), monthly('Total Taxes and Deductions', totalDeductions)];
};

const INCOMES: CollectionTabProps<'incomes'> = {
  collection: 'incomes', order: sortByMonthlyGross, deleteFailure: 'log', Form: IncomeForm,
  title: 'Income', addLabel: 'Add Income', emptyText: 'No income sources found',
  cards, nameHeader: 'Name', itemName: (income) => income.name, columns: COLUMNS, tableLabel: 'Income sources', minWidth: 640,
};

export function IncomeTab() {
  return <CollectionTab {...INCOMES} />;
}
