import { Code, Table, Text } from '@mantine/core';
import type { AuditRow } from '@provisio/contract';
import { useTranslation } from 'react-i18next';

const show = (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** Times are stored as epoch milliseconds in columns named `at` or `*_at`: shown as dates in the user's language. */
const isTime = (key: string, value: unknown): value is number =>
  (key === 'at' || key.endsWith('_at') || key.endsWith('_since')) && typeof value === 'number' && value > 1e11;

/** Before and after side by side, one line per key; changed keys are highlighted. */
export function AuditDiff({ row }: { row: AuditRow }) {
  const { t, i18n } = useTranslation();
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const cell = (key: string, value: unknown) =>
    isTime(key, value) ? <span title={String(value)}>{dates.format(value)}</span> : show(value);
  const before = row.before ?? {};
  const after = row.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <Table withTableBorder withColumnBorders fz="xs" data-testid="audit-diff">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="20%">{t('audit.field')}</Table.Th>
          <Table.Th w="40%">{t('audit.before')}</Table.Th>
          <Table.Th w="40%">{t('audit.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key) => {
          const changed = show(before[key]) !== show(after[key]);
          return (
            <Table.Tr
              key={key}
              bg={changed ? 'var(--mantine-color-yellow-light)' : undefined}
              data-testid="audit-diff-row"
              data-changed={changed}
            >
              <Table.Td>
                <Text size="xs" fw={changed ? 700 : 400}>
                  {key}
                </Text>
              </Table.Td>
              <Table.Td>
                <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', background: 'transparent' }}>
                  {cell(key, before[key])}
                </Code>
              </Table.Td>
              <Table.Td>
                <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', background: 'transparent' }}>
                  {cell(key, after[key])}
                </Code>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
