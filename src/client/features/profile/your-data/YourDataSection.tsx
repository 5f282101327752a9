/**
 * The Profile screen's "Your data" (docs/api.md#export-and-import): take it all out, bring it back,
 * or leave for good.
 */
import { Card, Divider, Stack, Text, Title } from '@mantine/core';
import { DeleteAccount } from './DeleteAccount.tsx';
import { ExportPanel } from './ExportPanel.tsx';
import { ImportPanel } from './ImportPanel.tsx';

export function YourDataSection() {
  return (
    <Stack gap="lg" data-testid="your-data">
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="your-data-heading">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h3" id="your-data-heading">
              Your data
            </Title>
            <Text size="sm" c="dimmed">
              Everything you keep in Runway is yours: take a copy, bring one back, or leave.
            </Text>
          </Stack>
          <ExportPanel />
          <Divider />
          <ImportPanel />
        </Stack>
      </Card>
      <DeleteAccount />
    </Stack>
  );
}
