import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { BlfKey } from '@provisio/contract';
import { IconArrowDown, IconArrowUp, IconInfoCircle, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { notifySuccess } from '../../../lib/notify';
import { useRecordState } from '../../../lib/record-state';
import { useBlfKeys, useEffectiveProfile, useSaveBlfKeys } from '../api/blf';
import type { BlfRecord } from './BlfLauncher';
import { ExtensionTypeahead } from './ExtensionTypeahead';

/** /client_profiles/blfManagement: one subscriber's busy-lamp keys under one profile. */
export function BlfManagementPage() {
  const record = useRecordState<BlfRecord>();
  if (!record) return <Navigate to="/client_profiles" replace />;
  return <BlfEditor record={record} />;
}

function BlfEditor({ record }: { record: BlfRecord }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subscriber = { profile_id: record.profile_id, tenant_id: record.tenant_id, extension: record.extension };
  const loaded = useBlfKeys(subscriber);
  const effective = useEffectiveProfile(record.tenant_id, record.extension);
  const save = useSaveBlfKeys(subscriber);
  const [edited, setEdited] = useState<BlfKey[] | null>(null);
  const [adding, setAdding] = useState<{ value: string; label: string } | null>(null);
  const keys = edited ?? loaded.data ?? [];
  const change = (next: BlfKey[]) => setEdited(next);
  const move = (i: number, by: -1 | 1) => {
    const next = [...keys];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    change(next);
  };
  const add = () => {
    if (!adding || keys.some((k) => k.target === adding.value)) return;
    const name = adding.label.split(' · ')[1] ?? '';
    change([...keys, { target: adding.value, label: '', firstname: name, lastname: '' }]);
    setAdding(null);
  };
  const submit = async () => {
    const reply = await save.mutateAsync(keys.map((k) => ({ target: k.target, label: k.label })));
    setEdited(reply);
    notifySuccess(t('msg:blfSaved'));
  };
  const other = effective.data && effective.data.id !== record.profile_id;

  if (loaded.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <Stack gap="lg">
      <PageTitle
        title={t('clientProfiles.blf.title', { extension: record.extension })}
        subtitle={t('clientProfiles.blf.subtitle', { profile: record.profile_name, company: record.company })}
      />
      <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="blf-not-sent">
        {t('clientProfiles.blf.notSentToApp')}
      </Alert>
      {other && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="blf-other-profile">
          {effective.data?.id
            ? t('clientProfiles.blf.otherProfile', { name: effective.data.profile_name })
            : t('clientProfiles.blf.noProfile')}
        </Alert>
      )}
      <Card padding="xl" data-testid="blf-card">
        <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
          <ExtensionTypeahead
            tenantId={record.tenant_id}
            value={adding?.value ?? null}
            onChange={(v, o) => setAdding(v && o ? o : null)}
            label={t('clientProfiles.blf.watch')}
            testId="blf-add-extension"
            w={320}
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={add}
            disabled={!adding || adding.value === record.extension}
            data-testid="blf-add"
          >
            {t('common.add')}
          </Button>
        </Group>
        {keys.length === 0 ? (
          <Text c="dimmed" data-testid="blf-empty">
            {t('clientProfiles.blf.empty')}
          </Text>
        ) : (
          <Table verticalSpacing="xs" data-testid="blf-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{t('clientProfiles.blf.position')}</Table.Th>
                <Table.Th>{t('fields.extension')}</Table.Th>
                <Table.Th>{t('clientProfiles.blf.label')}</Table.Th>
                <Table.Th w={120} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((k, i) => (
                <Table.Tr key={k.target} data-testid="blf-row">
                  <Table.Td>
                    <Badge variant="light" circle>
                      {i + 1}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {k.target}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {`${k.firstname} ${k.lastname}`.trim()}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      value={k.label}
                      placeholder={`${k.firstname} ${k.lastname}`.trim() || k.target}
                      onChange={(e) =>
                        change(keys.map((x, j) => (j === i ? { ...x, label: e.currentTarget.value } : x)))
                      }
                      aria-label={t('clientProfiles.blf.label')}
                      data-testid="blf-label"
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                        aria-label={t('clientProfiles.list.up', { name: k.target })}
                        data-testid="blf-up"
                      >
                        <IconArrowUp size={14} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        disabled={i === keys.length - 1}
                        onClick={() => move(i, 1)}
                        aria-label={t('clientProfiles.list.down', { name: k.target })}
                        data-testid="blf-down"
                      >
                        <IconArrowDown size={14} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        onClick={() => change(keys.filter((_, j) => j !== i))}
                        aria-label={t('clientProfiles.list.remove', { name: k.target })}
                        data-testid="blf-remove"
                      >
                        <IconX size={14} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => navigate(-1)} data-testid="blf-back">
          {t('common.back')}
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={edited === null} data-testid="blf-save">
          {t('common.saveUpper')}
        </Button>
      </Group>
    </Stack>
  );
}
