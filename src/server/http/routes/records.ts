/**
 * The user's records over REST (docs/api.md#collections, #single-records): the collections of
 * src/shared/resources.ts (list, create, update, delete) and the single records per user (housing,
 * plans, assumptions). Every query is scoped to the signed-in user, so another user's id is simply
 * not found.
 *
 * Updates are partial: the request's fields are laid over the stored record and the whole result
 * is validated, so a client that sends only what changed cannot leave a record half-valid. A
 * record's fixed fields (a baseline's snapshot) may be sent again but not changed.
 *
 * A field that names another record of the user (the assumptions' surplus account) is checked in
 * the write's transaction, and cleared when the record it names is deleted or stops qualifying
 * (db/references.ts).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UpdateAction } from '../../../shared/cable.ts';
import type { RecordInputs, RecordName } from '../../../shared/records.ts';
import { COLLECTIONS, RECORD_UPDATE_TYPES, SINGLES } from '../../../shared/resources.ts';
import { fixedFieldErrors, RECORD_VALIDATORS, type RecordValidators } from '../../../shared/validation/index.ts';
import type { Db } from '../../db/client.ts';
import { RECORD_TABLES, toRow, toWire, wireFields } from '../../db/records.ts';
import { clearStaleReferences, referenceErrors, type ReferenceChanges } from '../../db/references.ts';
import { monthOverrides } from '../../db/schema.ts';
import { MONTHS_AFFECTED_BY } from '../../months/compute.ts';
import { bodyObject, recordId } from '../body.ts';
import { validationContext } from '../../clock.ts';
import { currentUser, type AppContext } from '../context.ts';
import { invalid, notFound } from '../errors.ts';
import { runWrite, type WriteResult } from '../write.ts';

/* Drizzle's table types differ per table; these helpers work on any record table by its columns. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = any;

function tableOf(record: RecordName): AnyTable {
  return RECORD_TABLES[record];
}

function validate<N extends RecordName>(ctx: AppContext, record: N, input: unknown): RecordInputs[N] {
  const result = (RECORD_VALIDATORS[record] as RecordValidators[N])(input, validationContext(ctx.clock));
  if (!result.ok) throw invalid(result.errors);
  return result.value;
}

async function findOwned(db: Db, record: RecordName, userId: number, id?: number): Promise<Record<string, unknown> | undefined> {
  const table = tableOf(record);
  const where = id === undefined ? eq(table.userId, userId) : and(eq(table.id, id), eq(table.userId, userId));
  const [row] = await db.select().from(table).where(where).limit(1);
  return row as Record<string, unknown> | undefined;
}

/**
 * The live update of a record write, and the month tables it may change; with `references`, the
 * records the write cleared a reference of (db/references.ts) go first, as they changed first.
 */
function changed(record: RecordName, action: UpdateAction, data: unknown, references?: ReferenceChanges): Pick<WriteResult, 'updates' | 'months'> {
  const own = { type: RECORD_UPDATE_TYPES[record], action, data };
  if (!references || references.updates.length === 0) return { updates: [own], months: MONTHS_AFFECTED_BY[record] };
  return { updates: [...references.updates, own], months: [...new Set([...MONTHS_AFFECTED_BY[record], ...references.months])] };
}

