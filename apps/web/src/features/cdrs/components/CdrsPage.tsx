import {
  ActionIcon,
  Alert,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { CallRecordRow } from '@provisio/contract';
import { IconAlertTriangle, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EndUserLayout } from '../../../components/EndUserLayout';
import { isApiError } from '../../../lib/api';
import { setAppToken } from '../../../lib/app-session';
import { type CdrScope, useCdrs } from '../api/get-cdrs';
import { useUserInformation } from '../api/user-information';
import { CDR_TABS, type CdrTab, filterCdrs } from '../cdr-logic';
import { type CdrSession, cdrSessionFrom, loadCdrSession, saveCdrSession } from '../cdr-session';
import { CdrList } from './CdrList';
import { CdrsSignIn } from './CdrsSignIn';
import { usePullToRefresh } from './use-pull-to-refresh';

/** /cdrs?username=&password=&cloud_id=: the app account's call history (spec §2, §4). */
export function CdrsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const info = useUserInformation();
  const [session, setSession] = useState<CdrSession | null>(() => (params.get('password') ? null : loadCdrSession()));
  const [failure, setFailure] = useState<string | null>(null);
  const [scope, setScope] = useState<CdrScope>('mine');
  const [tab, setTab] = useState<CdrTab>('all');
  const [search, setSearch] = useState('');
  const cdrs = useCdrs(scope, session);
  const { refetch } = cdrs;

  const signIn = async (username: string, password: string) => {
    setFailure(null);
    try {
      const reply = await info.mutateAsync({ cloud_username: username, cloud_password: password });
      const next = cdrSessionFrom(reply);
      saveCdrSession(next);
      setAppToken(reply.app_token);
      setSession(next);
    } catch (error) {
      setFailure(isApiError(error) && error.status === 429 ? error.message : t('msg:invalidCredentials'));
    }
  };

  // The password arrives in the address; read it once, then take it out of the address bar and the history.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const password = params.get('password');
    if (!password) return;
    const username = params.get('username') ?? '';
    const kept = new URLSearchParams(params);
    kept.delete('password');
    void navigate({ search: `?${kept.toString()}` }, { replace: true });
    void signIn(username.replace(/\s+/g, ''), password);
    // Runs once, on the first render's address.
  }, []);

  // Spec §2: coming back to the page (from the app, another tab) shows the latest calls.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && session) void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch, session]);

  const pull = usePullToRefresh(() => void refetch());
  const shown = useMemo(() => filterCdrs(cdrs.data ?? [], tab, search), [cdrs.data, tab, search]);
  const open = (record: CallRecordRow) => void navigate('/cdrs-table', { state: { record } });

  if (!session) {
    return (
      <EndUserLayout testId="cdrs-page">
        {info.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : (
          <CdrsSignIn
            initialUsername={params.get('username') ?? ''}
            failure={failure}
            pending={info.isPending}
            onSubmit={(u, p) => void signIn(u, p)}
          />
        )}
      </EndUserLayout>
    );
  }

  return (
    <EndUserLayout testId="cdrs-page" card={false} width={640}>
      <Stack gap="sm" {...pull.handlers}>
        <Group justify="space-between" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz={22}>
              {t('endUser.cdrs.title')}
            </Title>
            {session.name && (
              <Text size="sm" c="dimmed" truncate>
                {t('endUser.cdrs.extensionOf', { name: session.name, extension: session.user })}
              </Text>
            )}
          </div>
          <ActionIcon
            variant="light"
            size="lg"
            radius="xl"
            onClick={() => void refetch()}
            loading={cdrs.isFetching}
            aria-label={t('endUser.cdrs.refresh')}
            data-testid="cdrs-refresh"
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Group>
        {pull.pull > 0 && (
          <Text size="xs" c="dimmed" ta="center" style={{ height: pull.pull / 2 }} data-testid="cdrs-pull">
            {pull.ready ? t('endUser.cdrs.releaseToRefresh') : t('endUser.cdrs.pullToRefresh')}
          </Text>
        )}
        {/* Group Calls is the whole tenant's history, which the server gives admin extensions only (issue #20). */}
        {session?.admin && (
          <SegmentedControl
            fullWidth
            value={scope}
            onChange={(value) => setScope(value as CdrScope)}
            data={[
              { value: 'mine', label: t('endUser.cdrs.myCalls') },
              { value: 'group', label: t('endUser.cdrs.groupCalls') },
            ]}
            data-testid="cdrs-scope"
          />
        )}
        <TextInput
          placeholder={t('endUser.cdrs.search')}
          aria-label={t('endUser.cdrs.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
          data-testid="cdrs-search"
        />
        <SegmentedControl
          fullWidth
          size="xs"
          value={tab}
          onChange={(value) => setTab(value as CdrTab)}
          data={CDR_TABS.map((value) => ({ value, label: t(`endUser.cdrs.tab.${value}`) }))}
          data-testid="cdrs-tabs"
        />
        {cdrs.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : cdrs.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            data-testid="cdrs-error"
          >
            {isApiError(cdrs.error) ? cdrs.error.message : t('errors.network')}
          </Alert>
        ) : shown.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl" data-testid="cdrs-empty">
            {t('msg:noRecordFound')}
          </Text>
        ) : (
          <CdrList records={shown} onOpen={open} />
        )}
      </Stack>
    </EndUserLayout>
  );
}
