// Integration rules shared by the server and the SPA. No zod here (the SPA's entry imports it); the shapes are in
// integrations-schemas.ts.

/** Every API key starts with this; the server tells keys from access tokens by it. */
export const API_KEY_PREFIX = 'qrv_';