/** Answers a user's read from the read cache, or loads, answers and caches it. */
async function cachedRead(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<unknown>): Promise<FastifyReply> {
  const user = currentUser(request);
  let json = ctx.cache.body(user.id, key);
  if (json === null) {
    const generation = ctx.cache.generation(user.id);
    json = JSON.stringify(await load());
    ctx.cache.storeBody(user.id, key, json, generation);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}

export function registerRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  for (const c of Object.values(COLLECTIONS)) {
    const table = tableOf(c.record);

    app.get(c.path, (request, reply) =>
      cachedRead(ctx, request, reply, c.listKey, async () => {
        const user = currentUser(request);
        const rows = (await db.select().from(table).where(eq(table.userId, user.id)).orderBy(asc(table.id))) as Record<string, unknown>[];
        return { [c.listKey]: rows.map((row) => toWire(c.record, row)) };
      }),
    );

    app.post(c.path, (request, reply) =>
      runWrite(ctx, request, reply, async (tx) => {
        const user = currentUser(request);
        const value = validate(ctx, c.record, bodyObject(request.body, c.record));
        // created_at is the server's clock, like updated_at on every update (never the body's).
        const [row] = (await tx.insert(table).values({ ...toRow(c.record, value), userId: user.id, createdAt: ctx.clock.now() }).returning()) as Record<string, unknown>[];
        if (!row) throw new Error(`Creating ${c.label} returned no row`);
        const data = toWire(c.record, row);
        return { status: 201, body: { [c.record]: data }, ...changed(c.record, 'created', data) };
      }),
    );

    app.put(`${c.path}/:id`, (request, reply) =>
      runWrite(ctx, request, reply, async (tx) => {
        const user = currentUser(request);
        const id = recordId((request.params as { id?: string }).id, c.label);
        const patch = bodyObject(request.body, c.record);
        const existing = await findOwned(tx, c.record, user.id, id);
        if (!existing) throw notFound(c.label);
        const stored = wireFields(c.record, existing);
        const fixed = fixedFieldErrors(c.record, patch, stored);
        if (Object.keys(fixed).length > 0) throw invalid(fixed);
        const value = validate(ctx, c.record, { ...stored, ...patch });
        const [row] = (await tx
          .update(table)
          .set({ ...toRow(c.record, value), updatedAt: ctx.clock.now() })
          .where(and(eq(table.id, id), eq(table.userId, user.id)))
          .returning()) as Record<string, unknown>[];
        if (!row) throw notFound(c.label);
        const data = toWire(c.record, row);
        // A taxable account made another type can no longer take the surplus: the choice is cleared.
        const references = await clearStaleReferences(tx, c.record, user.id, id, ctx.clock.now(), data);
        return { status: 200, body: { [c.record]: data }, ...changed(c.record, 'updated', data, references) };
      }),
    );

    app.delete(`${c.path}/:id`, (request, reply) =>
      runWrite(ctx, request, reply, async (tx) => {
        const user = currentUser(request);
        const id = recordId((request.params as { id?: string }).id, c.label);
        // Before the DELETE, while the references to it still show (a 404 below rolls this back).
        const references = await clearStaleReferences(tx, c.record, user.id, id, ctx.clock.now());
        const deleted = await tx
          .delete(table)
          .where(and(eq(table.id, id), eq(table.userId, user.id)))
          .returning({ id: table.id });
        if (deleted.length === 0) throw notFound(c.label);
        if (c.overrideKinds.length > 0) {
          await tx
            .delete(monthOverrides)
            .where(and(eq(monthOverrides.userId, user.id), eq(monthOverrides.entityId, id), inArray(monthOverrides.kind, [...c.overrideKinds])));
        }
        return { status: 204, body: undefined, ...changed(c.record, 'deleted', { id }, references) };
      }),
    );
  }

  for (const s of Object.values(SINGLES)) {
    const table = tableOf(s.record);

    app.get(s.path, (request, reply) =>
      cachedRead(ctx, request, reply, s.getKey, async () => {
        const user = currentUser(request);
        const row = await findOwned(db, s.record, user.id);
        return { [s.getKey]: row ? toWire(s.record, row) : null };
      }),
    );

    /*
     * POST and PUT both leave the user with exactly one record: a POST when one exists replaces
     * it, a PUT when none exists creates it. An edit made offline on one device therefore lands
     * even if another device created the record first, instead of bouncing with a conflict.
     */
    const save = (mode: 'replace' | 'merge') => (request: FastifyRequest, reply: FastifyReply) =>
      runWrite(ctx, request, reply, async (tx) => {
        const user = currentUser(request);
        const input = bodyObject(request.body, s.record);
        // One writer at a time per user for a single record: the unique index on user_id backs this.
        const existing = await findOwned(tx, s.record, user.id);
        const base = existing && mode === 'merge' ? wireFields(s.record, existing) : {};
        const value = validate(ctx, s.record, { ...base, ...input });
        const refused = await referenceErrors(tx, s.record, user.id, value as unknown as Record<string, unknown>);
        if (refused) throw invalid(refused);
        const [row] = (await tx
          .insert(table)
          .values({ ...toRow(s.record, value), userId: user.id })
          .onConflictDoUpdate({ target: table.userId, set: { ...toRow(s.record, value), updatedAt: ctx.clock.now() } })
          .returning()) as Record<string, unknown>[];
        if (!row) throw new Error(`Saving ${s.label} returned no row`);
        const data = toWire(s.record, row);
        return { status: existing ? 200 : 201, body: { [s.record]: data }, ...changed(s.record, existing ? 'updated' : 'created', data) };
      });

    app.post(s.path, save('replace'));
    app.put(s.path, save('merge'));

    if (s.deletable) {
      app.delete(s.path, (request, reply) =>
        runWrite(ctx, request, reply, async (tx) => {
          const user = currentUser(request);
          const [deleted] = await tx.delete(table).where(eq(table.userId, user.id)).returning({ id: table.id });
          if (!deleted) throw notFound(s.label);
          return { status: 204, body: undefined, ...changed(s.record, 'deleted', { id: deleted.id }) };
        }),
      );
    }
  }
}
