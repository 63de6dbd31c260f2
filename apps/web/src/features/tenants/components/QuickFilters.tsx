import { Chip, Group } from '@mantine/core';
import { QUICK_FILTERS, type QuickFilter } from '@provisio/contract';
import { useTranslation } from 'react-i18next';

/** The subscribers table's quick filters: each chip narrows further (AND), together with the search. */
export function QuickFilters({ value, onChange }: { value: QuickFilter[]; onChange: (next: QuickFilter[]) => void }) {
  const { t } = useTranslation();
  return (
    <Chip.Group multiple value={value} onChange={(v) => onChange(v as QuickFilter[])}>
      <Group gap={6} wrap="wrap" role="group" aria-label={t('tenants.quick.label')}>
        {QUICK_FILTERS.map((f) => (
          <Chip key={f} value={f} size="sm" variant="outline" data-testid={`ext-quick-${f}`}>
            {t(`tenants.quick.${f}`)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
