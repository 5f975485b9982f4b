// Provides app.passwordHasher: what every password and one-time code is hashed and checked with.
import fp from 'fastify-plugin';

import type { PasswordHasher } from '../services/auth/password-hasher';

declare module 'fastify' {
  interface FastifyInstance {
    passwordHasher: PasswordHasher;
  }
}

export default fp<{ hasher: PasswordHasher }>(
  async (app, { hasher }) => {
    app.decorate('passwordHasher', hasher);
  },
  { name: 'password-hasher' },
);
