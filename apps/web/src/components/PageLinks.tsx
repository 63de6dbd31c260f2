import { Group, Pagination } from '@mantine/core';

/** Spec §2: tables show at most this many page links. */
export const MAX_PAGE_LINKS = 4;

/** The page numbers to show: a window of at most `max` pages that keeps the current page inside it. */
export function pageWindow(page: number, totalPages: number, max = MAX_PAGE_LINKS): number[] {
  if (totalPages < 1) return [];
  const count = Math.min(max, totalPages);
  const start = Math.min(Math.max(1, page - 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

interface PageLinksProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  testId: string;
  /** Numbered links shown at most (spec §2: four; the subscribers table: seven). */
  max?: number;
}

/** First/previous, four (or `max`) numbered links, next/last. */
export function PageLinks({ page, totalPages, onChange, testId, max = MAX_PAGE_LINKS }: PageLinksProps) {
  const total = Math.max(1, totalPages);
  return (
    <Pagination.Root
      total={total}
      value={page}
      onChange={onChange}
      size="sm"
      data-testid={`${testId}-pages`}
      data-boot-blank
    >
      <Group gap={4} wrap="nowrap">
        <Pagination.First data-testid={`${testId}-first`} />
        <Pagination.Previous data-testid={`${testId}-prev`} />
        {pageWindow(page, total, max).map((n) => (
          <Pagination.Control
            key={n}
            active={n === page}
            onClick={() => onChange(n)}
            data-testid={`${testId}-page-${n}`}
          >
            {n}
          </Pagination.Control>
        ))}
        <Pagination.Next data-testid={`${testId}-next`} />
        <Pagination.Last data-testid={`${testId}-last`} />
      </Group>
    </Pagination.Root>
  );
}
