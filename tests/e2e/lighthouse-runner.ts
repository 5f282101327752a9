/**
 * Lighthouse (12.x, its default mobile preset: a Moto G Power sized screen, simulated slow 4G and a
 * 4× slower CPU) against the running app, in Debian's Chromium started by playwright-core with a
 * debugging port Lighthouse connects to. Used by tests/e2e/lighthouse.test.ts (Accessibility and
 * Best Practices, and Chrome's installability check) and bench/web.ts (the Performance score).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { freePort } from '../server/server-process.ts';
import { CHROMIUM_ARGS } from './harness.ts';

export type Category = 'performance' | 'accessibility' | 'best-practices';

export interface LighthouseRun {
  url: string;
  /** 0–100 per category asked for. */
  scores: Partial<Record<Category, number>>;
  /** Audits that failed (score below 0.9), for a readable failure message. */
  failing: { id: string; title: string; score: number | null }[];
  /** Audits Lighthouse could not run (their category then has no score). */
  errored: { id: string; message: string }[];
  metrics: Record<string, number | undefined>;
  /** The page as Lighthouse last saw it (a JPEG data URL), to check what was measured. */
  finalScreenshot: string | null;
}

export interface LighthouseBrowser {
  context: BrowserContext;
  /** `screen`: the emulated phone's screen instead of the preset's (a Moto G Power's 412×823). */
  run(url: string, options: { categories: Category[]; keepStorage?: boolean; screen?: { width: number; height: number; deviceScaleFactor: number } }): Promise<LighthouseRun>;
  close(): Promise<void>;
}

/**
 * Failures of the trace itself that Lighthouse asks to simply run again ("Something went wrong
 * with recording the trace over your page load. Please run Lighthouse again."): seen now and then
 * on a loaded 2-core machine, never twice in a row.
 */
const RETRIED = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);
const ATTEMPTS = 3;

async function withRetries<T extends { runtimeError?: { code: string; message: string } }>(url: string, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const lhr = await run();
    if (!lhr.runtimeError) return lhr;
    if (!RETRIED.has(lhr.runtimeError.code) || attempt >= ATTEMPTS) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
}

export async function lighthouseBrowser(baseURL: string): Promise<LighthouseBrowser> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'runway-lighthouse-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    baseURL,
  });
  return {
    context,
    async run(url, { categories, keepStorage = false, screen }) {
      const lhr = await withRetries(url, async () => {
        const result = await lighthouse(
          new URL(url, baseURL).href,
          {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: categories,
            // Lighthouse adds these to the categories' audits: the page as it was measured.
            onlyAudits: ['final-screenshot'],
            // A first visit clears the origin's storage (cold caches, no service worker yet); a
            // signed-in page keeps it (the session lives in local storage).
            disableStorageReset: keepStorage,
            ...(screen ? { screenEmulation: { mobile: true, disabled: false, ...screen } } : {}),
          },
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        return result.lhr;
      });
      const scores: LighthouseRun['scores'] = {};
      const failing: LighthouseRun['failing'] = [];
      const errored: LighthouseRun['errored'] = [];
      for (const category of categories) {
        const entry = lhr.categories[category];
        if (!entry) continue;
        scores[category] = Math.round((entry.score ?? 0) * 100);
        for (const ref of entry.auditRefs) {
          const audit = lhr.audits[ref.id];
          if (!audit) continue;
          if (audit.scoreDisplayMode === 'error') errored.push({ id: ref.id, message: audit.errorMessage ?? 'error' });
          else if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) failing.push({ id: ref.id, title: audit.title, score: audit.score });
        }
      }
      const numeric = (id: string) => lhr.audits[id]?.numericValue;
      const metrics = {
        'first-contentful-paint ms': numeric('first-contentful-paint'),
        'largest-contentful-paint ms': numeric('largest-contentful-paint'),
        'total-blocking-time ms': numeric('total-blocking-time'),
        'cumulative-layout-shift': numeric('cumulative-layout-shift'),
        'speed-index ms': numeric('speed-index'),
      };
      const shot = lhr.audits['final-screenshot']?.details;
      const finalScreenshot = shot && shot.type === 'screenshot' ? shot.data : null;
      return { url, scores, failing, errored, metrics, finalScreenshot };
    },
    async close() {
      await context.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
