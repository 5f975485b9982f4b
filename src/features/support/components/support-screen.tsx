// Support: 'Contact us' (a message to the support team, answered by email) beside 'Help' (the FAQ and the links to
// the API reference and the service status); one column on a phone, the form first.
import Box from '@mui/material/Box';

import { ContactForm } from './contact-form';
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
      <ContactForm />
      <HelpSection />
    </Box>
  );
}
