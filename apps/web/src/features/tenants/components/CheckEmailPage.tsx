import { Alert, Badge, Button, Card, Group, ScrollArea, Stack, Table, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { required } from '../../../lib/form';
import { useContractForm } from '../../../lib/use-contract-form';
import { checkDuplicateEmails, type DuplicateEmailRow } from '../api/check-duplicate-emails';
import { useTenant } from '../api/get-tenant';
import { tenantsPath } from './details-state';

/** /tenants/check_email: which extensions carry an email, in one tenant or in every tenant the user may see. */
export function CheckEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = params.get('tenant');
  const [tenant, setTenant] = useState<string | null>(from);
  const chosen = useTenant(tenant);
  const { field, message, submit, form } = useContractForm({ email: '' }, required({ email: 'starFieldsRequired' }), {
    oneMessage: true,
  });
  const [result, setResult] = useState<{ rows: DuplicateEmailRow[]; withTenant: boolean } | null>(null);

  const search = submit(
    (values) => checkDuplicateEmails(values.email.trim(), tenant),
    (rows) => setResult({ rows, withTenant: !tenant }),
  );

  const yesNo = (v: boolean) => (
    <Badge size="sm" variant="light" color={v ? 'teal' : 'gray'}>
      {v ? t('common.yes') : t('common.no')}
    </Badge>
  );

  return (
    <Stack gap="lg">
      <PageTitle title={t('crumbs.checkEmail')} subtitle={t('tenants.checkEmailSubtitle')} />
      <Card padding="lg">
        <form onSubmit={search} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TenantTypeahead
              label={t('tenants.tenantOptional')}
              value={tenant}
              valueLabel={chosen.data ? `${chosen.data.tname} (${chosen.data.tid})` : undefined}
              onChange={setTenant}
              testId="check-tenant"
              w={{ base: '100%', sm: 320 }}
            />
            <TextInput
              label={t('fields.email')}
              required
              {...field('email')}
              data-testid="check-email"
              w={{ base: '100%', sm: 320 }}
            />
            <Button
              type="submit"
              leftSection={<IconSearch size={16} />}
              loading={form.submitting}
              data-testid="check-search"
            >
              {t('table.search')}
            </Button>
            <Button variant="default" onClick={() => navigate(tenantsPath(from))} data-testid="check-cancel">
              {t('common.cancel')}
            </Button>
          </Group>
        </form>
        {message && (
          <Alert mt="sm" color="red" variant="light" data-testid="check-error">
            {message}
          </Alert>
        )}
      </Card>
      {result && result.rows.length === 0 && (
        <Alert color="gray" variant="light" data-testid="check-none">
          {t('tenants.noRecordFound')}
        </Alert>
      )}
      {result && result.rows.length > 0 && (
        <Card padding="md">
          <ScrollArea type="auto">
            <Table striped verticalSpacing="sm" miw={640} data-testid="check-table">
              <Table.Thead style={{ whiteSpace: 'nowrap' }}>
                <Table.Tr>
                  <Table.Th>{t('fields.id')}</Table.Th>
                  <Table.Th>{t('fields.extension')}</Table.Th>
                  <Table.Th>{t('tenants.firstName')}</Table.Th>
                  <Table.Th>{t('tenants.lastName')}</Table.Th>
                  <Table.Th>{t('tenants.admin')}</Table.Th>
                  <Table.Th>{t('fields.email')}</Table.Th>
                  <Table.Th>{t('tenants.linked')}</Table.Th>
                  {result.withTenant && <Table.Th>{t('fields.tenant')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.rows.map((r) => (
                  <Table.Tr key={r.id} data-testid="check-row">
                    <Table.Td>{r.id}</Table.Td>
                    <Table.Td>{r.extension}</Table.Td>
                    <Table.Td>{r.firstname}</Table.Td>
                    <Table.Td>{r.lastname}</Table.Td>
                    <Table.Td>{yesNo(r.admin)}</Table.Td>
                    <Table.Td>{r.email}</Table.Td>
                    <Table.Td>{yesNo(r.linked)}</Table.Td>
                    {result.withTenant && <Table.Td>{`${r.tname} (${r.tenant_id})`}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Card>
      )}
    </Stack>
  );
}
