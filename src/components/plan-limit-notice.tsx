// Shown where a feature's controls would be when the account's plan does not include it (or its seats are all
// taken): what it is, which plan has it, and the way there — 'See plans' for the owner, whom to ask for a shared
// user. The user learns it before starting, not from a refusal after submitting.
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import type { PlanChanger } from '@/lib/use-plan-allowance';

interface PlanLimitNoticeProps extends PlanChanger {
  /** 'API keys and webhooks are not in your Free plan' */
  title: string;
  /** What the feature is, and which plan has it. */
  description: string;
  /** Where 'See plans' goes: the route table belongs to the app, which lib and components do not read. */
  plansPath: string;
  /** The heading level the notice's title takes on its screen. */
  headingLevel?: 'h2' | 'h3';
}

export function PlanLimitNotice({
  title,
  description,
  plansPath,
  canChangePlan,
  ownerName,
  headingLevel = 'h2',
}: PlanLimitNoticeProps) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Box
            sx={{
              width: 40,
              height: 40,
              flexShrink: 0,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'primary.main',
            }}
          >
            <WorkspacePremiumOutlined aria-hidden />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h3" component={headingLevel}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
              {description}
            </Typography>
            {canChangePlan ? (
              <Button component={RouterLink} to={plansPath} variant="contained" sx={{ mt: 2 }}>
                See plans
              </Button>
            ) : (
              <Typography variant="body2" sx={{ mt: 1.5 }}>
                {`Ask the account owner${ownerName ? ` (${ownerName})` : ''} to change the plan.`}
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
