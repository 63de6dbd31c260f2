import { Button, Card, Center, Group, Loader, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  PROFILE_FIELDS,
  PROFILE_SECTIONS,
  type ProfileDefaultsReply,
  type ProfileRow,
  type ProfileSection,
  type ProfileSettingName,
} from '@provisio/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../app/use-current-user';
import { FormActions } from '../../../components/FormActions';
import { PageTitle } from '../../../components/PageTitle';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { attempt } from '../../../lib/attempt';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRecordState } from '../../../lib/record-state';
import { getSession } from '../../../lib/session';
import { useProfileDefaults, useTenantDomains } from '../api/defaults';
import { useProfileDetail, useSaveProfile } from '../api/profiles';
import { BlfLauncher } from './BlfLauncher';
import { ProfileSettingInput, optionsFor } from './ProfileSettingInput';
import {
  type ProfileErrors,
  type ProfileValues,
  emptyProfile,
  fromDetail,
  toBody,
  profileSchema,
  validateProfile,
} from './profile-form';

const SETTINGS_BY_SECTION = Object.fromEntries(
  PROFILE_SECTIONS.map((s) => [
    s,
    (Object.keys(PROFILE_FIELDS) as ProfileSettingName[]).filter((n) => PROFILE_FIELDS[n].section === s),
  ]),
) as Record<ProfileSection, ProfileSettingName[]>;

/** 'Add Client Profile' / 'Edit Client Profile': loads the profile when one was opened, then the form. */
export function ClientProfileDetailsPage() {
  const record = useRecordState<ProfileRow>();
  const id = record?.id ?? null;
  const detail = useProfileDetail(id);
  const defaults = useProfileDefaults();
  if ((id !== null && !detail.data) || !defaults.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <ProfileForm
      key={id ?? 'new'}
      id={id}
      initial={detail.data ? fromDetail(detail.data) : emptyProfile()}
      company={record?.company ?? ''}
      defaults={defaults.data}
    />
  );
}

interface FormProps {
  id: number | null;
  initial: ProfileValues;
  company: string;
  defaults: ProfileDefaultsReply;
}

function ProfileForm({ id, initial, company: initialCompany, defaults }: FormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [company, setCompany] = useState(initialCompany);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const save = useSaveProfile();
  // Simple and reseller users may read the profiles of their tenants (spec-deviations #34), not change them (#20).
  const role = useCurrentUser().role;
  const readOnly = role === 'simple user' || role === 'reseller user';
  const domains = useTenantDomains(values.tenant_id ?? '');
  const label = (field: string) => t(`clientProfiles.fields.${field}`);
  const set = (field: string, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  // Spec §4: a new tenant clears the domain; its domains are then loaded.
  const setTenant = (tenant: string, name: string) => {
    setValues((v) => ({ ...v, tenant_id: tenant, domain: '' }));
    setCompany(name);
  };
  const domainOptions = [...new Set((domains.data ?? []).map((d) => d.domain))];

  async function submit(event: FormEvent) {
    event.preventDefault();
    await profileSchema.load();
    const found = validateProfile(values, t, label);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      notifyError(t('msg:validationFailed'), 'client-profile-invalid');
      document.querySelector(`[data-field="${first}"]`)?.scrollIntoView({ block: 'center' });
      return;
    }
    const creds = getSession().creds;
    await attempt(async () => {
      const reply = await save.mutateAsync(
        toBody(values, {
          ...(id !== null ? { id } : {}),
          company,
          cloud_id: creds?.cloud_id,
          user_id: creds?.id,
        }) as never,
      );
      notifySuccess(reply.message);
      navigate('/client_profiles');
    });
  }

  const field = (name: ProfileSettingName) => (
    <div key={name} data-field={name}>
      <ProfileSettingInput
        name={name}
        spec={PROFILE_FIELDS[name]}
        value={values[name] ?? ''}
        onChange={(v) => set(name, v)}
        error={errors[name] || undefined}
        defaults={defaults}
      />
    </div>
  );

  return (
    <Stack gap="lg">
      <PageTitle
        title={
          readOnly
            ? t('clientProfiles.viewTitle')
            : id !== null
              ? t('clientProfiles.editTitle')
              : t('clientProfiles.addTitle')
        }
        subtitle={t('clientProfiles.formSubtitle')}
      />
      <form onSubmit={submit} noValidate data-testid="profile-form">
        <Stack gap="lg">
          <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="lg">
              {PROFILE_SECTIONS.map((section) => (
                <Card key={section} padding="xl" data-testid={`profile-section-${section}`}>
                  <Title order={3} size="h4" mb="md">
                    {t(`clientProfiles.sections.${section}`)}
                  </Title>
                  <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
                    {section === 'account' && (
                      <>
                        <TextInput
                          data-field="profile_name"
                          label={label('profile_name')}
                          description={t('clientProfiles.help.profile_name')}
                          required
                          value={values.profile_name}
                          onChange={(e) => set('profile_name', e.currentTarget.value)}
                          error={errors.profile_name || undefined}
                          data-testid="profile-profile_name"
                        />
                        <div data-field="tenant_id">
                          <TenantTypeahead
                            label={label('tenant_id')}
                            value={values.tenant_id || null}
                            valueLabel={company || undefined}
                            onChange={(v, option) => setTenant(v ?? '', option?.label.replace(/ \([^)]*\)$/, '') ?? '')}
                            error={errors.tenant_id || undefined}
                            testId="profile-tenant"
                          />
                        </div>
                        <Select
                          data-field="domain"
                          label={label('domain')}
                          description={t('clientProfiles.help.domain')}
                          placeholder={
                            values.tenant_id ? t('clientProfiles.allDomains') : t('clientProfiles.chooseTenantFirst')
                          }
                          data={domainOptions}
                          value={values.domain || null}
                          onChange={(v) => set('domain', v ?? '')}
                          disabled={!values.tenant_id}
                          clearable
                          error={errors.domain || undefined}
                          data-testid="profile-domain"
                          comboboxProps={{ withinPortal: true }}
                        />
                        <TextInput
                          data-field="proxy"
                          label={label('proxy')}
                          description={t('clientProfiles.help.proxy')}
                          required
                          value={values.proxy}
                          onChange={(e) => set('proxy', e.currentTarget.value)}
                          error={errors.proxy || undefined}
                          data-testid="profile-proxy"
                        />
                        <Select
                          data-field="transport"
                          label={label('transport')}
                          description={t('clientProfiles.help.transport')}
                          required
                          data={optionsFor('transport', 'transport', defaults).map((o) => ({
                            value: String(o.value),
                            label: o.label,
                          }))}
                          value={values.transport || null}
                          onChange={(v) => set('transport', v ?? '')}
                          error={errors.transport || undefined}
                          data-testid="profile-transport"
                          comboboxProps={{ withinPortal: true }}
                        />
                      </>
                    )}
                    {SETTINGS_BY_SECTION[section].map(field)}
                  </SimpleGrid>
                </Card>
              ))}
            </Stack>
          </fieldset>
          {readOnly ? (
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate('/client_profiles')} data-testid="profile-back">
                {t('common.back')}
              </Button>
            </Group>
          ) : (
            <FormActions testId="profile" onCancel={() => navigate('/client_profiles')} saving={save.isPending} upper />
          )}
        </Stack>
      </form>
      {id !== null && !readOnly && (
        <BlfLauncher
          profileId={id}
          profileName={initial.profile_name ?? ''}
          boundTenant={initial.tenant_id ?? ''}
          boundCompany={initialCompany}
        />
      )}
    </Stack>
  );
}
