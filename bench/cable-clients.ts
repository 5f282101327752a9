/**
 * The second process of `npm run bench:cable`: opens BENCH_CLIENTS WebSockets to BENCH_URL (as
 * ActionCable clients subscribing to UpdatesChannel when BENCH_EMAIL is set), then, for each
 * {expect: marker} the parent sends, reports when every socket has received a frame containing
 * the marker. Times are process.hrtime (one monotonic clock for all processes on the machine).
 */
import WebSocket from 'ws';

const url = process.env.BENCH_URL ?? '';
const email = process.env.BENCH_EMAIL;
const count = Number(process.env.BENCH_CLIENTS ?? 1000);
const send = (message: unknown) => process.send?.(message);

const sockets: WebSocket[] = [];
let marker: string | null = null;
let seen = new Set<WebSocket>();
let sample: string | null = null;

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, email ? ['actioncable-v1-json'] : []);
    sockets.push(socket);
    const identifier = JSON.stringify({ channel: 'UpdatesChannel', email });
    socket.on('message', (data) => {
      const text = data.toString();
      if (email && text.includes('"welcome"')) socket.send(JSON.stringify({ command: 'subscribe', identifier }));
      else if (email && text.includes('confirm_subscription')) resolve();
      else if (marker !== null && text.includes(marker) && !seen.has(socket)) {
        seen.add(socket);
        sample ??= text;
        if (seen.size === sockets.length) send({ done: marker, at: String(process.hrtime.bigint()), sample });
      }
    });
    socket.on('open', () => {
      if (!email) resolve();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (marker !== null) send({ closed: true });
    });
  });
}

async function main() {
  for (let i = 0; i < count; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => open()));
  }
  send({ ready: sockets.length });
  process.on('message', (message: { expect?: string; exit?: boolean }) => {
    if (message.exit) {
      for (const socket of sockets) socket.terminate();
      process.exit(0);
    }
    if (message.expect) {
      marker = message.expect;
      seen = new Set();
      send({ armed: marker });
    }
  });
}

main().catch((error: unknown) => {
  send({ error: String(error) });
  process.exit(1);
});
