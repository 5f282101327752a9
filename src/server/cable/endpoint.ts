/**
 * `/cable`: an ActionCable-compatible WebSocket endpoint (protocol `actioncable-v1-json`) with one
 * channel, UpdatesChannel, that streams a user's live updates (docs/api.md#live-updates).
 * The official @rails/actioncable client is the client this must satisfy exactly.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { CABLE_PATH, CABLE_PROTOCOL, COMMAND, encodeFrame, FRAME, isCommand, UPDATES_CHANNEL, type ClientCommand } from '../../shared/cable.ts';
import type { AppContext } from '../http/context.ts';
import { CableHub, COMPRESS_THRESHOLD, type CableConnection } from './hub.ts';

/** ActionCable's client treats a connection silent for 6 s as stale; a ping every 3 s keeps it fresh. */
export const PING_INTERVAL_MS = 3000;
export const MAX_FRAME_BYTES = 64 * 1024;
/**
 * Per connection: the app subscribes UpdatesChannel once; a few more leave room for a client that
 * resubscribes under another identifier before unsubscribing the old one. Each confirmed
 * identifier receives every live update, so without a cap one socket could multiply its own
 * traffic and the server's memory by subscribing the same email under many identifiers.
 */
export const MAX_SUBSCRIPTIONS = 4;
/** An UpdatesChannel identifier is about 60 characters; anything this long is not ours. */
export const MAX_IDENTIFIER_LENGTH = 512;
/** Refused commands (rejected subscriptions, channel actions) a connection may send before it is closed. */
export const MAX_REFUSALS = 20;
/**
 * Subscribe and unsubscribe commands a connection may send in its life (repeats included) before
 * it is closed. The app subscribes once per connection (its client repeats a subscribe until it is
 * confirmed, which the server does at once); churning them only makes the server work.
 */
export const MAX_CHANNEL_COMMANDS = 20;

/** Why a connection was closed, for the log (never with the token or the frame's content). */
function closeForProtocolError(socket: WebSocket, request: FastifyRequest, reason: string): void {
  request.log.warn({ reason }, 'closing a cable connection');
  socket.close(1008, reason.slice(0, 120));
}

/** The command a frame carries, or why the frame cannot be read (which closes the connection). */
function parseCommand(data: RawData, isBinary: boolean): ClientCommand | string {
  if (isBinary) return 'binary frame';
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString());
  } catch {
    return 'frame is not JSON';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'frame is not a JSON object';
  const { command, identifier } = parsed as { command?: unknown; identifier?: unknown };
  if (typeof command !== 'string') return 'frame has no command';
  if (!isCommand(command)) return `unknown command ${command.slice(0, 40)}`;
  if (typeof identifier !== 'string') return 'frame has no identifier';
  return { command, identifier };
}

/** The channel and email an identifier names, or null when it names nothing we serve. */
function readIdentifier(identifier: string): { channel: string; email: unknown } | null {
  try {
    const value = JSON.parse(identifier) as { channel?: unknown; email?: unknown };
    return typeof value === 'object' && value !== null && typeof value.channel === 'string' ? { channel: value.channel, email: value.email } : null;
  } catch {
    return null;
  }
}

