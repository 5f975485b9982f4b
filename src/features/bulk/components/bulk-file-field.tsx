// One file of the upload step as a react-final-form field: a drop zone with a button, the chosen file's name and
// size, and what is wrong with it (checked at once) or what the server said about it. A chosen file is sent at
// once (onChoose); the zip shows its progress, can be cancelled, and tried again when it failed.
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useField } from 'react-final-form';

import { formatFileSize } from '@/lib/format-file-size';

import { UploadProgress } from './upload-progress';

import type { StagedFile } from './use-staged-files';

interface BulkFileFieldProps {
  name: string;
  label: string;
  /** What may be chosen, e.g. 'CSV or Excel (.xlsx), up to 10 MB'. */
  hint: string;
  accept: string;
  disabled?: boolean;
  /** How far the chosen file has gone to the server. */
  staged?: StagedFile;
  onChoose?: (file: File | null) => void;
  onRetry?: () => void;
  /** Shows the upload's bytes while it goes (the zip, which may be large). */
  showsProgress?: boolean;
}

function errorText(error: unknown): string | undefined {
  const first = Array.isArray(error) ? error[0] : error;
  return typeof first === 'string' && first ? first : undefined;
}

export function BulkFileField(props: BulkFileFieldProps) {
  const { name, label, hint, accept, disabled, staged, onChoose, onRetry, showsProgress } = props;
  const { input, meta } = useField<File | null>(name, {
    subscription: {
      value: true,
      error: true,
      touched: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  });
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const id = useId();
  const file = input.value || null;
  const submitError = meta.dirtySinceLastSubmit ? undefined : errorText(meta.submitError);
  const ownError = meta.touched ? errorText(meta.error) : undefined;
  // A file the server forgot is chosen again: its reason shows until then.
  const stagedError =
    staged?.status === 'failed' && staged.file === file ? (staged.error ?? undefined) : undefined;
  const error = ownError ?? stagedError ?? submitError;
  const isUploading = staged?.status === 'uploading' && staged.file === file && file !== null;

  const choose = (chosen: File | null | undefined) => {
    if (chosen === undefined) return;
    input.onChange(chosen);
    input.onBlur();
    onChoose?.(chosen);
  };
  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    choose(event.target.files?.[0]);
    // The same file chosen again (after a fix) still counts as a choice.
    event.target.value = '';
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    if (!disabled) choose(event.dataTransfer.files[0]);
  };

  return (
    <Box>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={onDrop}
        sx={(theme) => ({
          p: 2,
          border: '1px dashed',
          borderColor: error ? 'error.main' : isOver ? 'primary.main' : 'divider',
          borderRadius: 2,
          bgcolor: isOver ? alpha(theme.palette.primary.main, 0.04) : 'transparent',
        })}
      >
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Stack direction="row" spacing={2} sx={{ flex: '1 1 200px', minWidth: 0 }}>
            {file ? (
              <InsertDriveFileOutlined color="primary" aria-hidden />
            ) : (
              <UploadFileOutlined sx={{ color: 'action.active' }} aria-hidden />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="subtitle2" component="label" htmlFor={id}>
                {label}
              </Typography>
              <Typography
                variant="body2"
                color={file ? 'text.primary' : 'text.secondary'}
                sx={{ wordBreak: 'break-word' }}
              >
                {file ? `${file.name} · ${formatFileSize(file.size)}` : hint}
              </Typography>
            </Box>
          </Stack>
          {stagedError && file && onRetry && (
            <Button variant="outlined" size="small" onClick={onRetry} disabled={disabled}>
              Try again
            </Button>
          )}
          {isUploading && showsProgress && (
            <Button
              size="small"
              color="inherit"
              onClick={() => choose(null)}
              disabled={disabled}
              aria-label={`Cancel the upload of the ${label.toLowerCase()}`}
            >
              Cancel
            </Button>
          )}
          <Button
            variant="outlined"
            size="small"
            onClick={() => inputRef.current?.click()}
            disabled={disabled}
            aria-label={`${file ? 'Change' : 'Choose file for'} the ${label.toLowerCase()}`}
            aria-describedby={`${id}-status`}
          >
            {file ? 'Change' : 'Choose file'}
          </Button>
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={accept}
            hidden
            onChange={onInputChange}
            disabled={disabled}
          />
        </Stack>
        {showsProgress && file && staged?.file === file && staged.status !== 'failed' && (
          <UploadProgress
            label={label}
            bytesSent={staged.bytesSent}
            bytesTotal={file.size}
            isDone={staged.status === 'done'}
          />
        )}
      </Box>
      <FormHelperText id={`${id}-status`} error={Boolean(error)} role={error ? 'alert' : undefined}>
        {error ?? (file ? hint : 'Or drop the file here.')}
      </FormHelperText>
    </Box>
  );
}
