/** /terms-of-service (docs/product.md#screens-and-routes): the agreement a user accepts when signing up. */
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Bullets, LegalDocument, Paragraphs, SupportContact, type LegalSection } from './LegalDocument.tsx';

/** The terms promise notice this long before a change takes effect. */
export const CHANGE_NOTICE_DAYS = 30;

const SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Acceptance of these terms',
    body: 'By creating an account or using Runway you agree to these terms. If you do not agree, please do not use the service.',
  },
  {
    heading: 'What Runway is',
    body: (
      <Paragraphs>
        {[
          'Runway is a planning tool. It helps you record your income, debts, expenses, housing and retirement savings and shows projections computed from what you enter.',
          'Runway does not give financial, investment, tax or legal advice. Projections are estimates that depend on your inputs and on assumptions such as interest and return rates; actual results will differ. Consider speaking with a qualified professional before making important financial decisions.',
        ]}
      </Paragraphs>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <Bullets
        items={[
          'You must be at least 13 years old to use Runway, and at least 18 — or have the permission of a parent or guardian — to buy a subscription.',
          'Give us a valid email address and keep your password to yourself. You are responsible for what happens under your account; tell us at once if you think someone else has used it.',
          'One account is for one person.',
        ]}
      />
    ),
  },
  {
    heading: 'Subscriptions and billing',
    body: (
      <Paragraphs>
        {[
          'The dashboard is free. The analytics area requires a subscription: Monthly at $5.99 per month or Yearly at $60.00 per year. Payments are taken in advance by our card payment provider and renew automatically at the end of each period until you cancel.',
          'You can cancel at any time from Manage Subscription in the Account menu; you keep access until the end of the period already paid. Except where the law requires otherwise, payments are not refunded. If we change a price, the new price applies from your next period after the notice described below.',
        ]}
      </Paragraphs>
    ),
  },
  {
    heading: 'Acceptable use',
    body: (
      <Bullets
        items={[
          'Do not use Runway for anything unlawful.',
          'Do not try to reach another person’s account or data, or to get around the limits of the service.',
          'Do not disrupt or overload the service, or collect data from it by automated means.',
        ]}
      />
    ),
  },
  {
    heading: 'Your data',
    body: (
      <Text>
        {'The information you enter belongs to you. You let us store and process it only to provide Runway to you, as described in our '}
        <Anchor component={Link} to="/privacy-policy" underline="always">
          Privacy Policy
        </Anchor>
        .
      </Text>
    ),
  },
  {
    heading: 'Availability and changes to the service',
    body: 'We work to keep Runway available and your data safe, but we cannot promise that the service will be uninterrupted or free of errors. We may add, change or remove features; we will not remove a paid feature during a period you have already paid for. Keep your own records of important financial information.',
  },
  {
    heading: 'Disclaimer and limitation of liability',
    body: 'Runway is provided “as is” and “as available”. To the extent the law allows, we disclaim all warranties, and we are not liable for indirect or consequential losses, or for decisions you make based on the projections. Our total liability to you is limited to the amount you paid us in the 12 months before the claim.',
  },
  {
    heading: 'Ending your use',
    body: 'You may stop using Runway and ask us to close your account at any time. We may suspend or close an account that breaks these terms, after telling you why unless the law or the safety of others prevents it.',
  },
  {
    heading: 'Changes to these terms',
    body: `We may update these terms from time to time. We will give you at least ${CHANGE_NOTICE_DAYS} days' notice, by email or in the app, before changes take effect. If you keep using Runway after that, the new terms apply; if you do not accept them, you may close your account before they take effect.`,
  },
  {
    heading: 'Contact us',
    body: <SupportContact />,
  },
];

export function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro="These terms govern your use of Runway, the personal finance and retirement planning app, and any subscription you buy."
      sections={SECTIONS}
    />
  );
}
