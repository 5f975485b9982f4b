// The bench's floor: a bare Fastify hello-world, run in its own process as the app is. Prints its port.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
app.listen({ host: '127.0.0.1', port: 0 }).then(() => {
  const address = app.server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
});
