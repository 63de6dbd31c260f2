import { Button, Grid, Stack } from '@mantine/core';
import type { TemplateRow } from '@provisio/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { TemplateForm } from './TemplateForm';
import { TemplateList } from './TemplateList';

/** Spec §4: selecting a template loads it (UPDATE, name locked); saving, deleting or Add New returns to 'SAVE NEW'. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<TemplateRow | null>(null);
  // Bumped to give the form a fresh, empty editor.
  const [blank, setBlank] = useState(0);
  const reset = () => {
    setSelected(null);
    setBlank((n) => n + 1);
  };

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('nav.emailTemplates')}
        subtitle={t('templates.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={reset} data-testid="template-add-new">
            {t('table.addNew')}
          </Button>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TemplateList
            selectedId={selected?.id ?? null}
            onSelect={setSelected}
            onDeleted={(id) => selected?.id === id && reset()}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TemplateForm key={selected ? `t-${selected.id}` : `new-${blank}`} template={selected} onSaved={reset} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
