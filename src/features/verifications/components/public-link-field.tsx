// The public verification page's address, read-only, with copy and open buttons. It is the address the QR code
// opens, seal included: a link shared without its seal would make the page warn that the seal is missing.
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';

import { CopyButton } from '@/components/copy-button';
import { MONOSPACE } from '@/theme/primitives';
import type { Verification } from '@common/verifications-schemas';

import type { FocusEvent } from 'react';

export function PublicLinkField({ verification }: { verification: Verification }) {
  const url = verification.qr_url ?? verification.public_url;
  return (
    <TextField
      label="Public link"
      value={url}
      size="small"
      fullWidth
      slotProps={{
        htmlInput: {
          readOnly: true,
          onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select(),
        },
        input: {
          sx: { fontFamily: MONOSPACE, fontSize: 13 },
          endAdornment: (
            <InputAdornment position="end">
              <CopyButton value={url} label="Copy public link" />
              <Tooltip title="Open public page">
                <IconButton
                  size="small"
                  aria-label="Open public page"
                  href={url}
                  target="_blank"
                  rel="noopener"
                >
                  <OpenInNewOutlined fontSize="inherit" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
