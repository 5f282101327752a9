import { expect, it } from 'vitest';
import { encodeFrame, encodeMessageFrame, isCommand, serializeUpdate, type UpdateMessage } from './cable.ts';

it('a message frame built from serialised text is the frame serialised whole, byte for byte', () => {
  const identifiers = ['{"channel":"UpdatesChannel","email":"a@b.c"}', '{ "channel" : "UpdatesChannel", "email":"é\\"\\\\\u2028" }'];
  const message: UpdateMessage = { type: 'Debt', action: 'updated', data: { id: 7, name: 'Visa "gold"', balance: 1234.56 } };
  for (const identifier of identifiers) {
    expect(encodeMessageFrame(identifier, serializeUpdate(message))).toBe(encodeFrame({ identifier, message }));
    expect(JSON.parse(encodeMessageFrame(identifier, serializeUpdate(message)))).toEqual({ identifier, message });
  }
});

it('knows the three commands and no others', () => {
  expect(['subscribe', 'unsubscribe', 'message'].every(isCommand)).toBe(true);
  expect(isCommand('explode')).toBe(false);
  expect(isCommand('toString')).toBe(false);
});
