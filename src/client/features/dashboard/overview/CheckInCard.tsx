/**
 * The way into the monthly check-in from the dashboard
 * (docs/projection-rules.md#actuals-and-check-ins), for subscribers: it says whether this month's
 * balances are in, and links to /check-in either way (a balance can be corrected later in the
 * month).
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { MonthKey } from '../../../../engine/months.ts';

export const CHECK_IN_PROMPT = "Update this month's balances so your plan starts from the truth.";

/** `checkedIn`: every balance of `month` has an actual; null when the month tables are not at hand. */
export function CheckInCard({ month, checkedIn }: { month: MonthKey; checkedIn: boolean | null }) {
  return (
    <Card withBorder padding="md" role="group" aria-label="Monthly check-in">
      <Group justify="space-between" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Text fw={600}>Monthly check-in</Text>
          <Text size="sm" c="dimmed" data-testid="check-in-status">
            {checkedIn ? `Checked in for ${month}` : CHECK_IN_PROMPT}
          </Text>
        </Stack>
        <Button component={Link} to="/check-in" variant={checkedIn ? 'light' : 'filled'}>
          {checkedIn ? 'Update check-in' : 'Check in'}
        </Button>
      </Group>
    </Card>
  );
}
