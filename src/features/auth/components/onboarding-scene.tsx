// The onboarding scene: shown while the profile has no industry yet.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import { useAppSelector } from '@/app/hooks';
import { selectShowOnboardingScene } from '@/lib/session/session-slice';

import { useUpdateProfileMutation } from '../api/auth-api';

export const INDUSTRIES = [
  'Education',
  'Healthcare',
  'Insurance',
  'Human resources',
  'Legal',
  'Government',
  'Finance',
  'Other',
] as const;

export function OnboardingScene() {
  const isOpen = useAppSelector(selectShowOnboardingScene);
  const [industry, setIndustry] = useState<string>('');
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const titleId = useId();
  const labelId = useId();

  // The scene closes by itself once the saved profile has an industry (profileLoaded).
  const save = () => {
    if (industry) updateProfile({ industry });
  };

  return (
    <Dialog open={isOpen} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} component="h2" variant="h2" sx={{ pt: 3 }}>
        Welcome to QR Verify
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Tell us which industry you work in so we can tailor QR Verify to your documents.
        </Typography>
        <FormControl>
          <FormLabel
            id={labelId}
            sx={{
              fontWeight: 600,
              mb: 1,
              color: 'text.primary',
              '&.Mui-focused': { color: 'text.primary' },
            }}
          >
            Choose your industry
          </FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            value={industry}
            onChange={(event) => setIndustry(event.target.value)}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
          >
            {INDUSTRIES.map((option) => (
              <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
            ))}
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={!industry}
          loading={isLoading}
          onClick={save}
        >
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
