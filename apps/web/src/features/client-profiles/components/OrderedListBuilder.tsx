import { ActionIcon, Badge, Button, Group, Input, Paper, Select, Stack, Text } from '@mantine/core';
import { type ProfileOption, splitList } from '@provisio/contract';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface OrderedListBuilderProps {
  label: string;
  description?: string;
  options: readonly ProfileOption[];
  /** The stored comma-separated values (payload numbers for codecs), in priority order. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  testId: string;
}

/**
 * An ordered list built as the spec describes (a dropdown plus Add/Remove), which can also be reordered. Names are
 * shown; the values (RTP payload numbers for codecs) are what is stored.
 */
export function OrderedListBuilder({
  label,
  description,
  options,
  value,
  onChange,
  error,
  testId,
}: OrderedListBuilderProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<string | null>(null);
  const items = splitList(value);
  const nameOf = (v: string) => options.find((o) => String(o.value) === v)?.label ?? v;
  const remaining = options.filter((o) => !items.includes(String(o.value)));
  const commit = (next: string[]) => onChange(next.join(','));
  const move = (i: number, by: -1 | 1) => {
    const next = [...items];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    commit(next);
  };
  const add = () => {
    if (!choice) return;
    commit([...items, choice]);
    setChoice(null);
  };

  return (
    <Input.Wrapper label={label} description={description} error={error} data-testid={testId}>
      <Stack gap={6} mt={4}>
        <Text size="sm" c={items.length ? undefined : 'dimmed'} data-testid={`${testId}-text`}>
          {items.length ? items.map(nameOf).join(', ') : t('clientProfiles.list.empty')}
        </Text>
        {items.map((item, i) => (
          <Paper key={item} withBorder px="sm" py={4} radius="sm" data-testid={`${testId}-item`}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light" size="sm" circle>
                  {i + 1}
                </Badge>
                <Text size="sm">{nameOf(item)}</Text>
                <Text size="xs" c="dimmed">
                  {item}
                </Text>
              </Group>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={t('clientProfiles.list.up', { name: nameOf(item) })}
                  data-testid={`${testId}-up`}
                >
                  <IconArrowUp size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  disabled={i === items.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={t('clientProfiles.list.down', { name: nameOf(item) })}
                  data-testid={`${testId}-down`}
                >
                  <IconArrowDown size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  onClick={() => commit(items.filter((x) => x !== item))}
                  aria-label={t('clientProfiles.list.remove', { name: nameOf(item) })}
                  data-testid={`${testId}-remove`}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
        <Group gap="xs" wrap="nowrap">
          <Select
            placeholder={t('clientProfiles.list.choose')}
            data={remaining.map((o) => ({
              value: String(o.value),
              label: o.unverified ? `${o.label} (${o.value}) *` : `${o.label} (${o.value})`,
            }))}
            value={choice}
            onChange={setChoice}
            disabled={remaining.length === 0}
            aria-label={t('clientProfiles.list.choose')}
            data-testid={`${testId}-select`}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: 1 }}
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={add}
            disabled={!choice}
            data-testid={`${testId}-add`}
          >
            {t('common.add')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
