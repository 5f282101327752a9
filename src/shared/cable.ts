/**
 * The live channel, in one file for client and server: the ActionCable protocol frames
 * (`actioncable-v1-json`) and the UpdatesChannel messages (docs/api.md#live-updates).
 */
import type { COLLECTIONS, CollectionName, MONTHS, MonthsName, SINGLES, SingleName } from './resources.ts';

export const CABLE_PATH = '/cable';
export const CABLE_PROTOCOL = 'actioncable-v1-json';
export const UPDATES_CHANNEL = 'UpdatesChannel';

/** Server → client frame types (ActionCable's names, byte for byte). */
export const FRAME = {
  welcome: 'welcome',
  ping: 'ping',
  confirm: 'confirm_subscription',
  reject: 'reject_subscription',
  disconnect: 'disconnect',
} as const;

/** What the client shows when the server rejects its UpdatesChannel subscription. */
export const SUBSCRIPTION_REJECTED = 'Subscription rejected';

export const DISCONNECT_REASON = {
  unauthorized: 'unauthorized',
  invalidRequest: 'invalid_request',
  serverRestart: 'server_restart',
  /** The user holds the most connections there may be; the client tries again later. */
  tooManyConnections: 'too_many_connections',
} as const;

/** Client → server commands. */
export const COMMAND = {
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  message: 'message',
} as const;
export type Command = (typeof COMMAND)[keyof typeof COMMAND];

export type ServerFrame =
  | { type: typeof FRAME.welcome }
  | { type: typeof FRAME.ping; message: number }
  | { type: typeof FRAME.confirm; identifier: string }
  | { type: typeof FRAME.reject; identifier: string }
  | { type: typeof FRAME.disconnect; reason: string; reconnect: boolean }
  | { identifier: string; message: UpdateMessage };

export interface ClientCommand {
  command: Command;
  /** A JSON text chosen by the client; the server echoes it exactly as received. */
  identifier: string;
  data?: string;
}

/** The text of a server frame: the one place the server turns a frame into what it sends. */
export function encodeFrame(frame: ServerFrame): string {
  return JSON.stringify(frame);
}

declare const serializedBrand: unique symbol;
/** A live update as JSON text, made only by `serializeUpdate`: a frame never carries other text. */
export type SerializedUpdate = string & { readonly [serializedBrand]: 'SerializedUpdate' };

/** The JSON text of a live update, made once however many sockets receive it. */
export function serializeUpdate(message: UpdateMessage): SerializedUpdate {
  return JSON.stringify(message) as SerializedUpdate;
}

/**
 * A message frame whose message is already serialised, so one live update is serialised once for
 * every socket that receives it: the same text as `encodeFrame({identifier, message})`.
 * `encodeMessageFrame('{"channel":"UpdatesChannel"}', serializeUpdate(debtUpdate))` →
 * `{"identifier":"{\"channel\":\"UpdatesChannel\"}","message":{"type":"Debt",…}}`.
 */
export function encodeMessageFrame(identifier: string, message: SerializedUpdate): string {
  return `{"identifier":${JSON.stringify(identifier)},"message":${message}}`;
}

const COMMANDS: ReadonlySet<string> = new Set(Object.values(COMMAND));
export const isCommand = (value: string): value is Command => COMMANDS.has(value);

export const UPDATE_ACTIONS = ['created', 'updated', 'deleted'] as const;

/**
 * Not among the web app's channel types: the user's subscription changed (checkout, portal,
 * webhook). `data` is a `SubscriptionData`; the client applies it by setting the session's
 * `subscribed` flag (and pulling the month tables when it turned on). Always sent with action
 * 'updated'.
 */
export const SUBSCRIPTION_TYPE = 'Subscription' as const;

/**
 * Record types of the channel (docs/product.md#states-and-transitions): each collection's and
 * single record's `updateType` in shared/resources.ts.
 */
export type RecordType = (typeof COLLECTIONS)[CollectionName]['updateType'] | (typeof SINGLES)[SingleName]['updateType'];
/** Month table types (each table's `updateType`): always sent as 'created' with the whole table. */
export type MonthType = (typeof MONTHS)[MonthsName]['updateType'];
/**
 * Not among the web app's channel types either: so much of the user's data changed at once (an
 * import) that it is not sent record by record. The client pulls every collection, single record
 * and (for a subscriber) month table, as after a reconnect. `data` is `{ reason: 'import' }`.
 * Always sent with action 'updated', alone: one frame however many records the write touched.
 */
export const PULL_TYPE = 'Pull' as const;

export type UpdateType = RecordType | MonthType | typeof SUBSCRIPTION_TYPE | typeof PULL_TYPE;
export type UpdateAction = (typeof UPDATE_ACTIONS)[number];

/**
 * One change: a record as REST answers it (`deleted` carries `{id}`), or a whole month table
 * equal to the GET body of its endpoint.
 */
export interface UpdateMessage {
  type: UpdateType;
  action: UpdateAction;
  data: unknown;
}

/** The user's subscription as GET /api/v1/subscription and the 'Subscription' message carry it. */
export interface SubscriptionData {
  subscribed: boolean;
  /** 'stripe' or 'test'; null without any subscription. */
  provider: string | null;
  plan: 'monthly' | 'yearly' | null;
  status: string | null;
  /** ISO timestamps. */
  trial_end: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}
