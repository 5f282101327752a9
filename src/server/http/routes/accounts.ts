/**
 * Account calls (docs/product.md#calls): sign up, sign in, sign out, password reset (request and
 * perform), change password, profile and feature flags; and deleting the account
 * (docs/api.md#deleting-an-account).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  validateAccountDeletion,
  validatePasswordChange,
  validatePasswordReset,
  validatePasswordResetRequest,
  validateProfile,
  validateSignIn,
  validateSignUp,
  parseBoolean,
  type Validation,
} from '../../../shared/validation/index.ts';
import { consumePasswordReset, createPasswordReset, flagEnabled, userJson } from '../../auth/accounts.ts';
import { accountDeletedMail, deleteAccount } from '../../auth/delete-account.ts';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { bearerToken } from '../../auth/tokens.ts';
import { featureFlags, users } from '../../db/schema.ts';
import { MONTHS_AFFECTED_BY } from '../../months/compute.ts';
import { bodyObject } from '../body.ts';
import { NOT_SIGNED_IN } from '../../auth/tokens.ts';
import { validationContext } from '../../clock.ts';
import { currentUser, type AppContext } from '../context.ts';
import { HttpError, invalid } from '../errors.ts';
import { budgetHeaders, sendTooManyAttempts } from '../rate-limits.ts';
import { runWrite } from '../write.ts';

export const RESET_EXPIRED_MESSAGE = 'Token has expired. Please request a new password reset link.';
export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, you will receive password reset instructions shortly.';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

function valid<T>(result: Validation<T>): T {
  if (!result.ok) throw invalid(result.errors);
  return result.value;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext, authenticate: (request: FastifyRequest) => Promise<void>): void {
  const { db } = ctx.database;
  // Per address (rate-limits.ts); sign-in has rules of its own.
  const limited = ctx.rateLimits.perAddress();

  const answerSession = async (reply: FastifyReply, code: number, message: string, user: Parameters<typeof userJson>[0], rememberMe: boolean) => {
    const token = await ctx.tokens.issue(user.id, rememberMe);
    reply.header('authorization', `Bearer ${token}`).code(code);
    return { status: { code, message, data: { token, user: userJson(user) } } };
  };

  // Sign-up is limited too: each one costs an argon2 hash, and its answer tells whether an email is taken.
  app.post('/users', { config: limited }, async (request, reply) => {
    if (!(await flagEnabled(db, 'allow_signup'))) {
      throw new HttpError(403, 'Sign up is temporarily unavailable. Please try again later.');
    }
    const input = bodyObject(request.body, 'user');
    const value = valid(validateSignUp(input, validationContext(ctx.clock)));
    const passwordHash = await hashPassword(value.password);
    const taken = { email: ['Email has already been taken'] };
    let created;
    try {
      [created] = await db
        .insert(users)
        .values({ email: value.email, passwordHash, birthYear: value.birth_year, createdAt: ctx.clock.now(), updatedAt: ctx.clock.now() })
        .onConflictDoNothing({ target: users.email })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid(taken);
      throw error;
    }
    if (!created) throw invalid(taken);
    request.log.info({ userId: created.id }, 'user signed up');
    const rememberMe = parseBoolean(input.remember_me, { label: 'Remember me' });
    return answerSession(reply, 201, 'Signed up successfully.', created, rememberMe.ok && rememberMe.value);
  });

  // Failures are limited per account and per address, successes only by a generous ceiling per
  // address (rate-limits.ts); the limits are checked before the password costs a hash.
  app.post('/users/sign_in', async (request, reply) => {
    const value = valid(validateSignIn(bodyObject(request.body, 'user')));
    const attempt = await ctx.rateLimits.signIn(value.email, request.ip);
    if (!attempt.allowed) return sendTooManyAttempts(reply, attempt.budget);
    const [user] = await db.select().from(users).where(eq(users.email, value.email));
    const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash()), value.password);
    if (!user || !matches) {
      reply.headers(budgetHeaders(await attempt.failed()));
      throw new HttpError(401, 'Invalid email or password.');
    }
    reply.headers(budgetHeaders(await attempt.succeeded()));
    request.log.info({ userId: user.id }, 'user signed in');
    return answerSession(reply, 200, 'Logged in successfully.', user, value.remember_me);
  });

  app.delete('/users/sign_out', async (request) => {
    const user = await ctx.tokens.authenticate(bearerToken(request.headers.authorization));
    if (!user) throw new HttpError(401, NOT_SIGNED_IN);
    await ctx.tokens.revoke(user);
    return { status: 200, message: 'Logged out successfully.' };
  });

  app.post('/users/password', { config: limited }, async (request) => {
    const value = valid(validatePasswordResetRequest(bodyObject(request.body, 'user')));
    const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, value.email));
    if (user) {
      // Sent in the background, so the answer takes as long whether or not the email exists; past
      // the recipient's limit (rate-limits.ts) nothing is sent, and the answer is the same.
      const send = async () => {
        if (!(await ctx.rateLimits.resetMailAllowed(user.email))) return request.log.info({ userId: user.id }, 'password reset mail not sent: too many to this address');
        await sendResetMail(ctx, user, request);
      };
      void send().catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
    }
    return { status: { code: 200, message: RESET_REQUESTED_MESSAGE }, message: RESET_REQUESTED_MESSAGE };
  });

  app.put('/users/password', { config: limited }, async (request) => {
    const value = valid(validatePasswordReset(bodyObject(request.body, 'user')));
    const now = ctx.clock.now();
    const passwordHash = await hashPassword(value.password);
    const changed = await db.transaction(async (tx) => {
      const userId = await consumePasswordReset(tx as never, value.email, value.reset_password_token, now);
      if (userId === null) return null;
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
      await ctx.tokens.revokeAll(userId, undefined, tx as never);
      await ctx.changes.notify(tx as never, { userId, messages: [], sessionsChanged: true });
      return userId;
    });
    if (changed !== null) ctx.cache.forget(changed);
    if (changed === null) throw new HttpError(422, RESET_EXPIRED_MESSAGE, { reset_password_token: [RESET_EXPIRED_MESSAGE] });
    return { status: { code: 200, message: 'Your password has been changed successfully.' } };
  });

  // Limited per user, as DELETE /users is: the change checks the current password, which a
  // stolen token must not be able to guess.
  app.put('/users', { preHandler: authenticate, config: ctx.rateLimits.passwordCheck() }, (request, reply) =>
    runWrite(ctx, request, reply, async (tx) => {
      const user = currentUser(request);
      const value = valid(validatePasswordChange(bodyObject(request.body, 'user')));
      const [row] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      if (!row || !(await verifyPassword(row.passwordHash, value.current_password))) {
        throw invalid({ current_password: [CURRENT_PASSWORD_INCORRECT] });
      }
      await tx.update(users).set({ passwordHash: await hashPassword(value.password), updatedAt: ctx.clock.now() }).where(eq(users.id, user.id));
      // Every other device signs in again with the new password; this one stays signed in.
      await ctx.tokens.revokeAll(user.id, user.jti, tx);
      return { status: 200, body: { status: { code: 200, message: 'Password updated successfully.' } }, sessionsChanged: true };
    }),
  );

  // docs/api.md#deleting-an-account and auth/delete-account.ts. No Idempotency-Key: a repeated
  // DELETE finds its session gone and answers 401. Limited per user, as a stolen token must not
  // guess the password.
  app.delete('/users', { preHandler: authenticate, config: ctx.rateLimits.passwordCheck() }, async (request, reply) => {
    const user = currentUser(request);
    const value = valid(validateAccountDeletion(bodyObject(request.body, 'user')));
    const [row] = await db.select({ passwordHash: users.passwordHash, stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
    if (!row) throw new HttpError(401, NOT_SIGNED_IN);
    if (!(await verifyPassword(row.passwordHash, value.current_password))) throw invalid({ current_password: [CURRENT_PASSWORD_INCORRECT] });
    const deleted = await deleteAccount(ctx, { id: user.id, email: user.email, stripeCustomerId: row.stripeCustomerId });
    if (!deleted.ok) throw new HttpError(deleted.status, deleted.message);
    request.log.info({ userId: user.id, erased: deleted.value.erased }, 'account deleted');
    // Sent in the background: the account is gone whatever the mail does, and a slow SMTP server
    // must not hold the answer.
    void ctx.mail.send(accountDeletedMail(user.email, deleted.value)).then(
      (where) => request.log.info({ userId: user.id, mail: where }, 'account deletion mail sent'),
      (error: unknown) => request.log.error({ err: error, userId: user.id }, 'account deletion mail failed'),
    );
    return reply.code(204).send();
  });

  const profileBody = (user: { id: number; email: string; birthYear: number; createdAt: Date }) => ({
    // The web app reads `user` as a JSON string (docs/product.md#calls). `created_at` (sign-up)
    // tells the device the plan start date, to project offline as the server does.
    user: JSON.stringify({ id: user.id, email: user.email, birth_year: user.birthYear, created_at: user.createdAt.toISOString() }),
  });

  app.get('/api/v1/profile', { preHandler: authenticate }, async (request) => profileBody(currentUser(request)));

  // The birth year is an input of the projection (months/input.ts): a changed one recomputes the
  // month tables it shapes and sends them to a subscriber's devices, as a record write does
  // (http/write.ts). The signed-in user read at authentication may be older than the row, locked here.
  app.put('/api/v1/profile', { preHandler: authenticate }, (request, reply) =>
    runWrite(ctx, request, reply, async (tx) => {
      const user = currentUser(request);
      const value = valid(validateProfile(bodyObject(request.body, 'user'), validationContext(ctx.clock)));
      const [before] = await tx.select({ birthYear: users.birthYear }).from(users).where(eq(users.id, user.id));
      const [row] = await tx
        .update(users)
        .set({ birthYear: value.birth_year, updatedAt: ctx.clock.now() })
        .where(eq(users.id, user.id))
        .returning();
      if (!row) throw new HttpError(404, 'User not found');
      return { status: 200, body: profileBody(row), months: before?.birthYear === row.birthYear ? [] : MONTHS_AFFECTED_BY.profile };
    }),
  );

  app.get('/api/v1/feature_flags', async () => {
    const rows = await db.select({ name: featureFlags.name, enabled: featureFlags.enabled }).from(featureFlags).orderBy(featureFlags.name);
    return { feature_flags: rows };
  });
}

async function sendResetMail(ctx: AppContext, user: { id: number; email: string }, request: FastifyRequest): Promise<void> {
  const token = await createPasswordReset(ctx.database.db, user.id, ctx.clock.now());
  const base = ctx.config.appUrl ?? `http://localhost:${ctx.config.port}`;
  const link = `${base.replace(/\/$/, '')}/users/password/edit?reset_password_token=${encodeURIComponent(token)}`;
  const where = await ctx.mail.send({
    to: user.email,
    subject: 'Reset your Runway password',
    text: [
      'Someone asked to reset the password of your Runway account.',
      '',
      `Choose a new password here (the link works once, for 6 hours):`,
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  });
  // The link itself is a credential and stays out of the log; the log says where the mail went.
  request.log.info({ userId: user.id, mail: where }, 'password reset mail sent');
}
