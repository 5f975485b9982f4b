// Back and Next under a step of the create screen.
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

interface StepActionsProps {
  nextLabel: string;
  isBusy: boolean;
  onBack?: () => void;
  /** Said beside the buttons while the step is sent. */
  busyLabel?: string;
  /** Why Next waits (a file still uploading); Next is disabled while there is one. */
  waitNote?: string | null;
}

/** Next submits the step's form, which touches every field: a click shows what is still missing. */
export function StepActions({ nextLabel, isBusy, onBack, busyLabel, waitNote }: StepActionsProps) {
  const note = isBusy ? busyLabel : waitNote;
  const noteId = useId();
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}
    >
      {note && (
        <Typography
          id={noteId}
          variant="body2"
          color="text.secondary"
          role="status"
          sx={{ mr: 'auto', flex: '1 1 240px' }}
        >
          {note}
        </Typography>
      )}
      {onBack && (
        <Button onClick={onBack} disabled={isBusy} color="inherit">
          Back
        </Button>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={isBusy}
        disabled={Boolean(waitNote)}
        aria-describedby={waitNote ? noteId : undefined}
        endIcon={<ArrowForwardOutlined />}
      >
        {nextLabel}
      </Button>
    </Stack>
  );
}
