// One plan on the Plans screen: its price for the chosen billing period, what it allows in short, and the way to
// it — Checkout when it is sold online for that period, else a mail to us.
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { env } from '@/config/env';

import { formatCount, formatPrice, priceFor, yearlySavingPercent } from '../format';

import type { BillingInterval, Plan } from '../api/subscription-api';

export interface PlanCardProps {
  plan: Plan;
  interval: BillingInterval;
  isCurrent: boolean;
  /** Checkout is on (the server has Stripe) and sells this plan for `interval`. */
  canCheckout: boolean;
  /** The account is on a paid plan now, so a free one is reached by canceling, not by buying. */
  isOnPaidPlan: boolean;
  isChoosing: boolean;
  /** Another plan's checkout is under way: this one waits. */
  isDisabled: boolean;
  onChoose: (plan: Plan) => void;
}

function Price({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  const price = priceFor(plan, interval);
  if (price === null) {
    return (
      <Typography variant="h2" component="p">
        Custom pricing
      </Typography>
    );
  }
  if (price === 0) {
    return (
      <Typography variant="h2" component="p">
        Free
      </Typography>
    );
  }
  const saving = interval === 'year' ? yearlySavingPercent(plan) : 0;
  return (
    <div>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'baseline' }}>
        <Typography variant="h2" component="p" sx={{ fontSize: 32 }}>
          {formatPrice(price, plan.currency)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {interval === 'year' ? 'per year' : 'per month'}
        </Typography>
      </Stack>
      {interval === 'year' && (
        <Typography variant="caption" color="text.secondary" component="p">
          {`${formatPrice(Math.round(price / 12), plan.currency)} a month, billed yearly`}
          {saving > 0 && ` · save ${saving}%`}
        </Typography>
      )}
    </div>
  );
}

function highlights(plan: Plan): string[] {
  const { limits } = plan;
  const count = (value: number | null, what: string) =>
    value === null ? `Unlimited ${what}` : `${formatCount(value)} ${what}`;
  const lines = [
    count(limits.verifications_per_month, 'verifications a month'),
    count(limits.team_members, limits.team_members === 1 ? 'team member' : 'team members'),
  ];
  if (limits.custom_domain) lines.push('Your own domain');
  if (limits.api_access) lines.push('API & webhooks');
  return lines;
}

function upgradeMailto(plan: Plan): string {
  const subject = `Upgrade to ${plan.name}`;
  return `mailto:${env.SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;
}

function PlanAction({
  plan,
  isCurrent,
  canCheckout,
  isOnPaidPlan,
  isChoosing,
  isDisabled,
  onChoose,
}: Omit<PlanCardProps, 'interval'>) {
  if (isCurrent) {
    return (
      <Button variant="outlined" disabled fullWidth>
        Your plan
      </Button>
    );
  }
  if (plan.price_monthly === 0 && plan.price_yearly === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {isOnPaidPlan
          ? 'Cancel your paid plan under Manage billing to return to Free.'
          : 'No payment needed.'}
      </Typography>
    );
  }
  if (canCheckout) {
    return (
      <Button
        variant="contained"
        fullWidth
        loading={isChoosing}
        disabled={isDisabled}
        onClick={() => onChoose(plan)}
        aria-label={`Choose ${plan.name}`}
      >
        Choose
      </Button>
    );
  }
  return (
    // Four cards share a 1280 px screen beside the sidebar: the label keeps to one line there.
    <Button
      variant="outlined"
      fullWidth
      href={upgradeMailto(plan)}
      sx={{ whiteSpace: 'nowrap', px: 1 }}
    >
      Contact us to upgrade
    </Button>
  );
}

export function PlanCard(props: PlanCardProps) {
  const { plan, interval, isCurrent } = props;
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: isCurrent ? 'primary.main' : undefined,
        borderWidth: isCurrent ? 2 : undefined,
      }}
    >
      <CardContent
        sx={{ p: { xs: 3, lg: 2.5 }, flex: 1, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <div>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 28 }}
          >
            <Typography variant="h3" component="h3" id={titleId}>
              {plan.name}
            </Typography>
            {isCurrent && <Chip size="small" color="primary" label="Current plan" />}
          </Stack>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 0.5, minHeight: { lg: 60 } }}
          >
            {plan.description}
          </Typography>
        </div>
        <Price plan={plan} interval={interval} />
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none', flex: 1 }}>
          {highlights(plan).map((line) => (
            <Stack
              key={line}
              component="li"
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center' }}
            >
              <CheckOutlined sx={{ fontSize: 18, color: 'success.main' }} aria-hidden />
              <Typography variant="body2">{line}</Typography>
            </Stack>
          ))}
        </Stack>
        <PlanAction {...props} />
      </CardContent>
    </Card>
  );
}
