import { Box, Modal } from '@mantine/core';
import type { EmailLinkBody, EmailLinkPreviewReply, ExtensionRow } from '@provisio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteDomain } from '../api/get-remote-domains';
import { EmailConfirm } from './EmailConfirm';
import { EmailForm } from './EmailForm';
import { LinkForm } from './LinkForm';

export interface QrTarget {
  rows: ExtensionRow[];
  bulk: boolean;
}

interface EmailQrModalProps {
  tenantId: string;
  target: QrTarget | null;
  domains: RemoteDomain[];
  onClose: () => void;
  onJob: (jobId: number) => void;
}

/** 'Email QR': an unlinked extension is linked first, then the modal turns to email mode. */
export function EmailQrModal({ tenantId, target, domains, onClose, onJob }: EmailQrModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t('tenants.emailQr')}
      // Wide enough for the form and its preview side by side on a laptop screen (issue #19).
      size="min(1120px, 94vw)"
      centered
      radius="md"
      data-testid="email-qr-modal"
    >
      {target && (
        <QrSteps
          key={target.rows.map((r) => r.id).join(',')}
          tenantId={tenantId}
          target={target}
          domains={domains}
          onClose={onClose}
          onJob={onJob}
        />
      )}
    </Modal>
  );
}

function QrSteps({
  tenantId,
  target,
  domains,
  onClose,
  onJob,
}: Omit<EmailQrModalProps, 'target'> & { target: QrTarget }) {
  const first = target.rows[0];
  const [linkedEmail, setLinkedEmail] = useState<string | null>(null);
  const [review, setReview] = useState<{ body: EmailLinkBody; preview: EmailLinkPreviewReply } | null>(null);
  const needsLink = !target.bulk && first !== undefined && !first.linked && linkedEmail === null;
  if (needsLink)
    return <LinkForm tenantId={tenantId} row={first} domains={domains} onLinked={setLinkedEmail} onCancel={onClose} />;
  const sent = (jobId: number) => {
    onJob(jobId);
    onClose();
  };
  return (
    <>
      {/* Kept while the confirmation shows, so Back finds the form as it was. */}
      <Box display={review ? 'none' : undefined}>
        <EmailForm
          tenantId={tenantId}
          rows={target.rows}
          bulk={target.bulk}
          initialTo={linkedEmail ?? first?.email ?? ''}
          onReview={(body, preview) => setReview({ body, preview })}
          onCancel={onClose}
        />
      </Box>
      {review && (
        <EmailConfirm body={review.body} preview={review.preview} onBack={() => setReview(null)} onSent={sent} />
      )}
    </>
  );
}
