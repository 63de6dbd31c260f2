import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';

export interface TypeaheadOption {
  value: string;
  label: string;
}

export interface TypeaheadProps {
  /** Query key prefix of the lookup, e.g. ['lookup', 'tenants']. */
  queryKey: readonly unknown[];
  /** Asks the server for the options matching what was typed. */
  search: (term: string) => Promise<TypeaheadOption[]>;
  value: string | null;
  onChange: (value: string | null, option: TypeaheadOption | null) => void;
  /** Label of the current value, when it may not be among the first suggestions. */
  valueLabel?: string;
  label?: string;
  placeholder?: string;
  nothingFound?: string;
  disabled?: boolean;
  required?: boolean;
  error?: string | null;
  testId: string;
  w?: SelectProps['w'];
}

/** Search as you type on the server; the shown options are what the server answered, unfiltered again. */
export function Typeahead(props: TypeaheadProps) {
  const { value, valueLabel, onChange } = props;
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  const [picked, setPicked] = useState<TypeaheadOption | null>(null);
  const shown = useRef<{ option: TypeaheadOption; standIn: boolean } | null>(null);
  // The search box shows the chosen option's label (Mantine writes it there): that is not a search, so the list
  // stays every option the caller may see, the chosen one marked (issue #19: it listed only the chosen tenant).
  // Every label a chosen value has had (stand-in, picked, the server's), this one's and the previous ones': the
  // debounced term lags behind the box by a pause.
  const chosenLabels = useRef(new Set<string>());
  if (value) {
    chosenLabels.current.add(valueLabel ?? value);
    if (picked?.value === value) chosenLabels.current.add(picked.label);
  }
  const searchTerm = debounced !== '' && chosenLabels.current.has(debounced) ? '' : debounced;
  const query = useQuery({
    queryKey: [...props.queryKey, searchTerm],
    queryFn: () => props.search(searchTerm),
    placeholderData: keepPreviousData,
    enabled: !props.disabled,
  });

  // The chosen value keeps its label while something is being typed: Mantine's Select writes the selected option's
  // label into the search box whenever that label changes, so a late reply naming it differently (the server's
  // "Name (id)" after the form's plain name) overwrote what was being typed (issue #20, 1 try in 4). A stand-in label
  // (the id, or the form's name) takes the server's own once a reply has it and nothing is being typed.
  const options = useMemo(() => {
    const found = query.data ?? [];
    if (!value) {
      shown.current = null;
      return found;
    }
    const server = found.find((o) => o.value === value);
    const idle = term === '' || term === shown.current?.option.label;
    if (shown.current?.option.value !== value) {
      const first = picked?.value === value ? picked : server;
      shown.current = first
        ? { option: first, standIn: false }
        : { option: { value, label: valueLabel ?? value }, standIn: true };
    } else if (shown.current.standIn && server && idle) shown.current = { option: server, standIn: false };
    const current = shown.current.option;
    chosenLabels.current.add(current.label);
    return server ? found.map((o) => (o.value === value ? current : o)) : [current, ...found];
  }, [query.data, value, valueLabel, picked, term]);

  return (
    <Select
      label={props.label}
      placeholder={props.placeholder}
      data={options}
      value={value}
      onChange={(next) => {
        const option = options.find((o) => o.value === next) ?? null;
        setPicked(option);
        onChange(next, option);
      }}
      searchable
      clearable={!props.required}
      searchValue={term}
      onSearchChange={setTerm}
      filter={({ options: all }) => all}
      nothingFoundMessage={query.isFetching ? undefined : props.nothingFound}
      rightSection={query.isFetching ? <Loader size={14} /> : undefined}
      disabled={props.disabled}
      required={props.required}
      error={props.error}
      data-testid={props.testId}
      w={props.w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
