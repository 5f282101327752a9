/** The debt plan's strategies as the screen names them (docs/product.md#entities). */
import { PLAN_TYPE_LABELS, PLAN_TYPES, type PlanType } from '../../../../shared/records.ts';

export const PLAN_TYPE_NAMES: Record<PlanType, string> = { none: 'None', snowball: 'Snowball', avalanche: 'Avalanche' };

/** The select's options: the strategy's name with what it does. */
export const PLAN_TYPE_OPTIONS: readonly { value: PlanType; label: string }[] = PLAN_TYPES.map((value) => ({
  value,
  label: `${PLAN_TYPE_NAMES[value]} - ${PLAN_TYPE_LABELS[value]}`,
}));

export function isPlanType(value: unknown): value is PlanType {
  return PLAN_TYPES.some((type) => type === value);
}
