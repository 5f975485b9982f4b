// The period's most scanned documents; each opens its verification.
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

import { formatCount } from './scan-labels';

import type { ScanAnalytics } from '../../api/scan-analytics-api';

interface TopScannedListProps {
  top: ScanAnalytics['top'];
  onOpen: (verificationId: string) => void;
}

export function TopScannedList({ top, onOpen }: TopScannedListProps) {
  return (
    <section aria-label="Top scanned documents">
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        Top scanned documents
      </Typography>
      {top.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No document was scanned in this period.
        </Typography>
      ) : (
        <List dense disablePadding>
          {top.map((item) => (
            <ListItemButton
              key={item.verification_id}
              onClick={() => onOpen(item.verification_id)}
              sx={{ borderRadius: 1, px: 1, mx: -1 }}
            >
              <ListItemText
                primary={item.title}
                secondary={`${item.holder_name} · ${item.code}`}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                sx={{ minWidth: 0 }}
              />
              <Typography variant="body2" sx={{ fontWeight: 600, flexShrink: 0, ml: 2 }}>
                {formatCount(item.scans, 'scan', 'scans')}
              </Typography>
            </ListItemButton>
          ))}
        </List>
      )}
    </section>
  );
}
