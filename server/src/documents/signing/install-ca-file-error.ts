// Apart from install-ca-file.ts, which the securing worker runs: the main thread names this error without loading
// the PKCS #12 and PDF libraries that file needs.

/** A DOCUMENT_CA_P12 that cannot be the install's CA: the message says what to fix. */
export class InstallCaFileError extends Error {}
