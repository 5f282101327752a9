/**
 * Coloured figures of the month tables. The colour comes from the engine's rule (balanceTone,
 * percentPaidBand) and is carried as a data attribute too, so tests and styles read the same band.
 * The text itself keeps the information (a minus sign, the percentage): colour only repeats it.
 */
import type { Cents } from '../../../engine/money.ts';
import { percentPaidBand } from '../../../engine/insights.ts';
import { balanceTone } from '../../../engine/month-views.ts';
import { percentText, wholeUsd } from '../../ui/figure-text.ts';
import classes from './analytics.module.css';

/** An amount in green when it is 0 or more, in red when negative (Income Future's End Balance). */
export function ToneAmount({ value }: { value: Cents }) {
  const tone = balanceTone(value);
  return (
    <span className={tone === 'positive' ? classes.positive : classes.negative} data-tone={tone}>
      {wholeUsd(value)}
    </span>
  );
}

/** % Paid on a pill: green at 50 or more, yellow at 25 or more, red below (docs/product.md#constants-and-limits). */
export function PercentPaid({ value }: { value: number }) {
  const band = percentPaidBand(value);
  return (
    <span className={classes.percent} data-band={band}>
      {percentText(value)}
    </span>
  );
}
