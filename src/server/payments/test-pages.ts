/**
 * The test-mode provider's own checkout and portal pages: plain server-rendered HTML with forms
 * (no script), served under /payments/test/ with `no-store`, so neither the browser nor a service
 * worker keeps them. Every page says at the top that it is test mode and that no card is charged.
 * One h1 per page, labelled controls, AA contrast in light and dark schemes, and a layout that
 * fits a 375 px screen.
 */
import type { SubscriptionData } from '../../shared/cable.ts';
import { PLANS, TRIAL_DAYS, type PlanId } from './plans.ts';
import { longDateText } from '../../engine/format.ts';

export const TEST_MODE_BANNER = 'Test mode — no card is charged';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function formatDay(iso: string | Date): string {
  const day = new Date(iso);
  return Number.isNaN(day.getTime()) ? 'Invalid Date' : (longDateText(day.toISOString()) as string);
}

const STYLE = `
:root { color-scheme: light dark; --bg: #f8f9fa; --card: #ffffff; --text: #1a1b1e; --muted: #495057; --border: #ced4da;
  --primary: #1864ab; --primary-text: #ffffff; --danger: #c92a2a; --banner-bg: #fff3bf; --banner-text: #5c3c00; --focus: #1971c2; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #1a1b1e; --card: #25262b; --text: #f1f3f5; --muted: #ced4da; --border: #5c5f66;
    --primary: #4dabf7; --primary-text: #0b1a2a; --danger: #ff8787; --banner-bg: #5c3c00; --banner-text: #fff3bf; --focus: #74c0fc; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--text); }
.banner { margin: 0; padding: 12px 16px; background: var(--banner-bg); color: var(--banner-text); font-weight: 700; text-align: center; }
main { max-width: 480px; margin: 24px auto; padding: 0 16px; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 24px; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 16px; }
.plan { font-size: 1.125rem; font-weight: 600; margin: 0; }
.price { font-size: 1.75rem; font-weight: 700; margin: 4px 0 12px; }
.muted { color: var(--muted); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 16px 0; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
.actions { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 20px; }
.actions form { margin: 0; flex: 1 1 160px; }
button, .button { display: inline-block; width: 100%; min-height: 44px; padding: 10px 16px; border-radius: 6px; font: inherit; font-weight: 600;
  text-align: center; text-decoration: none; cursor: pointer; border: 2px solid var(--primary); }
.primary { background: var(--primary); color: var(--primary-text); }
.secondary { background: transparent; color: var(--text); border-color: var(--border); }
.danger { background: transparent; color: var(--danger); border-color: var(--danger); }
button:focus-visible, a:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
a { color: var(--primary); }
.status { padding: 12px; border-radius: 6px; border: 1px solid var(--border); margin: 0 0 16px; }
.note { font-size: 0.875rem; margin-top: 24px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)} · Runway (test mode)</title>
<style>${STYLE}</style>
</head>
<body>
<header><p class="banner" role="note">${TEST_MODE_BANNER}</p></header>
<main>
<div class="card">
${body}
</div>
<p class="note muted">This page stands in for the payment provider while the server runs without Stripe keys. Nothing is paid and no card details are asked for.</p>
</main>
</body>
</html>`;
}

export interface CheckoutPageInput {
  action: string;
  plan: PlanId;
  email: string;
  trial: boolean;
}

export function checkoutPage({ action, plan, email, trial }: CheckoutPageInput): string {
  const { name, priceLabel } = PLANS[plan];
  const terms = trial
    ? `<p>Your ${TRIAL_DAYS}-day free trial starts today; after it, ${escapeHtml(priceLabel)} until you cancel.</p>`
    : `<p>${escapeHtml(priceLabel)}, starting today, until you cancel.</p>`;
  return page(
    `${name} Plan checkout`,
    `<h1>Subscribe to Runway</h1>
<p class="plan">${escapeHtml(name)} Plan</p>
<p class="price">${escapeHtml(priceLabel)}</p>
${terms}
<dl><dt>Account</dt><dd>${escapeHtml(email)}</dd><dt>Card</dt><dd>None needed in test mode</dd></dl>
<div class="actions">
<form method="post" action="${escapeHtml(action)}/pay"><button type="submit" class="primary">Pay (test mode)</button></form>
<form method="post" action="${escapeHtml(action)}/cancel"><button type="submit" class="secondary">Cancel</button></form>
</div>`,
  );
}

export function messagePage(title: string, message: string, link: { href: string; label: string }): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<div class="actions"><a class="button primary" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></div>`,
  );
}

export interface PortalPageInput {
  action: string;
  email: string;
  subscription: SubscriptionData;
  /** Just canceled: say so. */
  canceled: boolean;
  returnUrl: string;
}

function statusLine(subscription: SubscriptionData): string {
  const { status, trial_end: trialEnd, current_period_end: periodEnd } = subscription;
  if (status === 'trialing' && trialEnd) return `Free trial until ${formatDay(trialEnd)}`;
  if (status === 'active' && periodEnd) return `Active, renews on ${formatDay(periodEnd)}`;
  if (status === 'canceled') return 'Canceled';
  return status ?? 'None';
}

export function portalPage({ action, email, subscription, canceled, returnUrl }: PortalPageInput): string {
  const plan = subscription.plan ? PLANS[subscription.plan] : null;
  const notice = canceled ? '<p class="status" role="status">Your subscription is canceled. Analytics is locked until you subscribe again.</p>' : '';
  const details = subscription.subscribed
    ? `<dl><dt>Account</dt><dd>${escapeHtml(email)}</dd><dt>Plan</dt><dd>${plan ? `${escapeHtml(plan.name)} Plan, ${escapeHtml(plan.priceLabel)}` : 'Unknown'}</dd><dt>Status</dt><dd>${escapeHtml(statusLine(subscription))}</dd></dl>
<div class="actions">
<form method="post" action="${escapeHtml(action)}/cancel"><button type="submit" class="danger">Cancel subscription</button></form>
<a class="button secondary" href="${escapeHtml(returnUrl)}">Return to Runway</a>
</div>`
    : `<dl><dt>Account</dt><dd>${escapeHtml(email)}</dd><dt>Status</dt><dd>No active subscription</dd></dl>
<div class="actions"><a class="button primary" href="${escapeHtml(returnUrl)}">Return to Runway</a></div>`;
  return page('Manage subscription', `<h1>Manage your subscription</h1>\n${notice}${details}`);
}
