/**
 * The baseline for `npm run bench:server`: a bare Fastify with the same logger settings,
 * answering the same JSON from memory. Whatever the real server spends beyond this is auth,
 * database and mapping.
 */
import Fastify from 'fastify';
import { loggerOptions } from '../src/server/http/app.ts';

const body = JSON.parse(process.env.BENCH_BODY ?? '{}') as unknown;
const writeBody = JSON.parse(process.env.BENCH_WRITE_BODY ?? '{}') as unknown;
const app = Fastify({ logger: loggerOptions(process.env.LOG_LEVEL ?? 'info'), bodyLimit: 1024 * 1024 });
app.get('/api/v1/debts', async () => body);
app.post('/api/v1/monthly_expenses', async (_request, reply) => reply.code(201).send(writeBody));
app.put('/api/v1/debts/:id', async () => writeBody);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
