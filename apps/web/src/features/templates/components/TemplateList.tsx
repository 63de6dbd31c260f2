import { ActionIcon, Badge, Card, Group, Loader, NavLink, Stack, Text, Title } from '@mantine/core';
import type { TemplateRow } from '@provisio/contract';
import { IconMail, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { attempt } from '../../../lib/attempt';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplates } from '../api/get-templates';

interface TemplateListProps {
  selectedId: number | null;
  onSelect: (template: TemplateRow) => void;
  onDeleted: (id: number) => void;
}

export function TemplateList({ selectedId, onSelect, onDeleted }: TemplateListProps) {
  const { t } = useTranslation();
  const { templates, isPending } = useTemplates();
  const remove = useDeleteTemplate();
  const [deleting, setDeleting] = useState<TemplateRow | null>(null);

  async function confirm() {
    if (!deleting) return;
    await attempt(async () => {
      const reply = await remove.mutateAsync(deleting.id);
      notifySuccess(reply.message ?? t('msg:templateDeleted'));
      onDeleted(deleting.id);
      setDeleting(null);
    });
  }

  return (
    <Card padding="md" data-testid="template-list">
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('templates.saved')}
        </Title>
        {isPending && <Loader size="sm" />}
        {!isPending && templates.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="template-list-empty">
            {t('templates.none')}
          </Text>
        )}
        {templates.map((tpl) => (
          <Group key={tpl.id} gap={4} wrap="nowrap" data-testid="template-item" data-name={tpl.name}>
            <NavLink
              label={tpl.name}
              description={tpl.subject}
              leftSection={<IconMail size={16} />}
              rightSection={
                tpl.is_default ? (
                  <Badge size="xs" variant="light" data-testid="template-default-badge">
                    {t('templates.defaultBadge')}
                  </Badge>
                ) : undefined
              }
              active={tpl.id === selectedId}
              onClick={() => onSelect(tpl)}
              data-testid="template-open"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('templates.deleteTitle')}
              onClick={() => setDeleting(tpl)}
              data-testid="template-delete"
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('templates.deleteTitle')}
        message={t('templates.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
