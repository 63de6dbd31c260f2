import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { Typeahead, type TypeaheadOption } from './Typeahead';

const ACME = { value: 'acme.example', label: 'Acme Logistics (acme.example)' };
const NORTH = { value: 'northwind.example', label: 'Northwind Traders (northwind.example)' };

describe('Typeahead', () => {
  it('keeps what is typed when a late reply names the chosen value differently (issue #20)', async () => {
    // Replies arrive late and in any order; the first one names the chosen value as the server does.
    const replies: ((o: TypeaheadOption[]) => void)[] = [];
    const search = (term: string) =>
      new Promise<TypeaheadOption[]>((resolve) =>
        replies.push(() => resolve([ACME, NORTH].filter((o) => o.label.toLowerCase().includes(term.toLowerCase())))),
      );
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <Typeahead
              queryKey={['lookup', 'race']}
              search={search}
              value="acme.example"
              valueLabel="Acme Logistics"
              onChange={() => undefined}
              testId="race"
            />
          ),
        },
      ],
      '/',
    );
    const input = await screen.findByTestId('race');
    await waitFor(() => expect(input).toHaveValue('Acme Logistics'));
    await userEvent.clear(input);
    await userEvent.type(input, 'north');
    await waitFor(() => expect(replies.length).toBeGreaterThan(0));
    // Every pending reply lands now, the oldest (the empty search naming Acme "Acme Logistics (acme.example)") first.
    for (const reply of replies.splice(0)) reply([]);
    await waitFor(() => expect(replies.length).toBe(0));
    await new Promise((r) => setTimeout(r, 400));
    for (const reply of replies.splice(0)) reply([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(input).toHaveValue('north');
  });
});
