// A seal key's status as a chip with an icon and a word: active (green), retired (neutral: its seals still
// verify) or revoked from a time (red).
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Chip from '@mui/material/Chip';

import { formatDateTime } from '@/lib/dates';

import type { SealKey } from '../api/seal-keys-api';

export function sealKeyStatusLabel(key: SealKey): string {
  if (key.status === 'revoked') {
    return key.revoked_at ? `Revoked from ${formatDateTime(key.revoked_at)}` : 'Revoked';
  }
  if (key.status === 'retired') {
    return key.retired_at ? `Retired ${formatDateTime(key.retired_at)}` : 'Retired';
  }
  return 'Active';
}

export function SealKeyStatusChip({ sealKey }: { sealKey: SealKey }) {
  const label = sealKeyStatusLabel(sealKey);
  switch (sealKey.status) {
    case 'active':
      return <Chip size="small" color="success" icon={<CheckCircleOutlined />} label={label} />;
    case 'retired':
      return <Chip size="small" variant="outlined" icon={<HistoryOutlined />} label={label} />;
    case 'revoked':
      return <Chip size="small" color="error" icon={<BlockOutlined />} label={label} />;
  }
}
