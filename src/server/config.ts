/**
 * The server's configuration, read once from the environment. Every variable is documented in
 * docs/deploy.md#configuration.
 */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string | undefined;
  staticDir: string;
  /**
   * AUTH_RATE_LIMIT_MAX / AUTH_RATE_LIMIT_WINDOW_MS: failed sign-ins per account and per address,
   * and sign-ups and password resets per address, per window (src/server/http/rate-limits.ts).
   */
  authRateLimit: { max: number; windowMs: number };
  stripe: {
    secretKey?: string | undefined;
    webhookSecret?: string | undefined;
    priceMonthly?: string | undefined;
    priceYearly?: string | undefined;
    /** The lookup keys that find the plans' prices when no price id is configured. */
    lookupKeyMonthly: string;
    lookupKeyYearly: string;
    /** Where stripe-node sends its requests instead of https://api.stripe.com (stripe-mock, tests). */
    apiBase?: string | undefined;
  };
  /**
   * TRUST_PROXY: how many reverse proxies stand in front of the server (0: none). With N, the
   * client's address is the one the N-th proxy from the server saw, and X-Forwarded-Proto/-Host
   * are believed; entries a client wrote further left in X-Forwarded-For are not.
   */
  trustProxy: number;
  logLevel: string;
  /** READ_CACHE=off answers every read from the database (to measure what the cache saves). */
  readCache: boolean;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

function urlFrom(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: intFrom(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Runway <no-reply@runway.local>',
    appUrl: env.APP_URL || undefined,
    staticDir: path.resolve(env.STATIC_DIR || './dist'),
    authRateLimit: {
      max: intFrom(env.AUTH_RATE_LIMIT_MAX, 10, 'AUTH_RATE_LIMIT_MAX'),
      windowMs: intFrom(env.AUTH_RATE_LIMIT_WINDOW_MS, 60_000, 'AUTH_RATE_LIMIT_WINDOW_MS'),
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      priceMonthly: env.STRIPE_PRICE_MONTHLY || undefined,
      priceYearly: env.STRIPE_PRICE_YEARLY || undefined,
      lookupKeyMonthly: env.STRIPE_LOOKUP_KEY_MONTHLY || 'runway_monthly',
      lookupKeyYearly: env.STRIPE_LOOKUP_KEY_YEARLY || 'runway_yearly',
      apiBase: urlFrom(env.STRIPE_API_BASE, 'STRIPE_API_BASE'),
    },
    trustProxy: intFrom(env.TRUST_PROXY, 0, 'TRUST_PROXY'),
    logLevel: env.LOG_LEVEL || 'info',
    readCache: env.READ_CACHE !== 'off',
  };
}