export async function registerCable(app: FastifyInstance, ctx: AppContext): Promise<CableHub> {
  const hub = new CableHub(app.log);

  await app.register(websocket, {
    options: {
      maxPayload: MAX_FRAME_BYTES,
      // Month tables are long runs of similar JSON: they shrink several times over.
      perMessageDeflate: { threshold: COMPRESS_THRESHOLD },
      // Only ActionCable's protocol is spoken; choosing none makes the client give up for good.
      handleProtocols: (protocols: Set<string>) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
    },
    errorHandler(error, socket, request) {
      request.log.warn({ reason: error.message }, 'cable connection error');
      socket.terminate();
    },
  });

  // One timer for every connection of the process.
  const pinger = setInterval(() => {
    const frame = encodeFrame({ type: FRAME.ping, message: Math.floor(ctx.clock.now().getTime() / 1000) });
    for (const connection of hub.all()) connection.socket.send(frame, { compress: false });
  }, PING_INTERVAL_MS);
  pinger.unref();
  app.addHook('onClose', async () => clearInterval(pinger));

  let missed = false;
  // A change to a user's sessions (sign-out, password change or reset) ends the connections
  // whose token no longer holds, in every process; every change carries that user's updates.
  ctx.changes.subscribe(
    (notice) => {
      hub.deliver(notice.userId, notice.messages);
      if (!notice.sessionsChanged) return;
      // Each distinct token is checked once, however many connections share it.
      const byToken = new Map<string, CableConnection[]>();
      for (const connection of hub.connectionsOf(notice.userId)) byToken.set(connection.token, [...(byToken.get(connection.token) ?? []), connection]);
      for (const [token, connections] of byToken) {
        void ctx.tokens.authenticate(token).then((user) => {
          if (!user) for (const connection of connections) CableHub.unauthorized(connection.socket);
        });
      }
    },
    // While the listening connection is down, notices committed by any process are lost to this
    // one. When it is back, every connection is ended with a reason the client answers by
    // reconnecting and pulling, so no device stays silently stale.
    () => {
      if (!ctx.changes.healthy) {
        missed = true;
        return;
      }
      if (!missed) return;
      missed = false;
      const ended = hub.resyncAll();
      app.log.warn({ connections: ended }, 'change notices may have been missed: live connections told to reconnect and pull');
    },
  );

  app.get(CABLE_PATH, { websocket: true }, async (socket, request) => {
    // Frames that arrive while the token is being checked are read once it is.
    const early: [RawData, boolean][] = [];
    const buffer = (data: RawData, isBinary: boolean) => early.push([data, isBinary]);
    socket.on('message', buffer);
    socket.on('error', (error) => request.log.warn({ reason: error.message }, 'closing a cable connection'));

    const token = (request.query as { token?: unknown }).token;
    const user = typeof token === 'string' ? await ctx.tokens.authenticate(token) : null;
    if (!user || typeof token !== 'string') {
      CableHub.unauthorized(socket);
      return;
    }
    const connection: CableConnection = { socket, user, token, identifiers: new Set() };
    if (!hub.add(connection)) {
      request.log.warn({ userId: user.id }, 'refusing a cable connection: too many for this user');
      CableHub.tooMany(socket);
      return;
    }
    socket.on('close', () => hub.remove(connection));
    socket.send(encodeFrame({ type: FRAME.welcome }));

    let refusals = 0;
    let channelCommands = 0;
    let actionLogged = false;
    /** Counts a refused command; a connection that keeps sending them is closed. */
    const refuse = (reason: string): boolean => {
      refusals += 1;
      if (refusals <= MAX_REFUSALS) return false;
      closeForProtocolError(socket, request, `too many refused commands (last: ${reason})`);
      return true;
    };
    /** Counts a subscribe or unsubscribe the server carried out (or skipped as a repeat); closes past the budget. */
    const churn = (): boolean => {
      channelCommands += 1;
      if (channelCommands <= MAX_CHANNEL_COMMANDS) return false;
      closeForProtocolError(socket, request, `too many subscribe and unsubscribe commands (over ${MAX_CHANNEL_COMMANDS})`);
      return true;
    };
    const reject = (identifier: string, reason: string) => {
      if (refuse(reason)) return;
      // The identifier goes back byte for byte: the client finds its subscription by string equality.
      socket.send(encodeFrame({ identifier, type: FRAME.reject }));
    };

    const onMessage = (data: RawData, isBinary: boolean) => {
      // Frames already on their way when the connection was closed are not read.
      if (socket.readyState !== socket.OPEN) return;
      const frame = parseCommand(data, isBinary);
      if (typeof frame === 'string') return closeForProtocolError(socket, request, frame);
      const { command, identifier } = frame;
      switch (command) {
        case COMMAND.subscribe: {
          // A repeated subscribe (the client retries until confirmed) is confirmed once only.
          if (connection.identifiers.has(identifier)) return void churn();
          if (identifier.length > MAX_IDENTIFIER_LENGTH) return reject(identifier, 'identifier too long');
          if (connection.identifiers.size >= MAX_SUBSCRIPTIONS) return reject(identifier, 'too many subscriptions');
          const named = readIdentifier(identifier);
          const allowed = named?.channel === UPDATES_CHANNEL && typeof named.email === 'string' && named.email.trim().toLowerCase() === user.email;
          if (!allowed) return reject(identifier, 'not this user\'s channel');
          if (churn()) return;
          connection.identifiers.add(identifier);
          socket.send(encodeFrame({ identifier, type: FRAME.confirm }));
          return;
        }
        case COMMAND.unsubscribe:
          if (churn()) return;
          connection.identifiers.delete(identifier);
          return;
        case COMMAND.message:
          // UpdatesChannel has no actions a client can perform (logged once per connection).
          if (refuse('channel action') || actionLogged) return;
          actionLogged = true;
          request.log.info({ command }, 'ignoring a cable action: UpdatesChannel has none');
          return;
      }
    };
    socket.off('message', buffer);
    socket.on('message', onMessage);
    for (const [data, isBinary] of early) onMessage(data, isBinary);
  });

  return hub;
}
