import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function BackToSignIn({ onBack, testId }: { onBack: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      fw={600}
      onClick={onBack}
      data-testid={testId}
      style={{ alignSelf: 'center', display: 'inline-flex', alignItems: 'center', gap: 6 }}
    >
      <IconArrowLeft size={14} /> {t('auth.backToSignIn')}
    </Anchor>
  );
}
