/**
 * The frame of the legal pages (docs/product.md#screens-and-routes): the title, the date of the
 * last change, numbered sections and the support contact with its response target. The text is
 * static.
 */
import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SUPPORT_EMAIL } from '../../ui/contact.ts';

export const LAST_UPDATED = 'Last updated: 9/2/2025';
/** The legal pages promise an answer within this many hours. */
export const SUPPORT_RESPONSE_HOURS = 48;

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

export function Paragraphs({ children }: { children: readonly ReactNode[] }) {
  return (
    <>
      {children.map((paragraph, index) => (
        <Text key={index}>{paragraph}</Text>
      ))}
    </>
  );
}

export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <List spacing={4} withPadding>
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}

export function SupportContact() {
  return (
    <Text>
      {'Write to us at '}
      <Anchor href={`mailto:${SUPPORT_EMAIL}`} underline="always">{SUPPORT_EMAIL}</Anchor>
      {`. We aim to respond to every message within ${SUPPORT_RESPONSE_HOURS} hours.`}
    </Text>
  );
}

export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: readonly LegalSection[] }) {
  return (
    <Paper component="article" withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={820} mx="auto">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text size="sm" c="dimmed">
            {LAST_UPDATED}
          </Text>
        </Stack>
        <Text>{intro}</Text>
        {sections.map((section, index) => (
          <Stack key={section.heading} gap="xs" component="section" aria-labelledby={`section-${index + 1}`}>
            <Title order={2} size="h3" id={`section-${index + 1}`}>
              {`${index + 1}. ${section.heading}`}
            </Title>
            {typeof section.body === 'string' ? <Text>{section.body}</Text> : section.body}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
