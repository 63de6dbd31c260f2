import { useTranslation } from 'react-i18next';
import { searchTenants } from '../lib/lookups';
import { Typeahead, type TypeaheadOption, type TypeaheadProps } from './Typeahead';

type Props = Omit<TypeaheadProps, 'queryKey' | 'search' | 'nothingFound'>;

async function tenantOptions(term: string): Promise<TypeaheadOption[]> {
  return (await searchTenants(term)).map((t) => ({ value: t.tid, label: `${t.tname} (${t.tid})` }));
}

/** Tenants the signed-in user may see (the server scopes them); the value is the tenant id. */
export function TenantTypeahead(props: Props) {
  const { t } = useTranslation();
  return (
    <Typeahead
      placeholder={t('lookup.chooseTenant')}
      {...props}
      queryKey={['lookup', 'tenants']}
      search={tenantOptions}
      nothingFound={t('lookup.noTenants')}
    />
  );
}
