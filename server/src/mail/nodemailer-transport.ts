// A mailer's nodemailer transport, made on first use: nodemailer (~40 modules) loads with the first message sent
// or checked, not when the server starts.
type Nodemailer = (typeof import('nodemailer'))['default'];

export interface LazyTransport<T> {
  get(): Promise<T>;
  close(): void;
}

export function lazyTransport<T extends { close(): void }>(
  make: (nodemailer: Nodemailer) => T,
): LazyTransport<T> {
  let transport: Promise<T> | undefined;
  return {
    get: () =>
      (transport ??= import('nodemailer').then(({ default: nodemailer }) => make(nodemailer))),
    close: () => void transport?.then((made) => made.close()),
  };
}
