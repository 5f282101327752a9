/**
 * The open /cable connections of this process, by user, and delivery of live updates to them.
 */
import type { WebSocket } from 'ws';
import { DISCONNECT_REASON, encodeFrame, encodeMessageFrame, FRAME, serializeUpdate, type UpdateMessage } from '../../shared/cable.ts';
import type { AuthUser } from '../auth/tokens.ts';

/** Frames shorter than this go uncompressed even when the client negotiated permessage-deflate. */
export const COMPRESS_THRESHOLD = 1024;

export interface CableConnection {
  readonly socket: WebSocket;
  readonly user: AuthUser;
  readonly token: string;
  /** Confirmed UpdatesChannel identifiers, exactly as the client sent them. */
  readonly identifiers: Set<string>;
}

export class CableHub {
  private readonly byUser = new Map<number, Set<CableConnection>>();

  add(connection: CableConnection): void {
    let set = this.byUser.get(connection.user.id);
    if (!set) {
      set = new Set();
      this.byUser.set(connection.user.id, set);
    }
    set.add(connection);
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

  /** Sends each message to every subscription of the user, in order. */
  deliver(userId: number, messages: readonly UpdateMessage[]): void {
    const set = this.byUser.get(userId);
    if (!set || messages.length === 0) return;
    // Each message is serialized once, however many sockets receive it.
    const bodies = messages.map(serializeUpdate);
    for (const connection of set) {
      for (const identifier of connection.identifiers) {
        for (const body of bodies) {
          const frame = encodeMessageFrame(identifier, body);
          // Deflate pays off for month tables; for a small record it costs more than it saves.
          connection.socket.send(frame, { compress: frame.length >= COMPRESS_THRESHOLD });
        }
      }
    }
  }

  /** Tells the client its credentials are gone (it will not reconnect) and closes. */
  static unauthorized(socket: WebSocket): void {
    socket.send(encodeFrame({ type: FRAME.disconnect, reason: DISCONNECT_REASON.unauthorized, reconnect: false }));
    socket.close(1000, 'unauthorized');
  }
}
