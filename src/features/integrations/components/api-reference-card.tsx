// Where developers start: the API reference (served by the app at /api/docs/) and a curl quick start that secures
// a PDF with an API key and reads its public record.
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { CopyButton } from '@/components/copy-button';
import { MONOSPACE } from '@/theme/primitives';

/** The reference page and the OpenAPI document, both served by the app itself. */
const API_DOCS_PATH = '/api/docs/';
const OPENAPI_PATH = '/api/openapi.json';

export function quickStart(origin: string): string {
  return [
    '# Secure a PDF; the answer carries its verification code',
    `curl ${origin}/api/verifications/ \\`,
    '  -H "Authorization: Bearer $QRV_API_KEY" \\',
    '  -F file=@diploma.pdf \\',
    '  -F title="Bachelor of Science" \\',
    '  -F holder_name="Ada Lovelace"',
    '',
    '# Read its public record, as a scan of its QR code does',
    `curl ${origin}/api/public/verifications/<code>/`,
  ].join('\n');
}

export function ApiReferenceCard() {
  const commands = quickStart(window.location.origin);
  return (
    <Card component="section" aria-labelledby="api-reference-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 2, md: 4 }}
          sx={{ alignItems: { md: 'flex-start' } }}
        >
          <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
            <Typography variant="h2" component="h2" id="api-reference-title">
              Build with the API
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Your own code can create, revoke and list verifications, templates and bulk operations
              with the same API this app uses: send an API key as a bearer token. Webhooks then tell
              your systems what happens, as it happens.
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
              <Button
                variant="outlined"
                href={API_DOCS_PATH}
                target="_blank"
                rel="noopener"
                startIcon={<MenuBookOutlined />}
                endIcon={<OpenInNewOutlined fontSize="small" />}
              >
                API reference
              </Button>
              <Button
                color="inherit"
                href={OPENAPI_PATH}
                target="_blank"
                rel="noopener"
                endIcon={<OpenInNewOutlined fontSize="small" />}
              >
                OpenAPI document
              </Button>
            </Stack>
          </Box>
          <Box sx={{ flex: '1.4 1 0', minWidth: 0 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="h3" component="h3" id="quick-start-title">
                Quick start
              </Typography>
              <CopyButton value={commands} label="Copy the quick start commands" />
            </Stack>
            <Box
              component="pre"
              aria-labelledby="quick-start-title"
              tabIndex={0}
              sx={{
                m: 0,
                mt: 1,
                p: 2,
                borderRadius: 1,
                bgcolor: 'grey.900',
                color: 'grey.100',
                fontFamily: MONOSPACE,
                fontSize: 13,
                lineHeight: 1.6,
                overflowX: 'auto',
              }}
            >
              {commands}
            </Box>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
