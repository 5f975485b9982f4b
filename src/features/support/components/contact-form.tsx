// 'Contact us': subject, message, an optional attachment and, when ticked, the app's diagnostic state, sent to the
// support team, who answer by email; the address they answer at and the account's plan are shown read-only. Once
// sent, a thank-you with 'Send another'.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form } from 'react-final-form';

import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { FormSection } from '@/components/form/form-section';
import { SubmitBar } from '@/components/form/submit-bar';
import { CheckboxField } from '@/components/form/switch-field';
import { TextInputField } from '@/components/form/text-input-field';
import { diagnosticStateRequested, diagnosticStateText } from '@/lib/diagnostic-state';
import { submissionErrors } from '@/lib/forms/submission-errors';
import { selectEmail } from '@/lib/session/session-slice';
import { SUPPORT_LIMITS } from '@common/support-schemas';

import { useGetSupportSenderQuery, useSendSupportMessageMutation } from '../api/support-api';

import { AttachmentField } from './attachment-field';
import {
  EMPTY_CONTACT_FORM,
  validateContactForm,
  type ContactFormValues,
} from './contact-form-schema';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

const FIELDS = new Set(['subject', 'message', 'attachment']);
const FIELD_LABELS: Record<string, string> = { diagnostic: 'Diagnostic state' };

/** 'We will answer at {email}', with the plan once it is known (the line stands without it). */
function SenderLine() {
  const sessionEmail = useAppSelector(selectEmail);
  const { data, isLoading } = useGetSupportSenderQuery();
  const email = data?.email ?? sessionEmail ?? '';
  return (
    <Box
      sx={{
        bgcolor: 'background.default',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        px: 2,
        py: 1.5,
      }}
    >
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        We will answer at <strong>{email}</strong>
      </Typography>
      <Typography variant="body2" color="text.secondary" component="div">
        {isLoading ? (
          <Skeleton width={120} role="progressbar" aria-label="Loading your plan" />
        ) : (
          data && `Plan: ${data.plan}`
        )}
      </Typography>
    </Box>
  );
}

function SentState({ email, onSendAnother }: { email: string; onSendAnother: () => void }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', minWidth: 0 }} role="status">
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', minWidth: 0, maxWidth: '100%' }}
      >
        <CheckCircleOutlined color="success" aria-hidden />
        <Typography
          variant="h3"
          component="h3"
          sx={{ fontSize: '1rem', fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          Thanks — we will reply to {email}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        A copy of your message is on its way to your inbox.
      </Typography>
      <Button variant="outlined" onClick={onSendAnother}>
        Send another
      </Button>
    </Stack>
  );
}

export function ContactForm() {
  const dispatch = useAppDispatch();
  const [sendMessage] = useSendSupportMessageMutation();
  const { data: sender } = useGetSupportSenderQuery();
  const sessionEmail = useAppSelector(selectEmail);
  const [isSent, setIsSent] = useState(false);

  async function onSubmit({ attachDiagnostic, ...message }: ContactFormValues) {
    // Read as the message goes: the state the user is writing about.
    const diagnostic = attachDiagnostic
      ? diagnosticStateText(dispatch(diagnosticStateRequested()), SUPPORT_LIMITS.diagnostic)
      : undefined;
    const result = await sendMessage({ ...message, diagnostic });
    if (result.error) {
      return submissionErrors(result.error as FetchBaseQueryError, {
        hasInput: (path) => FIELDS.has(path),
        labelOf: (path) => FIELD_LABELS[path] ?? path,
        sessionEnded: 'Your session has ended. Sign in again to send your message.',
        failure: 'Your message could not be sent.',
      });
    }
    setIsSent(true);
    return undefined;
  }

  return (
    <FormSection
      title="Contact us"
      description="Questions about verifications, your plan or your account? Write to us and we will answer by email."
    >
      {isSent ? (
        <SentState
          email={sender?.email ?? sessionEmail ?? ''}
          onSendAnother={() => setIsSent(false)}
        />
      ) : (
        <Form<ContactFormValues>
          onSubmit={onSubmit}
          validate={validateContactForm}
          initialValues={EMPTY_CONTACT_FORM}
          render={({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Contact us">
              <Stack spacing={2.5}>
                <SenderLine />
                <TextInputField
                  name="subject"
                  label="Subject"
                  required
                  disabled={submitting}
                  slotProps={{ htmlInput: { maxLength: SUPPORT_LIMITS.subject } }}
                />
                <TextInputField
                  name="message"
                  label="Message"
                  required
                  multiline
                  minRows={6}
                  disabled={submitting}
                  helperText="What were you doing, what did you expect, and what happened instead?"
                  slotProps={{ htmlInput: { maxLength: SUPPORT_LIMITS.message } }}
                />
                <AttachmentField disabled={submitting} />
                <CheckboxField
                  name="attachDiagnostic"
                  label="Attach the diagnostic state"
                  helperText="What the app holds and its last 50 steps, with passwords, tokens and keys hidden. It helps us see what went wrong."
                  disabled={submitting}
                />
                <SubmitBar
                  submitLabel="Send message"
                  incompleteHint="Add a subject and a message to send."
                />
              </Stack>
            </form>
          )}
        />
      )}
    </FormSection>
  );
}
