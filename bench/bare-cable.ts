/**
 * The baseline of `npm run bench:cable`: a bare `ws` server that, on POST /broadcast, sends the
 * request body as one frame to every connected socket. No protocol, no auth, no database.
 */
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    for (const client of wss.clients) client.send(body);
    response.writeHead(204).end();
  });
});
const wss = new WebSocketServer({ server });
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
