import { Card, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormActions } from './FormActions';
import { PageTitle } from './PageTitle';

interface DetailsFormProps {
  title: string;
  /** `<testId>-form` on the card, `<testId>-cancel` / `<testId>-save` on the buttons. */
  testId: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  saving: boolean;
  upper?: boolean;
  children: ReactNode;
  /** Shown under the form's card (e.g. what the saved record links to). */
  after?: ReactNode;
}

/** An add/edit screen: its title, the fields in a card, Cancel / Save at the foot. */
export function DetailsForm({ title, testId, onSubmit, onCancel, saving, upper, children, after }: DetailsFormProps) {
  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <Card padding="xl" data-testid={`${testId}-form`}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {children}
            <FormActions testId={testId} onCancel={onCancel} saving={saving} upper={upper} />
          </Stack>
        </form>
      </Card>
      {after}
    </Stack>
  );
}
