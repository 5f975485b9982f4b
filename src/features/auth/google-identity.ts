// Google's token client (Google Identity Services): loaded on the first click, it opens Google's
// popup and hands back an access token for the server to convert into our own tokens.
import { scriptLoader } from '@/lib/script-loader';

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';
/** Just enough to know who signs in: the address, the name and the OpenID subject. */
export const GOOGLE_SCOPES = 'email profile openid';
export const GOOGLE_LIBRARY_LOAD_FAILED =
  'Failed to load the Google 3P Authorization JavaScript Library.';

interface TokenResponse {
  access_token?: string;
  error?: string;
  error_description?: string;
}

interface TokenClientConfig {
  client_id: string;
  scope: string;
  callback: (response: TokenResponse) => void;
  error_callback?: (error: { type?: string; message?: string }) => void;
}

interface TokenClient {
  requestAccessToken: () => void;
}

export interface GoogleIdentity {
  accounts: { oauth2: { initTokenClient: (config: TokenClientConfig) => TokenClient } };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

/** Google's library could not be loaded (blocked, offline). */
export class GoogleLibraryError extends Error {
  constructor() {
    super(GOOGLE_LIBRARY_LOAD_FAILED);
    this.name = 'GoogleLibraryError';
  }
}

/** The user closed the popup or refused access. */
export class GoogleSignInCancelled extends Error {
  constructor(reason: string) {
    super(`Google sign-in did not complete: ${reason}`);
    this.name = 'GoogleSignInCancelled';
  }
}

/** Opens Google's consent popup and resolves with the access token it grants. */
export async function requestGoogleAccessToken(clientId: string): Promise<string> {
  try {
    await scriptLoader.load(GOOGLE_IDENTITY_SCRIPT);
  } catch {
    throw new GoogleLibraryError();
  }
  const oauth2 = window.google?.accounts?.oauth2;
  if (!oauth2) throw new GoogleLibraryError();

  return new Promise((resolve, reject) => {
    const client = oauth2.initTokenClient({
      client_id: clientId,
      scope: GOOGLE_SCOPES,
      callback: (response) => {
        if (response.access_token) resolve(response.access_token);
        else
          reject(
            new GoogleSignInCancelled(response.error_description ?? response.error ?? 'no token'),
          );
      },
      error_callback: (error) =>
        reject(new GoogleSignInCancelled(error.message ?? error.type ?? 'unknown')),
    });
    client.requestAccessToken();
  });
}
