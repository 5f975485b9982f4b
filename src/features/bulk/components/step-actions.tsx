// Back and Next under a step of the create screen.
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface StepActionsProps {
  nextLabel: string;
  isBusy: boolean;
  onBack?: () => void;
  /** Said beside the buttons while the step is sent. */
  busyLabel?: string;
}

/** Next submits the step's form, which touches every field: a click shows what is still missing. */
export function StepActions({ nextLabel, isBusy, onBack, busyLabel }: StepActionsProps) {
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}
    >
      {isBusy && busyLabel && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mr: 'auto' }}>
          {busyLabel}
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
        endIcon={<ArrowForwardOutlined />}
      >
        {nextLabel}
      </Button>
    </Stack>
  );
}
