// The template's logo: shows the current one, takes a new image (type and size checked here, before
// anything is sent) or removes it.
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useField } from 'react-final-form';

import { LOGO_ACCEPT, LOGO_HINT, logoFileProblem, type LogoChoice } from './template-form-schema';

import type { ChangeEvent } from 'react';

function fileSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`;
}

function revokePreview(logo: LogoChoice) {
  if (logo?.kind === 'new') URL.revokeObjectURL(logo.previewUrl);
}

/** Frees the chosen file's object URL when the form goes away (a replaced one is freed on the spot). */
function useRevokeWhenGone(logo: LogoChoice) {
  const latest = useRef(logo);
  useEffect(() => {
    latest.current = logo;
  }, [logo]);
  useEffect(() => () => revokePreview(latest.current), []);
}

export function LogoField({ disabled = false }: { disabled?: boolean }) {
  const { input, meta } = useField<LogoChoice>('logo', {
    subscription: { value: true, error: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const inputId = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [rejection, setRejection] = useState<string | null>(null);
  const logo = input.value || null;
  const imageUrl = logo ? (logo.kind === 'saved' ? logo.url : logo.previewUrl) : null;
  useRevokeWhenGone(logo);
  const serverError = meta.dirtySinceLastSubmit ? undefined : meta.submitError;
  const error = rejection ?? firstMessage(meta.error) ?? firstMessage(serverError);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after a rejection must fire a change too.
    event.target.value = '';
    if (!file) return;
    const problem = logoFileProblem(file);
    setRejection(problem);
    if (problem) return;
    revokePreview(logo);
    input.onChange({
      kind: 'new',
      file,
      previewUrl: URL.createObjectURL(file),
    } satisfies LogoChoice);
    input.onBlur();
  };

  const remove = () => {
    setRejection(null);
    revokePreview(logo);
    input.onChange(null);
    input.onBlur();
  };

  return (
    <Stack spacing={1.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Box
          sx={{
            flex: 'none',
            width: { xs: '100%', sm: 176 },
            height: 80,
            display: 'grid',
            placeItems: 'center',
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            borderStyle: imageUrl ? 'solid' : 'dashed',
            borderRadius: 2,
            bgcolor: 'background.default',
            p: 1.5,
          }}
        >
          {imageUrl ? (
            <Box
              component="img"
              src={imageUrl}
              alt="The logo"
              sx={{ maxWidth: '100%', maxHeight: 40, objectFit: 'contain' }}
            />
          ) : (
            <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <ImageOutlined aria-hidden />
              <Typography variant="caption">No logo</Typography>
            </Stack>
          )}
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              onClick={() => fileInput.current?.click()}
              disabled={disabled}
            >
              {logo ? 'Replace logo' : 'Choose logo'}
            </Button>
            {logo && (
              <Button
                color="inherit"
                startIcon={<DeleteOutlined />}
                onClick={remove}
                disabled={disabled}
              >
                Remove
              </Button>
            )}
          </Stack>
          {logo?.kind === 'new' && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {logo.file.name} · {fileSize(logo.file.size)} · uploaded when you save
            </Typography>
          )}
        </Stack>
      </Stack>
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        accept={LOGO_ACCEPT}
        aria-label="Logo file"
        aria-describedby={hintId}
        onChange={choose}
        disabled={disabled}
        hidden
      />
      {error ? (
        <Alert severity="error" role="alert" id={hintId}>
          {error}
        </Alert>
      ) : (
        <FormHelperText id={hintId} sx={{ mt: 0 }}>
          {LOGO_HINT}
        </FormHelperText>
      )}
    </Stack>
  );
}

function firstMessage(error: unknown): string | undefined {
  if (Array.isArray(error)) return typeof error[0] === 'string' ? error[0] : undefined;
  return typeof error === 'string' ? error : undefined;
}
