// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test-support/routes.testing.tsx';
import { SUPPORT_EMAIL } from '../../ui/contact.ts';
import { PrivacyPolicyPage } from './PrivacyPolicyPage.tsx';
import { TermsOfServicePage } from './TermsOfServicePage.tsx';

const pageText = () => document.body.textContent?.replace(/\s+/g, ' ') ?? '';

async function expectLegalBasics(title: string) {
  const headings = await screen.findAllByRole('heading', { level: 1 });
  expect(headings.map((h) => h.textContent)).toEqual([title]);
  screen.getByText('Last updated: 9/2/2025');
  const mail = screen.getByRole('link', { name: SUPPORT_EMAIL });
  expect(mail.getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
  expect(mail.parentElement?.textContent).toContain('within 48 hours');
}

describe('legal pages', () => {
  it('the privacy policy: date, support contact, 48-hour target, children under 13', async () => {
    renderRoutes('/privacy-policy', { '/privacy-policy': PrivacyPolicyPage }, { signedIn: false });
    await expectLegalBasics('Privacy Policy');
    expect(pageText()).toContain('Runway is not intended for children under 13, and we do not knowingly collect personal information from children under 13.');
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
  });

  it('the privacy policy says how to export, import and delete, and keeps its fixed date', async () => {
    renderRoutes('/privacy-policy', { '/privacy-policy': PrivacyPolicyPage }, { signedIn: false });
    const heading = await screen.findByRole('heading', { name: /Exporting and deleting your data$/ });
    const section = heading.closest('section');
    expect(section?.textContent).toContain('Export saves everything you keep in Runway as one file');
    expect(section?.textContent).toContain('if any part of it is invalid, nothing is changed');
    expect(section?.textContent).toContain('An active subscription is cancelled, so you are not charged again');
    expect(section?.textContent).toContain('Deleting cannot be undone');
    // The legal pages' date is fixed at 9/2/2025: the text changed, the date stays.
    screen.getByText('Last updated: 9/2/2025');
  });

  it('the terms: date, support contact, 48-hour target, 30 days of notice before a change', async () => {
    renderRoutes('/terms-of-service', { '/terms-of-service': TermsOfServicePage }, { signedIn: false });
    await expectLegalBasics('Terms of Service');
    expect(pageText()).toContain("We will give you at least 30 days' notice, by email or in the app, before changes take effect.");
    expect(pageText()).toContain('Monthly at $5.99 per month or Yearly at $60.00 per year');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
  });
});
