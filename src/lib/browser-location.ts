// Page-level navigation that leaves the SPA (reload, hard redirect). Kept behind one object so
// tests can replace it: jsdom cannot navigate.
export const browserLocation = {
  reload(): void {
    window.location.reload();
  },
  replace(url: string): void {
    window.location.replace(url);
  },
  /** Leaves for another site, keeping this page in the history (an identity provider, say). */
  assign(url: string): void {
    window.location.assign(url);
  },
};
