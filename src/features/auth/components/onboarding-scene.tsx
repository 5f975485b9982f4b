// The onboarding scene: shown while the profile has no industry yet. An owner also names the organisation their
// verification pages give as the issuer (their own name until they change it).
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import { useAppSelector } from '@/app/hooks';
import { INDUSTRIES } from '@/lib/industries';
import {
  selectFullName,
  selectIsSharedUser,
  selectShowOnboardingScene,
} from '@/lib/session/session-slice';

import { useUpdateProfileMutation } from '../api/auth-api';

const ORGANISATION_NAME_MAX_LENGTH = 150;

export function OnboardingScene() {
  const isOpen = useAppSelector(selectShowOnboardingScene);
  const isOwner = !useAppSelector(selectIsSharedUser);
  const personName = useAppSelector(selectFullName) ?? '';
  const [industry, setIndustry] = useState<string>('');
  // null: untouched, so it stays the person's name (kept unset: pages follow a later change of name).
  const [organisationName, setOrganisationName] = useState<string | null>(null);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const titleId = useId();
  const labelId = useId();
  const shownName = organisationName ?? personName;
  const isNameTooLong = shownName.trim().length > ORGANISATION_NAME_MAX_LENGTH;

  // The scene closes by itself once the saved profile has an industry (profileLoaded).
  const save = () => {
    if (!industry || isNameTooLong) return;
    const named = shownName.trim();
    const isOwnName = named === '' || named === personName.trim();
    updateProfile({ industry, ...(isOwner && !isOwnName && { organisation_name: named }) });
  };

  return (
    <Dialog open={isOpen} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} component="h2" variant="h2" sx={{ pt: 3 }}>
        Welcome to QR Verify
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Tell us which industry you work in so we can tailor QR Verify to your documents
          {isOwner && ', and the organisation your verification pages name as their issuer'}.
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
        {isOwner && (
          <TextField
            label="Organisation name"
            value={shownName}
            onChange={(event) => setOrganisationName(event.target.value)}
            error={isNameTooLong}
            helperText={
              isNameTooLong
                ? `Organisation name must be at most ${ORGANISATION_NAME_MAX_LENGTH} characters`
                : 'Your verification pages name it as the issuer. You can change it later in Account.'
            }
            autoComplete="organization"
            fullWidth
            sx={{ mt: 3 }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={!industry || isNameTooLong}
          loading={isLoading}
          onClick={save}
        >
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
