// The error envelope the SPA reads (spec sections 3, 7, 8).
export interface ApiErrorBody {
  error: {
    message: string;
    code?: string;
    /** Field errors: each field maps to a list of user-facing messages. */
    details?: Record<string, string[]>;
  };
}

/** OAuth-style endpoints (the token endpoint) answer in RFC 6749's shape instead. */
export interface OAuthErrorBody {
  error: string;
  error_description: string;
}
