// Copies a value to the clipboard and says so: the icon turns into a tick for a moment.
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';

import { notify } from '@/lib/notify';

const COPIED_FEEDBACK_MS = 2000;

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

interface CopyButtonProps {
  value: string;
  /** What is copied, for assistive technology: 'Copy public link'. */
  label: string;
  size?: IconButtonProps['size'];
}

export function CopyButton({ value, label, size = 'small' }: CopyButtonProps) {
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return undefined;
    const timer = setTimeout(() => setIsCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
    } catch {
      notify({
        severity: 'warning',
        summary: 'Not copied',
        detail: 'The browser did not allow copying. Select the text and copy it instead.',
      });
    }
  };

  return (
    <>
      <Tooltip title={isCopied ? 'Copied' : label}>
        <IconButton size={size} aria-label={label} onClick={copy}>
          {isCopied ? (
            <CheckOutlined fontSize="inherit" color="success" />
          ) : (
            <ContentCopyOutlined fontSize="inherit" />
          )}
        </IconButton>
      </Tooltip>
      <Box component="span" role="status" sx={visuallyHidden}>
        {isCopied ? 'Copied' : ''}
      </Box>
    </>
  );
}
