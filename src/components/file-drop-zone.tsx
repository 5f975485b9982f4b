// A drop target for one file: drag and drop, or browse with the button (keyboard users' way in).
// The caller decides what is acceptable and passes its message back as `error`.
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';

export interface FileDropZoneProps {
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The input's accept list, e.g. 'application/pdf,.pdf'; drops are not filtered by it. */
  accept?: string;
  /** Names the input for assistive technology, e.g. 'Document'. */
  label: string;
  /** What may be dropped, e.g. 'PDF, PNG or JPEG, up to 25 MB'. */
  hint?: string;
  error?: string;
  disabled?: boolean;
  /** Describes the chosen file under its name, e.g. its size. */
  describeFile?: (file: File) => string;
}

export function FileDropZone({
  file,
  onFileChange,
  accept,
  label,
  hint,
  error,
  disabled = false,
  describeFile,
}: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragOver, setIsDragOver] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const inputId = useId();

  const browse = () => {
    if (!disabled) inputRef.current?.click();
  };

  const choose = (files: FileList | null) => {
    const chosen = files?.[0];
    if (chosen) onFileChange(chosen);
  };

  const onDragOver = (event: DragEvent) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDragOver(true);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragOver(false);
    if (!disabled) choose(event.dataTransfer.files);
  };

  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <Box>
      <Box
        data-testid="file-drop-zone"
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setIsDragOver(false)}
        onDrop={onDrop}
        onClick={file ? undefined : browse}
        sx={(theme) => ({
          position: 'relative',
          border: '2px dashed',
          borderColor: error
            ? theme.palette.error.main
            : isDragOver
              ? theme.palette.primary.main
              : theme.palette.divider,
          borderRadius: 3,
          bgcolor: isDragOver
            ? alpha(theme.palette.primary.main, 0.06)
            : theme.palette.background.default,
          px: { xs: 2, sm: 3 },
          py: file ? 2 : { xs: 3, sm: 4 },
          textAlign: file ? 'left' : 'center',
          cursor: file || disabled ? 'default' : 'pointer',
          opacity: disabled ? 0.6 : 1,
          transition: theme.transitions.create(['border-color', 'background-color']),
        })}
      >
        <Box
          component="input"
          ref={inputRef}
          id={inputId}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-label={label}
          aria-describedby={describedBy}
          aria-invalid={Boolean(error)}
          tabIndex={-1}
          onChange={(event) => {
            choose(event.currentTarget.files);
            // The same file chosen again after removing it must still count as a change.
            event.currentTarget.value = '';
          }}
          sx={{
            position: 'absolute',
            width: '1px',
            height: '1px',
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
          }}
        />
        {file ? (
          <Stack
            direction="row"
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}
          >
            <InsertDriveFileOutlined color="primary" aria-hidden />
            <Box sx={{ flex: '1 1 140px', minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={file.name}>
                {file.name}
              </Typography>
              {describeFile && (
                <Typography variant="caption" color="text.secondary">
                  {describeFile(file)}
                </Typography>
              )}
            </Box>
            <Stack direction="row" spacing={1} sx={{ ml: 'auto', alignItems: 'center' }}>
              <Button size="small" onClick={browse} disabled={disabled}>
                Replace
              </Button>
              <Tooltip title="Remove file">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => onFileChange(null)}
                    disabled={disabled}
                  >
                    <CloseOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          </Stack>
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            <CloudUploadOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden />
            <Typography sx={{ fontWeight: 600 }}>Drag and drop your file here</Typography>
            {hint && (
              <Typography id={hintId} variant="body2" color="text.secondary">
                {hint}
              </Typography>
            )}
            <Button
              variant="outlined"
              onClick={(event) => {
                event.stopPropagation();
                browse();
              }}
              disabled={disabled}
              sx={{ mt: 1 }}
            >
              Browse files
            </Button>
          </Stack>
        )}
      </Box>
      {error && (
        <FormHelperText id={errorId} error role="alert" sx={{ mx: 1.75 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
