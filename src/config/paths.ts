// Addresses outside the SPA's own route table: the API base and the legal pages.
// In-app links are built with pathTo() from src/config/routes.ts instead.

/** Every API call goes below this path on the app's own host. */
export const API_BASE_PATH = '/api/';

/** OAuth token endpoint, relative to API_BASE_PATH: sign-in and refresh share it. */
export const TOKEN_ENDPOINT = 'auth/token/';

export const TERMS_OF_SERVICE_URL = 'https://qrverify.app/terms-of-service';
export const PRIVACY_POLICY_URL = 'https://qrverify.app/privacy-policy';

/** The API reference (Swagger UI) the server serves beside the API. */
export const API_REFERENCE_PATH = '/api/docs/';
