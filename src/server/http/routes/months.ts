/**
 * The four month tables (docs/api.md#month-tables): computed by src/engine from the user's records
 * and stored overrides, for subscribed users. A PUT stores the user's actual value for one (entity,
 * month) and answers the recomputed row; a DELETE removes that actual again.
 *
 * An account has one actual balance per month (docs/projection-rules.md#actuals-and-check-ins):
 * the contribution table's `input_end_balance` and the retirement table's `balance` are the same
 * value, so an edit on either stores it under both kinds (the later write wins) and a DELETE on
 * either removes both.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cents, type Cents } from '../../../engine/money.ts';
import {
  validateContributionMonth,
  validateDebtMonth,
  validateIncomeMonthEdit,
  validateRetirementMonth,
  type Validation,
} from '../../../shared/validation/index.ts';
import type { AuthUser } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { debts, monthOverrides, retirementAccounts } from '../../db/schema.ts';
import { parseMonthRowId } from '../../../shared/months/ids.ts';
import { currentMonth, MONTHS_AFFECTED_BY, projectFor } from '../../months/compute.ts';
import type { MonthKind } from '../../months/input.ts';
import { findRow, monthTableBody, wireRow, type ActualKind } from '../../../shared/months/tables.ts';
import { MONTHS, MONTHS_OF_KIND } from '../../../shared/resources.ts';
import { bodyObject } from '../body.ts';
import { currentUser, type AppContext } from '../context.ts';
import { HttpError, invalid, notFound } from '../errors.ts';
import { runWrite } from '../write.ts';

export const SUBSCRIPTION_REQUIRED = 'Analytics is part of the subscription. Subscribe to see your month-by-month projections.';

function requireSubscriber(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (!user.subscribed) throw new HttpError(403, SUBSCRIPTION_REQUIRED);
  return user;
}


/** One stored actual an edit writes: its kind and value, or null to remove it. */
interface ActualWrite {
  readonly kind: ActualKind;
  readonly value: Cents | null;
}

function accepted<T>(result: Validation<T>, pick: (value: T) => Cents): Cents {
  if (!result.ok) throw invalid(result.errors);
  return pick(result.value);
}

/**
 * Validates the edit against the entity it belongs to; answers the actuals to write. An income
 * month row also carries the month's mortgage balance and home value
 * (docs/projection-rules.md#the-home-in-a-check-in); an account's actual goes under both its kinds.
 */
async function validateEdit(db: Db, kind: MonthKind, userId: number, entityId: number, body: unknown): Promise<ActualWrite[]> {
  if (kind === 'income') {
    if (entityId !== 0) throw notFound('Income month');
    const edit = validateIncomeMonthEdit(body);
    if (!edit.ok) throw invalid(edit.errors);
    const writes: ActualWrite[] = [];
    if (edit.value.input_end_balance !== undefined) writes.push({ kind: 'income', value: edit.value.input_end_balance });
    if (edit.value.input_mortgage_balance !== undefined) writes.push({ kind: 'mortgage', value: edit.value.input_mortgage_balance });
    if (edit.value.input_home_value !== undefined) writes.push({ kind: 'home', value: edit.value.input_home_value });
    return writes;
  }
  const each = (value: Cents): ActualWrite[] => storedKinds(kind).map((stored) => ({ kind: stored, value }));
  if (kind === 'debt') {
    const [debt] = await db.select().from(debts).where(and(eq(debts.id, entityId), eq(debts.userId, userId)));
    if (!debt) throw notFound('Debt month');
    return each(accepted(validateDebtMonth(body, { apr: Number(debt.apr), monthlyPayment: cents(debt.monthlyPaymentCents) }), (v) => v.input_remaining_balance));
  }
  const [account] = await db
    .select({ id: retirementAccounts.id })
    .from(retirementAccounts)
    .where(and(eq(retirementAccounts.id, entityId), eq(retirementAccounts.userId, userId)));
  if (!account) throw notFound(kind === 'retirement' ? 'Retirement month' : 'Contribution month');
  return each(kind === 'retirement' ? accepted(validateRetirementMonth(body), (v) => v.balance) : accepted(validateContributionMonth(body), (v) => v.input_end_balance));
}

