// Support: 'Contact us' (a message to the support team, answered by email) and 'Diagnostic state' (copied for
// support staff) beside 'Help' (the FAQ and the links to the API reference and the service status); one column on a
// phone, the form first.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';

import { ContactForm } from './contact-form';
import { DiagnosticSection } from './diagnostic-section';
import { HelpSection } from './help-section';

export function SupportScreen() {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 6fr)' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <ContactForm />
        <DiagnosticSection />
      </Stack>
      <HelpSection />
    </Box>
  );
}
