/**
 * The charts library (@mantine/charts over recharts, about 150 kB of gzip script), loaded by
 * ChartSlot.tsx when a chart comes near the screen; nothing else imports it for the analytics tabs.
 */
import '@mantine/charts/styles.css';

export { AreaChart, LineChart } from '@mantine/charts';
