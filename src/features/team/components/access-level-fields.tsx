// One None / View / Edit control per area, as react-final-form fields named shared_access.<area>.
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { Field } from 'react-final-form';

import { ACCESS_AREAS, ACCESS_LEVELS, type AccessArea, type AccessLevel } from '@common/team';

/** What each area is called on this screen, in plain words. */
export const AREA_LABELS: Record<AccessArea, string> = {
  verifications: 'Verifications',
  bulk: 'Bulk operations',
  templates: 'Templates',
  integrations: 'Integrations',
  custom_domain: 'Custom domain',
};

export const LEVEL_LABELS: Record<AccessLevel, string> = {
  none: 'None',
  view: 'View',
  edit: 'Edit',
};

// The chosen level must read at a glance across five rows: filled, not the default faint tint.
const LEVEL_BUTTON_STYLE = {
  px: 1.5,
  minWidth: 56,
  '&.Mui-selected, &.Mui-selected:hover': {
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
  },
} as const;

export function AccessLevelFields({ disabled }: { disabled?: boolean }) {
  return (
    <Stack spacing={1.5}>
      {ACCESS_AREAS.map((area) => (
        <Field<AccessLevel> key={area} name={`shared_access.${area}`}>
          {({ input }) => (
            // Phones put the label above a full-width group: side by side they do not fit.
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              sx={{
                alignItems: { xs: 'stretch', sm: 'center' },
                justifyContent: 'space-between',
                gap: { xs: 0.5, sm: 2 },
              }}
            >
              <FormLabel id={`access-${area}`} sx={{ color: 'text.primary' }}>
                {AREA_LABELS[area]}
              </FormLabel>
              <ToggleButtonGroup
                exclusive
                size="small"
                disabled={disabled}
                value={input.value}
                aria-labelledby={`access-${area}`}
                sx={{ '& .MuiToggleButton-root': { flex: { xs: 1, sm: 'none' } } }}
                onChange={(_event, value: AccessLevel | null) => {
                  if (value) input.onChange(value);
                }}
              >
                {ACCESS_LEVELS.map((level) => (
                  <ToggleButton key={level} value={level} sx={LEVEL_BUTTON_STYLE}>
                    {LEVEL_LABELS[level]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Stack>
          )}
        </Field>
      ))}
    </Stack>
  );
}
