import { Badge, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { useEffectiveProfile } from '../api/get-effective-profile';
import { useRemoteDomains } from '../api/get-remote-domains';
import { useUserDetails } from '../api/get-user-details';
import { AppActivationActions } from './AppActivationActions';
import { readDetailsState } from './details-state';
import { ExtensionForm, type ExtensionFormValues } from './ExtensionForm';

const EMPTY: ExtensionFormValues = {
  extension: '',
  firstName: '',
  lastName: '',
  emailAddress: '',
  mobilePhone: '',
  homePhone: '',
  domain: '',
};

/** /tenants/details: 'Edit User Information For Extension {extension}' or 'Add Extension'. */
export function ExtensionDetailsPage() {
  const { t } = useTranslation();
  const state = readDetailsState(useLocation().state);
  const tid = state?.tenant.tid ?? '';
  const extension = state?.record?.extension ?? null;
  const details = useUserDetails(tid, extension);
  const domains = useRemoteDomains(tid || null);
  const profile = useEffectiveProfile(tid, extension);
  if (!state) return <Navigate to="/dashboard" replace />;

  const title = extension ? t('tenants.details.editTitle', { extension }) : t('tenants.details.addTitle');
  const loading = (extension && details.isPending) || domains.isPending;
  return (
    <Stack gap="lg">
      <PageTitle title={title} subtitle={`${state.tenant.tname} (${state.tenant.tid})`} />
      {loading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {profile.data && (
        <Group gap="xs" data-testid="details-profile">
          <Text size="sm" c="dimmed">
            {t('tenants.details.profile')}
          </Text>
          <Badge variant="light" tt="none">
            {profile.data.matched_by === 'none' ? t('tenants.details.profileNone') : profile.data.profile_name}
          </Badge>
          {profile.data.matched_by !== 'none' && (
            <Text size="xs" c="dimmed">
              {t(`tenants.details.profileFrom.${profile.data.matched_by}`)}
            </Text>
          )}
        </Group>
      )}
      {extension && details.isError && <Text c="red">{details.error.message}</Text>}
      {extension && details.data?.linked && (
        <AppActivationActions tenantId={tid} extension={extension} email={details.data.emailAddress} />
      )}
      {!loading && (!extension || details.data) && (
        <ExtensionForm
          tenant={state.tenant}
          extension={extension}
          linked={details.data?.linked ?? false}
          initial={
            details.data
              ? { ...details.data, extension: extension ?? '' }
              : { ...EMPTY, domain: domains.data?.[0]?.domain ?? '' }
          }
          domains={domains.data ?? []}
        />
      )}
    </Stack>
  );
}
