import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { ConfirmDialog } from './ConfirmDialog';

function setup(warning?: string) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const dialog = (
    <ConfirmDialog
      opened
      title="Delete user"
      message="Delete user Ann?"
      warning={warning}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
  renderRoutes([{ path: '/', element: dialog }], '/');
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('asks with the per-entity wording and confirms with Delete', async () => {
    const { onConfirm, onCancel } = setup();
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent('Delete user Ann?');
    expect(screen.queryByTestId('confirm-warning')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels with Cancel, and shows a warning when given', async () => {
    const { onConfirm, onCancel } = setup('This removes the user in all resellers, and ends their sessions.');
    expect(await screen.findByTestId('confirm-warning')).toHaveTextContent('removes the user in all resellers');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
