import type { SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Typeahead, type TypeaheadOption } from '../../../components/Typeahead';
import { searchExtensions } from '../api/blf';

interface Props {
  tenantId: string;
  value: string | null;
  onChange: (extension: string | null, option: TypeaheadOption | null) => void;
  label?: string;
  placeholder?: string;
  testId: string;
  w?: SelectProps['w'];
}

/** A tenant's extensions, searched on the server by number, name or email; the value is the extension. */
export function ExtensionTypeahead({ tenantId, value, onChange, label, placeholder, testId, w }: Props) {
  const { t } = useTranslation();
  const search = async (term: string): Promise<TypeaheadOption[]> =>
    (await searchExtensions(tenantId, term)).map((e) => ({
      value: e.extension,
      label: `${e.extension} · ${`${e.firstname} ${e.lastname}`.trim()}`,
    }));
  return (
    <Typeahead
      queryKey={['lookup', 'extensions', tenantId]}
      search={search}
      value={value}
      onChange={onChange}
      label={label}
      placeholder={placeholder ?? t('clientProfiles.blf.chooseExtension')}
      nothingFound={t('clientProfiles.blf.noExtensions')}
      disabled={!tenantId}
      testId={testId}
      w={w}
    />
  );
}
