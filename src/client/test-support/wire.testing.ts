import type { RecordResourceName, WireRecordOf } from '../../shared/resources.ts';

/**
 * A record of `resource` with only the fields a test is about, or with values the server never
 * sends (an unknown cycle, a missing amount): for tests of code that reads the mirror defensively.
 * `looseRecord('debts', { id: 1, remaining_amount: 0.1 })`.
 */
export function looseRecord<N extends RecordResourceName>(_resource: N, fields: { id: number } & Record<string, unknown>): WireRecordOf<N> {
  return fields as unknown as WireRecordOf<N>;
}
