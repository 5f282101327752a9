/**
 * /subscribe (docs/product.md#screens-and-routes): a login prompt for visitors, 'Already
 * Subscribed' for subscribers, otherwise the two plans with their features, and an FAQ. The
 * subscription is read again from the server on arrival (the portal returns here), so a flag
 * changed elsewhere is current.
 */
import { Accordion, Button, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useFreshSubscription, useSession } from '../../data/bindings/hooks.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { AlreadySubscribed } from './AlreadySubscribed.tsx';
import { PlanHeading } from './PlanHeading.tsx';
import { LOGIN_MESSAGE, PLANS, TRIAL_DAYS, YEARLY_SAVING, type PlanCopy } from './plans.ts';

const FAQ = [
  {
    question: 'Is there a free trial?',
    answer: `Yes. Your first subscription starts with a ${TRIAL_DAYS}-day free trial: nothing is charged until it ends, and if you cancel before then you pay nothing.`,
  },
  {
    question: 'Can I cancel anytime?',
    answer: 'Yes, with no fee. Choose Manage Subscription in the Account menu and cancel there.',
  },
  {
    question: 'What happens to my data if I cancel?',
    answer: 'Nothing is deleted. Your dashboard stays yours to use, and analytics opens again with all your records when you subscribe again.',
  },
  {
    question: 'How do I pay?',
    answer: 'By card, on the secure checkout page of our payment provider. Runway never sees or stores your card number.',
  },
  {
    question: 'What is the difference between the plans?',
    answer: `Only the price and how often you pay: both plans unlock the same analytics. The yearly plan costs $60.00 a year instead of $71.88. ${YEARLY_SAVING}.`,
  },
] as const;

function PlanCard({ plan, popular = false }: { plan: PlanCopy; popular?: boolean }) {
  const headingId = `plan-${plan.id}-title`;
  return (
    <Card withBorder padding="lg" radius="md" shadow={popular ? 'md' : undefined} aria-labelledby={headingId} component="section">
      <Stack gap="sm" h="100%">
        <PlanHeading plan={plan} popular={popular} order={2} size="h3" id={headingId} savingTestId="yearly-saving" />
        <Text size="sm">{`${TRIAL_DAYS}-day free trial for new subscribers.`}</Text>
        <List size="sm" spacing={4} style={{ flexGrow: 1 }}>
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button component={Link} to={`/subscribe/${plan.id}`} fullWidth variant={popular ? 'filled' : 'outline'}>
          {`Choose ${plan.name}`}
        </Button>
      </Stack>
    </Card>
  );
}

export function SubscribePage() {
  const session = useSession();
  useFreshSubscription();
  if (!session.isAuthenticated) return <LoginPrompt title="Authentication Required" message={LOGIN_MESSAGE} />;
  if (session.subscribed) return <AlreadySubscribed />;
  return (
    <Stack gap="xl" maw={960} mx="auto">
      <Stack gap={4} ta="center">
        <Title order={1}>Choose Your Plan</Title>
        <Text c="dimmed">Unlock month-by-month projections of your income, debts and retirement.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <PlanCard plan={PLANS.monthly} />
        <PlanCard plan={PLANS.yearly} popular />
      </SimpleGrid>
      <Stack gap="sm" component="section" aria-labelledby="faq-title">
        <Title order={2} id="faq-title">
          Frequently Asked Questions
        </Title>
        <Accordion variant="separated">
          {FAQ.map(({ question, answer }, index) => (
            // The value becomes part of element ids: no spaces or punctuation.
            <Accordion.Item key={question} value={`faq-${index + 1}`}>
              <Accordion.Control>{question}</Accordion.Control>
              <Accordion.Panel>{answer}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Stack>
  );
}
