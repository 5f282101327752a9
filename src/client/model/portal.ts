/**
 * Manage Subscription (docs/product.md#states-and-transitions): open a portal session and send the
 * browser to its url. A failure is only logged (docs/product.md#error-messages).
 */
import type { DataLayer } from '../data/layer-api.ts';

export async function openPortal(layer: DataLayer, assign: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  const result = await layer.transport.request({ method: 'POST', path: '/api/v1/create_portal_session', body: {} });
  const url = result.ok ? (result.data as { portal_session?: { url?: unknown } } | null)?.portal_session?.url : undefined;
  if (typeof url === 'string' && url !== '') assign(url);
  else console.error('Failed to open the subscription portal', result);
}
