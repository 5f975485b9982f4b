// Copies a value to the clipboard and says so: the icon turns into a tick for a moment. The hook and the status serve
// other copy buttons (a labelled one) too.
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

const NOT_ALLOWED = 'The browser did not allow copying. Select the text and copy it instead.';

/**
 * Copies text, and says so for a moment (`isCopied`); when the browser refuses, a toast says so with
 * `notAllowedDetail`, what the user can do instead.
 */
export function useCopyToClipboard(notAllowedDetail = NOT_ALLOWED) {
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return undefined;
    const timer = setTimeout(() => setIsCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
    } catch {
      notify({ severity: 'warning', summary: 'Not copied', detail: notAllowedDetail });
    }
  };

  return { isCopied, copy };
}

/** 'Copied', read out by assistive technology when a copy succeeds. */
export function CopiedStatus({ isCopied }: { isCopied: boolean }) {
  return (
    <Box component="span" role="status" sx={visuallyHidden}>
      {isCopied ? 'Copied' : ''}
    </Box>
  );
}

interface CopyButtonProps {
  value: string;
  /** What is copied, for assistive technology: 'Copy public link'. */
  label: string;
  size?: IconButtonProps['size'];
}

export function CopyButton({ value, label, size = 'small' }: CopyButtonProps) {
  const { isCopied, copy } = useCopyToClipboard();
  return (
    <>
      <Tooltip title={isCopied ? 'Copied' : label}>
        <IconButton size={size} aria-label={label} onClick={() => copy(value)}>
          {isCopied ? (
            <CheckOutlined fontSize="inherit" color="success" />
          ) : (
            <ContentCopyOutlined fontSize="inherit" />
          )}
        </IconButton>
      </Tooltip>
      <CopiedStatus isCopied={isCopied} />
    </>
  );
}
