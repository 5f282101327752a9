/**
 * The pieces of the chaos test (chaos.test.ts): a seeded random source, random record values that
 * the server's rules accept (or, on purpose, refuse), a model of what the edits must leave behind,
 * and a transport wrapper that plays an unreliable network.
 */
import type { ApiRequest, ApiResult, ApiTransport } from '../../src/client/data/api.ts';
import type { Fields } from '../../src/client/data/sync/conflicts.ts';
import type { WireRecord } from '../../src/client/data/mirror/db.ts';
import { COLLECTIONS, SINGLES, type CollectionName, type SingleName } from '../../src/shared/resources.ts';

/* ------------------------------------------------------------------------------------------ */
/* Randomness                                                                                 */
/* ------------------------------------------------------------------------------------------ */

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32: small, fast and good enough to drive a test; the same seed gives the same run. */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Record values                                                                              */
/* ------------------------------------------------------------------------------------------ */

/** Dollars with at most two decimals, as the wire carries money. */
const money = (r: Random, min: number, max: number) => r.int(min * 100, max * 100) / 100;
const percent = (r: Random, min: number, max: number) => r.int(min * 100, max * 100) / 100;
const date = (r: Random, fromYear: number, toYear: number) => `${r.int(fromYear, toYear)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
const PAY_CYCLES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;

const BASELINE_SNAPSHOT = {
  months: [
    { month: '2026-11', cash: 1200.5, debts: 4200.25, savings: 20000, contributions: 500, returns: 0 },
    { month: '2026-12', cash: 1300.5, debts: 4050.25, savings: 20512.34, contributions: 1000, returns: 104.6 },
  ],
};

/*
 * The ranges keep every combination valid, so that a partial update can never make a record the
 * server refuses: net pay (≤ 3,900) never exceeds gross pay (≥ 4,000); a debt's payment (≥ 300)
 * always covers the interest (≤ 10,000 × 30 % / 12 = 250); an income's end month (2031 on) is
 * never before its next pay date (2026–2028).
 */
export const VALUES: Record<CollectionName, (r: Random, tag: string) => Fields> = {
  incomes: (r, tag) => ({
    name: `Income ${tag}`,
    pay_cycle: r.pick(PAY_CYCLES),
    next_pay_date: date(r, 2026, 2028),
    gross_pay: money(r, 4000, 6000),
    net_pay: money(r, 1000, 3900),
    end_month: r.chance(0.3) ? date(r, 2031, 2040).slice(0, 7) : null,
  }),
  debts: (r, tag) => ({
    name: `Debt ${tag}`,
    creditor: r.pick(['Chase', 'Citi', 'Amex', 'Discover']),
    original_amount: money(r, 1000, 20000),
    remaining_amount: money(r, 0, 10000),
    apr: percent(r, 0, 30),
    monthly_payment: money(r, 300, 800),
    original_term: r.int(1, 480),
    due_day: r.int(1, 31),
  }),
  monthlyExpenses: (r, tag) => ({ name: `Expense ${tag}`, amount: money(r, 1, 900), due_day: r.int(1, 31), end_month: r.chance(0.3) ? date(r, 2020, 2040).slice(0, 7) : null }),
  otherExpenses: (r, tag) => ({ month: date(r, 2026, 2030).slice(0, 7), description: `Other ${tag}`, amount: money(r, 1, 5000) }),
  retirementAccounts: (r, tag) => ({
    name: `Account ${tag}`,
    account_type: r.pick(['traditional_401k', 'roth_401k', 'traditional_ira', 'roth_ira']),
    contribution_amount: money(r, 0, 1500),
    employer_match: percent(r, 0, 100),
    employer_contribution_amount: money(r, 0, 800),
    starting_balance: money(r, 0, 200000),
    expected_return_rate: percent(r, 0, 50),
    contribution_cycle: r.pick(PAY_CYCLES),
    next_deposit_date: date(r, 2026, 2028),
    payroll_deducted: r.chance(0.5),
  }),
  // One snapshot for every baseline: a saved snapshot is fixed, and a patch that sends the same
  // one again is a rename, so any random part of these values stays an edit the server accepts.
  baselines: (r, tag) => ({ name: `Baseline ${tag} ${r.int(1, 99)}`, snapshot: BASELINE_SNAPSHOT }),
};

/** A patch the server refuses whatever the record (422). */
export const INVALID: Record<CollectionName, Fields> = {
  incomes: { gross_pay: -100 },
  debts: { apr: 150 },
  monthlyExpenses: { due_day: 40 },
  otherExpenses: { amount: 0 },
  retirementAccounts: { expected_return_rate: 75 },
  baselines: { name: '' },
};

/** A random non-empty part of a fresh valid record. */
export function patchOf(r: Random, collection: CollectionName, tag: string): Fields {
  const full = Object.entries(VALUES[collection](r, tag));
  const patch = full.filter(() => r.chance(0.35));
  return Object.fromEntries(patch.length > 0 ? patch : [r.pick(full)]);
}

export function housingValues(r: Random): Fields {
  const kind = r.pick(['Rent', 'Own', 'Mortgage'] as const);
  if (kind !== 'Mortgage') {
    // Every field is sent, so the server's replace (POST) and merge (PUT) leave the same record.
    const none = { original_purchase_price: null, down_payment: null, interest_rate: null, term: null, open_date: null, current_balance: null };
    return { housing_type: kind, total_monthly_payment: money(r, 2000, 3000), ...none, escrow_payment: r.chance(0.5) ? null : money(r, 0, 500) };
  }
  // The payment net of escrow (≥ 1,500) always covers the interest (≤ 200,000 × 7 % / 12).
  return {
    housing_type: 'Mortgage',
    total_monthly_payment: money(r, 2000, 3000),
    original_purchase_price: money(r, 250000, 400000),
    down_payment: money(r, 20000, 50000),
    interest_rate: percent(r, 3, 7),
    term: r.int(15, 30),
    open_date: date(r, 2015, 2024),
    current_balance: money(r, 100000, 200000),
    escrow_payment: money(r, 100, 500),
  };
}

export function housingPatch(r: Random): Fields {
  return r.chance(0.5) ? { total_monthly_payment: money(r, 2000, 3000) } : { escrow_payment: money(r, 0, 500) };
}

export function debtPlanValues(r: Random): Fields {
  const planType = r.pick(['none', 'snowball', 'avalanche'] as const);
  // With no strategy the server keeps an extra payment of 0, whatever is sent.
  return { plan_type: planType, extra_payment: planType === 'none' ? 0 : money(r, 0, 500) };
}

/** Plan assumptions: a few of them set, the rest null (neutral), as the server answers them. */
export function assumptionsValues(r: Random): Fields {
  return {
    inflation_rate: percent(r, 0, 5),
    salary_growth_rate: null,
    social_security_cola: null,
    cash_balance: money(r, 0, 20_000),
    cash_interest_rate: percent(r, 0, 5),
    home_value: null,
    home_appreciation_rate: null,
    retirement_tax_rate: null,
    spend_cash_in_retirement: r.chance(0.5),
    return_volatility: null,
    stock_share: null,
    other_spending: money(r, 0, 800),
    retirement_spending: null,
    // Naming a surplus account needs a taxable account the model would have to keep alive.
    surplus_account_id: null,
    surplus_share: null,
    overdraft_interest_rate: percent(r, 0, 30),
    filing_status: r.pick([null, 'single', 'married_joint', 'head_of_household'] as const),
    state_tax_rate: percent(r, 0, 10),
    roth_conversion: null,
    withdrawal_order: r.pick([null, 'proportional', 'tax_aware'] as const),
  };
}

export function retirementPlanValues(r: Random): Fields {
  return {
    retirement_date: date(r, 2040, 2060),
    interest_rate: percent(r, 0, 50),
    social_security_income: money(r, 0, 4000),
    social_security_start_date: date(r, 2045, 2065),
    monthly_expenses: r.chance(0.2) ? null : money(r, 500, 8000),
    years_of_retirement: r.int(1, 100),
  };
}

export function retirementPlanPatch(r: Random): Fields {
  const full = Object.entries(retirementPlanValues(r));
  const patch = full.filter(() => r.chance(0.4));
  return Object.fromEntries(patch.length > 0 ? patch : [r.pick(full)]);
}

/* ------------------------------------------------------------------------------------------ */
/* The model                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** A record's fields without its identity and timestamps: what an edit can change. */
export function content(record: WireRecord | Fields | null | undefined): Fields | null {
  if (!record) return null;
  const { id: _id, created_at: _created, updated_at: _updated, ...fields } = record;
  return fields;
}

interface ModelRecord {
  /** What the mirror shows while offline: every edit applied. */
  shown: Fields;
  /** What the server must end with: refused edits left out; null when the create is refused. */
  kept: Fields | null;
}

export interface ExpectedFailure {
  method: string;
  body: unknown;
}

/** The request an edit must queue; edits of one `group` were made at the same moment, in any order. */
export interface LoggedEdit {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  group: number | null;
}

/**
 * The edit log, applied in outbox order. Collections are keyed by the id the edit named: the
 * server's for records that existed before, the temporary one for records created offline.
 */
export class Model {
  readonly collections = new Map<CollectionName, Map<number, ModelRecord>>();
  readonly singles = new Map<SingleName, Fields | null>();
  /** The entries the server must refuse (and the edits that depended on them), in order. */
  readonly failures: ExpectedFailure[] = [];
  /** Every edit's request, in the order the edits were made. */
  readonly log: LoggedEdit[] = [];
  /** Set while edits made at the same moment are logged. */
  group: number | null = null;
  edits = 0;

  constructor(collections: readonly CollectionName[]) {
    for (const name of collections) this.collections.set(name, new Map());
  }

  table(name: CollectionName): Map<number, ModelRecord> {
    const table = this.collections.get(name);
    if (!table) throw new Error(`no table ${name}`);
    return table;
  }

  seed(name: CollectionName, record: WireRecord): void {
    const fields = content(record) as Fields;
    this.table(name).set(record.id, { shown: fields, kept: fields });
  }

  private logged(method: LoggedEdit['method'], path: string, body: unknown): void {
    this.edits += 1;
    this.log.push({ method, path, body, group: this.group });
  }

  create(name: CollectionName, id: number, body: unknown, fields: Fields, refused: boolean): void {
    this.logged('POST', COLLECTIONS[name].path, body);
    if (this.table(name).has(id)) throw new Error(`temporary id ${id} handed out twice in ${name}`);
    this.table(name).set(id, { shown: fields, kept: refused ? null : fields });
    if (refused) this.failures.push({ method: 'POST', body });
  }

  update(name: CollectionName, id: number, body: unknown, patch: Fields, refused: boolean): void {
    this.logged('PUT', `${COLLECTIONS[name].path}/${id}`, body);
    const record = this.table(name).get(id);
    if (!record) throw new Error(`update of unknown ${name} ${id}`);
    record.shown = { ...record.shown, ...patch };
    // An update of a record whose create is refused is refused with it.
    if (refused || !record.kept) this.failures.push({ method: 'PUT', body });
    else record.kept = { ...record.kept, ...patch };
  }

  remove(name: CollectionName, id: number): void {
    this.logged('DELETE', `${COLLECTIONS[name].path}/${id}`, undefined);
    // A delete of a record that was never created leaves quietly (nothing to refuse).
    if (!this.table(name).delete(id)) throw new Error(`delete of unknown ${name} ${id}`);
  }

  /** POST when there is none (the fields replace), else PUT (the fields are merged). */
  saveSingle(name: SingleName, fields: Fields): void {
    const current = this.singles.get(name) ?? null;
    this.logged(current ? 'PUT' : 'POST', SINGLES[name].path, { [SINGLES[name].record]: fields });
    this.singles.set(name, current ? { ...current, ...fields } : { ...fields });
  }

  deleteSingle(name: SingleName): void {
    this.logged('DELETE', SINGLES[name].path, undefined);
    this.singles.set(name, null);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* The network                                                                                */
/* ------------------------------------------------------------------------------------------ */

export interface NetworkStats {
  /** Requests refused because the device was offline. */
  offline: number;
  /** Requests that never reached the server. */
  dropped: number;
  /** Writes the server handled whose answer was then lost. */
  answersLost: number;
  /** Writes handed to the real transport (whatever became of them). */
  writesSent: number;
}

/**
 * One network shared by every tab: offline, or online with a connection that flaps. A write may
 * fail before it leaves or — worse — after the server handled it, when only a replay with the same
 * Idempotency-Key can tell the client what happened.
 */
export class Network {
  online = false;
  /** Probability that a request fails before it is sent. */
  dropRate = 0;
  /** Probability that a write's answer is lost after the server handled it. */
  loseRate = 0;
  readonly stats: NetworkStats = { offline: 0, dropped: 0, answersLost: 0, writesSent: 0 };
  /** Each answer arrives up to this many milliseconds late (uniformly), so answers overtake each other. */
  jitterMs = 0;
  /** Called as each write goes out (with the running count). */
  onWrite: ((count: number) => void) | null = null;

  constructor(private readonly random: Random) {}

  wrap(inner: ApiTransport): ApiTransport {
    const failure = (message: string): ApiResult => ({ ok: false, kind: 'network', message });
    return {
      request: async (request: ApiRequest): Promise<ApiResult> => {
        if (!this.online) {
          this.stats.offline += 1;
          return failure('offline');
        }
        if (this.random.chance(this.dropRate)) {
          this.stats.dropped += 1;
          return failure('the connection dropped before the request left');
        }
        const late = <T>(value: T) => (this.jitterMs > 0 ? new Promise<T>((resolve) => setTimeout(() => resolve(value), this.random.next() * this.jitterMs)) : value);
        if (request.method === 'GET') return late(await inner.request(request));
        this.stats.writesSent += 1;
        this.onWrite?.(this.stats.writesSent);
        const result = await late(await inner.request(request));
        if (this.random.chance(this.loseRate)) {
          this.stats.answersLost += 1;
          return failure('the connection dropped before the answer arrived');
        }
        return result;
      },
    };
  }
}
