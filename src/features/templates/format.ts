// Words for numbers the templates screens show.

/** '1 verification', '3 verifications'. */
export function verificationCount(count: number): string {
  return count === 1 ? '1 verification' : `${count.toLocaleString('en')} verifications`;
}
