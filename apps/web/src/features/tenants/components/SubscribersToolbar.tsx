import { Button, FileButton, Group } from '@mantine/core';
import {
  IconDownload,
  IconLink,
  IconMailForward,
  IconPlus,
  IconRefresh,
  IconSend,
  IconUpload,
} from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface SubscribersToolbarProps {
  busy: 'sync' | 'import' | 'export' | 'relink' | null;
  onSync: () => void;
  onRelink: () => void;
  onImport: (file: File | null) => void;
  onExport: () => void;
  onBulkEmail: () => void;
  /** "Invite everyone not yet provisioned" (issue #14). */
  onInviteAll: () => void;
  /** Admins on the builtin platform add extensions from the portal. */
  onAdd?: () => void;
}

/** Spec §2's Subscribers buttons (Sync, Relink, Import, Export), bulk Email QR, and Add Extension for admins. */
export function SubscribersToolbar({
  busy,
  onSync,
  onRelink,
  onImport,
  onExport,
  onBulkEmail,
  onInviteAll,
  onAdd,
}: SubscribersToolbarProps) {
  const { t } = useTranslation();
  // Cleared after each pick, so choosing the same file again (after fixing it) is read again.
  const resetFile = useRef<() => void>(null);
  return (
    <Group gap="xs" wrap="wrap" w="100%">
      <Button
        variant="light"
        size="sm"
        leftSection={<IconRefresh size={16} />}
        loading={busy === 'sync'}
        onClick={onSync}
        data-testid="ext-sync"
      >
        {t('tenants.sync')}
      </Button>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconLink size={16} />}
        loading={busy === 'relink'}
        onClick={onRelink}
        data-testid="ext-relink"
      >
        {t('tenants.relink')}
      </Button>
      <FileButton
        resetRef={resetFile}
        onChange={(file) => {
          onImport(file);
          resetFile.current?.();
        }}
        accept=".csv,text/csv"
      >
        {(props) => (
          <Button
            {...props}
            variant="light"
            size="sm"
            leftSection={<IconUpload size={16} />}
            loading={busy === 'import'}
            data-testid="ext-import"
          >
            {t('tenants.importCsv')}
          </Button>
        )}
      </FileButton>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconDownload size={16} />}
        loading={busy === 'export'}
        onClick={onExport}
        data-testid="ext-export"
      >
        {t('tenants.exportCsv')}
      </Button>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconSend size={16} />}
        onClick={onBulkEmail}
        data-testid="ext-bulk-email"
      >
        {t('tenants.emailSelected')}
      </Button>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconMailForward size={16} />}
        onClick={onInviteAll}
        data-testid="ext-invite-all"
      >
        {t('tenants.invite.allButton')}
      </Button>
      {onAdd && (
        <Button
          size="sm"
          ml={{ base: 0, md: 'auto' }}
          leftSection={<IconPlus size={16} />}
          onClick={onAdd}
          data-testid="ext-add"
        >
          {t('tenants.addExtension')}
        </Button>
      )}
    </Group>
  );
}
