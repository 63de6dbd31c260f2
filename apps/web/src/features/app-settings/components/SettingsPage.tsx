import { Alert, Button, Center, Fieldset, Loader, ScrollArea, Stack, Tabs, Title } from '@mantine/core';
import { SETTINGS_TABS, type SaveAppSettingsBody, type SettingsTab } from '@provisio/contract';
import { IconAlertTriangle, IconBolt, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { EndUserLayout } from '../../../components/EndUserLayout';
import { type ApiError, isApiError } from '../../../lib/api';
import { clearAppToken, getAppToken } from '../../../lib/app-session';
import { notifySuccess } from '../../../lib/notify';
import { useAppSettings, useSaveAppSettings } from '../api/app-settings';
import type { Values } from '../settings-values';
import { SettingsSignIn } from './SettingsSignIn';
import { TabForm } from './TabForm';

const isTab = (value: string | undefined): value is SettingsTab =>
  (SETTINGS_TABS as readonly string[]).includes(value ?? '');

/** /settings_tab/<tab>: the app account's settings, one tab per sub-path; unknown sub-paths go to /error (spec §2). */
export function SettingsPage() {
  const { tab } = useParams();
  if (!isTab(tab)) return <Navigate to="/error" replace />;
  return <Settings tab={tab} />;
}

function Settings({ tab }: { tab: SettingsTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [token, setToken] = useState(getAppToken);
  const [notice, setNotice] = useState<string | null>(null);
  const settings = useAppSettings(tab, token);
  const save = useSaveAppSettings(token);
  // The draft belongs to one tab, so a tab switch never shows (or saves) another tab's values.
  const [draft, setDraft] = useState<{ tab: SettingsTab; values: Values } | null>(null);
  const values = draft?.tab === tab ? draft.values : null;
  const [failure, setFailure] = useState<ApiError | null>(null);

  // The form starts from what the server holds for this tab, and again after each save.
  useEffect(() => {
    setDraft(settings.data ? { tab: settings.data.tab, values: settings.data.values } : null);
    setFailure(null);
  }, [settings.data]);

  const expired = (error: unknown) => isApiError(error) && error.status === 401;
  useEffect(() => {
    if (!expired(settings.error)) return;
    clearAppToken();
    setNotice((settings.error as ApiError).message);
    setToken(null);
  }, [settings.error]);

  if (!token) {
    return (
      <EndUserLayout testId="settings-page">
        <SettingsSignIn notice={notice} onSignedIn={(next) => (setNotice(null), setToken(next))} />
      </EndUserLayout>
    );
  }

  const submit = async () => {
    if (!values) return;
    setFailure(null);
    try {
      const reply = await save.mutateAsync({ tab, values } as SaveAppSettingsBody);
      notifySuccess(reply.message ?? t('msg:dataSaved'));
    } catch (error) {
      if (expired(error)) return setToken(null);
      setFailure(isApiError(error) ? error : null);
    }
  };

  const readOnly = settings.data?.read_only ?? false;
  // A tab the platform cannot make take effect: shown with the reason, the form disabled (the server refuses it too).
  const unavailable = settings.data?.availability === 'unavailable';
  // On a phone the tab bar scrolls: keep the open tab in view when the page opens on a later tab.
  const showActive = (node: HTMLButtonElement | null) => node?.scrollIntoView({ block: 'nearest', inline: 'center' });
  return (
    <EndUserLayout testId="settings-page" width={640}>
      <Stack gap="md">
        <Title order={2} fz={22}>
          {t('endUser.settings.title')}
        </Title>
        <Tabs
          value={tab}
          onChange={(next) => next && void navigate(`/settings_tab/${next}`)}
          variant="pills"
          radius="xl"
        >
          <ScrollArea type="never" offsetScrollbars={false}>
            <Tabs.List style={{ flexWrap: 'nowrap' }} data-testid="settings-tabs">
              {SETTINGS_TABS.map((name) => (
                <Tabs.Tab
                  key={name}
                  ref={name === tab ? showActive : undefined}
                  value={name}
                  style={{ whiteSpace: 'nowrap' }}
                  data-testid={`settings-tab-${name}`}
                >
                  {t(`endUser.settings.tab.${name}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
        </Tabs>
        {!settings.data || !values ? (
          settings.isError && !expired(settings.error) ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {isApiError(settings.error) ? settings.error.message : t('errors.network')}
            </Alert>
          ) : (
            <Center py="xl">
              <Loader />
            </Center>
          )
        ) : (
          <Stack gap="md" data-testid={`settings-form-${tab}`}>
            {unavailable ? (
              <Alert
                color="yellow"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                title={t('endUser.settings.unavailableTitle')}
                data-testid="settings-unavailable"
              >
                {settings.data.availability_message ?? t('endUser.settings.unavailable')}
              </Alert>
            ) : readOnly ? (
              <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="settings-read-only">
                {t('msg:settingsReadOnly')}
              </Alert>
            ) : (
              settings.data.availability === 'applied' && (
                <Alert color="teal" variant="light" icon={<IconBolt size={18} />} data-testid="settings-applied">
                  {t('endUser.settings.applied')}
                </Alert>
              )
            )}
            <Fieldset variant="unstyled" disabled={unavailable} p={0} m={0} data-testid="settings-fields">
              <TabForm
                tab={tab}
                values={values}
                groups={settings.data.options.groups ?? []}
                onChange={(next) => (setFailure(null), setDraft({ tab, values: next }))}
              />
            </Fieldset>
            {failure && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                role="alert"
                data-testid="settings-error"
              >
                {failure.message}
                {failure.fields
                  .filter((f) => f.message !== failure.message)
                  .map((f) => (
                    <div key={f.path + f.message}>{f.message}</div>
                  ))}
              </Alert>
            )}
            {!readOnly && (
              <Button
                size="md"
                fullWidth
                onClick={() => void submit()}
                loading={save.isPending}
                data-testid="settings-save"
              >
                {t('common.save')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </EndUserLayout>
  );
}
