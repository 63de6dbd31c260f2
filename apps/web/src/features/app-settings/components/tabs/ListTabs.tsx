import { Checkbox, Stack, TagsInput, Table, Text } from '@mantine/core';
import { SETTINGS_LIMITS } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { type FieldBinding, asStrings, getAt } from '../../settings-values';
import { SwitchField } from './fields';

export function CallGroupsTab({ form, groups }: { form: FieldBinding; groups: string[] }) {
  const { t } = useTranslation();
  if (groups.length === 0) return <Text c="dimmed">{t('endUser.settings.noGroups')}</Text>;
  return (
    <Checkbox.Group
      label={t('endUser.settings.field.groups')}
      description={t('endUser.settings.groupsHint')}
      value={asStrings(getAt(form.values, 'groups'))}
      onChange={(value) => form.set('groups', value)}
      data-testid="setting-groups"
    >
      <Stack gap="sm" mt="sm">
        {groups.map((group) => (
          <Checkbox key={group} value={group} label={group} size="md" data-testid="setting-group" />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export function BlockedNumbersTab({ form }: { form: FieldBinding }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <TagsInput
        size="md"
        label={t('endUser.settings.field.blockedNumbers')}
        description={t('endUser.settings.blockedHint')}
        placeholder={t('endUser.settings.phonePlaceholder')}
        value={asStrings(getAt(form.values, 'numbers'))}
        onChange={(value) => form.set('numbers', value)}
        maxTags={SETTINGS_LIMITS.blockedNumbers}
        splitChars={[',', ' ', ';']}
        clearable
        data-testid="setting-numbers"
      />
      <SwitchField form={form} path="block_anonymous" label={t('endUser.settings.field.blockAnonymous')} />
    </Stack>
  );
}

/** BLF keys are set by the administrator in the client profile's BLF management; shown here read-only. */
export function BlfTab({ form }: { form: FieldBinding }) {
  const { t } = useTranslation();
  const keys = (getAt(form.values, 'keys') as { label: string; number: string }[] | undefined) ?? [];
  if (keys.length === 0)
    return (
      <Text c="dimmed" data-testid="setting-blf-empty">
        {t('endUser.settings.noBlfKeys')}
      </Text>
    );
  return (
    <Table striped withTableBorder data-testid="setting-blf">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>{t('endUser.settings.field.blfLabel')}</Table.Th>
          <Table.Th>{t('endUser.settings.field.blfNumber')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key, index) => (
          <Table.Tr key={index}>
            <Table.Td>{index + 1}</Table.Td>
            <Table.Td>{key.label}</Table.Td>
            <Table.Td>{key.number}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
