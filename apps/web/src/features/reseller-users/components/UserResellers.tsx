import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ResellerTypeahead } from '../../../components/ResellerTypeahead';
import { useAddUserReseller } from '../api/add-user-reseller';
import { deleteUserReseller } from '../api/delete-user-reseller';
import { getUserResellers, userResellersKey, type UserResellerLink } from '../api/get-user-resellers';
import { attempt } from '../../../lib/attempt';

/** 'User Part of Resellers': the resellers whose tenants this reseller user may see. */
export function UserResellers({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [reseller, setReseller] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useAddUserReseller(userId);
  const columns = useMemo<DataColumn<UserResellerLink>[]>(
    () => [
      { key: 'id', header: t('fields.id'), cell: (r) => r.id, sortable: true, width: 100 },
      { key: 'name', header: t('fields.reseller'), cell: (r) => r.name, sortable: true },
    ],
    [t],
  );

  async function addReseller() {
    if (!reseller) {
      setError(t('msg:selectResellerFirst'));
      return;
    }
    setError(null);
    await attempt(async () => {
      await add.mutateAsync({ user_id: userId, reseller_id: Number(reseller) });
      setReseller(null);
    });
  }

  return (
    <Card padding="xl" data-testid="reseller-user-resellers">
      <Stack gap="md">
        <Title order={3} fz="lg">
          {t('resellerUsers.partOf')}
        </Title>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <ResellerTypeahead
            value={reseller}
            onChange={(v) => {
              setReseller(v);
              setError(null);
            }}
            error={error}
            testId="reseller-user-reseller-picker"
            w={360}
          />
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => void addReseller()}
            loading={add.isPending}
            data-testid="reseller-user-reseller-add"
          >
            {t('common.add')}
          </Button>
        </Group>
        <DataTable
          testId="reseller-user-reseller-table"
          queryKey={userResellersKey(userId)}
          fetcher={(params) => getUserResellers(userId, params)}
          columns={columns}
          rowKey={(r) => r.id}
          emptyText={t('resellerUsers.noResellers')}
          onDelete={{
            title: t('resellerUsers.removeResellerTitle'),
            message: (r) => t('resellerUsers.removeResellerConfirm', { name: r.name }),
            run: (r) => deleteUserReseller(r.id),
          }}
        />
      </Stack>
    </Card>
  );
}
