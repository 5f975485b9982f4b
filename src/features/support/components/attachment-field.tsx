// The contact form's optional attachment: a button that opens the file chooser, then the chosen file's name and
// size with a Remove button. A file that is too large or of a kind support cannot take is refused on the spot.
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useField } from 'react-final-form';

import { formatFileSize } from '@/lib/format-file-size';
import { SUPPORT_ATTACHMENT_ACCEPT, SUPPORT_ATTACHMENT_KINDS } from '@common/support-schemas';

import { attachmentProblem } from './contact-form-schema';

const HINT = `Optional: ${SUPPORT_ATTACHMENT_KINDS}, up to 5 MB. A screenshot often helps.`;

function firstMessage(error: unknown): string | undefined {
  if (Array.isArray(error)) return typeof error[0] === 'string' ? error[0] : undefined;
  return typeof error === 'string' ? error : undefined;
}

export function AttachmentField({ disabled = false }: { disabled?: boolean }) {
  const { input, meta } = useField<File | null>('attachment', {
    subscription: { value: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [rejection, setRejection] = useState<string | null>(null);
  const file = input.value || null;
  const serverError = meta.dirtySinceLastSubmit ? undefined : firstMessage(meta.submitError);
  const error = rejection ?? serverError;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file chosen again after a rejection must fire a change too.
    event.target.value = '';
    if (!chosen) return;
    const problem = attachmentProblem(chosen);
    setRejection(problem);
    if (!problem) input.onChange(chosen);
  };

  const remove = () => {
    setRejection(null);
    input.onChange(null);
  };

  return (
    <Stack spacing={1}>
      {file ? (
        <Stack
          direction="row"
          spacing={1.5}
          sx={{
            alignItems: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            px: 1.5,
            py: 1,
            bgcolor: 'background.default',
          }}
        >
          <InsertDriveFileOutlined color="action" aria-hidden />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {file.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatFileSize(file.size)}
            </Typography>
          </Box>
          <IconButton
            aria-label={`Remove ${file.name}`}
            onClick={remove}
            disabled={disabled}
            size="small"
          >
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Stack>
      ) : (
        <Box>
          <Button
            variant="outlined"
            startIcon={<AttachFileOutlined />}
            onClick={() => fileInput.current?.click()}
            disabled={disabled}
            aria-describedby={hintId}
          >
            Attach a file
          </Button>
        </Box>
      )}
      <input
        ref={fileInput}
        type="file"
        accept={SUPPORT_ATTACHMENT_ACCEPT}
        aria-label="Attachment"
        aria-describedby={hintId}
        onChange={choose}
        disabled={disabled}
        hidden
      />
      <FormHelperText
        id={hintId}
        error={Boolean(error)}
        role={error ? 'alert' : undefined}
        sx={{ mt: 0 }}
      >
        {error ?? HINT}
      </FormHelperText>
    </Stack>
  );
}
