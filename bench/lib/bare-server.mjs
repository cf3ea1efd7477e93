// The bare Fastify route the portal is compared with, in its own process (as the portal is), so
// the load generator's work does not halve it. Usage: node bare-server.mjs <port>
import Fastify from 'fastify';

const app = Fastify();
app.get('/bare', async () => ({ data: { ok: true } }));
// A write is compared with a bare route that parses the same JSON body.
app.post('/bare', async (request) => ({ data: { ok: typeof request.body === 'object' } }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.stdout.write('listening\n');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
