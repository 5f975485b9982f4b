import LanguageOutlined from '@mui/icons-material/LanguageOutlined';

import { EmptyState } from '@/components/empty-state';

export function CustomDomainScreen() {
  return (
    <EmptyState
      icon={LanguageOutlined}
      title="No custom domain set up"
      description="Serve your verification pages from your own domain, so people recognise your brand when they scan."
    />
  );
}
