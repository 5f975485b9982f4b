// The custom domain API's refusals, worded once (a domain's under details.domain, for the form).
import { AppError, fieldError } from '../../lib/app-error';

function conflict(code: 'custom_domains_off' | 'no_custom_domain', message: string): AppError {
  return new AppError({ statusCode: 409, code, message });
}

export const customDomainErrors = {
  off: () =>
    conflict(
      'custom_domains_off',
      'Custom domains are off on this server: its operator has not set CUSTOM_DOMAIN_TARGET.',
    ),
  noDomain: () => conflict('no_custom_domain', 'Set a domain first.'),
  notHostName: () =>
    fieldError('domain', 'Enter a host name such as verify.example.edu (no https:// or path).'),
  apex: () =>
    fieldError(
      'domain',
      'Use a sub-domain such as verify.example.edu: an apex domain cannot point at us by CNAME.',
    ),
  ours: () =>
    fieldError(
      'domain',
      'This is our own host name: enter a domain of yours, such as verify.example.edu.',
    ),
  taken: () => fieldError('domain', TAKEN_MESSAGE),
};

export const TAKEN_MESSAGE = 'This domain is already verified by another account.';
