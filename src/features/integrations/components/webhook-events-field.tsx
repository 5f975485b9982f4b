// The events a webhook subscribes to: a checkbox per event with a line on when it is sent.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { Field, useField } from 'react-final-form';

import { MONOSPACE } from '@/theme/primitives';
import { WEBHOOK_EVENTS } from '@common/integrations-schemas';

import { EVENT_EXPLANATIONS } from '../webhook-events';

function firstMessage(error: unknown): string | undefined {
  const message = Array.isArray(error) ? error[0] : error;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

export function WebhookEventsField({ disabled }: { disabled?: boolean }) {
  const { meta } = useField<string[]>('events', {
    subscription: {
      error: true,
      submitError: true,
      touched: true,
      submitFailed: true,
      dirtySinceLastSubmit: true,
    },
  });
  const submitError = meta.dirtySinceLastSubmit ? undefined : meta.submitError;
  const error =
    meta.touched || meta.submitFailed ? firstMessage(meta.error ?? submitError) : undefined;
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled}>
      <FormLabel
        component="legend"
        sx={{ fontWeight: 600, mb: 0.5, '&, &.Mui-focused': { color: 'text.primary' } }}
      >
        Events
      </FormLabel>
      <FormGroup>
        {WEBHOOK_EVENTS.map((event) => (
          <Field key={event} name="events" type="checkbox" value={event}>
            {({ input }) => (
              <FormControlLabel
                sx={{ alignItems: 'flex-start', mr: 0, py: 0.5 }}
                control={
                  <Checkbox
                    name={input.name}
                    value={event}
                    checked={Boolean(input.checked)}
                    onChange={input.onChange}
                    onBlur={input.onBlur}
                    sx={{ pt: 0.25 }}
                  />
                }
                label={
                  <Box>
                    <Box component="span" sx={{ fontFamily: MONOSPACE, fontSize: 14 }}>
                      {event}
                    </Box>
                    <Typography variant="body2" color="text.secondary">
                      {EVENT_EXPLANATIONS[event]}
                    </Typography>
                  </Box>
                }
              />
            )}
          </Field>
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
