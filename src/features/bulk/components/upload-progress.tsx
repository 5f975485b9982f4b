// How far a large file has gone to the server: a bar with its percent and bytes, then that it is uploaded.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { formatFileSize } from '@/lib/format-file-size';

interface UploadProgressProps {
  /** The field's label, e.g. 'Documents'. */
  label: string;
  bytesSent: number;
  bytesTotal: number;
  isDone: boolean;
}

/** A whole percent that says 100 only once the server has it all. */
export function uploadPercent(bytesSent: number, bytesTotal: number, isDone: boolean): number {
  if (isDone) return 100;
  if (!bytesTotal) return 0;
  return Math.min(99, Math.floor((bytesSent / bytesTotal) * 100));
}

export function UploadProgress({ label, bytesSent, bytesTotal, isDone }: UploadProgressProps) {
  const percent = uploadPercent(bytesSent, bytesTotal, isDone);
  const bytes = `${formatFileSize(isDone ? bytesTotal : bytesSent)} of ${formatFileSize(bytesTotal)}`;
  if (isDone) {
    return (
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center' }} role="status">
        <CheckCircleOutlined color="success" fontSize="small" aria-hidden />
        <Typography variant="body2" color="text.secondary">
          Uploaded · {formatFileSize(bytesTotal)}
        </Typography>
      </Stack>
    );
  }
  return (
    <Box sx={{ mt: 1.5 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`Uploading the ${label.toLowerCase()}`}
        aria-valuetext={`${percent}%, ${bytes}`}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        Uploading… {percent}% · {bytes}
      </Typography>
    </Box>
  );
}