/** The override kinds an edit of `kind` writes: an account's actual is shared by its two tables. */
export function storedKinds(kind: ActualKind): readonly ActualKind[] {
  if (kind === 'mortgage' || kind === 'home') return [kind];
  const twin = MONTHS[MONTHS_OF_KIND[kind]].sharesActualWith;
  return twin === null ? [kind] : [kind, MONTHS[twin].monthKind];
}

/**
 * A strong entity tag for a body: a hash of its text (SHA-1, base64url), quoted as RFC 9110 asks.
 * The same table gives the same tag on every server and database, so it survives a restart.
 */
export function entityTag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when an If-None-Match header (a list of tags, weak ones included, or `*`) names `etag`. */
export function matchesEntityTag(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etag);
}

export function registerMonthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  for (const endpoint of Object.values(MONTHS)) {
    app.get(endpoint.path, async (request: FastifyRequest, reply: FastifyReply) => {
      const user = requireSubscriber(request);
      // The tables change with the calendar too, so the month is part of what is cached.
      const key = `${endpoint.monthKind}_months@${currentMonth(ctx.clock)}`;
      let json = ctx.cache.body(user.id, key);
      if (json === null) {
        const generation = ctx.cache.generation(user.id);
        json = JSON.stringify(monthTableBody(endpoint.monthKind, await projectFor(db, ctx.clock, user)));
        ctx.cache.storeBody(user.id, key, json, generation);
      }
      // The table's ETag: a client that holds this very table gets a 304 and keeps its copy, so
      // a warm start neither downloads nor rewrites tables of megabytes that did not change.
      const etag = entityTag(json);
      reply.header('etag', etag);
      if (matchesEntityTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(json);
    });

    const target = (request: FastifyRequest) => {
      const parsed = parseMonthRowId((request.params as { id?: string }).id);
      if (!parsed) throw notFound(endpoint.label);
      return parsed;
    };

    app.put(`${endpoint.path}/:id`, (request, reply) =>
      runWrite(ctx, request, reply, async (tx) => {
        const user = requireSubscriber(request);
        const { entityId, month } = target(request);
        const writes = await validateEdit(tx, endpoint.monthKind, user.id, entityId, bodyObject(request.body, endpoint.bodyKey));
        // Only a month that has happened (or is happening) has an actual balance.
        if (month > currentMonth(ctx.clock)) throw new HttpError(422, 'Only the current month or earlier can be edited', { month: ['Only the current month or earlier can be edited'] });
        const before = await projectFor(tx, ctx.clock, user);
        if (!findRow(endpoint.monthKind, before, entityId, month)) throw notFound(endpoint.label);
        for (const { kind, value } of writes) {
          const at = and(eq(monthOverrides.userId, user.id), eq(monthOverrides.kind, kind), eq(monthOverrides.entityId, entityId), eq(monthOverrides.month, month));
          if (value === null) await tx.delete(monthOverrides).where(at);
          else
            await tx
              .insert(monthOverrides)
              .values({ userId: user.id, kind, entityId, month, valueCents: value })
              .onConflictDoUpdate({
                target: [monthOverrides.userId, monthOverrides.kind, monthOverrides.entityId, monthOverrides.month],
                set: { valueCents: value, updatedAt: ctx.clock.now() },
              });
        }
        const after = await projectFor(tx, ctx.clock, user);
        const row = findRow(endpoint.monthKind, after, entityId, month);
        if (!row) throw new Error(`${endpoint.label} ${month} vanished after its edit`);
        return { status: 200, body: { [endpoint.bodyKey]: wireRow(entityId, row) }, months: MONTHS_AFFECTED_BY[`${endpoint.monthKind}_month`] };
      }),
    );

    app.delete(`${endpoint.path}/:id`, (request, reply) =>
      runWrite(ctx, request, reply, async (tx) => {
        const user = requireSubscriber(request);
        const { entityId, month } = target(request);
        const removed = await tx
          .delete(monthOverrides)
          .where(and(eq(monthOverrides.userId, user.id), inArray(monthOverrides.kind, [...storedKinds(endpoint.monthKind)]), eq(monthOverrides.entityId, entityId), eq(monthOverrides.month, month)))
          .returning({ month: monthOverrides.month });
        if (removed.length === 0) throw notFound(`${endpoint.label} actual value`);
        return { status: 204, body: undefined, months: MONTHS_AFFECTED_BY[`${endpoint.monthKind}_month`] };
      }),
    );
  }
}
