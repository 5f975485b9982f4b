// Asks before removing the custom domain, saying what happens to codes already printed with it.

import { ConfirmDialog, DestructiveActions } from '@/components/confirm-dialog';
import { useConfirmedCall } from '@/lib/use-confirmed-call';

import { useRemoveCustomDomainMutation, type CustomDomain } from '../api/custom-domain-api';

interface RemoveDomainDialogProps {
  state: CustomDomain;
  open: boolean;
  onClose: () => void;
}

export function RemoveDomainDialog({ state, open, onClose }: RemoveDomainDialogProps) {
  const [removeDomain, { isLoading }] = useRemoveCustomDomainMutation();
  const { problem, confirm } = useConfirmedCall();
  const domain = state.domain ?? '';
  const isVerified = state.status === 'verified';

  const remove = () =>
    confirm({
      call: () => removeDomain(),
      failure: 'The domain could not be removed.',
      success: {
        summary: 'Custom domain removed',
        detail: isVerified
          ? `New QR codes use our address instead of ${domain}.`
          : `${domain} is no longer being set up.`,
      },
      onDone: onClose,
    });

  return (
    <ConfirmDialog
      id="remove-domain"
      open={open}
      onClose={onClose}
      isBusy={isLoading}
      error={problem}
      title={`Remove ${domain}?`}
      description={
        isVerified
          ? `New QR codes will use our address instead. Codes already printed with ${domain} keep working only while its DNS still points at us; every verification also stays valid at our address.`
          : `The records you may have added are no longer checked. You can set up a domain again at any time.`
      }
      actions={
        <DestructiveActions
          confirmLabel="Remove"
          onConfirm={() => void remove()}
          onCancel={onClose}
          isBusy={isLoading}
        />
      }
    />
  );
}
