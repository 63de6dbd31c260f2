import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_OPTIONS } from '@provisio/contract';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { OrderedListBuilder } from './OrderedListBuilder';

function Harness({ initial, spy }: { initial: string; spy: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <OrderedListBuilder
      label="Codec order"
      options={PROFILE_OPTIONS.audioCodecs}
      value={value}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
      testId="codecs"
    />
  );
}

const names = () => screen.getAllByTestId('codecs-item').map((el) => within(el).getAllByText(/./)[1]!.textContent);

describe('OrderedListBuilder', () => {
  it('shows names, stores payload numbers, and adds, reorders and removes', async () => {
    const spy = vi.fn();
    renderRoutes([{ path: '/', element: <Harness initial="0,8" spy={spy} /> }], '/');
    expect(screen.getByTestId('codecs-text')).toHaveTextContent('G.711 µ-law (PCMU), G.711 A-law (PCMA)');
    expect(names()).toEqual(['G.711 µ-law (PCMU)', 'G.711 A-law (PCMA)']);

    // Only codecs not yet in the list are offered.
    await userEvent.click(screen.getByTestId('codecs-select'));
    const opus = await screen.findByRole('option', { name: /Opus \(103\)/, hidden: true });
    expect(screen.queryByRole('option', { name: /PCMU/, hidden: true })).toBeNull();
    await userEvent.click(opus);
    await userEvent.click(screen.getByTestId('codecs-add'));
    expect(spy).toHaveBeenLastCalledWith('0,8,103');

    await userEvent.click(screen.getByRole('button', { name: 'Move Opus up' }));
    expect(spy).toHaveBeenLastCalledWith('0,103,8');
    await userEvent.click(screen.getByRole('button', { name: 'Move G.711 µ-law (PCMU) down' }));
    expect(spy).toHaveBeenLastCalledWith('103,0,8');
    expect(screen.getByRole('button', { name: 'Move Opus up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move G.711 A-law (PCMA) down' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove G.711 µ-law (PCMU)' }));
    expect(spy).toHaveBeenLastCalledWith('103,8');
    expect(screen.getByTestId('codecs-text')).toHaveTextContent('Opus, G.711 A-law (PCMA)');
  });

  it('says when nothing is set', () => {
    renderRoutes([{ path: '/', element: <Harness initial="" spy={vi.fn()} /> }], '/');
    expect(screen.getByTestId('codecs-text')).toHaveTextContent("Not set: the app's default order");
    expect(screen.queryAllByTestId('codecs-item')).toHaveLength(0);
  });
});
