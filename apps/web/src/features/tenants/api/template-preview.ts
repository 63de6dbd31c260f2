import type { TemplatePreviewBody } from '@provisio/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api';

/** templatePreview: the email the first recipient would get, filled by the server's own mail code (issue #19). */
export function templatePreview(body: TemplatePreviewBody) {
  return callApi('templatePreview', body, { silent: true });
}

/**
 * The preview of what is being typed, asked again a moment after the typing stops; off without address or body. The
 * server fills the body's fixed lines (the password line) in the caller's language, so the language is in the key:
 * the same template opened again after a language switch is not shown in the previous language.
 */
export function useTemplatePreview(body: TemplatePreviewBody) {
  const { i18n } = useTranslation();
  const [debounced] = useDebouncedValue(body, 400);
  const enabled = debounced.recepient.trim() !== '' && (debounced.body ?? '').trim() !== '';
  return useQuery({
    queryKey: ['tenants', 'template-preview', i18n.language, debounced],
    queryFn: () => templatePreview(debounced),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
