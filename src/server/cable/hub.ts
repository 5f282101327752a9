/**
 * The open /cable connections of this process, by user, and delivery of live updates to them.
 */
import type { WebSocket } from 'ws';
import { DISCONNECT_REASON, encodeFrame, encodeMessageFrame, FRAME, serializeUpdate, type UpdateMessage } from '../../shared/cable.ts';
import type { AuthUser } from '../auth/tokens.ts';

/** Frames shorter than this go uncompressed even when the client negotiated permessage-deflate. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Open /cable connections one user may hold in one process: a phone, a laptop and a few tabs. A
 * connection past it is told why and closed before it is welcomed (the client tries again later,
 * backing off). Without a cap one user's sockets multiply what every write costs the server.
 */
export const MAX_CONNECTIONS_PER_USER = 8;

/**
 * Bytes a connection may have waiting to be sent (ws's `bufferedAmount`: queued for compression
 * and written but not yet taken by the network). A client that stops reading lets this grow with
 * every write; past the bound the connection is dropped, the memory goes with it, and a client
 * that is still there reconnects and pulls what it missed. Four month tables of a large household
 * are about 3.5 MB before compression, so a reading client never comes near it.
 */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** Why the server ends a connection, in its close frame (at most 123 bytes). */
export const CLOSE_REASON = {
  tooManyConnections: 'too many connections for this user',
  slowReader: 'not reading: too much waiting to be sent',
  resync: 'live updates may have been missed: reconnect and pull',
} as const;

export interface CableConnection {
  readonly socket: WebSocket;
  readonly user: AuthUser;
  readonly token: string;
  /**
   * Confirmed UpdatesChannel identifiers, exactly as the client sent them, oldest first. Updates
   * go to the oldest only: they are the same for every identifier of one user, so a client that
   * subscribed several times still gets each update once.
   */
  readonly identifiers: Set<string>;
}

export interface HubLog {
  warn(obj: object, msg: string): void;
}

export class CableHub {
  private readonly byUser = new Map<number, Set<CableConnection>>();

  constructor(private readonly log: HubLog = { warn: () => undefined }) {}

  /** Adds the connection, or answers false when its user already holds the most there may be. */
  add(connection: CableConnection): boolean {
    let set = this.byUser.get(connection.user.id);
    if (!set) {
      set = new Set();
      this.byUser.set(connection.user.id, set);
    }
    if (set.size >= MAX_CONNECTIONS_PER_USER) return false;
    set.add(connection);
    return true;
  }

  remove(connection: CableConnection): void {
    const set = this.byUser.get(connection.user.id);
    set?.delete(connection);
    if (set?.size === 0) this.byUser.delete(connection.user.id);
  }

  connectionsOf(userId: number): readonly CableConnection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  all(): CableConnection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  get size(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  /**
   * Sends each message, in order, once to every subscribed connection of the user (to its oldest
   * identifier). A connection that has more than MAX_BUFFERED_BYTES waiting is dropped instead.
   */
  deliver(userId: number, messages: readonly UpdateMessage[]): void {
    const set = this.byUser.get(userId);
    if (!set || messages.length === 0) return;
    // Each message is serialized once, and each frame built once per identifier text, however
    // many sockets receive it.
    const bodies = messages.map(serializeUpdate);
    const frames = new Map<string, Buffer[]>();
    for (const connection of [...set]) {
      const identifier = first(connection.identifiers);
      if (identifier === undefined) continue;
      let built = frames.get(identifier);
      if (!built) {
        built = bodies.map((body) => Buffer.from(encodeMessageFrame(identifier, body)));
        frames.set(identifier, built);
      }
      for (const frame of built) {
        if (connection.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          this.drop(connection, CLOSE_REASON.slowReader);
          break;
        }
        // Deflate pays off for month tables; for a small record it costs more than it saves.
        connection.socket.send(frame, { binary: false, compress: frame.length >= COMPRESS_THRESHOLD });
      }
    }
  }

  /**
   * Ends every connection with a reason that makes the client reconnect and pull: used when this
   * process may have missed change notices (its listening connection to the database dropped).
   */
  resyncAll(): number {
    const all = this.all();
    for (const connection of all) {
      connection.socket.send(encodeFrame({ type: FRAME.disconnect, reason: DISCONNECT_REASON.serverRestart, reconnect: true }));
      connection.socket.close(1012, CLOSE_REASON.resync);
      this.remove(connection);
    }
    return all.length;
  }

  /**
   * Drops a connection that does not read: a close frame would only queue behind what it does not
   * read, so the socket is destroyed at once, and its buffers with it.
   */
  private drop(connection: CableConnection, reason: string): void {
    this.log.warn({ userId: connection.user.id, reason, buffered: connection.socket.bufferedAmount }, 'dropping a cable connection');
    connection.socket.terminate();
    this.remove(connection);
  }

  /** Tells a connection past MAX_CONNECTIONS_PER_USER why, and closes it: the client tries again later. */
  static tooMany(socket: WebSocket): void {
    socket.send(encodeFrame({ type: FRAME.disconnect, reason: DISCONNECT_REASON.tooManyConnections, reconnect: true }));
    socket.close(1013, CLOSE_REASON.tooManyConnections);
  }

  /** Tells the client its credentials are gone (it will not reconnect) and closes. */
  static unauthorized(socket: WebSocket): void {
    socket.send(encodeFrame({ type: FRAME.disconnect, reason: DISCONNECT_REASON.unauthorized, reconnect: false }));
    socket.close(1000, 'unauthorized');
  }
}

function first<T>(set: ReadonlySet<T>): T | undefined {
  for (const value of set) return value;
  return undefined;
}
