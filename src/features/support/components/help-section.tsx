// 'Help': the FAQ from content/faq/, filtered as the user types (questions and answers), as accordions; and the
// links beyond it: the API reference, the service status page when the server names one, and the support address.
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import TerminalOutlined from '@mui/icons-material/TerminalOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { FormSection } from '@/components/form/form-section';
import { env } from '@/config/env';
import { API_REFERENCE_PATH } from '@/config/paths';
import { pathTo } from '@/config/routes';

import { searchFaq, type FaqEntry, type FaqLink } from '../faq';

function EntryLink({ link }: { link: FaqLink }) {
  return 'route' in link ? (
    <Link component={RouterLink} to={pathTo(link.route)}>
      {link.label}
    </Link>
  ) : (
    <Link href={link.href} target="_blank" rel="noopener">
      {link.label}
    </Link>
  );
}

function FaqAccordion({ entry }: { entry: FaqEntry }) {
  const id = useId();
  return (
    <Accordion disableGutters variant="outlined" sx={{ '&::before': { display: 'none' } }}>
      <AccordionSummary
        expandIcon={<ExpandMoreOutlined />}
        id={`${id}-question`}
        aria-controls={`${id}-answer`}
      >
        <Typography sx={{ fontWeight: 600 }}>{entry.question}</Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-answer`}>
        <Stack spacing={1.5}>
          {entry.answer.map((paragraph) => (
            <Typography key={paragraph} variant="body2">
              {paragraph}
            </Typography>
          ))}
          {entry.links && entry.links.length > 0 && (
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {entry.links.map((link) => (
                <Typography key={link.label} variant="body2">
                  <EntryLink link={link} />
                </Typography>
              ))}
            </Stack>
          )}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

function NoMatches({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 4 }} role="status">
      <SearchOffOutlined color="action" sx={{ fontSize: 40 }} aria-hidden />
      <Typography sx={{ fontWeight: 600 }}>No answers match “{query.trim()}”</Typography>
      <Typography variant="body2" color="text.secondary">
        Try other words, or ask us with the form: we answer every message.
      </Typography>
      <Button onClick={onClear}>Clear the search</Button>
    </Stack>
  );
}

function HelpLinks() {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap>
      <Button
        variant="outlined"
        href={API_REFERENCE_PATH}
        target="_blank"
        rel="noopener"
        startIcon={<TerminalOutlined />}
        endIcon={<OpenInNewOutlined fontSize="small" />}
      >
        API reference
      </Button>
      {env.STATUS_PAGE_URL && (
        <Button
          variant="outlined"
          href={env.STATUS_PAGE_URL}
          target="_blank"
          rel="noopener"
          startIcon={<MonitorHeartOutlined />}
          endIcon={<OpenInNewOutlined fontSize="small" />}
        >
          Service status
        </Button>
      )}
      <Button
        variant="text"
        href={`mailto:${env.SUPPORT_EMAIL}`}
        startIcon={<MailOutlined />}
        sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}
      >
        Email {env.SUPPORT_EMAIL}
      </Button>
    </Stack>
  );
}

export function HelpSection() {
  const [query, setQuery] = useState('');
  // Typing stays smooth while the list catches up.
  const matches = searchFaq(useDeferredValue(query));
  const searchId = useId();
  return (
    <FormSection title="Help" description="Answers to the questions we are asked most.">
      <Stack spacing={2}>
        <OutlinedInput
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search the answers"
          fullWidth
          inputProps={{ 'aria-label': 'Search the answers' }}
          startAdornment={
            <InputAdornment position="start">
              <SearchOutlined aria-hidden />
            </InputAdornment>
          }
        />
        {matches.length === 0 ? (
          <NoMatches query={query} onClear={() => setQuery('')} />
        ) : (
          <Box role="list" aria-label="Answers">
            {matches.map((entry) => (
              <Box role="listitem" key={entry.id}>
                <FaqAccordion entry={entry} />
              </Box>
            ))}
          </Box>
        )}
        <HelpLinks />
      </Stack>
    </FormSection>
  );
}
