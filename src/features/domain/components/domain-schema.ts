// The domain field's rules: a host name the server could accept, and a sub-domain, because a whole domain (the
// apex) cannot carry the CNAME that points it at us. The server has the last word (public suffixes such as co.uk).
import { object, string } from 'yup';

import { validateWithSchema } from '@/lib/forms/validate-with-schema';

export const DOMAIN_EXAMPLE = 'verify.university.edu';

/** One label: letters (any script; the server turns them into punycode), digits, inner hyphens. */
const LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u;

/** What is sent: trimmed, without the trailing dot a DNS zone file writes. */
export function normaliseDomain(value: string): string {
  return value.trim().replace(/\.$/, '').toLowerCase();
}

/** The one thing wrong with a typed domain, or null. */
function domainProblem(value: string): string | null {
  if (/[/:@?#\s]/.test(value.trim()))
    return `Enter only the host name, such as ${DOMAIN_EXAMPLE}, without https:// or a path`;
  const host = normaliseDomain(value);
  if (host.length > 253 || !host.split('.').every((label) => LABEL.test(label)))
    return `Enter a valid host name, such as ${DOMAIN_EXAMPLE}`;
  if (host.split('.').length < 3)
    return `Use a sub-domain such as ${DOMAIN_EXAMPLE}: a whole domain cannot point at us with a CNAME`;
  return null;
}

export const domainSchema = object({
  domain: string()
    .required('Enter your domain')
    .test('host-name', (value, context) => {
      const problem = domainProblem(value);
      return problem ? context.createError({ message: problem }) : true;
    }),
});

export const validateDomain = validateWithSchema(domainSchema);
