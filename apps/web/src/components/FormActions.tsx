import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface FormActionsProps {
  /** Prefix of the buttons' test ids: `<testId>-cancel`, `<testId>-save`. */
  testId: string;
  onCancel: () => void;
  saving: boolean;
  /** The spec writes CANCEL / SAVE in capitals on some screens. */
  upper?: boolean;
}

/** The Cancel / Save pair at the foot of a form; Save submits it. */
export function FormActions({ testId, onCancel, saving, upper = false }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} data-testid={`${testId}-cancel`}>
        {t(upper ? 'common.cancelUpper' : 'common.cancel')}
      </Button>
      <Button type="submit" loading={saving} data-testid={`${testId}-save`}>
        {t(upper ? 'common.saveUpper' : 'common.save')}
      </Button>
    </Group>
  );
}
