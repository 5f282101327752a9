/**
 * A balance in a dashboard table with what it is beneath ('actual as of 2026-11'), the note kept on
 * one line so a month never breaks at its hyphen.
 */
import { Text } from '@mantine/core';
import { formatCentsUsd } from '../../ui/money.ts';
import type { ShownBalance } from '../../model/balance-notes.ts';

export function BalanceCell({ shown, note }: { shown: ShownBalance; note: string | null }) {
  return (
    <>
      {shown.amount === null ? '—' : formatCentsUsd(shown.amount)}
      {note !== null && (
        <Text component="span" size="xs" c="dimmed" display="block" style={{ whiteSpace: 'nowrap' }}>
          {note}
        </Text>
      )}
    </>
  );
}
