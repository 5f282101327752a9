/**
 * Charts on demand. The charts library is the largest script of the app, and the figures and tables
 * around a chart do not need it: they render at once, and each chart takes its place when it comes
 * within a screen's reach and its code has loaded. Until then a placeholder of the chart's own height
 * holds the space, so nothing below moves when the chart arrives. The service worker precaches the
 * library, so the installed app draws charts offline too.
 */
import { Box, Group, Skeleton, Text, type SkeletonProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { BaseTickContentProps } from 'recharts';

const loadCharts = () => import('./charts.ts');

export const AreaChart = lazy(() => loadCharts().then((module) => ({ default: module.AreaChart })));
export const LineChart = lazy(() => loadCharts().then((module) => ({ default: module.LineChart })));

/**
 * The step between the month axis's labels for `count` points: four labels on a phone, eight on a
 * wider screen. A fixed step, because with a minimum gap instead recharts measures every label in
 * the page to place them, which took a slow phone half a second for the net-worth chart.
 */
export function useLabelInterval(count: number): number {
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  return Math.max(0, Math.ceil(count / (wide ? 8 : 4)) - 1);
}

/**
 * The grid props of a chart with horizontal grid lines only: recharts computes the vertical lines'
 * places even when it does not draw them, measuring every month's label in the page to do so (half
 * a second on a slow phone for the net-worth chart). No vertical lines, no places to compute.
 */
export const HORIZONTAL_GRID = { verticalCoordinatesGenerator: () => [] };

/**
 * An axis label as plain SVG text, placed and styled as Mantine's: recharts' own label component
 * measures its text in the page (to wrap it), once per label and render.
 */
function plainTick(transform: string) {
  return function PlainTick({ x, y, textAnchor, verticalAnchor, payload, index, tickFormatter, className }: BaseTickContentProps) {
    const dy = verticalAnchor === 'start' ? '0.71em' : verticalAnchor === 'middle' ? '0.355em' : undefined;
    return (
      <text x={x} y={y} dy={dy} textAnchor={textAnchor} transform={transform} fontSize={12} fill="currentColor" className={className}>
        {tickFormatter ? tickFormatter(payload.value, index) : String(payload.value)}
      </text>
    );
  };
}

/** The month axis's labels (below the chart). */
export const X_TICK = plainTick('translate(0, 10)');
/** The amount axis's labels (left of the chart). */
export const Y_TICK = plainTick('translate(-10, 0)');

/**
 * A chart's tooltip, switched on by the first pointer over the chart (a mouse, or a finger's first
 * touch): recharts' tooltip layer is a good part of a chart's first render, and most visits only
 * look at the chart. Spread `trigger` on an element around it.
 */
export function useTooltipOnDemand(): [enabled: boolean, trigger: { onPointerEnter: () => void }] {
  const [enabled, setEnabled] = useState(false);
  return [enabled, { onPointerEnter: () => setEnabled(true) }];
}

/**
 * A chart's legend, drawn beside the chart rather than by it: recharts measures its own legend and
 * lays the chart out again to fit it (a tenth of a second on a slow phone).
 */
export function SeriesLegend({ series }: { series: readonly { name: string; label?: string; color: string }[] }) {
  return (
    <Group gap="sm" justify="center" mt="xs">
      {series.map(({ name, label, color }) => (
        <Group key={name} gap={6} wrap="nowrap">
          <Box w={12} h={12} style={{ borderRadius: '50%', background: `var(--mantine-color-${color.replace('.', '-')})` }} />
          <Text size="xs">{label ?? name}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** How far outside the screen a chart starts loading, so it is drawn by the time it scrolls in. */
const REACH = '200px';

/** Whether the element has come within REACH of the screen (once true, stays true). */
function useNearScreen(): [ref: React.RefObject<HTMLDivElement | null>, near: boolean] {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (tests' jsdom) there is no knowing: load at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        // A transition: the chart is drawn in slices, not in one long task.
        startTransition(() => setNear(true));
        observer.disconnect();
      },
      { rootMargin: REACH },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

/** The chart (`children`, one of the lazy charts above) once near the screen; `h`, its height, is held until then. */
export function ChartSlot({ h, children }: { h: SkeletonProps['h']; children: ReactNode }) {
  const [ref, near] = useNearScreen();
  if (!near) return <Skeleton ref={ref} h={h} animate={false} data-testid="chart-placeholder" />;
  return <Suspense fallback={<Skeleton h={h} data-testid="chart-placeholder" />}>{children}</Suspense>;
}
