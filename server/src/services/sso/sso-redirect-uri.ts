/** Where providers send the browser back: the SPA's sso route, which forwards the code to the API. */
export function ssoRedirectUri(publicUrl: string): string {
  return `${publicUrl}/sso`;
}
