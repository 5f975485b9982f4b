// While the app closes, responses to requests still in flight ask the client to drop the connection.
// Otherwise a keep-alive socket stays open after its last response and close() waits out the keep-alive timeout.
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    let isClosing = false;
    app.addHook('preClose', async () => {
      isClosing = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (isClosing) reply.header('connection', 'close');
    });
  },
  { name: 'graceful-close' },
);
