// How the common DNS hosts want the records' names typed: some add the zone themselves, some want the full name,
// and Cloudflare's proxy would hide the CNAME from us.
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { MONOSPACE } from '@/theme/primitives';

import type { ReactNode } from 'react';

/** Second-level labels that are registries, not organisations (co.uk, ac.nz, com.au). */
const REGISTRY_LABEL = /^(ac|co|com|edu|gov|net|org)$/;

/**
 * The zone the domain most likely sits in: its last two labels, or three under a country's registry
 * (verify.ox.ac.uk → ox.ac.uk). A guess, said as one on the screen.
 */
export function likelyZone(domain: string): string {
  const labels = domain.split('.');
  const under =
    labels.length >= 3 && labels.at(-1)!.length === 2 && REGISTRY_LABEL.test(labels.at(-2)!);
  return labels.slice(under ? -3 : -2).join('.');
}

/** A record's name without the zone, as hosts that append the zone want it. */
function relativeName(name: string, zone: string): string {
  return name.endsWith(`.${zone}`) ? name.slice(0, -zone.length - 1) : name;
}

function Code({ children }: { children: ReactNode }) {
  return (
    <Box
      component="code"
      sx={{ fontFamily: MONOSPACE, fontSize: '0.875em', overflowWrap: 'anywhere' }}
    >
      {children}
    </Box>
  );
}

interface DnsHostTipsProps {
  txtName: string;
  cnameName: string;
}

export function DnsHostTips({ txtName, cnameName }: DnsHostTipsProps) {
  const zone = likelyZone(cnameName);
  const txtShort = relativeName(txtName, zone);
  const cnameShort = relativeName(cnameName, zone);
  const tips: { host: string; tip: ReactNode }[] = [
    {
      host: 'Cloudflare',
      tip: (
        <>
          Name <Code>{txtShort}</Code> and <Code>{cnameShort}</Code>. Set the CNAME&apos;s proxy
          status to <strong>DNS only</strong> (grey cloud): through the proxy, scans would not reach
          us.
        </>
      ),
    },
    {
      host: 'GoDaddy, Namecheap and most others',
      tip: (
        <>
          The name field takes only the part before your zone: <Code>{txtShort}</Code> for the TXT
          and <Code>{cnameShort}</Code> for the CNAME; they add <Code>.{zone}</Code> themselves.
        </>
      ),
    },
    {
      host: 'Amazon Route 53',
      tip: (
        <>
          Enter the full name: <Code>{txtName}</Code> and <Code>{cnameName}</Code>. Put the TXT
          value in double quotes.
        </>
      ),
    },
  ];
  return (
    <Accordion disableGutters variant="outlined" sx={{ '&::before': { display: 'none' } }}>
      <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          How to enter them at your DNS host
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
        <Stack component="dl" spacing={1.5} sx={{ m: 0, '& dd': { m: 0 } }}>
          {tips.map(({ host, tip }) => (
            <Box key={host}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {host}
              </Typography>
              <Typography component="dd" variant="body2" color="text.secondary">
                {tip}
              </Typography>
            </Box>
          ))}
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
          Assuming your zone is <Code>{zone}</Code>. If yours is different, drop your zone from the
          full name instead.
        </Typography>
      </AccordionDetails>
    </Accordion>
  );
}
