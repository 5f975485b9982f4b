// Security headers. The CSP fits the SPA: own scripts only, inline styles for MUI/emotion, data:/blob: images
// (QR codes, previews), and never framed.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

import { isHttpsDeployment, type Config } from '../config';

// The SPA reports to Sentry from the browser, so its ingest host must be reachable.
function sentryOrigins(config: Config): string[] {
  return config.SENTRY_DSN ? [new URL(config.SENTRY_DSN).origin] : [];
}

// Google's sign-in library loads from accounts.google.com, opens its popup there and calls it.
const GOOGLE_ACCOUNTS = 'https://accounts.google.com';

function googleOrigins(config: Config): string[] {
  return config.GOOGLE_CLIENT_ID ? [GOOGLE_ACCOUNTS] : [];
}

export default fp(
  async (app) => {
    const https = isHttpsDeployment(app.config);
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...googleOrigins(app.config)],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...sentryOrigins(app.config), ...googleOrigins(app.config)],
          frameSrc: ["'self'", ...googleOrigins(app.config)],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Over plain http (local runs) upgrading would point every asset at a port that speaks no TLS.
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      frameguard: { action: 'deny' }, // the same rule as frame-ancestors 'none', for older browsers
      strictTransportSecurity: https,
      // The social sign-in popup reports back to its opener; plain same-origin would cut that link.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
