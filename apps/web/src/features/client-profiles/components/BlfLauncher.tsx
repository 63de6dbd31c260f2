import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { ExtensionTypeahead } from './ExtensionTypeahead';

/** What the BLF screen is opened with (spec §2: client profile id, subscriber id and company name). */
export interface BlfRecord {
  profile_id: number;
  profile_name: string;
  tenant_id: string;
  company: string;
  extension: string;
}

interface Props {
  profileId: number;
  profileName: string;
  /** The profile's tenant, when it is bound to one: subscribers come from it. */
  boundTenant: string;
  boundCompany: string;
}

/** Chooses a subscriber of the profile's tenant (or any tenant for an unbound profile) and opens BLF management. */
export function BlfLauncher({ profileId, profileName, boundTenant, boundCompany }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tenant, setTenant] = useState({ id: boundTenant, name: boundCompany });
  const [extension, setExtension] = useState<string | null>(null);
  const open = () => {
    if (!extension) return;
    const record: BlfRecord = {
      profile_id: profileId,
      profile_name: profileName,
      tenant_id: tenant.id,
      company: tenant.name || tenant.id,
      extension,
    };
    navigate('/client_profiles/blfManagement', { state: { record } });
  };
  return (
    <Card padding="xl" data-testid="blf-launcher">
      <Title order={3} size="h4" mb={4}>
        {t('clientProfiles.blf.launcherTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('clientProfiles.blf.launcherHelp')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TenantTypeahead
          label={t('fields.tenant')}
          value={tenant.id || null}
          valueLabel={tenant.name || undefined}
          onChange={(v, option) => {
            setTenant({ id: v ?? '', name: option?.label.replace(/ \([^)]*\)$/, '') ?? '' });
            setExtension(null);
          }}
          disabled={boundTenant !== ''}
          testId="blf-launch-tenant"
          w={280}
        />
        <ExtensionTypeahead
          tenantId={tenant.id}
          value={extension}
          onChange={setExtension}
          label={t('clientProfiles.blf.subscriber')}
          testId="blf-launch-extension"
          w={280}
        />
        <Button leftSection={<IconBulb size={16} />} onClick={open} disabled={!extension} data-testid="blf-launch">
          {t('clientProfiles.blf.manage')}
        </Button>
      </Group>
    </Card>
  );
}
