/** /privacy-policy (docs/product.md#screens-and-routes): what Runway collects, why, who sees it, and how to reach us. */
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Bullets, LegalDocument, Paragraphs, SupportContact, type LegalSection } from './LegalDocument.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Information we collect',
    body: (
      <Bullets
        items={[
          'Account details: your email address, your birth year and your password, which we store only as a salted hash and never in readable form.',
          'Financial details you enter: income sources, housing, debts and your debt plan, monthly and one-time expenses, retirement accounts and your retirement plan, and the month-by-month figures computed from them.',
          'Subscription details: whether you subscribe, to which plan, and the customer reference of our card payment provider. Your card number is entered on the provider’s page and never reaches our servers.',
          'Technical details: the IP address, browser type and time of each request, kept in our server logs to keep the service secure and working.',
        ]}
      />
    ),
  },
  {
    heading: 'How we use your information',
    body: (
      <Paragraphs>
        {[
          'We use your information to run Runway: to show your dashboard, compute your projections, keep your devices in step with each other, process your subscription and send the emails you ask for, such as a password reset link.',
          'We also use it to protect accounts, prevent abuse and answer your support requests. We do not sell your information, and we do not use your financial details for advertising.',
        ]}
      </Paragraphs>
    ),
  },
  {
    heading: 'Information stored on your device',
    body: (
      <Paragraphs>
        {[
          'So that Runway opens quickly and works offline, your browser keeps your sign-in token, your email, your display preferences and a copy of your data in its local storage. Logging out removes them, and so does deleting your account on that device. On a shared computer, always log out when you are done.',
          'We do not use advertising or tracking cookies.',
        ]}
      </Paragraphs>
    ),
  },
  {
    heading: 'Who we share it with',
    body: (
      <Paragraphs>
        {[
          'We share information only with the providers that help us run the service — hosting, email delivery and card payments — and only what each of them needs. They may use it solely on our behalf.',
          'We disclose information when the law requires it, or to protect the rights and safety of our users and of Runway. If Runway is ever sold or merged, this policy continues to apply to the information we hold.',
        ]}
      </Paragraphs>
    ),
  },
  {
    heading: 'How we protect it',
    body: (
      <Paragraphs>
        {[
          'All traffic between your device and Runway is encrypted. Passwords are hashed, access to our systems is limited to the people who operate them, and a password change signs out your other devices.',
          'No service can promise perfect security. If we learn of a breach that affects your information, we will tell you without undue delay.',
        ]}
      </Paragraphs>
    ),
  },
  {
    heading: 'How long we keep it',
    body: 'We keep your information while your account is open. When you delete your account, your information is erased from our database at once, and whatever remains of it elsewhere, such as in our server logs, within 30 days, except what the law requires us to keep, such as the payment records our card payment provider holds.',
  },
  {
    heading: 'Exporting and deleting your data',
    body: (
      <Paragraphs>
        {[
          'Your data is yours to take with you. On your Profile, Export saves everything you keep in Runway as one file: every record, your plans and assumptions, and every actual balance you entered. You can also download any single table as a spreadsheet (CSV). Export works offline too, from the copy on your device.',
          'Import reads such a file back into your account, either replacing what it holds or adding to it. We check the whole file first, and if any part of it is invalid, nothing is changed.',
          'Delete my account, also on your Profile, asks for your password and then erases your account and everything in it: every record, every actual balance and check-in, and your sign-in on every device. An active subscription is cancelled, so you are not charged again, and we send you an email to confirm. Deleting cannot be undone, so export your data first if you may want it later.',
        ]}
      </Paragraphs>
    ),
  },
  {
    heading: 'Your choices and rights',
    body: (
      <Paragraphs>
        {[
          'You can see and correct your financial details at any time in the dashboard, and your birth year on your profile. You can take a copy of your information or delete your account yourself at any time, as described above, or ask us to do it by writing to support.',
          'Depending on where you live, the law may give you further rights, such as objecting to some uses of your information. Write to us to use them.',
        ]}
      </Paragraphs>
    ),
  },
  {
    heading: 'Children’s privacy',
    body: 'Runway is not intended for children under 13, and we do not knowingly collect personal information from children under 13. If you believe a child under 13 has given us information, contact us and we will delete it.',
  },
  {
    heading: 'Changes to this policy',
    body: 'When we change this policy we will post the new version here with a new date. If a change materially affects how we use your information, we will also tell you by email or in the app before it takes effect.',
  },
  {
    heading: 'Contact us',
    body: <SupportContact />,
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <>
          {'This policy explains what information Runway collects when you use it, how we use it and the choices you have. Using Runway is also governed by our '}
          <Anchor component={Link} to="/terms-of-service" underline="always">
            Terms of Service
          </Anchor>
          .
        </>
      }
      sections={SECTIONS}
    />
  );
}
