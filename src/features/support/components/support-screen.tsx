import MailOutlined from '@mui/icons-material/MailOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Button from '@mui/material/Button';

import { EmptyState } from '@/components/empty-state';
import { env } from '@/config/env';

export function SupportScreen() {
  return (
    <EmptyState
      icon={SupportAgentOutlined}
      title="How can we help?"
      description="Questions about verifications, your plan or your account? Write to us and our team will answer by email."
      action={
        <Button
          href={`mailto:${env.SUPPORT_EMAIL}`}
          variant="contained"
          startIcon={<MailOutlined />}
        >
          Email {env.SUPPORT_EMAIL}
        </Button>
      }
    />
  );
}
