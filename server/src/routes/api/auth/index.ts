// /api/auth/: accounts and sign-in. Each file holds one step's routes.
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
  await app.register(registerRoutes);
  await app.register(otpRoutes);
  await app.register(tokenRoutes);
  await app.register(externalSignInRoutes);
  await app.register(profileRoutes);
  await app.register(forgetPasswordRoutes);
  await app.register(passwordRoutes);
  await app.register(sessionRoutes);
  await app.register(emailRoutes);
};

export default authRoutes;
