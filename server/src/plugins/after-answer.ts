// Provides app.afterAnswer: work a handler hands over to run once its reply is sent, so that how long the work
// takes (a database look-up, hashing a code, a slow mail provider) never shows in the response time. Errors are
// logged, never sent to a client; close() waits for the work still running, so shutdown and tests lose no mail.
// This stands in for the job queue: when the queue lands, handlers enqueue here instead.
import fp from 'fastify-plugin';

export interface AfterAnswer {
  /** Runs `work` after the current reply has gone out; `label` names it in the log if it fails. */
  run(label: string, work: () => Promise<void>): void;
  /** Resolves once every piece of work handed over so far has finished. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    afterAnswer: AfterAnswer;
  }
}

export default fp(
  async (app) => {
    const running = new Set<Promise<void>>();

    const afterAnswer: AfterAnswer = {
      run(label, work) {
        // setImmediate: the handler returns first, and Fastify writes the reply within that same turn of the
        // event loop, before this callback.
        const done = new Promise<void>((resolve) => setImmediate(resolve))
          .then(work)
          .catch((error: unknown) =>
            app.log.error({ err: error, work: label }, 'after-answer work failed'),
          )
          .finally(() => running.delete(done));
        running.add(done);
      },
      async idle() {
        // Work may hand over more work, so wait until nothing is left.
        while (running.size > 0) await Promise.all(running);
      },
    };
    app.decorate('afterAnswer', afterAnswer);
    // Registered after db and mail, so this runs before they close.
    app.addHook('onClose', async () => afterAnswer.idle());
  },
  { name: 'after-answer', dependencies: ['db', 'mail'] },
);
