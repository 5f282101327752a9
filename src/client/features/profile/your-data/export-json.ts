/**
 * "Export (JSON)": the server's document when it can be reached, else the same document made on
 * the device from its mirror (src/client/data/mirror/export-from-mirror.ts). Online, edits still queued
 * on this device are sent first, so the server's file has them too.
 */
import { EXPORT_FORMAT, exportFileName } from '../../../../shared/export/document.ts';
import type { DataLayer } from '../../../data/layer-api.ts';
import { exportFromMirror } from '../../../data/mirror/export-from-mirror.ts';
import { dataCalls, EXPORT_FAILED } from './data-calls.ts';
import { saveFile } from './download.ts';

export const NOTHING_ON_DEVICE = 'This device has not loaded your data yet. Connect to the internet and try again.';

export type ExportOutcome =
  /** `device`: made from the mirror (offline, or the server unreachable); `actualsKnown` false when it holds no month tables. */
  | { ok: true; fileName: string; source: 'server' | 'device'; actualsKnown: boolean }
  | { ok: false; message: string };

const isExport = (data: unknown): data is { format: string; exported_at: string } =>
  typeof data === 'object' && data !== null && (data as { format?: unknown }).format === EXPORT_FORMAT && typeof (data as { exported_at?: unknown }).exported_at === 'string';

export async function exportJson(layer: DataLayer, now: Date): Promise<ExportOutcome> {
  if (layer.getState().online) {
    await layer.flush();
    const result = await dataCalls.exportDocument(layer.transport);
    if (result.ok && isExport(result.data)) {
      // The server sends JSON.stringify(document); parsed and written again, it is the same text.
      const fileName = exportFileName(result.data);
      saveFile(fileName, JSON.stringify(result.data), 'application/json');
      return { ok: true, fileName, source: 'server', actualsKnown: true };
    }
    // Only an unreachable server falls back to the device's copy; a refusal is said as it is.
    if (!result.ok && result.kind === 'http') return { ok: false, message: result.message ?? EXPORT_FAILED };
    if (result.ok) return { ok: false, message: EXPORT_FAILED };
  }
  // A mirror that never fetched the user's records would make a file of nothing.
  const fetched = (await layer.db.syncStatus.toArray()).some((status) => status.name !== 'featureFlags' && status.lastFetched !== null);
  const made = fetched ? await exportFromMirror(layer.db, { exportedAt: now.toISOString(), session: layer.getSession() }) : null;
  if (!made) return { ok: false, message: NOTHING_ON_DEVICE };
  const fileName = exportFileName(made.document);
  saveFile(fileName, JSON.stringify(made.document), 'application/json');
  return { ok: true, fileName, source: 'device', actualsKnown: made.actualsKnown };
}
