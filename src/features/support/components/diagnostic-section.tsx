// 'Diagnostic state': what support staff would read in Redux DevTools, copied for them to paste into a chat or a mail
// — the app's state with passwords, tokens and keys hidden, and its last 50 steps with their times.
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Button from '@mui/material/Button';

import { useAppDispatch } from '@/app/hooks';
import { CopiedStatus, useCopyToClipboard } from '@/components/copy-button';
import { FormSection } from '@/components/form/form-section';
import { diagnosticStateRequested, diagnosticStateText } from '@/lib/diagnostic-state';

const NOT_ALLOWED =
  'The browser did not allow copying. Tick “Attach the diagnostic state” on your message instead.';

export function DiagnosticSection() {
  const dispatch = useAppDispatch();
  const { isCopied, copy } = useCopyToClipboard(NOT_ALLOWED);
  return (
    <FormSection
      title="Diagnostic state"
      description="If support asks for it: what the app holds and its last 50 steps, with passwords, tokens and keys hidden."
    >
      <Button
        variant="outlined"
        startIcon={isCopied ? <CheckOutlined color="success" /> : <ContentCopyOutlined />}
        onClick={() => copy(diagnosticStateText(dispatch(diagnosticStateRequested())))}
      >
        {isCopied ? 'Copied' : 'Copy diagnostic state'}
      </Button>
      <CopiedStatus isCopied={isCopied} />
    </FormSection>
  );
}
