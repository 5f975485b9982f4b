// The file picker: Uppy's Dashboard for one file from this device (browse or drag and drop), from a direct link
// (fetched by the Companion service under /companion) or from a configured cloud source. The chosen file is
// uploaded at once to `endpoint`, which checks it and answers JSON; the caller gets that answer.
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { alpha } from '@mui/material/styles';
import Dashboard from '@uppy/react/dashboard';
import { useId, useState } from 'react';

import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import '@uppy/url/css/style.min.css';
import '@uppy/core/provider-views/css/style.min.css';

import { useUppy, type UppySettings } from './use-uppy';

import type { PickedFile } from './picked-file';
import type { UppyEventHandlers } from './uppy-events';

export interface FilePickerProps<Answer>
  extends UppySettings, Omit<UppyEventHandlers<Answer>, 'onProblem'> {
  /** Names the picker for assistive technology, e.g. 'Document file'. */
  label: string;
  /** What may be chosen, e.g. 'PDF, PNG or JPEG, up to 25 MB'. */
  hint: string;
  onChange: (file: PickedFile<Answer> | null) => void;
  error?: string;
  disabled?: boolean;
  height?: number;
}

export function FilePicker<Answer>(props: FilePickerProps<Answer>) {
  const { label, hint, error, disabled = false, height = 280 } = props;
  const [problem, setProblem] = useState<string | null>(null);
  const uppy = useUppy<Answer>({ ...props, onProblem: setProblem });
  const hintId = useId();
  const errorId = useId();

  const shownError = error ?? problem ?? undefined;
  const describedBy = [hintId, shownError && errorId].filter(Boolean).join(' ');

  return (
    <Box>
      <Box
        role="group"
        aria-label={label}
        aria-describedby={describedBy}
        data-testid="file-picker"
        sx={(theme) => ({
          opacity: disabled ? 0.6 : 1,
          pointerEvents: disabled ? 'none' : undefined,
          // Uppy's Dashboard in the app's colours, type and corners.
          '& .uppy-Root': { fontFamily: theme.typography.fontFamily },
          '& .uppy-Dashboard-inner': {
            border: '2px dashed',
            borderColor: shownError ? theme.palette.error.main : theme.palette.divider,
            borderRadius: `${Number(theme.shape.borderRadius) * 3}px`,
            backgroundColor: theme.palette.background.default,
            width: '100% !important',
          },
          '& .uppy-Dashboard-innerWrap': {
            borderRadius: `${Number(theme.shape.borderRadius) * 3}px`,
          },
          '& .uppy-Dashboard-AddFiles': { border: 'none', margin: 0 },
          '& .uppy-Dashboard-AddFiles-title': {
            fontSize: theme.typography.body1.fontSize,
            fontWeight: 600,
            color: theme.palette.text.primary,
            maxWidth: 'none',
            paddingInline: theme.spacing(2),
          },
          '& .uppy-Dashboard-browse': { color: theme.palette.primary.main },
          '& .uppy-Dashboard-AddFiles-info': { display: 'block', bottom: theme.spacing(2) },
          '& .uppy-DashboardContent-back, & .uppy-Url-importButton, & .uppy-c-btn-primary': {
            fontFamily: theme.typography.fontFamily,
          },
          '& .uppy-c-btn-primary': { backgroundColor: theme.palette.primary.main },
          '& .uppy-c-btn-primary:hover': { backgroundColor: theme.palette.primary.dark },
          '& .uppy-Url-input:focus, & .uppy-c-textInput:focus': {
            borderColor: theme.palette.primary.main,
            boxShadow: `0 0 0 3px ${alpha(theme.palette.primary.main, 0.2)}`,
          },
          '& .uppy-StatusBar-progress, & .uppy-Dashboard-Item-progressIndicator': {
            color: theme.palette.primary.main,
          },
        })}
      >
        {uppy && (
          <Dashboard
            uppy={uppy}
            width="100%"
            height={height}
            proudlyDisplayPoweredByUppy={false}
            hideProgressDetails
            disableInformer
            disabled={disabled}
            showRemoveButtonAfterComplete
            // Its Done button would clear the picked file: the form's Create button is the way on.
            doneButtonHandler={null}
            locale={{
              strings: {
                dropPasteFiles: 'Drag and drop your file here, %{browseFiles}',
                dropPasteImportFiles:
                  'Drag and drop your file here, %{browseFiles} or import from:',
                browseFiles: 'browse files',
                myDevice: 'This device',
              },
            }}
          />
        )}
      </Box>
      <FormHelperText id={hintId} sx={{ mx: 1.75 }}>
        {hint}
      </FormHelperText>
      {shownError && (
        <FormHelperText id={errorId} error role="alert" sx={{ mx: 1.75 }}>
          {shownError}
        </FormHelperText>
      )}
    </Box>
  );
}
