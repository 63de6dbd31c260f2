import type { TemplatePreviewBody } from '@provisio/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** templatePreview: the email the first recipient would get, filled by the server's own mail code (issue #19). */
export function templatePreview(body: TemplatePreviewBody) {
  return callApi('templatePreview', body, { silent: true });
}

/** The preview of what is being typed, asked again a moment after the typing stops; off without address or body. */
export function useTemplatePreview(body: TemplatePreviewBody) {
  const [debounced] = useDebouncedValue(body, 400);
  const enabled = debounced.recepient.trim() !== '' && (debounced.body ?? '').trim() !== '';
  return useQuery({
    queryKey: ['tenants', 'template-preview', debounced],
    queryFn: () => templatePreview(debounced),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
