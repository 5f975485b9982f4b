// A seal key's status as a chip with an icon and a word (active green, retired neutral: its seals still verify,
// revoked red), and the sentence with its time that the key's row shows beside it.
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Chip from '@mui/material/Chip';

import { formatDateTime } from '@/lib/dates';

import type { SealKey } from '../api/seal-keys-api';

/** When the key stopped signing or vouching, and what that means for its seals; null for the active key. */
export function sealKeyStatusNote(key: SealKey): string | null {
  if (key.status === 'revoked' && key.revoked_at) {
    return `Revoked from ${formatDateTime(key.revoked_at)}: seals made since then fail.`;
  }
  if (key.status === 'retired' && key.retired_at) {
    return `Retired ${formatDateTime(key.retired_at)}: its seals keep verifying.`;
  }
  return null;
}

export function SealKeyStatusChip({ sealKey }: { sealKey: SealKey }) {
  switch (sealKey.status) {
    case 'active':
      return <Chip size="small" color="success" icon={<CheckCircleOutlined />} label="Active" />;
    case 'retired':
      return <Chip size="small" variant="outlined" icon={<HistoryOutlined />} label="Retired" />;
    case 'revoked':
      return <Chip size="small" color="error" icon={<BlockOutlined />} label="Revoked" />;
  }
}
