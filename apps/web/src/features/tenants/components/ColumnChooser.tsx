import { Button, Checkbox, Menu, Stack } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ColumnChooserProps {
  /** The columns a user may hide, with their headers. */
  columns: readonly { key: string; label: string }[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
  testId: string;
}

/** "Columns": which of a table's optional columns show; the choice is kept by the caller (per user). */
export function ColumnChooser({ columns, hidden, onChange, testId }: ColumnChooserProps) {
  const { t } = useTranslation();
  const shownCount = columns.filter((c) => !hidden.includes(c.key)).length;
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconColumns3 size={16} />}
          data-testid={testId}
          aria-label={t('tenants.columns.label')}
        >
          {t('tenants.columns.button', { shown: shownCount, total: columns.length })}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('tenants.columns.label')}</Menu.Label>
        <Stack gap={6} px="sm" py={4}>
          {columns.map((c) => (
            <Checkbox
              key={c.key}
              label={c.label}
              checked={!hidden.includes(c.key)}
              onChange={(e) =>
                onChange(e.currentTarget.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key])
              }
              data-testid={`${testId}-${c.key}`}
            />
          ))}
        </Stack>
        <Menu.Divider />
        <Menu.Item onClick={() => onChange([])} disabled={hidden.length === 0} data-testid={`${testId}-reset`}>
          {t('tenants.columns.showAll')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
