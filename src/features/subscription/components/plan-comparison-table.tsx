// Every plan's limits side by side in a table; on a phone, where four plans do not fit across, one card a plan
// with the same rows.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import { useIsPhone } from '@/components/responsive-list';

import { formatCount } from '../format';

import type { Plan, PlanLimits } from '../api/subscription-api';
import type { ReactNode } from 'react';

function Count({ value }: { value: number | null }) {
  return <>{value === null ? 'Unlimited' : formatCount(value)}</>;
}

function Feature({ isIncluded }: { isIncluded: boolean }) {
  const Icon = isIncluded ? CheckCircleOutlined : RemoveCircleOutlineOutlined;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', color: isIncluded ? 'success.main' : 'text.secondary' }}
    >
      <Icon sx={{ fontSize: 18 }} aria-hidden />
      <Typography variant="body2" color={isIncluded ? 'text.primary' : 'text.secondary'}>
        {isIncluded ? 'Yes' : 'No'}
      </Typography>
    </Stack>
  );
}

const ROWS: { label: string; cell: (limits: PlanLimits) => ReactNode }[] = [
  {
    label: 'Verifications a month',
    cell: (limits) => <Count value={limits.verifications_per_month} />,
  },
  { label: 'Bulk rows per operation', cell: (limits) => <Count value={limits.bulk_rows} /> },
  { label: 'Team members', cell: (limits) => <Count value={limits.team_members} /> },
  { label: 'Custom domain', cell: (limits) => <Feature isIncluded={limits.custom_domain} /> },
  { label: 'API & webhooks', cell: (limits) => <Feature isIncluded={limits.api_access} /> },
  // Not a limit on any plan: a public page never stops working because its issuer's plan lapsed.
  { label: 'Public page scans', cell: () => 'Unlimited' },
];

interface PlanComparisonProps {
  plans: Plan[];
  currentPlanId?: string;
}

/** A phone's version: each plan's rows as a list of feature and value. */
function PlanComparisonCards({ plans, currentPlanId }: PlanComparisonProps) {
  return (
    <Stack spacing={2}>
      {plans.map((plan) => (
        <Card key={plan.id} component="section" aria-label={`${plan.name} features`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', px: 2, pt: 2, pb: 1 }}>
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
              {plan.name}
            </Typography>
            {plan.id === currentPlanId && (
              <Typography variant="caption" color="primary">
                Current plan
              </Typography>
            )}
          </Stack>
          <Box component="dl" sx={{ m: 0, px: 2, pb: 1 }}>
            {ROWS.map((row) => (
              <Stack
                key={row.label}
                direction="row"
                spacing={2}
                sx={{
                  justifyContent: 'space-between',
                  alignItems: 'center',
                  py: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                <Typography component="dt" variant="body2" color="text.secondary">
                  {row.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                  {row.cell(plan.limits)}
                </Typography>
              </Stack>
            ))}
          </Box>
        </Card>
      ))}
    </Stack>
  );
}

function PlanComparisonGrid({ plans, currentPlanId }: PlanComparisonProps) {
  return (
    <Card>
      <TableContainer>
        <Table aria-labelledby="compare-plans-title">
          <TableHead>
            <TableRow>
              <TableCell>Feature</TableCell>
              {plans.map((plan) => (
                <TableCell key={plan.id} sx={{ fontWeight: 600 }}>
                  {plan.name}
                  {plan.id === currentPlanId && (
                    <Typography
                      variant="caption"
                      color="primary"
                      component="span"
                      sx={{ display: 'block' }}
                    >
                      Current plan
                    </Typography>
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {ROWS.map((row) => (
              <TableRow key={row.label}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                {plans.map((plan) => (
                  <TableCell key={plan.id}>{row.cell(plan.limits)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

export function PlanComparisonTable(props: PlanComparisonProps) {
  const isPhone = useIsPhone();
  return (
    <Stack component="section" spacing={2} aria-labelledby="compare-plans-title">
      <Typography variant="h3" component="h3" id="compare-plans-title">
        Compare plans
      </Typography>
      {isPhone ? <PlanComparisonCards {...props} /> : <PlanComparisonGrid {...props} />}
    </Stack>
  );
}
