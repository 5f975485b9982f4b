// /api/auth/: accounts and sign-in. Each file holds one step's routes.
import { named } from '../../../lib/named-plugin';

import emailRoutes from './email';
import externalSignInRoutes from './external-sign-in';
import forgetPasswordRoutes from './forget-password';
import otpRoutes from './otp';
import passwordRoutes from './password';
import profileRoutes from './profile';
import registerRoutes from './register';
import sessionRoutes from './sessions';
import tokenRoutes from './token';

import type { FastifyPluginAsync } from 'fastify';

const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(named(registerRoutes));
  await app.register(named(otpRoutes));
  await app.register(named(tokenRoutes));
  await app.register(named(externalSignInRoutes));
  await app.register(named(profileRoutes));
  await app.register(named(forgetPasswordRoutes));
  await app.register(named(passwordRoutes));
  await app.register(named(sessionRoutes));
  await app.register(named(emailRoutes));
};

export default authRoutes;
