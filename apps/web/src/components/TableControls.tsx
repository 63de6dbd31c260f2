import { ActionIcon, Box, Group, Loader, Select, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconPencil, IconSearch, IconSelector, IconTrash } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLinks } from './PageLinks';

/** How long the search box waits after the last key before it searches. */
const SEARCH_DEBOUNCE_MS = 300;

/** The data table's search box: searches the server once typing pauses. */
export function SearchBox({
  label,
  onSearch,
  testId,
}: {
  label: string;
  onSearch: (term: string) => void;
  testId: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => onSearch(debounced), [debounced, onSearch]);
  return (
    <TextInput
      placeholder={label}
      aria-label={label}
      leftSection={<IconSearch size={16} />}
      value={search}
      onChange={(e) => setSearch(e.currentTarget.value)}
      data-testid={testId}
      w={{ base: '100%', xs: 260 }}
    />
  );
}

export interface SortButtonProps {
  label: string;
  sorted: false | 'asc' | 'desc';
  onClick: ((event: unknown) => void) | undefined;
  testId: string;
}

export function SortButton({ label, sorted, onClick, testId }: SortButtonProps) {
  const Icon = sorted === 'asc' ? IconChevronUp : sorted === 'desc' ? IconChevronDown : IconSelector;
  return (
    <UnstyledButton onClick={onClick} data-testid={testId} data-sorted={sorted || 'none'}>
      <Group gap={4} wrap="nowrap">
        <Box component="span" fw={700} fz="sm">
          {label}
        </Box>
        <Icon size={14} stroke={1.8} />
      </Group>
    </UnstyledButton>
  );
}

/** A row's edit and delete buttons (each only when the table offers it). */
export function RowActions({
  testId,
  extra,
  onEdit,
  onDelete,
}: {
  testId: string;
  /** The table's own actions of the row, first. */
  extra?: ReactNode;
  onEdit: (() => void) | undefined;
  onDelete: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {extra}
      {onEdit && (
        <ActionIcon variant="subtle" aria-label={t('table.edit')} onClick={onEdit} data-testid={`${testId}-edit`}>
          <IconPencil size={18} />
        </ActionIcon>
      )}
      {onDelete && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('common.delete')}
          onClick={onDelete}
          data-testid={`${testId}-delete`}
        >
          <IconTrash size={18} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** Under a table: rows per page, the total, a busy mark while a page loads, and the page links. */
export function TableFooter(props: {
  testId: string;
  pageSizes: readonly number[];
  pageSize: number;
  onPageSize: (size: number) => void;
  total: number;
  fetching: boolean;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  maxPageLinks: number | undefined;
}) {
  const { t } = useTranslation();
  const { testId } = props;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('table.rowsPerPage')}
        </Text>
        <Select
          aria-label={t('table.rowsPerPage')}
          data={props.pageSizes.map((n) => String(n))}
          value={String(props.pageSize)}
          onChange={(v) => v && props.onPageSize(Number(v))}
          allowDeselect={false}
          w={80}
          size="xs"
          data-testid={`${testId}-page-size`}
        />
        <Text size="sm" c="dimmed" data-testid={`${testId}-total`} data-boot-blank>
          {t('table.total', { count: props.total })}
        </Text>
        {props.fetching && <Loader size={14} />}
      </Group>
      <PageLinks
        page={props.page}
        totalPages={props.totalPages}
        onChange={props.onPage}
        testId={testId}
        max={props.maxPageLinks}
      />
    </Group>
  );
}
