import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { Typeahead, type TypeaheadOption } from './Typeahead';

const ACME = { value: 'acme.example', label: 'Acme Logistics (acme.example)' };
const NORTH = { value: 'northwind.example', label: 'Northwind Traders (northwind.example)' };

const options = () => Array.from(document.querySelectorAll<HTMLElement>('[role="option"]'));
const listed = () => options().map((o) => o.textContent);
const chosen = () =>
  options()
    .filter((o) => o.getAttribute('aria-selected') === 'true')
    .map((o) => o.textContent);
const option = (label: string) => options().find((o) => o.textContent === label)!;

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

  it('lists every option again after a choice, the chosen one marked: its label in the box is no search (issue #19)', async () => {
    const terms: string[] = [];
    const search = async (term: string) => {
      terms.push(term);
      return [ACME, NORTH].filter((o) => o.label.toLowerCase().includes(term.toLowerCase()));
    };
    function Picker() {
      const [value, setValue] = useState<string | null>('acme.example');
      return (
        <Typeahead
          queryKey={['lookup', 'all']}
          search={search}
          value={value}
          valueLabel="acme.example"
          onChange={(v) => setValue(v)}
          testId="all"
        />
      );
    }
    renderRoutes([{ path: '/', element: <Picker /> }], '/');
    const input = await screen.findByTestId('all');
    await waitFor(() => expect(input).toHaveValue(ACME.label));
    // Past the typing pause: a search for what the box shows would have been asked by now.
    await new Promise((r) => setTimeout(r, 400));
    const user = userEvent.setup();
    await user.click(input);
    await waitFor(() => expect(listed()).toEqual([ACME.label, NORTH.label]));
    expect(chosen()).toEqual([ACME.label]);
    await user.click(option(NORTH.label));
    await waitFor(() => expect(input).toHaveValue(NORTH.label));
    await new Promise((r) => setTimeout(r, 400));
    await user.click(input);
    await waitFor(() => expect(listed()).toEqual([ACME.label, NORTH.label]));
    expect(chosen()).toEqual([NORTH.label]);
    expect(terms.filter((term) => term !== '')).toEqual([]);
    // Typing still searches on the server.
    await user.clear(input);
    await user.type(input, 'north');
    await waitFor(() => expect(terms).toContain('north'));
    await waitFor(() => expect(listed()).toEqual([NORTH.label]));
  });
});
