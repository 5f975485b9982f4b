// The credential as the API answers it (docs/credentials.md): a signed W3C VC 2.0 document, passed through as
// issued. Only its outline is described; a verifier reads the rest by the standard.
import { z } from 'zod';

export const verifiableCredentialSchema = z.looseObject({
  '@context': z.array(z.unknown()),
  id: z.string(),
  type: z.array(z.string()),
  issuer: z.looseObject({ id: z.string() }),
  proof: z.looseObject({ type: z.string() }),
});
export type VerifiableCredential = z.infer<typeof verifiableCredentialSchema>;
