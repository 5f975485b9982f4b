// Where a verification's two files live in storage.
export function verificationFileKeys(id: string): { original: string; secured: string } {
  return { original: `verifications/${id}/original`, secured: `verifications/${id}/secured.pdf` };
}
