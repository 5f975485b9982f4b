// Page-level navigation that leaves the SPA (reload, hard redirect). Kept behind one object so
// tests can replace it: jsdom cannot navigate.
export const browserLocation = {
  reload(): void {
    window.location.reload();
  },
  replace(url: string): void {
    window.location.replace(url);
  },
};
