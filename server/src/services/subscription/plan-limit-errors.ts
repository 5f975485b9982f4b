// The 403 a plan limit answers with, worded once per limit: the SPA shows the message in its 'Limit Exhusted' toast
// with a link to Plans, and clients read the numbers from details.
import type { PlanLimitKey } from '@common/subscription-schemas';

import { AppError } from '../../lib/app-error';

function count(amount: number, one: string, many: string): string {
  return `${amount} ${amount === 1 ? one : many}`;
}

function message(key: PlanLimitKey, limit: number, used: number, adding: number): string {
  switch (key) {
    case 'verifications_per_month': {
      const allowed = `Your plan allows ${count(limit, 'verification', 'verifications')} a month`;
      if (adding <= 1) return `${allowed}. Upgrade to secure more.`;
      const left = Math.max(0, limit - used);
      return `${allowed}; ${left} left this month, and this operation secures ${adding}. Upgrade to secure more.`;
    }
    case 'bulk_rows':
      return `Your plan allows ${count(limit, 'row', 'rows')} in one bulk operation; this sheet has ${used}. Upgrade or split the sheet.`;
    case 'team_members':
      return `Your plan allows ${count(limit, 'team member', 'team members')}. Upgrade to invite more.`;
    case 'custom_domain':
      return 'Your plan does not include a custom domain. Upgrade to use your own domain.';
    case 'api_access':
      return 'Your plan does not include the API and webhooks. Upgrade to use them.';
  }
}

/**
 * `used` is what the account has (for bulk rows: what the sheet holds), `adding` what the request would add;
 * features have limit 0.
 */
export function planLimitError(
  key: PlanLimitKey,
  limit: number,
  used: number,
  adding = 1,
): AppError {
  return new AppError({
    statusCode: 403,
    code: 'plan_limit',
    message: message(key, limit, used, adding),
    details: { limit_key: key, limit, used },
  });
}
