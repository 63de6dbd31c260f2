import { useTranslation } from 'react-i18next';
import { searchResellers } from '../lib/lookups';
import { Typeahead, type TypeaheadOption, type TypeaheadProps } from './Typeahead';

type Props = Omit<TypeaheadProps, 'queryKey' | 'search' | 'nothingFound'>;

async function resellerOptions(term: string): Promise<TypeaheadOption[]> {
  return (await searchResellers(term)).map((r) => ({ value: String(r.id), label: r.name }));
}

/** Resellers by name; the value is the reseller id as text. */
export function ResellerTypeahead(props: Props) {
  const { t } = useTranslation();
  return (
    <Typeahead
      placeholder={t('lookup.chooseReseller')}
      {...props}
      queryKey={['lookup', 'resellers']}
      search={resellerOptions}
      nothingFound={t('lookup.noResellers')}
    />
  );
}
